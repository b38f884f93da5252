/**
 * Deterministic cases for the Pechvogel renderer: states from seeded random games with table UIs
 * around them (entries, corrections, reroll windows with votes and countdowns, refusals, attract
 * mode, seat maps with gaps), the set-up screen, at all blink phases.
 */
import { playRandomGame } from './play';
import { mulberry32 } from './random';
import { newPvUi } from './new-pv-ui';
import { possibleFrustraters } from '../../shared/games/pechvogel/rules';
import type { PvState } from '../../shared/games/pechvogel/types';
import type { PvUi } from '../../firmware/src/table/pechvogel-table';

export interface RenderCase {
  s: PvState | null;
  ui: PvUi;
  seats: number[];
  now: number;
  attract: boolean;
}

const FACES: (number | 'R')[] = [3, 4, 5, 6, 7, 'R'];

export function renderCases(games = 24, perGame = 10): RenderCase[] {
  const rand = mulberry32(4242);
  const out: RenderCase[] = [];
  /** Board times at every blink phase (slow 1000 ms, fast 250 ms), fractions of a ms as getTime gives them. */
  const time = () => 1_700_000_000_000 + rand(100_000) * 1000 + [0, 125, 500, 625, 999, 250][rand(6)] + rand(1000) / 1000;
  for (let g = 0; g < games; g++) {
    const players = 2 + (g % 4);
    const game = playRandomGame(1000 + g, players);
    let seats = Array.from({ length: players }, (_, i) => i);
    if (g % 3 === 1) {
      // A seat map with gaps, in another order.
      const free = [0, 1, 2, 3, 4, 5, 6];
      seats = seats.map(() => free.splice(rand(free.length), 1)[0]);
    }
    if (g % 5 === 4) seats[rand(players)] = 9; // not a seat on the board
    // As drawableSeats (pechvogel-render.ts) gives them: a seat off the board draws nothing.
    const drawn = seats.map((q) => (q >= 0 && q < 7 ? q : -1));
    const picks: PvState[] = [];
    for (let k = 0; k < perGame; k++) picks.push(game.states[rand(game.states.length)]);
    picks.push(game.states[game.states.length - 1]);
    for (const s of picks) {
      const now = time();
      const ui = newPvUi('play');
      const kind = rand(6);
      if (kind === 1 || kind === 2) {
        const n = rand(8);
        for (let i = 0; i < n; i++) ui.entry.push(FACES[rand(6)] as never);
        // As in play: BACK corrects only where the engine keeps a throw to go back to.
        ui.correcting = kind === 2 && !!s.undo;
      }
      if (s.phase === 'reroll_window') {
        ui.span = [8000, 3000, 0][rand(3)];
        ui.deadline = now + [-500, 0.5, 1000, 2999, 7999.5, 8000, 12000][rand(7)];
        const can = possibleFrustraters(s);
        if (rand(2)) ui.votes = can.slice(0, 1 + rand(Math.max(1, can.length)));
      }
      if (kind === 3) {
        ui.err = 'window_closed';
        ui.errSeat = rand(9) - 1;
        ui.errUntil = now + [-1, 1, 1500][rand(3)];
      }
      // Attract mode, more often over a correction (its blink and the sweep set the next redraw together).
      out.push({ s, ui, seats: drawn, now, attract: rand(8) === 0 || (kind === 2 && rand(2) === 0) });
    }
  }
  // The set-up screen.
  for (let k = 0; k < 24; k++) {
    const ui = newPvUi('setup');
    for (let i = 0; i < 7; i++) ui.seatsIn[i] = rand(2) === 1;
    ui.startSeat = rand(8) - 1;
    ui.virtual = rand(2) === 1;
    ui.immune = rand(2) === 1;
    ui.stealOnly = rand(2) === 1;
    if (k % 4 === 3) {
      ui.err = 'not_playing';
      ui.errSeat = rand(7);
      ui.errUntil = Infinity;
    }
    out.push({ s: null, ui, seats: [], now: time(), attract: k % 5 === 0 });
  }
  // A virtual roll shown (its own generator, so the cases above stay as recorded): a first throw's
  // while the target is chosen, a later one's before and after its 3 s, under an entry, at an error.
  const r2 = mulberry32(77);
  const game = playRandomGame(2077, 4);
  for (let k = 0; k < 24; k++) {
    const s = game.states[r2(game.states.length)];
    const now = 1_700_000_000_000 + r2(100_000) * 1000 + [0, 125, 500, 625][r2(4)];
    const ui = newPvUi('play');
    const n = 1 + r2(7);
    for (let i = 0; i < n; i++) ui.rolled.push(FACES[r2(6)] as never);
    ui.rollUntil = now + [-1, 0, 1, 2999.5, 3000][r2(5)];
    if (k % 6 === 5) ui.entry.push(FACES[r2(6)] as never);
    if (k % 7 === 6) {
      ui.err = 'enter_dice';
      ui.errSeat = -1;
      ui.errUntil = now + 1500;
    }
    out.push({ s, ui, seats: [0, 1, 2, 3], now, attract: k % 8 === 7 });
  }
  return out;
}
