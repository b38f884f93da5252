/**
 * Draws the Pechvogel table on the LED board by region (hardware/led-layout.ts). Every item
 * reads without colour: position says what it is, blink patterns say its state.
 *
 * This runs on every button press, and Espruino re-reads the source of every statement it runs
 * (and of every block it skips), so the drawing is split by view into small functions and a lit
 * LED costs one typed-array write: cell i of region r is `L[K[CELL_AT.r + i]]`, where K holds
 * every region's cells as chain positions (compiled from the layout at build time). Region
 * indices must stay inside their region: a negative or NaN index would throw on Espruino.
 */
import type { Frame } from '../leds/frame';
import { C } from '../leds/frame';
import { bytes } from '../leds/bytes';
import type { PvState } from '../../../shared/games/pechvogel/types';
import { diceDue, possibleFrustraters } from '../../../shared/games/pechvogel/rules';
import { FIRST, MARKER, OVER, REROLL, TARGET, THROW, WINDOW } from '../../../shared/games/pechvogel/phases';
import type { PvUi } from './pechvogel-table';

const K = bytes(__DT_BUILD__.cells);

/** The status column's rows, top to bottom (hardware/led-layout.ts PECHVOGEL_STATUS). */
const STATUS_ROWS = [FIRST, TARGET, THROW, WINDOW, REROLL, MARKER, OVER];
/** Scratch: entered dice per face while drawing the entry histogram. */
const perFace = new Uint8Array(6);
/**
 * The right panel (chain positions from __DT_BUILD__.right on) as last drawn, and what it showed:
 * it changes only with the game (its action count n, and the seats: a new array with every new or
 * loaded game) and the votes, so while those stay and nothing on it blinks it is copied back
 * instead of drawn again.
 */
const rightPanel = new Uint8Array(__DT_BUILD__.width * __DT_BUILD__.height - __DT_BUILD__.right);
let rightN = -1;
let rightSeats: number[] | null = null;
let rightVotes = 0;

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
 * The frame being drawn and what it shows (set by renderPechvogel, read by the draw functions:
 * every parameter costs a JsVar per function and time per call on Espruino).
 */
let L: Uint8Array;
let game: PvState;
let table: PvUi;
let seatOf: number[];
let erring = false;
let slow = false;
let fast = false;
/** Looks in this frame that blink: 1 slow, 2 fast. */
let blinks = 0;
/** The earliest other time the picture changes by itself (end of an error, countdown step). */
let until = Infinity;

/**
 * Player → physical seat as the renderer indexes it: anything that is not a seat on the board
 * (a host may load any seat list) becomes -1, which draws nothing.
 */
export function drawableSeats(seats: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < seats.length; i++) out.push(seats[i] >= 0 && seats[i] < 7 && seats[i] % 1 === 0 ? seats[i] : -1);
  return out;
}

/**
 * Draws state `s` and table `ui` at board time `now`; `seats` as drawableSeats gives them.
 * Returns the time at which the picture changes next by itself (a blink phase, the countdown,
 * the end of an error; Infinity if never), so the app redraws only then.
 */
export function renderPechvogel(f: Frame, s: PvState | null, ui: PvUi, seats: number[], now: number, attract: boolean): number {
  f.clear();
  L = f.leds;
  // (null in set-up: no old state is kept alive)
  game = s as PvState;
  table = ui;
  seatOf = seats;
  slow = now % Ms.slow < Ms.slow / 2;
  fast = now % Ms.fast < Ms.fast / 2;
  blinks = 0;
  until = Infinity;
  erring = ui.err !== '' && now < ui.errUntil;
  if (erring) {
    blinks = 2;
    until = ui.errUntil;
    if (fast) L[K[CELL_AT.status + 7]] = C.red;
  }
  if (ui.mode === 'setup' || !s) drawSetup();
  else {
    if (attract) {
      // Idle: a slow sweep along the dice row invites the next table, the game stays underneath.
      L[K[CELL_AT.dice + (Math.floor(now / Ms.sweep) % 7)]] = C.yellow;
      until = Math.min(until, now - (now % Ms.sweep) + Ms.sweep);
    }
    if (!erring && s.n === rightN && seats === rightSeats && ui.votes.length === rightVotes) L.set(rightPanel, __DT_BUILD__.right);
    else drawRight();
    if (ui.entry.length > 0 || ui.correcting) drawEntry();
    else drawTable(now);
  }
  // Redraw at the next phase flip of what blinks, or at `until` if that comes first.
  const half = blinks & 2 ? Ms.fast / 2 : blinks ? Ms.slow / 2 : 0;
  return half ? Math.min(until, now - (now % half) + half) : until;
}

/** Set-up: seats that joined are lit, the start seat blinks; K1..K3 options on the target row. */
function drawSetup(): void {
  const ui = table;
  const F = L;
  const cells = K;
  for (let i = 0; i < 7; i++) if (ui.seatsIn[i]) F[cells[CELL_AT.seat_active + i]] = i === ui.startSeat && !slow ? C.off : C.white;
  if (ui.virtual) F[cells[CELL_AT.target]] = C.cyan;
  if (ui.immune) F[cells[CELL_AT.target + 1]] = C.cyan;
  if (ui.stealOnly) F[cells[CELL_AT.target + 2]] = C.cyan;
  if (slow) F[cells[CELL_AT.status + 7]] = C.yellow;
  blinks |= 1;
}

/** Draws the right panel, and keeps it for the next frame if nothing on it blinks. */
function drawRight(): void {
  const outer = blinks;
  blinks = 0;
  if (game.phase === OVER) drawStandings();
  else drawSeats();
  rightN = -1;
  if (!erring && !blinks) {
    rightPanel.set(new Uint8Array(L.buffer, __DT_BUILD__.right));
    rightN = game.n;
    rightSeats = seatOf;
    rightVotes = table.votes.length;
  }
  blinks |= outer;
}

/** Right panel during play: status, Murphy, the active seat, frustration bars, reroll-window votes. */
function drawSeats(): void {
  const s = game;
  const ui = table;
  const seats = seatOf;
  const F = L;
  const cells = K;
  let q = STATUS_ROWS.indexOf(s.phase);
  if (q >= 0) F[cells[CELL_AT.status + q]] = C.cyan;
  q = seats[s.murphy];
  if (q >= 0) F[cells[CELL_AT.seat_murphy + q]] = C.blue;
  q = seats[s.active];
  if (q >= 0) F[cells[CELL_AT.seat_active + q]] = C.white;
  const P = s.players;
  let p = P.length;
  while (p--) {
    let n = P[p].frustrations;
    if (n > 0 && seats[p] >= 0) {
      // A bar of n from the bottom; more than the bar shows: its top LED blinks.
      q = CELL_AT.seat_frustrations + seats[p] * 5;
      if (n > 5) {
        blinks |= 1;
        n = slow ? 5 : 4;
      }
      while (n--) F[cells[q + n]] = C.red;
    }
  }
  if (s.phase === WINDOW) {
    const can = possibleFrustraters(s);
    for (let i = 0; i < can.length; i++) {
      q = seats[can[i]];
      if (q >= 0) F[cells[CELL_AT.seat_vote + q]] = C.dim;
    }
    for (let i = 0; i < ui.votes.length; i++) {
      q = seats[ui.votes[i]];
      if (q >= 0) F[cells[CELL_AT.seat_vote + q]] = C.red;
    }
  }
  if (erring && ui.errSeat >= 0 && ui.errSeat < 7 && fast) F[cells[CELL_AT.seat_vote + ui.errSeat]] = C.orange;
}

/** Right panel at game over: status, Murphy, rank bars, the non-losers blinking. */
function drawStandings(): void {
  const s = game;
  const seats = seatOf;
  const F = L;
  const cells = K;
  F[cells[CELL_AT.status + 6]] = C.cyan;
  let q = seats[s.murphy];
  if (q >= 0) F[cells[CELL_AT.seat_murphy + q]] = C.blue;
  const scores = s.scores || [];
  for (let p = 0; p < s.players.length; p++) {
    let rank = 0;
    for (let r = 0; r < scores.length; r++) if (scores[r] > scores[p]) rank++;
    q = seats[p];
    if (q >= 0) for (let k = 0; k < 5 - rank; k++) F[cells[CELL_AT.final_rank + q * 5 + k]] = C.green;
  }
  const w = s.winners || [];
  if (w.length) blinks |= 1;
  if (slow) {
    for (let i = 0; i < w.length; i++) {
      q = seats[w[i]];
      if (q >= 0) F[cells[CELL_AT.final_standing + q]] = C.yellow;
    }
  }
}

/** Left panel while a throw is entered: dice due and entered, the faces as a histogram. */
function drawEntry(): void {
  const ui = table;
  const F = L;
  const cells = K;
  const entry = ui.entry;
  let n = entry.length > 7 ? 7 : entry.length;
  // Dim: dice still due; lit (blinking while correcting): dice entered.
  let k = ui.correcting ? 7 : diceDue(game);
  if (k > 7) k = 7;
  while (k > n) F[cells[CELL_AT.entry_dice + --k]] = C.dim;
  if (ui.correcting) blinks |= 1;
  const entered = ui.correcting && !slow ? C.off : C.white;
  while (n--) F[cells[CELL_AT.entry_dice + n]] = entered;
  const h = perFace;
  h.fill(0);
  for (let i = 0; i < entry.length; i++) {
    const fi = entry[i] === 'R' ? 5 : (entry[i] as number) - 3;
    F[cells[CELL_AT.entry_histogram + fi * 7 + h[fi]++]] = fi === 5 ? C.magenta : C.green;
  }
  if (erring && fast) for (let i = 0; i < 8; i++) F[cells[CELL_AT.entry_error + i]] = C.red;
}

/** Left panel otherwise: target, dice on the board, frustrations, markers, countdown. */
function drawTable(now: number): void {
  const s = game;
  const ui = table;
  const seats = seatOf;
  const F = L;
  const cells = K;
  const T = s.turn;
  let q: number;
  if (T.target !== null) {
    q = T.target - 3;
    if (q >= 0 && q < 5) F[cells[CELL_AT.target + q]] = C.yellow;
  } else if (T.first_faces) {
    // Choosing the target: the rolled numbers glow dim, each a possible choice.
    blinks |= 1;
    const c = slow ? C.yellow : C.dim;
    const faces = T.first_faces;
    for (let v = 0; v < 5; v++) if (faces.indexOf(v + 3) >= 0) F[cells[CELL_AT.target + v]] = c;
  }
  let n = T.targets;
  if (n > 7) n = 7;
  while (n > 0) F[cells[CELL_AT.dice + --n]] = C.green;
  n = T.ravens;
  if (n > 0) {
    blinks |= 1;
    const c = slow ? C.magenta : C.off;
    if (n > 7) n = 7;
    while (n > 0) F[cells[CELL_AT.dice + 7 - n--]] = c;
  }
  for (let i = 0; i < T.frustraters.length; i++) {
    q = seats[T.frustraters[i]];
    if (q >= 0) F[cells[CELL_AT.board_frustrations + q]] = C.red;
  }
  const M = s.middle;
  for (let v = 0; v < 5; v++) {
    n = M[v];
    if (n > 3) n = 3;
    while (n > 0) F[cells[CELL_AT.middle + v * 3 + --n]] = C.white;
  }
  const B = s.box;
  n = B[0] + B[1] + B[2] + B[3] + B[4];
  if (n > 0) {
    let c = C.dim;
    if (n > 3) {
      blinks |= 1;
      if (!slow) c = C.off;
      n = 3;
    }
    while (n > 0) F[cells[CELL_AT.box + --n]] = c;
  }
  if (ui.deadline > 0) {
    const span = ui.span || 1;
    n = Math.ceil(((ui.deadline - now) * 8) / span);
    // The bar loses its next LED when the time left drops to (n - 1) eighths of the window.
    if (n > 0) until = Math.min(until, ui.deadline - ((n - 1) * span) / 8);
    if (n > 8) n = 8;
    while (n > 0) F[cells[CELL_AT.countdown + 8 - n--]] = C.orange;
  }
}
