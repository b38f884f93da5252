/**
 * The automatic marker action's wait (R-PV-22, cfg marker_ms) on Espruino's own Linux build, in
 * real time: the turn-ending press answers at once with the throw, the wait starts right after it
 * (a ui line with the time left), the marker is taken only when the wait is over, and BACK in the
 * meantime corrects the throw instead. Skipped without ESPRUINO_BIN.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBundle } from '../../host/src/firmware-bundle';
import type { BoardMsg, HostCmd } from '../../shared/protocol/messages';
import { DEFAULT_BOARD_CONFIG } from '../../firmware/src/config';
import { EspruinoProcess, retryOnPortRace } from '../support/espruino-process';

const BIN = process.env.ESPRUINO_BIN;
const btn = (b: string): HostCmd => ({ c: 'btn', b, k: 'press' });
/** Ann's turn: first throw 3 4 5 6 7 3 4, target 3, then 3 3 R 4 5 ends it with four 3s. */
const TURN = ['K1', 'K2', 'K3', 'K4', 'K5', 'K1', 'K2', 'OK', 'K1', 'K1', 'K1', 'K6', 'K2', 'K3'];
const WAIT = DEFAULT_BOARD_CONFIG.marker_ms;
const isAct = (m: BoardMsg, what: string) => m.t === 'act' && (m as { a: Record<string, unknown> }).a.do === what;

describe.skipIf(!BIN)('automatic marker wait on Espruino 2v29 for Linux ($ESPRUINO_BIN)', () => {
  let real: EspruinoProcess | null = null;
  afterEach(async () => {
    if (real) await real.stop();
    real = null;
  });

  async function atTurnEnd(): Promise<EspruinoProcess> {
    const bundle = await ensureBundle();
    const p = await EspruinoProcess.start({ bin: BIN, code: bundle.code, storage: bundle.files });
    real = p;
    for (const c of [{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben', 'Cleo'] }, ...TURN.map(btn)] as HostCmd[]) expect((await p.request(c)).ack).toBe(true);
    return p;
  }

  /** A dead interpreter's folder goes before the next one starts. */
  const again = async () => {
    if (real) await real.stop();
    real = null;
  };

  it('takes the only marker when the wait is over, not before', () =>
    retryOnPortRace('linux-marker-wait: take', async () => {
      const p = await atTurnEnd();
      const from = p.msgs.length;
      const t0 = Date.now();
      const press = await p.request(btn('OK'));
      expect(press.msgs.filter((m) => m.t === 'act').map((m) => (m as { a: Record<string, unknown> }).a.do)).toEqual(['throw']);
      // Right after the press: the wait starts (ui line with the time left).
      await p.waitFor((m) => m.t === 'ui' && (m as unknown as { dl: number }).dl > WAIT / 2, 5000, from);
      const take = await p.waitFor((m) => isAct(m, 'take_marker'), WAIT + 5000, from);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(WAIT - 200);
      expect(take).toMatchObject({ fx: ['turn_end'] });
      expect(p.stderr.join('')).toBe('');
    }, again), 60_000);

  it('BACK during the wait corrects the throw that ended the turn', () =>
    retryOnPortRace('linux-marker-wait: BACK', async () => {
      const p = await atTurnEnd();
      const from = p.msgs.length;
      await p.request(btn('OK'));
      // The right faces were 3 R 4 5 6 (three 3s: the turn goes on).
      for (const b of ['BK', 'K1', 'K6', 'K2', 'K3', 'K4']) await p.request(btn(b));
      await p.request(btn('OK'));
      await new Promise((r) => setTimeout(r, WAIT + 500));
      await p.request({ c: 'hello' });
      const acts = p.msgs.slice(from).filter((m) => m.t === 'act').map((m) => (m as { a: Record<string, unknown> }).a.do);
      expect(acts).toEqual(['throw', 'correct']);
      expect(p.stderr.join('')).toBe('');
    }, again), 60_000);
});
