/**
 * Draws the Pechvogel table on the LED board by region (hardware/led-layout.ts). Every item
 * reads without colour: position says what it is, blink patterns say its state.
 *
 * This runs on every button press, and Espruino re-reads the source of every statement it runs
 * (and of every block it skips) and looks names up by walking lists, so the drawing is one
 * function with few locals and few, cheap statements. It draws into a logical buffer where every
 * region is contiguous (firmware/build/pechvogel-cells.ts): a cell is a constant index, and a bar
 * (markers, frustrations, the countdown, ...) is one Float64 write of a ready-made 8-byte pattern.
 * One E.mapInPlace through the view's gather table then puts the cells in row-major order.
 * Pattern indices must stay inside their group: a bad index would draw garbage.
 */
import type { Frame } from '../leds/frame';
import { C } from '../leds/frame';
import { bytes } from '../leds/bytes';
import type { PvState } from '../../../shared/games/pechvogel/types';
import { diceDue, possibleFrustraters } from '../../../shared/games/pechvogel/rules';
import { FIRST, MARKER, OVER, REROLL, TARGET, THROW, WINDOW } from '../../../shared/games/pechvogel/phases';
import type { EspruinoE } from '../espruino-types';
import type { PvUi } from './pechvogel-table';

declare const E: EspruinoE;

/**
 * Blink phases (hardware/led-board.ts BLINK): slow = 1000 ms period, fast = 250 ms, half on;
 * the attract sweep steps every 300 ms.
 */
const enum Ms {
  slow = 1000,
  fast = 250,
  sweep = 300,
}

/**
 * Float64 patterns after the logical cells and the all-off run: pattern (n, group) at
 * __DT_BUILD__.patterns + n * 6 + group, n = 0..8: the first n bytes in the group's colour, the rest off; `right`
 * lights the last n bytes.
 */
const enum Pat {
  red = 0,
  green = 1,
  white = 2,
  magenta = 3,
  dim = 4,
  right = 5,
}
/** Logical cells, then a run of `clear` all-off slots (copied over the cleared part), then the patterns. */
const V = new Uint8Array((__DT_BUILD__.patterns + 9 * 6) * 8);
const D = new Float64Array(V.buffer);
const Z = new Float64Array(V.buffer, __DT_BUILD__.logical, __DT_BUILD__.clear);
/** Per view, the logical cell of each LED in row-major order. */
const TABLE = bytes(__DT_BUILD__.gather);
const ENTRY = bytes(__DT_BUILD__.gatherEntry);
(function () {
  const colour = [C.red, C.green, C.white, C.magenta, C.dim, C.orange];
  V.fill(C.off, __DT_BUILD__.logical);
  for (let n = 1; n < 9; n++) for (let g = 0; g < 6; g++) for (let k = 0; k < n; k++) V[(__DT_BUILD__.patterns + n * 6 + g) * 8 + (g === Pat.right ? 7 - k : k)] = colour[g];
})();

/** The status column's rows, top to bottom (hardware/led-layout.ts PECHVOGEL_STATUS). */
const STATUS_ROWS = [FIRST, TARGET, THROW, WINDOW, REROLL, MARKER, OVER];

/**
 * Player → physical seat as the renderer indexes it: anything that is not a seat on the board
 * (a host may load any seat list) becomes -1, which draws nothing.
 */
export function drawableSeats(seats: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < seats.length; i++) out.push(seats[i] >= 0 && seats[i] < 7 && seats[i] % 1 === 0 ? seats[i] : -1);
  return out;
}

/** The earliest other time the picture changes by itself (end of an error, countdown step). */
let until = Infinity;

/**
 * Draws state `s` and table `ui` at board time `now`; `seats` as drawableSeats gives them.
 * Returns the time at which the picture changes next by itself (a blink phase, the countdown,
 * the end of an error; Infinity if never), so the app redraws only then. (Each view has its own
 * small function: Espruino finds a name by walking its function's names, so few locals are fast.)
 */
export function renderPechvogel(f: Frame, s: PvState | null, ui: PvUi, seats: number[], now: number, attract: boolean): number {
  const slow = now % Ms.slow < Ms.slow / 2;
  /** Looks in this frame that blink: 1 slow, 2 fast (an error). */
  let b = 0;
  let g = TABLE;
  until = Infinity;
  D.set(Z);
  f.chainLed = -1;
  /** An error shows, in its fast blink's on phase. */
  let err = false;
  if (ui.err !== '' && now < ui.errUntil) {
    b = 2;
    until = ui.errUntil;
    err = now % Ms.fast < Ms.fast / 2;
    if (err) V[CELL_AT.status + 7] = C.red;
  }
  if (ui.mode === 'setup' || !s) b |= drawSetup(ui, slow);
  else {
    b |= s.phase === OVER ? drawStandings(s, seats, slow) : drawSeats(s, ui, seats, slow, err);
    if (ui.entry.length > 0 || ui.correcting) {
      g = ENTRY;
      b |= drawEntry(s, ui, slow, err);
    } else b |= drawTable(s, ui, seats, slow, now, attract);
    if (attract) until = Math.min(until, now - (now % Ms.sweep) + Ms.sweep);
  }
  E.mapInPlace(g, f.leds, V);
  if (attract && g === ENTRY) {
    // The sweep under the entry: where the entry leaves its LED dark.
    const q = __DT_BUILD__.sweep.charCodeAt(Math.floor(now / Ms.sweep) % 7);
    if (f.leds[q] === C.off) f.leds[q] = C.yellow;
  }
  // Redraw at the next phase flip of what blinks, or at `until` if that comes first.
  b = b & 2 ? Ms.fast / 2 : b ? Ms.slow / 2 : 0;
  return b ? Math.min(until, now - (now % b) + b) : until;
}

/** Right panel during play: status, Murphy, the active seat, frustration bars, reroll-window votes; `err` an error's fast phase. */
function drawSeats(s: PvState, ui: PvUi, seats: number[], slow: boolean, err: boolean): number {
  const v = V;
  let q = STATUS_ROWS.indexOf(s.phase);
  let n: number;
  let b = 0;
  if (q >= 0) v[CELL_AT.status + q] = C.cyan;
  q = seats[s.murphy];
  if (q >= 0) v[CELL_AT.seat_murphy + q] = C.blue;
  q = seats[s.active];
  if (q >= 0) v[CELL_AT.seat_active + q] = C.white;
  const pl = s.players;
  for (let i = pl.length; i--; ) {
    n = pl[i].frustrations;
    q = seats[i];
    if (n > 0 && q >= 0) {
      // A bar of n from the bottom; more than the bar shows: its top LED blinks.
      if (n > 5) {
        b = 1;
        n = slow ? 5 : 4;
      }
      D[SLOT_AT.seat_frustrations + q] = D[__DT_BUILD__.patterns + n * 6];
    }
  }
  if (s.phase === WINDOW) {
    const can = possibleFrustraters(s);
    for (let i = 0; i < can.length; i++) {
      q = seats[can[i]];
      if (q >= 0) v[CELL_AT.seat_vote + q] = C.dim;
    }
    for (let i = 0; i < ui.votes.length; i++) {
      q = seats[ui.votes[i]];
      if (q >= 0) v[CELL_AT.seat_vote + q] = C.red;
    }
  }
  if (err && ui.errSeat >= 0 && ui.errSeat < 7) v[CELL_AT.seat_vote + ui.errSeat] = C.orange;
  return b;
}

/** Left panel while a throw is entered: dice due (dim) and entered (lit, blinking while correcting), the faces as a histogram. */
function drawEntry(s: PvState, ui: PvUi, slow: boolean, err: boolean): number {
  const v = V;
  const e = ui.entry;
  let n = e.length > 7 ? 7 : e.length;
  let q = ui.correcting ? 7 : diceDue(s);
  if (q > 7) q = 7;
  // Dim to the dice due, then the first n entered.
  D[SLOT_AT.entry_dice] = D[__DT_BUILD__.patterns + (q > n ? q : n) * 6 + Pat.dim];
  q = ui.correcting && !slow ? C.off : C.white;
  while (n--) v[CELL_AT.entry_dice + n] = q;
  // The pad byte after each histogram column (cleared to C.off) counts its entered dice.
  for (n = 0; n < e.length; n++) {
    q = CELL_AT.entry_histogram + (e[n] === 'R' ? 40 : ((e[n] as number) - 3) * 8);
    v[q + v[q + 7]++ - C.off] = q === CELL_AT.entry_histogram + 40 ? C.magenta : C.green;
  }
  D[SLOT_AT.entry_error] = D[__DT_BUILD__.patterns + (err ? 8 * 6 : 0)];
  return ui.correcting ? 1 : 0;
}

/** Left panel otherwise: target, dice on the board, frustrations, markers, box, countdown. */
function drawTable(s: PvState, ui: PvUi, seats: number[], slow: boolean, now: number, attract: boolean): number {
  const v = V;
  const d = D;
  const T = s.turn;
  let b = 0;
  let q: number;
  let n = T.target as number;
  if (n !== null) {
    n -= 3;
    if (n >= 0 && n < 5) v[CELL_AT.target + n] = C.yellow;
  } else if (T.first_faces) {
    // Choosing the target: the rolled numbers glow dim, each a possible choice.
    b = 1;
    q = slow ? C.yellow : C.dim;
    for (n = 0; n < 5; n++) if (T.first_faces.indexOf((n + 3) as 3) >= 0) v[CELL_AT.target + n] = q;
  }
  n = T.targets;
  d[SLOT_AT.dice] = d[__DT_BUILD__.patterns + (n > 7 ? 7 : n) * 6 + Pat.green];
  if (attract) {
    // Idle: a slow sweep along the dice row invites the next table, the game stays underneath.
    q = CELL_AT.dice + (Math.floor(now / Ms.sweep) % 7);
    if (v[q] === C.off) v[q] = C.yellow;
  }
  n = T.ravens;
  if (n > 0) {
    b = 1;
    q = slow ? C.magenta : C.off;
    if (n > 7) n = 7;
    while (n > 0) v[CELL_AT.dice + 7 - n--] = q;
  }
  for (n = 0; n < T.frustraters.length; n++) {
    q = seats[T.frustraters[n]];
    if (q >= 0) v[CELL_AT.board_frustrations + q] = C.red;
  }
  let M = s.middle;
  d[SLOT_AT.middle] = d[__DT_BUILD__.patterns + M[0] * 6 + Pat.white];
  d[SLOT_AT.middle + 1] = d[__DT_BUILD__.patterns + M[1] * 6 + Pat.white];
  d[SLOT_AT.middle + 2] = d[__DT_BUILD__.patterns + M[2] * 6 + Pat.white];
  d[SLOT_AT.middle + 3] = d[__DT_BUILD__.patterns + M[3] * 6 + Pat.white];
  d[SLOT_AT.middle + 4] = d[__DT_BUILD__.patterns + M[4] * 6 + Pat.white];
  M = s.box;
  n = M[0] + M[1] + M[2] + M[3] + M[4];
  if (n > 3) {
    b = 1;
    n = slow ? 3 : 0;
  }
  d[SLOT_AT.box] = d[__DT_BUILD__.patterns + n * 6 + Pat.dim];
  n = 0;
  if (ui.deadline > 0) {
    q = ui.span || 1;
    n = Math.ceil(((ui.deadline - now) * 8) / q);
    // The bar loses its next LED when the time left drops to (n - 1) eighths of the window.
    if (n > 0) until = Math.min(until, ui.deadline - ((n - 1) * q) / 8);
    n = n > 8 ? 8 : n > 0 ? n : 0;
  }
  d[SLOT_AT.countdown] = d[__DT_BUILD__.patterns + n * 6 + Pat.right];
  return b;
}

/** Set-up: seats that joined are lit, the start seat blinks; K1..K3 options on the target row. */
function drawSetup(ui: PvUi, slow: boolean): number {
  const v = V;
  // The table's bars are not cleared with the cells: none of them shows in set-up.
  for (let i = __DT_BUILD__.clear; i < __DT_BUILD__.logical / 8; i++) D[i] = D[__DT_BUILD__.patterns];
  for (let i = 0; i < 7; i++) if (ui.seatsIn[i]) v[CELL_AT.seat_active + i] = i === ui.startSeat && !slow ? C.off : C.white;
  if (ui.virtual) v[CELL_AT.target] = C.cyan;
  if (ui.immune) v[CELL_AT.target + 1] = C.cyan;
  if (ui.stealOnly) v[CELL_AT.target + 2] = C.cyan;
  if (slow) v[CELL_AT.status + 7] = C.yellow;
  return 1;
}

/** Right panel at game over: status, Murphy, rank bars, the non-losers blinking. */
function drawStandings(s: PvState, seats: number[], slow: boolean): number {
  const v = V;
  v[CELL_AT.status + 6] = C.cyan;
  let q = seats[s.murphy];
  if (q >= 0) v[CELL_AT.seat_murphy + q] = C.blue;
  const scores = s.scores || [];
  for (let p = 0; p < s.players.length; p++) {
    let rank = 0;
    for (let r = 0; r < scores.length; r++) if (scores[r] > scores[p]) rank++;
    q = seats[p];
    if (q >= 0 && rank < 5) D[SLOT_AT.final_rank + q] = D[__DT_BUILD__.patterns + (5 - rank) * 6 + Pat.green];
  }
  const w = s.winners || [];
  if (slow) {
    for (let i = 0; i < w.length; i++) {
      q = seats[w[i]];
      if (q >= 0) v[CELL_AT.final_standing + q] = C.yellow;
    }
  }
  return w.length ? 1 : 0;
}
