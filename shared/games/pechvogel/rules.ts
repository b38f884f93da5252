/**
 * Pechvogel rules as a pure step function (../shared/docs/RULES.md §3.3, rulings R-PV-01…22).
 * apply() works on a private copy and returns it, or a coded error and no state at all,
 * so a refused action can never leave a half-changed state behind.
 */
import type { Action, Effect, RuleError, StepResult } from '../../engine/types';
import { fail, ruleError } from '../../engine/result';
import { randomBelow } from '../../engine/rng';
import type { Face, PvPlayer, PvState, PvThrow } from './types';
import { emptyTurn } from './turn';
import { FIRST, MARKER, OVER, REROLL, TARGET, THROW, WINDOW } from './phases';

/** The six faces of a Pechvogel die, in the order a virtual roll draws them. */
export const FACES: Face[] = [3, 4, 5, 6, 7, 'R'];

// Reroll kinds, also stored in the state (turn.reroll_by, last.by); constants minify shorter.
const REDUCE = 'reduce';
const FRUSTRATE = 'frustrate';

/**
 * Copy-on-write: a step copies the top level and the turn (unless it only reads it or replaces
 * it, see applyPechvogel); players, their markers and the
 * middle, box and generator arrays are copied just before they change (own(), slice()). The
 * old state shares the rest and is never written, which keeps it intact; a deep copy (JSON) costs
 * several times more on Espruino. `owned`: bit i = player i copied, 128 = the players list.
 */
let owned = 0;

function own(s: PvState, i: number): PvPlayer {
  if (!(owned & 128)) s.players = s.players.slice();
  if (!(owned & (1 << i))) s.players[i] = Object.assign({}, s.players[i]);
  owned |= 128 | (1 << i);
  return s.players[i];
}

function seatOf(s: PvState, name: unknown): number {
  for (let i = 0; i < s.players.length; i++) if (s.players[i].name === name) return i;
  return -1;
}

/**
 * Die faces by themselves: DIE[f] === f only for 3-7 and 'R' (not for '3', 3.5, NaN, [3], …);
 * `undefined` has a key of its own, or a missing face would pass as a blank.
 */
const DIE: Record<string, unknown> = { 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, R: 'R', undefined: 0 };

/** Dice the active player must throw now, or 0 when no throw is accepted. */
export function diceDue(s: PvState): number {
  const T = s.turn;
  if (s.phase === FIRST) return 7;
  if (s.phase === REROLL) return T.reroll;
  if (s.phase === THROW || (s.phase === WINDOW && T.last && !T.last.ends)) return 7 - T.targets - T.ravens;
  return 0;
}

function eligible(L: PvThrow | null): boolean {
  return !!L && !L.first && !L.greedy && !L.empty;
}

/** Seats that could frustrate the last throw right now (R-PV-02, R-PV-06b, R-PV-16). */
export function possibleFrustraters(s: PvState): number[] {
  const T = s.turn;
  const out: number[] = [];
  if (!eligible(T.last) || T.frustrate_used) return out;
  if (s.config.reduce_reroll_immune_to_frustrate && (T.last as PvThrow).by === REDUCE) return out;
  for (let i = 0; i < s.players.length; i++) if (i !== s.active && s.players[i].frustrations > 0) out.push(i);
  return out;
}

export function canReduce(s: PvState): boolean {
  const T = s.turn;
  return eligible(T.last) && !T.reduce_used && s.players[s.active].frustrations > 0;
}

/** Whether the marker step offers anything: the middle and/or an opponent holding the value (R-PV-08, R-PV-22). */
export function markerOptions(s: PvState): { take: boolean; stealFrom: number[] } {
  const v = s.turn.target;
  const res = { take: false, stealFrom: [] as number[] };
  if (v === null) return res;
  res.take = s.middle[v - 3] > 0;
  if (s.config.steal_only_if_middle_lacks_value && res.take) return res;
  for (let i = 0; i < s.players.length; i++) {
    if (i !== s.active && s.players[i].markers.indexOf(v) >= 0) res.stealFrom.push(i);
  }
  return res;
}

/**
 * R-PV-22: the marker action when it is the only one possible (taking from the middle, or
 * stealing from the one opponent with the only box value), null when the player has a choice.
 * The board makes it by itself; a host planning ahead of the board predicts it with this.
 */
export function onlyMarkerAction(s: PvState): Action | null {
  // markerOptions() written out, without its object and list (the board decides this at every turn end).
  const v = s.turn.target;
  if (v === null) return null;
  const take = s.middle[v - 3] > 0;
  // The one opponent holding the value (-1 none); a second one, or one beside the middle: a choice.
  let from = -1;
  if (!(take && s.config.steal_only_if_middle_lacks_value)) {
    for (let i = s.players.length; i--; ) {
      if (i !== s.active && s.players[i].markers.indexOf(v) >= 0) {
        if (take || from >= 0) return null;
        from = i;
      }
    }
  }
  if (take) return { do: 'take_marker' };
  if (from < 0) return null;
  let only = -1;
  for (let k = 0; k < 5; k++) if (s.middle[k] > 0) only = only === -1 ? k + 3 : 0;
  return only > 0 ? { do: 'steal', from: s.players[from].name, return_to_box: only } : null;
}

export function scoreOf(s: PvState, seat: number): number {
  const p = s.players[seat];
  let sum = 0;
  for (let i = 0; i < p.markers.length; i++) sum += p.markers[i];
  return sum - (s.murphy === seat ? 7 : 3) * p.frustrations;
}

/** RESOLVE_TURN: frustrations, Murphy, cleanup, game end (R-PV-07, R-PV-10, R-PV-20, R-PV-21). */
function resolveTurn(s: PvState, fx: Effect[], got: number | null): void {
  const T = s.turn;
  const act = own(s, s.active);
  const before = act.frustrations;
  if (T.ravens >= 3) {
    act.frustrations += T.frustraters.length || 1;
  } else {
    for (let i = 0; i < T.frustraters.length; i++) {
      // Own frustration back, plus one from the active player while they have any, else from the
      // supply (R-PV-20). Of unknown origin (-1, a scenario's start): the active player still pays.
      if (T.frustraters[i] >= 0) own(s, T.frustraters[i]).frustrations += 2;
      if (act.frustrations > 0) act.frustrations--;
    }
  }
  const greedy = T.targets >= 5 || T.ravens >= 4;
  if (greedy) s.murphy = s.active;
  fx.push({ type: 'turn_end', seat: s.active, marker: got, frustrations: act.frustrations - before, murphy: greedy });
  s.turn = emptyTurn();
  // Counts are whole numbers ≥ 0: the middle is empty when they read 00000.
  if (s.middle.join('') === '00000') gameOver(s, fx);
  else {
    s.active = (s.active + 1) % s.players.length;
    s.phase = FIRST;
  }
}

/** Out of resolveTurn: its locals and code would cost every turn end on Espruino. */
export function gameOver(s: PvState, fx: Effect[]): void {
  s.phase = OVER;
  const scores: number[] = [];
  const winners: number[] = [];
  for (let i = 0; i < s.players.length; i++) scores.push(scoreOf(s, i));
  const best = Math.max.apply(null, scores);
  for (let i = 0; i < scores.length; i++) if (scores[i] === best) winners.push(i);
  s.scores = scores;
  s.winners = winners;
  fx.push({ type: 'game_over', winners: winners });
}

/**
 * The turn ends: ask for the marker if there is a choice to make, else resolve at once. The
 * choice is markerOptions().take || stealFrom.length > 0, the middle or an opponent holding the
 * value, without building its arrays (steal_only_if_middle_lacks_value only matters with the middle).
 */
function endTurn(s: PvState, fx: Effect[]): void {
  const v = s.turn.target as number;
  let i = -1;
  if (s.turn.targets >= 4) {
    if (s.middle[v - 3] > 0) i = 0;
    else for (i = s.players.length; i-- && (i === s.active || s.players[i].markers.indexOf(v) < 0); );
  }
  if (i < 0) resolveTurn(s, fx, null);
  else s.phase = MARKER;
}

/** WINDOW_OR_CONTINUE (R-PV-13): open the reroll window only if someone can actually reroll (canReduce, possibleFrustraters). */
function afterThrow(s: PvState, fx: Effect[]): void {
  const T = s.turn;
  const L = T.last as PvThrow;
  let i = -1;
  if (!L.first && !L.greedy && !L.empty) {
    if (!T.reduce_used && s.players[s.active].frustrations > 0) i = 0;
    else if (!T.frustrate_used && !(s.config.reduce_reroll_immune_to_frustrate && L.by === REDUCE)) {
      for (i = s.players.length; i-- && (i === s.active || !(s.players[i].frustrations > 0)); );
    }
  }
  if (i >= 0) {
    s.phase = WINDOW;
    fx.push({ type: 'window' });
  } else if (L.ends) {
    endTurn(s, fx);
  } else {
    s.phase = THROW;
  }
}

/** R-PV-03: seven ravens, no number to choose; greedy, Murphy and one from the supply. */
function sevenRavens(s: PvState, fx: Effect[]): void {
  s.turn.ravens += 7;
  s.turn.last = { n: 7, t: 0, r: 7, first: true, greedy: true, empty: false, ends: true, by: null };
  endTurn(s, fx);
}

/**
 * Espruino lexes the code a step skips (untaken branches, the rest of a function after its
 * return), so rare branches here are calls and the first throw's path comes early.
 */
function doThrow(s: PvState, a: Action, fx: Effect[]): RuleError | null {
  const faces = a.faces;
  const T = s.turn;
  // Dice due now (diceDue() written out: a call costs Espruino more). None while the target is
  // chosen, in the marker step, at game over, and in a window after a throw that ended the turn
  // (R-PV-13: only a window that leaves the turn going takes a throw as pass): the conventions' code
  // for a throw, as for a wrong count.
  let i = s.phase === FIRST ? 7 : s.phase === REROLL ? T.reroll : s.phase === THROW || (s.phase === WINDOW && !(T.last as PvThrow).ends) ? 7 - T.targets - T.ravens : 0;
  if (!i) return ruleError('wrong_dice_count', 'no throw now');
  // The count before the faces; no list of faces is a wrong count too.
  if (!Array.isArray(faces) || faces.length !== i) return ruleError('wrong_dice_count', i + ' due');
  // One pass over the faces (a loop step costs ~30k instructions on Espruino, so validating and
  // counting share it, with one table look-up for the check): k = ravens << 4 | dice showing the
  // target, bad = the first face that is no die face.
  let k = 0;
  let bad = -1;
  let f: unknown;
  const v = T.target;
  while (i--) DIE[(f = faces[i]) as string] !== f ? (bad = i) : f === 'R' ? (k += 16) : f === v && k++;
  if (bad >= 0) return ruleError('wrong_dice_count', faces[bad]);
  if (s.phase === FIRST) {
    if (k >> 4 === 7) sevenRavens(s, fx);
    else {
      T.first_faces = faces.slice() as Face[];
      s.phase = TARGET;
    }
    return null;
  }
  // A throw in the window is a pass (R-PV-13).
  if (s.phase === WINDOW) s.phase = THROW;
  // Place the throw (written out here and in chooseTarget: a call costs Espruino more).
  T.targets += k & 15;
  T.ravens += k >> 4;
  T.last = {
    n: faces.length,
    t: k & 15,
    r: k >> 4,
    first: false,
    greedy: T.targets >= 5 || T.ravens >= 4,
    empty: !k,
    ends: T.targets >= 4 || T.ravens >= 3,
    by: s.phase === REROLL ? T.reroll_by : null,
  };
  T.reroll = 0;
  T.reroll_by = null;
  afterThrow(s, fx);
  return null;
}

function chooseTarget(s: PvState, a: Action, fx: Effect[]): RuleError | null {
  // Outside the target choice no number of the first throw is there to choose.
  if (s.phase !== TARGET) return ruleError('target_not_rolled');
  const value = a.value as number;
  // The first faces passed doThrow's check already: count them on their JSON text ('R' is no integer).
  const j = JSON.stringify(s.turn.first_faces);
  const t = (value | 0) === value ? j.split(value as never).length - 1 : 0;
  if (!t) return ruleError('target_not_rolled');
  const r = (j.length - 15) >> 1;
  const T = s.turn;
  T.target = value;
  T.first_faces = null;
  T.targets += t;
  T.ravens += r;
  T.last = {
    n: 7,
    t: t,
    r: r,
    first: true,
    greedy: T.targets >= 5 || T.ravens >= 4,
    empty: false,
    ends: T.targets >= 4 || T.ravens >= 3,
    by: null,
  };
  // afterThrow(): a first throw opens no window (R-PV-02).
  if (T.last.ends) endTurn(s, fx);
  else s.phase = THROW;
  return null;
}

/**
 * A reroll of kind `kind` paid by the seats `by` (the active seat when reducing; `bad`: a name in a
 * frustration's list that is no opponent): the reason it is refused now (condition order: see
 * README "Error precedence"), or null once it started.
 */
function reroll(s: PvState, kind: 'reduce' | 'frustrate', by: number[], bad: { v: unknown } | null): RuleError | null {
  const T = s.turn;
  const L = T.last as PvThrow;
  if (s.phase === TARGET || (L && L.first)) return ruleError('first_throw_not_rerollable');
  // No throw of this turn to reroll: none yet (a new turn, a mid-turn start, game over), or it is
  // being rerolled already.
  if (!L || s.phase === REROLL) return ruleError('window_closed');
  if (L.greedy) return ruleError('greedy_throw_not_rerollable');
  if (L.empty) return ruleError('empty_throw_not_rerollable');
  // The throw could be rerolled: reduce_already_used / frustrate_already_used; whether its window is
  // open (passed, or immune under R-PV-06b); then who is to pay for it.
  if (kind === REDUCE ? T.reduce_used : T.frustrate_used) return ruleError(kind + '_already_used');
  if (s.phase !== WINDOW || (kind === FRUSTRATE && s.config.reduce_reroll_immune_to_frustrate && L.by === REDUCE)) return ruleError('window_closed');
  if (bad) return ruleError('not_an_opponent', bad.v);
  // Frustrations go to the supply, never the board (on a refusal below, the copy is dropped).
  for (let i = 0; i < by.length; i++) {
    if (s.players[by[i]].frustrations < 1) return ruleError('no_frustration_to_spend', s.players[by[i]].name);
    own(s, by[i]).frustrations--;
  }
  if (kind === REDUCE) T.reduce_used = true;
  else T.frustrate_used = true;
  // R-PV-01: the whole last throw is picked up again, including what it placed.
  T.targets -= L.t;
  T.ravens -= L.r;
  T.reroll = L.n;
  T.reroll_by = kind;
  s.phase = REROLL;
  return null;
}

function reduce(s: PvState): RuleError | null {
  return reroll(s, REDUCE, [s.active], null);
}

function frustrate(s: PvState, a: Action): RuleError | null {
  // No list, or an empty one, names no opponent: refused where the names are checked.
  const by: unknown[] = Array.isArray(a.by) ? a.by : [];
  const seats: number[] = [];
  // The first name that is no opponent (-1: none); by[bad] may be anything an action carried.
  let bad = by.length ? -1 : 0;
  for (let i = 0; i < by.length && bad < 0; i++) {
    const seat = seatOf(s, by[i]);
    if (seat < 0 || seat === s.active || seats.indexOf(seat) >= 0) bad = i;
    else seats.push(seat);
  }
  const err = reroll(s, FRUSTRATE, seats, bad < 0 ? null : { v: by[bad] });
  if (!err) s.turn.frustraters = s.turn.frustraters.concat(seats);
  return err;
}

function pass(s: PvState, a: Action, fx: Effect[]): RuleError | null {
  if (s.phase !== WINDOW) return ruleError('window_closed');
  if ((s.turn.last as PvThrow).ends) endTurn(s, fx);
  else s.phase = THROW;
  return null;
}

function addMarker(s: PvState, v: number): void {
  const p = own(s, s.active);
  const m = (p.markers = p.markers.slice());
  let i = 0;
  while (i < m.length && m[i] <= v) i++;
  m.splice(i, 0, v);
}

function takeMarker(s: PvState, a: Action, fx: Effect[]): RuleError | null {
  // Outside the marker step there is no marker to take.
  if (s.phase !== MARKER || s.middle[(s.turn.target as number) - 3] < 1) return ruleError('marker_not_available');
  const v = s.turn.target as number;
  s.middle = s.middle.slice();
  s.middle[v - 3]--;
  addMarker(s, v);
  resolveTurn(s, fx, v);
  return null;
}

function steal(s: PvState, a: Action, fx: Effect[]): RuleError | null {
  const from = a.from;
  const ret = a.return_to_box;
  if (s.phase !== MARKER) return ruleError('marker_not_available');
  const v = s.turn.target as number;
  const seat = seatOf(s, from);
  if (seat < 0 || seat === s.active) return ruleError('not_an_opponent', from);
  if (s.config.steal_only_if_middle_lacks_value && s.middle[v - 3] > 0) {
    return ruleError('marker_not_available');
  }
  const idx = s.players[seat].markers.indexOf(v);
  if (idx < 0) return ruleError('marker_not_available', s.players[seat].name);
  // Negated so that a value with no slot (2, 8, 4.5: undefined) is refused too.
  if (typeof ret !== 'number' || !(s.middle[ret - 3] >= 1)) {
    return ruleError('return_marker_not_in_middle');
  }
  const p = own(s, seat);
  (p.markers = p.markers.slice()).splice(idx, 1);
  addMarker(s, v);
  (s.middle = s.middle.slice())[ret - 3]--;
  (s.box = s.box.slice())[ret - 3]++;
  resolveTurn(s, fx, v);
  return null;
}

function roll(s: PvState, a: Action, fx: Effect[]): RuleError | null {
  // Without virtual dice there is no such action (the table says why before it asks).
  if (!s.rng) return ruleError('invalid_event', 'roll: no virtual dice');
  const n = diceDue(s);
  if (!n) return ruleError('wrong_dice_count', 'no throw now');
  const faces: Face[] = [];
  const rng = (s.rng = s.rng.slice());
  for (let i = 0; i < n; i++) faces.push(FACES[randomBelow(rng, 6)]);
  fx.push({ type: 'rolled', faces: faces });
  return doThrow(s, { do: 'throw', faces: faces }, fx);
}

type Handler = (s: PvState, a: Action, fx: Effect[]) => RuleError | null;
/**
 * The Pechvogel actions, in dispatch order (a script's `expect act KIND` is checked against them
 * too). 'correct' (issue 2) is a throw again from the state before the last entered throw. Order
 * matters: below 2 the throws (they keep an undo state), below 6 the actions that write the turn.
 */
export const ACTIONS = ['correct', 'throw', 'roll', 'choose_target', 'reduce', 'frustrate', 'pass', 'take_marker', 'steal'];
const HANDLERS: Handler[] = [doThrow, doThrow, roll, chooseTarget, reduce, frustrate, pass, takeMarker, steal];

export function applyPechvogel(s0: PvState, a: Action): StepResult<PvState> {
  // After the game's end every action meets its own code (no dice due, no window, no marker).
  // A table, not a switch: Espruino reads a whole switch statement on every call.
  const i = ACTIONS.indexOf(a.do);
  // A logged correction of the last entered throw, allowed until the next decision.
  if (!(i || s0.undo)) return fail('nothing_to_correct');
  owned = 0;
  const s = Object.assign({}, i ? s0 : s0.undo);
  // pass, take_marker and steal only read the turn (or replace it at the turn end): it stays shared.
  if (i < 6) s.turn = Object.assign({}, s.turn);
  s.undo = null;
  s.n = s0.n + 1;
  const fx: Effect[] = [];
  const err = i < 0 ? ruleError('invalid_event', a.do) : HANDLERS[i](s, a, fx);
  if (err) return { ok: false, error: err };
  if (i < 2) {
    // Only entered dice can be mis-entered; keep what to go back to (without its own undo).
    if (!i) {
      fx.unshift({ type: 'corrected' });
      s0 = s0.undo as PvState;
    }
    s.undo = s0.undo ? Object.assign({}, s0, { undo: null }) : s0;
  }
  return { ok: true, state: s, effects: fx };
}
