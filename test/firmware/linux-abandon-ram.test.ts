/**
 * A game abandoned in a reroll window (staff K3, or abandon_ms on a kiosk) leaves nothing of itself
 * in RAM: the window's timer held the old game (its closure's table and state) in set-up until it
 * ran out, up to window_ms (1,499 live variables in set-up after a loaded game in a window was
 * abandoned, against 1,300 without one; windows of an hour).
 *
 * On Espruino's own Linux build, booted from .bootcde; the app's abandon() is called as staff K3
 * and the idle clock call it (reached through the bound `this` of the packet listener).
 *
 * Skipped without ESPRUINO_BIN.
 */
import { describe, expect, it } from 'vitest';
import { onBootedBundle } from '../support/espruino-process';
import type { HostCmd } from '../../shared/protocol/messages';
import { playRandomGame } from '../support/play';

const BIN = process.env.ESPRUINO_BIN;
const ABANDON = 'E["#onpacket"][0]["\\xFFths"].abandon();print("ABANDONED")';

describe.skipIf(!BIN)('abandoning a game on Espruino 2v29 for Linux ($ESPRUINO_BIN)', () => {
  it('in a reroll window keeps no more RAM than abandoning a game without one', () =>
    onBootedBundle('linux-abandon-ram', async (q, mem) => {
      for (const [k, v] of [['window_ms', 3_600_000], ['marker_ms', 3_600_000], ['attract_ms', 0]] as const) await q.request({ c: 'cfg', k, v } as HostCmd);
      // A loaded game, abandoned: once without a window, once in one.
      const states = playRandomGame(3, 5).states;
      const plain = states.find((x) => x.phase === 'await_throw')!;
      const windowed = states.find((x) => x.phase === 'reroll_window')!;
      await q.request({ c: 'load', st: plain } as unknown as HostCmd);
      await q.probe(ABANDON, /ABANDONED/);
      const without = await mem();
      const w = await q.request({ c: 'load', st: windowed } as unknown as HostCmd);
      expect(w.msgs.find((m) => m.t === 'new')).toBeDefined();
      await q.probe(ABANDON, /ABANDONED/);
      const abandoned = await mem();
      expect(abandoned, `after a window ${abandoned}, without one ${without}`).toBeLessThanOrEqual(without + 8);
      expect(q.noise.filter((l) => /Uncaught|Error/.test(l))).toEqual([]);
    }), 120_000);
});
