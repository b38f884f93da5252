/**
 * An idle table in set-up (a café board between games, an abandoned game cleared) shows the attract
 * sweep on its LEDs after attract_ms without a press, as a paused game does: a yellow LED stepping
 * through the dice cells every 300 ms. It showed nothing new there. A press ends it at once.
 * On the simulated board, exact firmware bundle (Linux board: its frames come as leds lines).
 */
import { describe, expect, it } from 'vitest';
import type { HostCmd } from '../../shared/protocol/messages';
import { bootedSim, lastFrame } from '../support/game-driver';

/** Where `f` differs from `base`: position and character. */
const diff = (base: string, f: string) => [...f].flatMap((c, i) => (c === base.charAt(i) ? [] : [i + c]));

describe('the attract sweep in set-up', () => {
  it('steps a yellow LED through the 7 dice cells after attract_ms idle, and stops at a press', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 30_000 }] as HostCmd[], { boardName: 'LINUX' });
    expect(sim.snapshot().st).toBe(null);
    const frame = () => (sim.requestSync({ c: 'leds' }), lastFrame(sim.msgs));
    // The set-up's own blink (the status row) at a fixed phase: frames compared at the same time in the slow blink.
    board.advance(1000 - (board.fakeClock.now() % 1000));
    const base = frame();
    board.advance(20_000);
    expect(frame()).toBe(base);
    board.advance(10_000);
    const seen = new Set<string>();
    for (let k = 0; k < 14; k++) {
      const d = diff(base, frame());
      // One LED more than the set-up shows, yellow, and nothing else changed (at most the blink).
      const extra = d.filter((x) => x.endsWith('Y'));
      expect(extra, `step ${k}`).toHaveLength(1);
      seen.add(extra[0]);
      board.advance(300);
    }
    expect(seen.size).toBe(7);
    // A press (a seat joins): the sweep is gone from the next frame on.
    expect(sim.requestSync({ c: 'btn', b: 'S1', k: 'press' }).ack).toBe(true);
    const joined = frame();
    for (let k = 0; k < 7; k++) {
      board.advance(300);
      expect(diff(joined, frame()).filter((x) => [...seen].includes(x))).toEqual([]);
    }
  });
});
