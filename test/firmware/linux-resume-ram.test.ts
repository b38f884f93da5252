/**
 * A power cut resumes the game from the journal: the checkpoint, then every action line after it
 * replayed. On Espruino's own Linux build, booted from .bootcde as a board boots: the resumed
 * board holds no more RAM than the board that played those actions. (A closure made at boot keeps
 * Espruino's whole function scope alive: the link's handlers kept the replayed journal, 2,213 live
 * variables after resuming 3.3 KB of lines against 1,402 in play, over the 1,500 budget for good.)
 *
 * Skipped without ESPRUINO_BIN.
 */
import { expandKeys } from '../../shared/protocol/wire-keys';
import { describe, expect, it } from 'vitest';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { EspruinoProcess, retryOnPortRace } from '../support/espruino-process';
import { joinSnapshot } from '../support/game-driver';
import type { HostCmd } from '../../shared/protocol/messages';

const BIN = process.env.ESPRUINO_BIN;
const FACES = [
  [3, 3, 4, 5, 6, 7, 7],
  [3, 4, 4, 5, 6, 7, 7],
];

/** A booted board (kept on disk for the power-up after) with a 5-player game: a throw and `n` corrections of it. */
async function corrected(b: { files: Record<string, string>; code: string }, n: number): Promise<EspruinoProcess> {
  const p = await EspruinoProcess.start({ bin: BIN, storage: { ...b.files, '.bootcde': b.code }, removeDir: false }, undefined, 60_000);
  try {
    for (const [k, v] of [['window_ms', 3_600_000], ['marker_ms', 3_600_000], ['attract_ms', 0]] as const) await p.request({ c: 'cfg', k, v } as HostCmd);
    await p.request({ c: 'new', p: ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve'] });
    await p.request({ c: 'act', a: { do: 'throw', faces: FACES[0] } } as HostCmd);
    for (let i = 1; i <= n; i++) await p.request({ c: 'act', a: { do: 'correct', faces: FACES[i % 2] } } as HostCmd);
    return p;
  } catch (e) {
    await p.stop();
    throw e;
  }
}

describe.skipIf(!BIN)('resuming a journal on Espruino 2v29 for Linux ($ESPRUINO_BIN)', () => {
  it('holds no more RAM after resuming 60 journaled actions than after playing them', () =>
    retryOnPortRace('linux-resume-ram', async () => {
      const b = await ensureBundle();
      const mem = async (q: EspruinoProcess) => Number((await q.probe('print("MEM",process.memory().usage)', /MEM (\d+)/))[1]);
      // Corrections: actions that keep the turn open, so no checkpoint replaces the lines.
      let p = await corrected(b, 60);
      const dir = p.dir;
      try {
        const played = await mem(p);
        const lines = Number((await p.probe('print("LEN",require("Storage").open("dt.log","r").getLength())', /LEN (\d+)/))[1]);
        expect(lines).toBeGreaterThan(3000);
        await p.stop(true);
        p = await EspruinoProcess.start({ bin: BIN, cwd: dir, removeDir: true }, undefined, 60_000);
        expect(joinSnapshot((await p.request({ c: 'snap' })).msgs)!.st.n).toBe(61);
        const resumed = await mem(p);
        expect(resumed, `resumed ${resumed} live variables, ${played} after playing the same actions`).toBeLessThanOrEqual(played + 8);
      } finally {
        await p.stop();
      }
    }), 240_000);

  it("resumes from a checkpoint written in a throw's correction window (the undo copy's shared members written once) to the same game", () =>
    retryOnPortRace('linux-resume-undo', async () => {
      const b = await ensureBundle();
      // Past 3.8 KB of lines: a checkpoint is forced while the state holds the throw's undo copy.
      let p = await corrected(b, 75);
      const dir = p.dir;
      try {
        const cp = (await p.probe('var S=require("Storage");print("CP",S.read("dt.game")||S.read("dt.gam2"))', /CP (.*)/))[1];
        expect(expandKeys(JSON.parse(cp)).s.undo).toMatchObject({ players: '=', middle: '=' });
        const before = joinSnapshot((await p.request({ c: 'snap' })).msgs)!.st;
        await p.stop(true);
        p = await EspruinoProcess.start({ bin: BIN, cwd: dir, removeDir: true }, undefined, 60_000);
        expect(joinSnapshot((await p.request({ c: 'snap' })).msgs)!.st).toEqual(before);
        // And the throw can still be corrected after the resume.
        const r = await p.request({ c: 'act', a: { do: 'correct', faces: FACES[0] } } as HostCmd);
        expect(r.msgs.find((m) => m.t === 'act')).toMatchObject({ n: 77 });
      } finally {
        await p.stop();
      }
    }), 240_000);
});
