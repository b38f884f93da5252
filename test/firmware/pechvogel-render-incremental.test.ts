/**
 * The Pechvogel renderer redraws only what changed between frames (identity of the copy-on-write
 * state parts, seat map, table UI fields, blink phases). Played games are replayed frame by frame
 * through one renderer (kept between frames) and every frame is compared with a from-scratch render
 * by a second copy of the renderer (invalidated before each frame): text, next redraw and GRB bytes.
 * In between: entries and corrections, votes pushed in place, reroll-window countdown steps, errors
 * appearing and expiring, attract mode, blink phase changes, set-up, new games, a loaded copy of a
 * state, and other drawings on the frame (self-test, staff marker) followed by an invalidation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { E_NATIVES } from '../../host/src/sim/espruino-e-natives';
import { bundleForEspruino } from '../../firmware/build/espruino-bundle.js';
import { buildData, buildDefines } from '../../firmware/build/build-firmware.js';
import { createEspruinoSandbox } from '../../host/src/sim/espruino-sandbox.js';
import { playRandomGame } from '../support/play.js';
import { mulberry32 } from '../support/random.js';
import { newPvUi } from '../support/new-pv-ui.js';
import { possibleFrustraters } from '../../shared/games/pechvogel/rules.js';
import type { PvState } from '../../shared/games/pechvogel/types.js';
import type { PvUi } from '../../firmware/src/table/pechvogel-table.js';

interface Renderer {
  Frame: new (cap: number, budget: number, chain: boolean) => { leds: Uint8Array; grb: Uint8Array; text(): string; update(): boolean; set(x: number, y: number, c: number): void; clear(): void };
  renderPechvogel(f: unknown, s: PvState | null, ui: PvUi, seats: number[], now: number, attract: boolean): number;
  invalidatePechvogel(): void;
}

const E = E_NATIVES;

describe('Pechvogel renderer, incremental', () => {
  let code = '';
  beforeAll(async () => {
    code = (await bundleForEspruino({ entry: 'test/fixtures/render-incremental-probe.ts', define: buildDefines(buildData('pico')) })).code;
  });

  function renderer(): Renderer {
    const sb = createEspruinoSandbox({ E });
    sb.run(code);
    return (sb.context as unknown as { R: Renderer }).R;
  }

  it('draws every frame of played games as a from-scratch render does', () => {
    const inc = renderer();
    const ref = renderer();
    const fi = new inc.Frame(255, 300, true);
    const fr = new ref.Frame(255, 300, true);
    const rand = mulberry32(99);
    let frames = 0;
    let now = 1_700_000_000_000;
    const check = (s: PvState | null, ui: PvUi, seats: number[], attract: boolean, what: string) => {
      const a = inc.renderPechvogel(fi, s, ui, seats, now, attract);
      fi.update();
      ref.invalidatePechvogel();
      const b = ref.renderPechvogel(fr, s, ui, seats, now, attract);
      fr.update();
      const at = `${what} frame ${frames} at ${now}`;
      expect(fi.text(), at).toBe(fr.text());
      expect(a, at).toBe(b);
      expect(Array.from(fi.grb), at).toEqual(Array.from(fr.grb));
      frames++;
    };
    for (let g = 0; g < 16; g++) {
      const players = [3, 5, 4][g % 3];
      const game = playRandomGame(500 + g, players);
      let seats = Array.from({ length: players }, (_, i) => (g % 2 ? 6 - i : i));
      const ui = newPvUi('play');
      // Set-up first (as after setGame(null)), then the game.
      ui.mode = 'setup';
      ui.seatsIn[rand(7)] = true;
      ui.startSeat = rand(7);
      for (let k = 0; k < 3; k++) {
        now += 130 + rand(400);
        check(null, ui, [], false, 'setup');
      }
      ui.mode = 'play';
      seats = seats.slice();
      for (let i = 0; i < game.states.length; i++) {
        const s = game.states[i];
        // As the table does: a new votes array when a window's votes are dropped, else the same one.
        if (ui.votes.length) ui.votes = [];
        ui.deadline = 0;
        if (s.phase === 'reroll_window') {
          ui.span = 8000;
          ui.deadline = now + 8000;
        }
        now += 1 + rand(300);
        check(s, ui, seats, false, 'step');
        // A few frames on the same state: time passing (blinks, countdown), entries, votes, errors, attract.
        const extra = rand(4);
        for (let k = 0; k < extra; k++) {
          const r = rand(10);
          if (r === 0 && s.phase === 'reroll_window') {
            const can = possibleFrustraters(s);
            if (can.length && ui.votes.length < can.length) ui.votes.push(can[ui.votes.length]);
          } else if (r === 1) {
            ui.entry.push([3, 4, 5, 6, 7, 'R'][rand(6)] as never);
          } else if (r === 2) {
            ui.entry.pop();
            if (rand(2)) ui.correcting = !ui.correcting;
          } else if (r === 3) {
            ui.err = 'window_closed';
            ui.errSeat = rand(8) - 1;
            ui.errUntil = now + 1500;
          } else if (r === 4) {
            ui.entry = [];
            ui.correcting = false;
          }
          now += [0, 60, 125, 250, 500, 999, 1600][rand(7)];
          const attract = rand(6) === 0;
          check(s, ui, seats, attract, 'same state');
          if (rand(12) === 0) {
            // Someone else draws on the frame (self-test chase, staff marker), then gives it back.
            fi.set(rand(16), rand(8), 87);
            fi.clear();
            inc.invalidatePechvogel();
            now += 125;
            check(s, ui, seats, false, 'after another drawing');
          }
        }
        if (ui.err && now >= ui.errUntil) ui.err = '';
        if (rand(40) === 0) {
          // The same game loaded again (host `load`): equal state, new objects, new seat map.
          seats = seats.slice();
          inc.invalidatePechvogel();
          now += 10;
          check(JSON.parse(JSON.stringify(s)), ui, seats, false, 'loaded');
        }
      }
      // Game over stays a few frames (winners blink), then a new game starts from set-up.
      const last = game.states[game.states.length - 1];
      for (let k = 0; k < 3; k++) {
        now += 250 + rand(500);
        check(last, ui, seats, false, 'game over');
      }
      ui.entry = [];
      ui.correcting = false;
      ui.err = '';
      inc.invalidatePechvogel();
    }
    expect(frames).toBeGreaterThan(1000);
  });
});
