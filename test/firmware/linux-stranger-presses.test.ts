/**
 * Strangers at a kiosk table press everything: the same random presses (and legal moves in
 * between, so the game gets somewhere) on Espruino's own Linux build and on the simulated board
 * give the same protocol messages, command by command, and the same game at the end. The
 * other real-interpreter test plays legal moves only; this one goes down the refusal, error and
 * entry-editing paths, where a built-in Espruino lacks or treats differently would show first.
 *
 * Not compared: LED frames while an error blinks (1.5 s of real time on the interpreter, of the
 * fake clock on the simulated board), hence only the final frame after both errors are over.
 * The run stops at game over: a rematch seeds its virtual dice from the board clock.
 *
 * Skipped without ESPRUINO_BIN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { flashedSimBoard } from '../../host/src/sim/flashed-sim-board';
import { SimBoard } from '../../host/src/sim/sim-board';
import type { BoardMsg, HostCmd } from '../../shared/protocol/messages';
import { EspruinoProcess, retryOnPortRace } from '../support/espruino-process';
import { joinSnapshot, lastFrame, logicalMessages, nextMove, PvMirror, SimTarget } from '../support/game-driver';
import { mulberry32 } from '../support/random';
import { sleep } from '../support/host-harness';

const BIN = process.env.ESPRUINO_BIN;
const BUTTONS = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'OK', 'BK'];

describe.skipIf(!BIN)('random presses on Espruino 2v29 for Linux and on the simulated board ($ESPRUINO_BIN)', () => {
  let real: EspruinoProcess;
  let simBoard: SimBoard;
  let sim: SimTarget;

  /** Both boards powered up afresh. */
  async function fresh(): Promise<void> {
    if (real) await real.stop();
    const bundle = await ensureBundle();
    real = await EspruinoProcess.start({ bin: BIN, code: bundle.code, storage: bundle.files });
    simBoard = flashedSimBoard(bundle, { clock: 'fake', boardName: 'LINUX', storageFile: null });
    sim = new SimTarget(simBoard);
    simBoard.boot();
  }

  beforeAll(fresh);

  afterAll(async () => {
    if (real) await real.stop();
  });

  /** One command on both boards; what it left to run right after (the automatic marker step) included. */
  async function both(cmd: HostCmd, what: string): Promise<BoardMsg[]> {
    simBoard.advance(100);
    const s = sim.requestSync(cmd);
    const from = sim.msgs.length;
    simBoard.advance(0);
    s.msgs.push(...sim.msgs.slice(from));
    const want = logicalMessages(s.msgs);
    const r = await real.request(cmd);
    const at = real.replies[real.replies.length - 1].at;
    const got = () => logicalMessages(real.msgs.slice(at));
    if (want.length > logicalMessages(r.msgs).length) await real.until(() => logicalMessages(r.msgs).length + got().length >= want.length, 20_000, `${want.length} messages for ${what}`);
    const all = logicalMessages(r.msgs).concat(got()).slice(0, Math.max(want.length, logicalMessages(r.msgs).length));
    expect(r.ack, `${what}: ACK/NAK`).toBe(s.ack);
    expect(all, `${what}: messages`).toEqual(want);
    return s.msgs;
  }

  it('gives the same messages for 600 presses and moves, refusals included, and ends in the same game', () =>
    retryOnPortRace('linux-stranger-presses', async () => {
      // DT_LINUX_SEED runs another sequence (a longer soak, by hand).
      const rand = mulberry32(Number(process.env.DT_LINUX_SEED) || 20261122);
      const mirror = new PvMirror();
      await both({ c: 'cfg', k: 'window_ms', v: 3_600_000 }, 'cfg window');
      await both({ c: 'cfg', k: 'attract_ms', v: 0 }, 'cfg attract');
      await both({ c: 'cfg', k: 'marker_ms', v: 0 }, 'cfg marker');
      await both({ c: 'leds', on: true }, 'leds on');
      const players = ['Ann', 'Ben', 'Cleo', 'Dev'];
      await both({ c: 'new', p: players, seed: 77 }, 'new');
      mirror.newGame(players, 77);

      const kinds: Record<string, number> = {};
      let steps = 0;
      while (steps < 600 && mirror.state!.phase !== 'game_over') {
        const cmds: HostCmd[] =
          rand(2) === 0
            ? [{ c: 'btn', b: BUTTONS[rand(BUTTONS.length)], k: rand(6) === 0 ? 'long' : 'press' }]
            : nextMove(mirror.state!, rand).cmds;
        for (const cmd of cmds) {
          steps++;
          const msgs = await both(cmd, `step ${steps} ${JSON.stringify(cmd)}`);
          for (const m of msgs) {
            const k = m.t === 'ui' ? (m.err ? 'ui error ' + m.err : 'ui') : m.t === 'rej' ? 'rej ' + m.code : m.t;
            kinds[k] = (kinds[k] || 0) + 1;
          }
          // The sim's messages: the same as the real board's (checked in both()).
          mirror.follow(msgs);
        }
      }
      // The presses went down the refusal paths, and the game moved on.
      const errors = Object.keys(kinds).filter((k) => k.indexOf('ui error ') === 0);
      expect(errors.length, JSON.stringify(kinds)).toBeGreaterThanOrEqual(3);
      expect(kinds.act, JSON.stringify(kinds)).toBeGreaterThan(20);

      // The same game on both boards, and in the mirror that followed their messages.
      const snapReal = joinSnapshot((await real.request({ c: 'snap' })).msgs);
      const snapSim = joinSnapshot(sim.requestSync({ c: 'snap' }).msgs);
      expect(snapReal!.st).toEqual(snapSim!.st);
      expect(JSON.parse(JSON.stringify(snapReal!.st))).toEqual(JSON.parse(JSON.stringify(mirror.state)));
      // The same picture once every error blink is over (variants: the blink phases of the fake clock).
      await sleep(1700);
      simBoard.advance(2000 - (simBoard.clock.now() % 1000));
      await real.request({ c: 'leds' });
      const variants: string[] = [];
      for (const dt of [0, 125, 375, 125]) {
        simBoard.advance(dt);
        variants.push(lastFrame(sim.requestSync({ c: 'leds' }).msgs));
      }
      expect(variants).toContain(lastFrame(real.msgs));
      expect(real.alive).toBe(true);
      expect(real.noise.filter((l) => /Uncaught|Error/.test(l))).toEqual([]);
      expect(simBoard.errors).toEqual([]);
      console.log(`linux-stranger-presses: ${steps} commands, ${JSON.stringify(kinds)}`);
    }, fresh), 900_000);
});
