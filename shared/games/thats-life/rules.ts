/**
 * That's Life! / Verflixxt! as a pure step function (../shared/docs/RULES.md §5.2, rulings
 * R-TL-01…11 and Variants 2–5). A step works on a copy and returns it, or a coded error.
 */
import type { Action, Effect, StepResult } from '../../engine/types';
import { fail } from '../../engine/result';
import { randomBelow } from '../../engine/rng';
import type { TlPlayer, TlState } from './types';
import { cardValue, isMinus, scoreCards } from './cards';

const START = 'start';
const FINISH = 'finish';
const BOX = 'box';

/** A piece: a figure ('Name#i', with its owner and index) or a guard ('G1'…'G8'). */
export interface Piece {
  guard: string | null;
  player: number;
  figure: number;
}

export function parsePiece(s: TlState, id: unknown): Piece | null {
  if (typeof id !== 'string') return null;
  // Own keys only: 'constructor', 'toString' … are no guards.
  if (Object.prototype.hasOwnProperty.call(s.guards, id)) return { guard: id, player: -1, figure: -1 };
  const at = id.lastIndexOf('#');
  if (at < 0) return null;
  const k = Number(id.slice(at + 1));
  for (let i = 0; i < s.players.length; i++) {
    if (s.players[i].name === id.slice(0, at) && k % 1 === 0 && k >= 0 && k < s.players[i].figures.length && id.slice(at + 1) === String(k)) return { guard: null, player: i, figure: k };
  }
  return null;
}

/** Whether any figure (of anyone) stands on route card `card`. */
function figureOn(s: TlState, card: string): boolean {
  for (let i = 0; i < s.players.length; i++) if (s.players[i].figures.indexOf(card) >= 0) return true;
  return false;
}

function guardOn(s: TlState, card: string): boolean {
  for (const g in s.guards) if (s.guards[g] === card) return true;
  return false;
}

/** Figures not yet home (on Start or a route card). */
export function onCourse(p: TlPlayer): number {
  let n = 0;
  for (let i = 0; i < p.figures.length; i++) if (p.figures[i] !== FINISH) n++;
  return n;
}

function positionOf(s: TlState, pc: Piece): string {
  return pc.guard ? s.guards[pc.guard] : s.players[pc.player].figures[pc.figure];
}

/**
 * Why `pc` cannot move `steps` cards (negative: back, Variant 2), or null; `dest` gets where it
 * lands. Gaps are not counted (the path has none); the Finish absorbs what is left (R-TL-02, -03).
 */
export function moveError(s: TlState, pc: Piece, steps: number, dest: string[]): string | null {
  const from = positionOf(s, pc);
  if (pc.guard) {
    // R-TL-01: a figure of anyone on the guard's card (never on the Finish or in the box).
    if (from === FINISH || from === BOX || !figureOn(s, from)) return 'guard_alone';
  } else {
    if (pc.player !== s.active) return 'not_your_figure';
    if (from === FINISH) return 'figure_finished';
  }
  const i = from === START ? -1 : s.path.indexOf(from);
  const j = i + steps;
  // Back: onto a route card behind, never onto the Start (R-TL-V2).
  if (j < 0) return 'cannot_move_back';
  dest[0] = j >= s.path.length ? FINISH : s.path[j];
  return null;
}

function copy(s: TlState): TlState {
  const c = Object.assign({}, s);
  c.players = s.players.map((p) => ({ name: p.name, figures: p.figures.slice(), collected: p.collected.slice() }));
  c.path = s.path.slice();
  c.guards = Object.assign({}, s.guards);
  return c;
}

/** Takes `card` off the path into a player's collection. */
function collect(s: TlState, player: number, card: string, fx: Effect[]): void {
  s.path.splice(s.path.indexOf(card), 1);
  s.players[player].collected.push(card);
  fx.push({ type: 'collected', player: player, card: card });
}

/**
 * R-TL-08: cards behind the rearmost figure on the course leave play, guards on them too, or
 * (Variant 3) go, in order, to the end of the path with their guards. With Variant 2 alone they stay,
 * so figures may still step back onto them (R-TL-V2: they stay "instead of being boxed"; Variant 3
 * boxes none, and three of four implementations written blind from RULES.md recycle them then too).
 * With every figure home all cards are behind them.
 */
function housekeeping(s: TlState): void {
  if (s.config.variant2_roll_one && !s.config.variant3_recycle) return;
  let rear = s.path.length;
  for (let i = 0; i < s.players.length; i++) {
    const f = s.players[i].figures;
    for (let k = 0; k < f.length; k++) {
      if (f[k] === START) return;
      if (f[k] !== FINISH) rear = Math.min(rear, s.path.indexOf(f[k]));
    }
  }
  if (rear <= 0) return;
  const behind = s.path.splice(0, rear);
  if (s.config.variant3_recycle) s.path = s.path.concat(behind);
  else for (const g in s.guards) if (behind.indexOf(s.guards[g]) >= 0) s.guards[g] = BOX;
}

export function endGame(s: TlState, fx: Effect[]): void {
  s.phase = 'game_over';
  s.scores = [];
  let top = -Infinity;
  for (let i = 0; i < s.players.length; i++) {
    const pen = s.penalty && s.penalty.player === i ? s.penalty.card : null;
    s.scores.push(scoreCards(s.players[i].collected, pen));
    if (s.scores[i] > top) top = s.scores[i];
  }
  s.winners = [];
  for (let i = 0; i < s.players.length; i++) if (s.scores[i] === top) s.winners.push(i);
  fx.push({ type: 'game_over', winners: s.winners });
}

/** After a figure reached the Finish: the end checks of the base game and Variants 4 and 5. */
function endChecks(s: TlState, mover: number, fx: Effect[]): boolean {
  let left = 0;
  let last = -1;
  for (let i = 0; i < s.players.length; i++) {
    const n = onCourse(s.players[i]);
    left += n;
    if (n) last = i;
  }
  if (left === 0) {
    endGame(s, fx);
    return true;
  }
  const v4 = s.config.variant4_end && onCourse(s.players[mover]) === 0;
  const v5 = s.config.variant5_end && left === 1;
  if (v4) {
    // R-TL-V4: each other player takes the unguarded cards only their own figures stand on, in the
    // order of the route (three implementations written blind from RULES.md collect them so).
    const cards = s.path.slice();
    for (let k = 0; k < cards.length; k++) {
      const c = cards[k];
      if (guardOn(s, c)) continue;
      let owner = -1;
      for (let j = 0; j < s.players.length && owner !== -2; j++) if (s.players[j].figures.indexOf(c) >= 0) owner = owner < 0 ? j : -2;
      if (owner >= 0) collect(s, owner, c, fx);
    }
  }
  // Both on one move: Variant 4's cards first, then the penalty from what is left.
  if (v5) {
    // R-TL-V5: the last figure's owner takes the largest unguarded minus card still on the course as
    // a penalty: shown as penalty_card, not among the collected cards (three of five implementations
    // written blind from RULES.md), scored unconverted.
    let worst = '';
    for (let i = 0; i < s.path.length; i++) {
      const c = s.path[i];
      if (isMinus(c) && !guardOn(s, c) && (!worst || cardValue(c) < cardValue(worst))) worst = c;
    }
    if (worst) {
      s.path.splice(s.path.indexOf(worst), 1);
      s.penalty = { player: last, card: worst };
      fx.push({ type: 'penalty', player: last, card: worst });
    }
  }
  if (v4 || v5) endGame(s, fx);
  return v4 || v5;
}

/** The next player clockwise with a figure still on the course (R-TL-03). */
function nextPlayer(s: TlState): number {
  for (let k = 1; k <= s.players.length; k++) {
    const i = (s.active + k) % s.players.length;
    if (onCourse(s.players[i]) > 0) return i;
  }
  return s.active;
}

/**
 * Actions out of their phase: a roll while a piece must move, and a move or stay before the roll,
 * must_move (the conventions' code for the move phase: the conventions' codes in every phase);
 * after the end game_over (none of them fits; four of five implementations written blind from
 * RULES.md chose this name).
 */
function roll(s: TlState, a: Action): StepResult<TlState> {
  if (s.phase === 'game_over') return fail('game_over');
  // Rolled already: a piece must move first (the conventions' code).
  if (s.phase !== 'await_roll') return fail('must_move');
  let v = a.value as number;
  let rng: number[] | undefined;
  if (v === undefined) {
    // No value and no virtual dice (a scenario's roll always has one): no die value to move by.
    if (!s.rng) return fail('invalid_value', 'no value and no virtual dice');
    rng = s.rng.slice();
    v = 1 + randomBelow(rng, 6);
  } else if (typeof v !== 'number' || v % 1 !== 0 || v < 1 || v > 6) return fail('invalid_value', v);
  // Copied only once the roll is taken: a refusal costs no copy.
  const c = copy(s);
  const fx: Effect[] = [];
  if (rng) {
    c.rng = rng;
    fx.push({ type: 'rolled', value: v });
  }
  c.n++;
  c.roll = v;
  c.phase = 'await_move';
  return { ok: true, state: c, effects: fx };
}

function move(s: TlState, a: Action): StepResult<TlState> {
  if (s.phase === 'game_over') return fail('game_over');
  if (s.phase !== 'await_move') return fail('must_move', 'roll first');
  const pc = parsePiece(s, a.piece);
  if (!pc) return fail('unknown_piece', a.piece);
  const back = a.direction === 'back';
  const dest: string[] = [];
  const bad = moveError(s, pc, back ? -s.roll : s.roll, dest);
  // The piece first; then whether it may go back at all (a Variant 2 choice on a 1; a direction
  // that is neither forward nor back gets the direction's code); then whether there is a card behind it.
  if (bad && bad !== 'cannot_move_back') return fail(bad);
  // No direction (missing or null) is forward.
  if (a.direction != null && a.direction !== 'forward' && !back) return fail('backward_not_allowed', a.direction);
  if (back && (!s.config.variant2_roll_one || s.roll !== 1)) return fail('backward_not_allowed');
  if (bad) return fail(bad);
  const c = copy(s);
  c.n++;
  const from = positionOf(c, pc);
  const fx: Effect[] = [{ type: 'moved', piece: a.piece, from: from, to: dest[0] }];
  if (pc.guard) c.guards[pc.guard] = dest[0];
  else {
    c.players[pc.player].figures[pc.figure] = dest[0];
    // R-TL-04: leaving a card with no figure and no guard on it collects it.
    if (from !== START && !figureOn(c, from) && !guardOn(c, from)) collect(c, pc.player, from, fx);
  }
  housekeeping(c);
  if (!(dest[0] === FINISH && !pc.guard && endChecks(c, pc.player, fx))) afterMove(c, fx);
  return { ok: true, state: c, effects: fx };
}

function afterMove(c: TlState, fx: Effect[]): void {
  c.roll = 0;
  c.phase = 'await_roll';
  c.active = nextPlayer(c);
  fx.push({ type: 'turn_end' });
}

/** Variant 2: on a 1, nobody moves. */
function stay(s: TlState): StepResult<TlState> {
  if (s.phase === 'game_over') return fail('game_over');
  if (s.phase !== 'await_move') return fail('must_move', 'roll first');
  if (!s.config.variant2_roll_one || s.roll !== 1) return fail('must_move');
  const c = copy(s);
  c.n++;
  const fx: Effect[] = [{ type: 'stayed' }];
  afterMove(c, fx);
  return { ok: true, state: c, effects: fx };
}

/** One action: roll (entered value, or virtual without one), move (a piece), stay (Variant 2). */
export function applyThatsLife(s: TlState, a: Action): StepResult<TlState> {
  if (!a) return fail('bad_action');
  if (a.do === 'roll') return roll(s, a);
  if (a.do === 'move') return move(s, a);
  if (a.do === 'stay') return stay(s);
  return fail('unknown_event', a.do);
}
