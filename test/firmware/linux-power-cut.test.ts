/**
 * Power cuts in the middle of events, on Espruino's own Linux build: its Storage is a file written
 * one flash write at a time (open, write, close), so kill -9 can land between the writes of one
 * Storage call and leave a torn journal line or checkpoint, as a power cut does on a board. A
 * burst of actions goes in, the interpreter is killed at a random moment, started again from the
 * same Storage, and must come back with the game as it was after the last action it reported, or
 * after the one in flight (journaled before its act line was printed), never anything else.
 *
 * Skipped without ESPRUINO_BIN.
 */
import { describe, expect, it } from 'vitest';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { step } from '../../shared/engine/step';
import type { PvState } from '../../shared/games/pechvogel/types';
import type { HostCmd } from '../../shared/protocol/messages';
import { EspruinoProcess, retryOnPortRace } from '../support/espruino-process';
import { joinSnapshot, nextMove, PvMirror } from '../support/game-driver';
import { mulberry32 } from '../support/random';
import { sleep } from '../support/host-harness';

const BIN = process.env.ESPRUINO_BIN;
const plain = (x: unknown) => JSON.parse(JSON.stringify(x));

describe.skipIf(!BIN)('power cuts mid-event on Espruino 2v29 for Linux ($ESPRUINO_BIN)', () => {
  it('resumes after kill -9 at random moments of a burst of actions with no action lost that it reported, and none made up', () =>
    retryOnPortRace('linux-power-cut', async () => {
      const bundle = await ensureBundle();
      const rand = mulberry32(4711);
      let p = await EspruinoProcess.start({ bin: BIN, code: bundle.code, storage: bundle.files });
      const dir = p.dir;
      try {
        // No timer moves the game: windows and the automatic marker step wait for an hour.
        for (const [k, v] of [['window_ms', 3_600_000], ['marker_ms', 3_600_000], ['attract_ms', 0]] as const) await p.request({ c: 'cfg', k, v });
        const players = ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve'];
        await p.request({ c: 'new', p: players, seed: 11 });
        const mirror = new PvMirror();
        mirror.newGame(players, 11);
        let state = mirror.state!;
        const outcomes = { reported: 0, inFlight: 0 };
        for (let round = 0; round < 30 && state.phase !== 'game_over'; round++) {
          // A burst of legal actions, planned with the engine; the states after each.
          const cmds: HostCmd[] = [];
          const after: PvState[] = [];
          let s = state;
          for (let k = 0; k < 12 && s.phase !== 'game_over'; k++) {
            const mv = nextMove(s, rand, false);
            const r = step(s, mv.action);
            if (!r.ok) break;
            cmds.push(...mv.cmds);
            after.push(r.state as PvState);
            s = r.state as PvState;
          }
          const m0 = p.msgs.length;
          for (const c of cmds) p.send(c);
          // The kill comes while the burst is being worked through: after its first act line (or a
          // moment later), or, one round in four, before the board has done anything with it.
          if (rand(4)) await p.until(() => p.msgs.slice(m0).some((m) => m.t === 'act'), 20_000, 'the first action of the burst');
          await sleep(rand(3) === 0 ? 0 : rand(40));
          await p.stop(true);
          const acts = p.msgs.slice(m0).filter((m) => m.t === 'act') as { n: number }[];
          const lastSeen = acts.length ? acts[acts.length - 1].n : state.n;

          p = await EspruinoProcess.start({ bin: BIN, code: bundle.code, cwd: dir, removeDir: true });
          const snap = joinSnapshot((await p.request({ c: 'snap' })).msgs);
          expect(snap, `round ${round}: no snapshot after the restart`).not.toBeNull();
          const st = snap!.st;
          expect(st.n, `round ${round}: lost an action it had reported (act ${lastSeen})`).toBeGreaterThanOrEqual(lastSeen);
          expect(st.n, `round ${round}: more than the action in flight`).toBeLessThanOrEqual(Math.min(lastSeen + 1, state.n + after.length));
          expect(plain(st), `round ${round}: not the state after action ${st.n}`).toEqual(plain(st.n === state.n ? state : after[st.n - state.n - 1]));
          if (st.n === lastSeen) outcomes.reported++;
          else outcomes.inFlight++;
          expect(p.noise.filter((l) => /Uncaught|Error/.test(l)), `round ${round}`).toEqual([]);
          state = st;
        }
        console.log(`linux-power-cut: ${JSON.stringify(outcomes)}`);
        expect(outcomes.reported + outcomes.inFlight).toBeGreaterThanOrEqual(8);
        expect(p.alive).toBe(true);
      } finally {
        await p.stop();
      }
    }), 900_000);
});
