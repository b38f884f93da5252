/**
 * Draws the Pechvogel table on the LED board by region (hardware/led-layout.ts). Every item
 * reads without colour: position says what it is, blink patterns say its state.
 */
import type { Frame } from '../leds/frame';
import { C } from '../leds/frame';
import type { PvState } from '../../../shared/games/pechvogel/types';
import { diceDue, possibleFrustraters } from '../../../shared/games/pechvogel/rules';
import type { PvUi } from './pechvogel-table';

/** Region name → cells [x, y] in the region's documented order. */
export type Cells = Record<string, number[][]>;

const STATUS_ROW: Record<string, number> = {
  await_first_throw: 0,
  await_target: 1,
  await_throw: 2,
  reroll_window: 3,
  await_reroll: 4,
  await_marker_choice: 5,
  game_over: 6,
};

function put(f: Frame, R: Cells, region: string, i: number, colour: number): void {
  const c = R[region][i];
  if (c) f.set(c[0], c[1], colour);
}

export function renderPechvogel(f: Frame, R: Cells, s: PvState | null, ui: PvUi, seats: number[], now: number, attract: boolean): void {
  f.clear();
  const slow = now % 1000 < 500;
  const fast = now % 250 < 125;
  const erring = ui.err !== '' && now < ui.errUntil;
  if (erring && fast) put(f, R, 'status', 7, C.red);

  if (ui.mode === 'setup' || !s) {
    // Set-up: seats that joined are lit, the start seat blinks; K1..K3 options on the target row.
    for (let i = 0; i < 7; i++) if (ui.seatsIn[i]) put(f, R, 'seat_active', i, i === ui.startSeat && !slow ? C.off : C.white);
    if (ui.virtual) put(f, R, 'target', 0, C.cyan);
    if (ui.immune) put(f, R, 'target', 1, C.cyan);
    if (ui.stealOnly) put(f, R, 'target', 2, C.cyan);
    if (slow) put(f, R, 'status', 7, C.yellow);
    return;
  }
  if (attract) {
    // Idle: a slow sweep along the dice row invites the next table, the game stays underneath.
    put(f, R, 'dice', Math.floor(now / 300) % 7, C.yellow);
  }

  const T = s.turn;
  const seatOf = (p: number) => (p >= 0 && p < seats.length ? seats[p] : -1);

  // Right panel: seats and status.
  put(f, R, 'status', STATUS_ROW[s.phase], C.cyan);
  if (s.murphy >= 0) put(f, R, 'seat_murphy', seatOf(s.murphy), C.blue);

  if (s.phase === 'game_over') {
    const scores = s.scores || [];
    for (let p = 0; p < s.players.length; p++) {
      let rank = 0;
      for (let q = 0; q < scores.length; q++) if (scores[q] > scores[p]) rank++;
      for (let k = 0; k < 5 - rank; k++) put(f, R, 'final_rank', seatOf(p) * 5 + k, C.green);
    }
    const w = s.winners || [];
    for (let i = 0; i < w.length; i++) if (slow) put(f, R, 'final_standing', seatOf(w[i]), C.yellow);
  } else {
    put(f, R, 'seat_active', seatOf(s.active), C.white);
    for (let p = 0; p < s.players.length; p++) {
      const n = s.players[p].frustrations;
      for (let k = 0; k < n && k < 5; k++) put(f, R, 'seat_frustrations', seatOf(p) * 5 + k, k === 4 && n > 5 && !slow ? C.off : C.red);
    }
    if (s.phase === 'reroll_window') {
      const can = possibleFrustraters(s);
      for (let i = 0; i < can.length; i++) put(f, R, 'seat_vote', seatOf(can[i]), C.dim);
      for (let i = 0; i < ui.votes.length; i++) put(f, R, 'seat_vote', seatOf(ui.votes[i]), C.red);
    }
    if (erring && ui.errSeat >= 0 && fast) put(f, R, 'seat_vote', ui.errSeat, C.orange);
  }

  // Left panel: the entry while dice are being entered, the table otherwise.
  if (ui.entry.length > 0 || ui.correcting) {
    const due = ui.correcting ? 7 : diceDue(s);
    for (let i = 0; i < 7; i++) {
      if (i < ui.entry.length) put(f, R, 'entry_dice', i, ui.correcting && !slow ? C.off : C.white);
      else if (i < due) put(f, R, 'entry_dice', i, C.dim);
    }
    const h = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < ui.entry.length; i++) {
      const fi = ui.entry[i] === 'R' ? 5 : (ui.entry[i] as number) - 3;
      put(f, R, 'entry_histogram', fi * 7 + h[fi], fi === 5 ? C.magenta : C.green);
      h[fi]++;
    }
    if (erring && fast) for (let i = 0; i < 8; i++) put(f, R, 'entry_error', i, C.red);
    return;
  }
  if (T.target !== null) put(f, R, 'target', T.target - 3, C.yellow);
  else if (T.first_faces) {
    // Choosing the target: the rolled numbers glow dim, each a possible choice.
    for (let i = 0; i < T.first_faces.length; i++) if (T.first_faces[i] !== 'R') put(f, R, 'target', (T.first_faces[i] as number) - 3, slow ? C.yellow : C.dim);
  }
  for (let i = 0; i < T.targets && i < 7; i++) put(f, R, 'dice', i, C.green);
  for (let i = 0; i < T.ravens && i < 7; i++) put(f, R, 'dice', 6 - i, slow ? C.magenta : C.off);
  for (let i = 0; i < T.frustraters.length; i++) if (T.frustraters[i] >= 0) put(f, R, 'board_frustrations', seatOf(T.frustraters[i]), C.red);
  for (let v = 0; v < 5; v++) for (let k = 0; k < s.middle[v] && k < 3; k++) put(f, R, 'middle', v * 3 + k, C.white);
  let boxed = 0;
  for (let v = 0; v < 5; v++) boxed += s.box[v];
  for (let k = 0; k < boxed && k < 3; k++) put(f, R, 'box', k, boxed > 3 && !slow ? C.off : C.dim);
  if (ui.deadline > 0) {
    const left = Math.ceil(((ui.deadline - now) * 8) / (ui.span || 1));
    for (let i = 0; i < left && i < 8; i++) put(f, R, 'countdown', 7 - i, C.orange);
  }
}
