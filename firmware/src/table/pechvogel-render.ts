/**
 * Draws the Pechvogel table on the LED board by region (hardware/led-layout.ts). Every item
 * reads without colour: position says what it is, blink patterns say its state.
 *
 * This runs on every button press, and Espruino re-reads the source of every statement it runs
 * (and of every block it skips) and looks names up by walking lists, so statements are few and
 * cheap. It draws into a logical buffer where every region has slots of its own
 * (firmware/build/pechvogel-cells.ts): a cell is a constant index, and a bar (markers,
 * frustrations, the countdown, ...) is one Float64 write of a ready-made 8-byte pattern. The
 * buffer is kept between frames and a region is redrawn only when its inputs changed; one
 * E.mapInPlace through the view's gather table puts the cells in row-major order when any changed.
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
 * Blink phases (hardware/led-board.ts BLINK): slow = 1000 ms period, fast = 400 ms, half on;
 * the attract sweep steps every 300 ms.
 */
const enum Ms {
  slow = 1000,
  fast = 400,
  sweep = 300,
  halfSlow = 500,
  halfFast = 200,
}

/**
 * Float64 patterns after the regions' slots and the always-off slot: pattern (n, group) at
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
/** The regions' slots, an always-off slot, then the patterns. */
const V = new Uint8Array((__DT_BUILD__.patterns + 9 * 6) * 8);
const D = new Float64Array(V.buffer);
/** Seven all-off slots (the off slot and the empty patterns) to clear up to seven slots in one write. */
const Z = new Float64Array(V.buffer, __DT_BUILD__.logical, 7);
/** Per view, the logical cell of each LED in row-major order. */
const TABLE = bytes(__DT_BUILD__.gather);
const ENTRY = bytes(__DT_BUILD__.gatherEntry);
(function () {
  const colour = [C.red, C.green, C.white, C.magenta, C.dim, C.orange];
  V.fill(C.off);
  for (let n = 1; n < 9; n++) for (let g = 0; g < 6; g++) for (let k = 0; k < n; k++) V[(__DT_BUILD__.patterns + n * 6 + g) * 8 + (g === Pat.right ? 7 - k : k)] = colour[g];
})();

/**
 * The status column's rows, top to bottom (hardware/led-layout.ts PECHVOGEL_STATUS), by phase: a
 * look-up costs ~14 k less than an indexOf call (a phase not there draws no row).
 */
const STATUS_ROW: Record<string, number> = {};
[FIRST, TARGET, THROW, WINDOW, REROLL, MARKER, OVER].forEach((p, i) => (STATUS_ROW[p] = i));

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

/*
 * What the logical buffer shows: each region is redrawn only when what it shows changed. The
 * engine is copy-on-write (a step returns new state and turn objects; players, middle, box, ... are
 * the same objects unless the step changed them), so identity is an exact change test. A region
 * that blinks keeps the blink phase it was drawn in (1 on, 2 off; 0 = it does not blink). Keys are
 * objects or numbers, never typed arrays: Espruino compares typed arrays by their contents.
 */
/** Seat map and frame drawn with (null: redraw everything), state, turn, players, middle, box, votes (and their count). */
let lSeats: number[] | null = null;
let lF: Frame | null = null;
let lS: unknown = null;
let lT: unknown = null;
let lP: unknown = null;
let lM: unknown = null;
let lB: unknown = null;
let lV: unknown = null;
/** The number of votes drawn, plus 16 × the steal victim drawn (player index, -1 none): one key, no new global to walk past. */
let lVn = -1;
/** Error key (0 none; on/off phase and seat), countdown bar, attract sweep step (-1 none), lit status row. */
let lE = -1;
let lN = -1;
let lA = -2;
let lQ = -1;
/** The votes were drawn in a reroll window (they depend on the state then). */
let lW = false;
/** Blink phase of the seat bars, the turn regions, the box (0: not blinking). */
let pP = 0;
let pT = 0;
let pB = 0;
/** The view the frame's LEDs show as last gathered (1 table, 2 entry; 0: gather again). */
let lG = 0;

/**
 * Forgets what the LEDs show: the next frame is drawn whole. For a new or loaded game, and
 * whenever something else drew on the frame (self-test, the staff marker).
 */
export function invalidatePechvogel(): void {
  lSeats = null;
  lS = null;
}

/**
 * Draws state `s` and table `ui` at board time `now`; `seats` as drawableSeats gives them (a new
 * array for every new seat map). Returns the time at which the picture changes next by itself (a
 * blink phase, the countdown, the end of an error; Infinity if never), so the app redraws only
 * then. Only regions whose inputs changed since the last frame are drawn again, and the LEDs are
 * gathered only when a region's cells changed (see above); state objects must never change in
 * place (the engine's do not). Anything else drawing on `f` calls invalidatePechvogel().
 */
export function renderPechvogel(f: Frame, s: PvState | null, ui: PvUi, seats: number[], now: number, attract: boolean): number {
  const ph = now % Ms.slow < Ms.halfSlow ? 1 : 2;
  /** Looks in this frame that blink: 1 slow, 2 fast (an error). */
  let b = 0;
  /** View: 1 table, 2 entry, 3 set-up. */
  let g = 1;
  let n: number;
  until = Infinity;
  /** An error shows: its fast blink's phase (2 on) and seat, as a change key. */
  let e = 0;
  if (ui.err !== '' && now < ui.errUntil) {
    b = 2;
    until = ui.errUntil;
    e = (now % Ms.fast < Ms.halfFast ? 2 : 1) + ui.errSeat * 4 + 4;
  }
  if (ui.mode === 'setup' || !s) {
    if (lS !== ui) {
      // Set-up draws few regions: everything else is cleared once.
      for (n = 0; n < __DT_BUILD__.offSlot; n += 7) D.set(Z, n < __DT_BUILD__.offSlot - 7 ? n : __DT_BUILD__.offSlot - 7);
      f.chainLed = -1;
      lS = ui;
      lSeats = null;
    }
    b |= drawSetup(ui, ph, e);
    // Gathered every frame (lG 0), as the table view (3: the attract sweep's too).
    g = 3;
    lG = 0;
  } else {
    if (seats !== lSeats || f !== lF || s.phase === OVER) {
      // Everything again (game over: every frame, it is shown rarely).
      lSeats = seats;
      lF = f;
      lS = lT = lP = lM = lB = lV = null;
      lG = 0;
      lE = lN = lA = lQ = -1;
      D[SLOT_AT.status] = D[__DT_BUILD__.offSlot];
      f.chainLed = -1;
    }
    if (s !== lS || (pP && pP !== ph)) {
      // Most steps leave the right panel as it is: drawStep only when what it draws may differ
      // (lS, the last state, matches what drawStep drew in phase, seat and Murphy; in a reroll
      // window the votes depend on the whole state, and blinking bars are drawn by drawStep).
      if (s.players !== lP || s.phase !== (lS as PvState).phase || s.active !== (lS as PvState).active || s.murphy !== (lS as PvState).murphy || lW || pP) b |= drawStep(s, seats, ph);
      else lS = s;
    }
    if (e !== lE || ui.votes !== lV || ui.votes.length + ui.victim * 16 !== lVn) drawVotes(s, ui, seats, e);
    // A throw being entered, or a virtual roll shown (a first throw's until its target is chosen).
    if (ui.entry.length > 0 || ui.correcting || (ui.rollUntil && (ui.rollUntil > now || s.phase === TARGET))) {
      if (ui.rollUntil > now && ui.rollUntil < until) until = ui.rollUntil;
      g = 2;
      b |= drawEntry(s, ui, ph, e) | (pP ? 1 : 0);
    } else {
      n = attract ? Math.floor(now / Ms.sweep) % 7 : -1;
      if (s.turn !== lT || n !== lA || (pT && pT !== ph)) drawTurn(s, seats, ph, n);
      if (s.middle !== lM || s.box !== lB || (pB && pB !== ph)) drawMiddle(s, ph);
      n = 0;
      if (ui.deadline > 0) {
        const q = ui.span || 1;
        n = Math.ceil(((ui.deadline - now) * 8) / q);
        // The bar loses its next LED when the time left drops to (n - 1) eighths of the window.
        if (n > 0) until = Math.min(until, ui.deadline - ((n - 1) * q) / 8);
        n = n > 8 ? 8 : n > 0 ? n : 0;
      }
      if (n !== lN) {
        D[SLOT_AT.countdown] = D[__DT_BUILD__.patterns + n * 6 + Pat.right];
        lN = n;
        lG = 0;
      }
      if (pP + pT + pB) b |= 1;
    }
  }
  if (attract) until = Math.min(until, now - (now % Ms.sweep) + Ms.sweep);
  if (g !== lG) E.mapInPlace(g === 2 ? ENTRY : TABLE, f.leds, V);
  if (attract && g > 1) {
    // The sweep under the entry, or over an idle set-up: where it leaves its LED dark (on the LEDs
    // only: gather again next time).
    n = __DT_BUILD__.sweep.charCodeAt(Math.floor(now / Ms.sweep) % 7);
    if (f.leds[n] === C.off) f.leds[n] = C.yellow;
    g = 0;
  }
  lG = g;
  // Redraw at the next phase flip of what blinks, or at `until` if that comes first.
  // (A compare, not Math.min: a native call costs ~6 k more.)
  b = b & 2 ? Ms.halfFast : b ? Ms.halfSlow : 0;
  return b && (n = now - (now % b) + b) < until ? n : until;
}

/**
 * What a step changes on the right panel: the seat bars (when the players changed), the status
 * row, Murphy and the active seat; at game over the non-losers blinking (returns 1 then if any
 * blink). Marks the votes for redrawing in a reroll window (they depend on the state there).
 */
function drawStep(s: PvState, seats: number[], ph: number): number {
  const v = V;
  const d = D;
  let q = STATUS_ROW[s.phase];
  lS = s;
  if (s.players !== lP || (pP && pP !== ph)) drawBars(s, seats, ph);
  if (s.phase === WINDOW || lW) lE = -1;
  if (q !== lQ) {
    if (lQ >= 0) v[CELL_AT.status + lQ] = C.off;
    if (q >= 0) v[CELL_AT.status + q] = C.cyan;
    lQ = q;
    lG = 0;
  }
  const x = d[SLOT_AT.seat_active];
  const y = d[SLOT_AT.seat_murphy];
  d[SLOT_AT.seat_active] = d[SLOT_AT.seat_murphy] = d[__DT_BUILD__.offSlot];
  q = seats[s.murphy];
  if (q >= 0) v[CELL_AT.seat_murphy + q] = C.blue;
  q = 0;
  if (s.phase === OVER) {
    const w = s.winners || [];
    if (ph === 1) {
      for (let i = 0; i < w.length; i++) {
        const k = seats[w[i]];
        if (k >= 0) v[CELL_AT.final_standing + k] = C.yellow;
      }
    }
    q = w.length ? 1 : 0;
  } else {
    q = seats[s.active];
    if (q >= 0) v[CELL_AT.seat_active + q] = C.white;
    q = 0;
  }
  // Patterns of colour letters are never NaN: a cell that changed changes its slot's value.
  if (x !== d[SLOT_AT.seat_active] || y !== d[SLOT_AT.seat_murphy]) lG = 0;
  return q;
}

/**
 * Reroll-window votes (who may frustrate, who voted), in the marker step the seat chosen to steal
 * from, and the error: attention row lit in its on phase, the refused seat.
 */
function drawVotes(s: PvState, ui: PvUi, seats: number[], e: number): void {
  const v = V;
  const x = D[SLOT_AT.seat_vote];
  const y = v[CELL_AT.status + 7];
  // (A victim below -1 is the board's own steal's, -2 - index, while it waits: drawn alike.)
  let q = seats[ui.victim < -1 ? -2 - ui.victim : ui.victim];
  lE = e;
  lV = ui.votes;
  lVn = ui.votes.length + ui.victim * 16;
  lW = s.phase === WINDOW;
  D[SLOT_AT.seat_vote] = D[__DT_BUILD__.offSlot];
  v[CELL_AT.status + 7] = e & 2 ? C.red : C.off;
  if (lW) {
    const can = possibleFrustraters(s);
    for (let i = 0; i < can.length; i++) {
      q = seats[can[i]];
      if (q >= 0) v[CELL_AT.seat_vote + q] = C.dim;
    }
    for (let i = 0; i < ui.votes.length; i++) {
      q = seats[ui.votes[i]];
      if (q >= 0) v[CELL_AT.seat_vote + q] = C.red;
    }
  } else if (q >= 0) v[CELL_AT.seat_vote + q] = C.red;
  // (Not at game over: the table view shows this row then, empty.)
  if (e & 2 && ui.errSeat >= 0 && ui.errSeat < 7 && s.phase !== OVER) v[CELL_AT.seat_vote + ui.errSeat] = C.orange;
  if (x !== D[SLOT_AT.seat_vote] || y !== v[CELL_AT.status + 7]) lG = 0;
}

/** Seat bars: frustrations during play (more than 5: the top LED blinks), the ranks at game over. */
function drawBars(s: PvState, seats: number[], ph: number): void {
  const pl = s.players;
  let q: number;
  let n: number;
  D.set(Z, SLOT_AT.seat_frustrations);
  lP = pl;
  lG = 0;
  pP = 0;
  if (s.phase === OVER) {
    const scores = s.scores || [];
    for (let p = 0; p < pl.length; p++) {
      let rank = 0;
      for (let r = 0; r < scores.length; r++) if (scores[r] > scores[p]) rank++;
      q = seats[p];
      if (q >= 0 && rank < 5) D[SLOT_AT.final_rank + q] = D[__DT_BUILD__.patterns + (5 - rank) * 6 + Pat.green];
    }
    return;
  }
  for (let i = pl.length; i--; ) {
    n = pl[i].frustrations;
    q = seats[i];
    if (n > 0 && q >= 0) {
      // A bar of n from the bottom; more than the bar shows: its top LED blinks.
      if (n > 5) {
        pP = ph;
        n = ph === 1 ? 5 : 4;
      }
      D[SLOT_AT.seat_frustrations + q] = D[__DT_BUILD__.patterns + n * 6];
    }
  }
}

/** Left panel while a throw is entered: dice due (dim) and entered (lit, blinking while correcting), the faces as a histogram. */
function drawEntry(s: PvState, ui: PvUi, ph: number, e: number): number {
  const v = V;
  // Nothing entered: the virtual roll shown (its dice all lit).
  const en = ui.entry.length || ui.correcting ? ui.entry : ui.rolled;
  let n = en.length > 7 ? 7 : en.length;
  // A correction has as many dice as the throw it replaces: the turn's last throw, 7 for a first
  // throw (the target not chosen yet), else (one that ended the last turn) those due before it,
  // a call only then (~45 k).
  let q = en === ui.rolled ? n : ui.correcting ? (s.turn.last ? s.turn.last.n : s.turn.first_faces ? 7 : diceDue(s.undo || s)) : diceDue(s);
  if (q > 7) q = 7;
  D.set(Z, SLOT_AT.entry_histogram);
  // Dim to the dice due, then the first n entered.
  D[SLOT_AT.entry_dice] = D[__DT_BUILD__.patterns + (q > n ? q : n) * 6 + Pat.dim];
  q = ui.correcting && ph === 2 ? C.off : C.white;
  while (n--) v[CELL_AT.entry_dice + n] = q;
  // The pad byte after each histogram column (cleared to C.off) counts its entered dice.
  for (n = 0; n < en.length; n++) {
    q = CELL_AT.entry_histogram + (en[n] === 'R' ? 40 : ((en[n] as number) - 3) * 8);
    v[q + v[q + 7]++ - C.off] = q === CELL_AT.entry_histogram + 40 ? C.magenta : C.green;
  }
  D[SLOT_AT.entry_error] = D[__DT_BUILD__.patterns + (e & 2 ? 8 * 6 : 0)];
  lG = 0;
  return ui.correcting ? 1 : 0;
}

/** The turn on the left panel: target, dice on the board (and the attract sweep at step `a`), frustrations this turn. */
function drawTurn(s: PvState, seats: number[], ph: number, a: number): void {
  const v = V;
  const d = D;
  const T = s.turn;
  let q: number;
  let n = T.target as number;
  const x = d[SLOT_AT.target];
  const y = d[SLOT_AT.dice];
  const z = d[SLOT_AT.board_frustrations];
  lT = T;
  lA = a;
  pT = 0;
  d[SLOT_AT.target] = d[SLOT_AT.board_frustrations] = d[__DT_BUILD__.offSlot];
  if (n !== null) {
    n -= 3;
    if (n >= 0 && n < 5) v[CELL_AT.target + n] = C.yellow;
  } else if (T.first_faces) {
    // Choosing the target: the rolled numbers glow dim, each a possible choice.
    pT = ph;
    q = ph === 1 ? C.yellow : C.dim;
    // Unrolled: a loop costs more than its five calls here.
    const F = T.first_faces;
    if (F.indexOf(3) >= 0) v[CELL_AT.target] = q;
    if (F.indexOf(4) >= 0) v[CELL_AT.target + 1] = q;
    if (F.indexOf(5) >= 0) v[CELL_AT.target + 2] = q;
    if (F.indexOf(6) >= 0) v[CELL_AT.target + 3] = q;
    if (F.indexOf(7) >= 0) v[CELL_AT.target + 4] = q;
  }
  n = T.targets;
  d[SLOT_AT.dice] = d[__DT_BUILD__.patterns + (n > 7 ? 7 : n) * 6 + Pat.green];
  // Idle: a slow sweep along the dice row invites the next table, the game stays underneath.
  if (a >= 0 && v[CELL_AT.dice + a] === C.off) v[CELL_AT.dice + a] = C.yellow;
  n = T.ravens;
  if (n > 0) {
    pT = ph;
    q = ph === 1 ? C.magenta : C.off;
    if (n > 7) n = 7;
    while (n > 0) v[CELL_AT.dice + 7 - n--] = q;
  }
  for (n = 0; n < T.frustraters.length; n++) {
    q = seats[T.frustraters[n]];
    if (q >= 0) v[CELL_AT.board_frustrations + q] = C.red;
  }
  // A new turn object may look the same (a correction with the same faces).
  if (x !== d[SLOT_AT.target] || y !== d[SLOT_AT.dice] || z !== d[SLOT_AT.board_frustrations]) lG = 0;
}

/** Markers in the middle and in the box (more than 3: all three blink). */
function drawMiddle(s: PvState, ph: number): void {
  const d = D;
  let M = s.middle;
  lM = M;
  lB = s.box;
  lG = 0;
  d[SLOT_AT.middle] = d[__DT_BUILD__.patterns + M[0] * 6 + Pat.white];
  d[SLOT_AT.middle + 1] = d[__DT_BUILD__.patterns + M[1] * 6 + Pat.white];
  d[SLOT_AT.middle + 2] = d[__DT_BUILD__.patterns + M[2] * 6 + Pat.white];
  d[SLOT_AT.middle + 3] = d[__DT_BUILD__.patterns + M[3] * 6 + Pat.white];
  d[SLOT_AT.middle + 4] = d[__DT_BUILD__.patterns + M[4] * 6 + Pat.white];
  M = s.box;
  let n = M[0] + M[1] + M[2] + M[3] + M[4];
  pB = 0;
  if (n > 3) {
    pB = ph;
    n = ph === 1 ? 3 : 0;
  }
  d[SLOT_AT.box] = d[__DT_BUILD__.patterns + n * 6 + Pat.dim];
}

/** Set-up: seats that joined are lit, the start seat blinks; K1..K3 options on the target row. */
function drawSetup(ui: PvUi, ph: number, e: number): number {
  const v = V;
  D[SLOT_AT.status] = D[SLOT_AT.seat_active] = D[SLOT_AT.target] = D[__DT_BUILD__.offSlot];
  if (e & 2) v[CELL_AT.status + 7] = C.red;
  // The start seat blinks: the one chosen, else the first seat in (the default).
  const st = ui.startSeat >= 0 ? ui.startSeat : ui.seatsIn.indexOf(true);
  for (let i = 0; i < 7; i++) if (ui.seatsIn[i]) v[CELL_AT.seat_active + i] = i === st && ph === 2 ? C.off : C.white;
  if (ui.virtual) v[CELL_AT.target] = C.cyan;
  if (ui.immune) v[CELL_AT.target + 1] = C.cyan;
  if (ui.stealOnly) v[CELL_AT.target + 2] = C.cyan;
  if (ph === 1) v[CELL_AT.status + 7] = C.yellow;
  return 1;
}
