/**
 * A second, deliberately plain That's Life! model, written from ../shared/docs/RULES.md §5, the
 * rulebook and the scenarios' conventions (figures 'Name#i', guards G1..G8, card ids, phase names,
 * error codes), sharing no code with the engine. Acceptance checks the engine against an independent
 * implementation on random fragments; this is ours (test/shared/thats-life-reference.test.ts).
 * Speed does not matter; clarity does.
 */

export interface RConfig {
  variant2_roll_one: boolean;
  variant3_recycle: boolean;
  variant4_end: boolean;
  variant5_end: boolean;
}

export interface RState {
  order: string[];
  /** 'Name#i' -> 'start' | card id | 'finish', in seat order then figure index. */
  figures: Record<string, string>;
  /** 'G1'..'G8' -> card id | 'finish' | 'box'. */
  guards: Record<string, string>;
  collected: Record<string, string[]>;
  /** The route cards still in play, Start and Finish left out. */
  path: string[];
  active: string;
  phase: 'await_roll' | 'await_move' | 'game_over';
  roll: number | null;
  figures_per_player: number;
  config: RConfig;
  final_scores?: Record<string, number>;
  winners?: string[];
  penalty_card?: string | null;
}

export type RResult = { ok: true; state: RState } | { ok: false; code: string };

function clone(s: RState): RState {
  const collected: Record<string, string[]> = {};
  for (const n of s.order) collected[n] = s.collected[n].slice();
  return Object.assign({}, s, { figures: Object.assign({}, s.figures), guards: Object.assign({}, s.guards), collected, path: s.path.slice(), config: Object.assign({}, s.config) });
}
const fail = (code: string): RResult => ({ ok: false, code });

/** Card ids of RULES.md §2 / the conventions. */
const MINUS_A = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => '-' + n + 'a');
const MINUS_B = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => '-' + n + 'b');
const FORTUNES = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6'];
const PLUS_DOWN = [8, 7, 6, 5, 4, 3, 2, 1].map((n) => '+' + n);
const PLUS_UP = PLUS_DOWN.slice().reverse();

const ALL_CARDS = MINUS_A.concat(FORTUNES, PLUS_DOWN, MINUS_B);

/** Path and guards of a layout (R-TL-11, R-TL-V1). */
export function layout(name: 'standard' | 'v1a' | 'v1b' | 'shuffled', shuffle?: (cards: string[]) => string[]): { path: string[]; guards: Record<string, string> } {
  let path: string[];
  if (name === 'standard') path = MINUS_A.concat(FORTUNES, PLUS_DOWN, MINUS_B);
  else if (name === 'v1a') path = MINUS_A.concat(PLUS_UP, FORTUNES, MINUS_B);
  else if (name === 'v1b') path = MINUS_A.concat(PLUS_DOWN, MINUS_B, FORTUNES);
  else path = (shuffle as (c: string[]) => string[])(ALL_CARDS.slice());
  // Which guard id stands where is a label only (guards have no owner); the engine's numbering is followed.
  const guarded = name === 'v1a' || name === 'v1b' ? PLUS_UP : FORTUNES.concat(['+8', '+7']);
  const guards: Record<string, string> = {};
  guarded.forEach((c, i) => (guards['G' + (i + 1)] = c));
  return { path, guards };
}

const isFortune = (c: string) => c[0] === 'F';
/** Printed value: +8 -> 8, -10b -> -10, fortune -> 0. */
function cardValue(c: string): number {
  if (isFortune(c)) return 0;
  return parseInt(c, 10);
}

const ownerOf = (fig: string) => fig.slice(0, fig.lastIndexOf('#'));
const figuresOf = (s: RState, name: string) => Object.keys(s.figures).filter((f) => ownerOf(f) === name);
const allHome = (s: RState, name: string) => figuresOf(s, name).every((f) => s.figures[f] === 'finish');
const onCourse = (s: RState) => Object.keys(s.figures).filter((f) => s.figures[f] !== 'finish');
const figuresOn = (s: RState, card: string) => Object.keys(s.figures).filter((f) => s.figures[f] === card);
const guardsOn = (s: RState, card: string) => Object.keys(s.guards).filter((g) => s.guards[g] === card);

/** Position on the course: Start 0, path cards 1..n, Finish n + 1. */
function index(s: RState, where: string): number {
  if (where === 'start') return 0;
  if (where === 'finish') return s.path.length + 1;
  return s.path.indexOf(where) + 1;
}
function at(s: RState, i: number): string {
  if (i <= 0) return 'start';
  if (i > s.path.length) return 'finish';
  return s.path[i - 1];
}

export function refFromGiven(given: Record<string, any>, config: Record<string, any>): RState {
  const opt = (k: string) => (k in config ? config[k] : given[k]);
  const order: string[] = given.players.map((p: { name: string }) => p.name);
  // R-TL-07 unless configured; a given's figure lists say it too.
  const fpp = opt('figures_per_player') || (given.players[0].figures ? given.players[0].figures.length : order.length <= 4 ? 3 : 2);
  const figures: Record<string, string> = {};
  const collected: Record<string, string[]> = {};
  for (const p of given.players) {
    for (let i = 0; i < fpp; i++) figures[p.name + '#' + i] = p.figures ? p.figures[i] : 'start';
    collected[p.name] = (p.collected || []).slice();
  }
  const laid = layout(opt('layout') || 'standard');
  const path: string[] = (given.path || laid.path).slice();
  const guards: Record<string, string> = Object.assign({}, given.guards || laid.guards);
  // A layout's guard whose card is no longer on the given path is out of play.
  if (!given.guards) for (const g of Object.keys(guards)) if (path.indexOf(guards[g]) < 0) guards[g] = 'box';
  const s: RState = {
    order,
    figures,
    guards,
    collected,
    path,
    active: given.active || order[0],
    // The engine's extension: a given may start after the roll.
    phase: given.roll ? 'await_move' : 'await_roll',
    roll: given.roll || null,
    figures_per_player: fpp,
    config: { variant2_roll_one: !!opt('variant2_roll_one'), variant3_recycle: !!opt('variant3_recycle'), variant4_end: !!opt('variant4_end'), variant5_end: !!opt('variant5_end') },
  };
  // Every figure home: the game has ended (Variants 4 and 5 end it after a move only).
  if (Object.keys(figures).every((f) => figures[f] === 'finish')) {
    s.roll = null;
    endGame(s, null);
  }
  return s;
}

/** R-TL-05, plus Variant 5's penalty card (never converted). */
function score(cards: string[], penalty: string | null): number {
  let plus = 0;
  let fortunes = 0;
  const minus: number[] = [];
  for (const c of cards) {
    if (c === penalty) continue; // counted below, unconverted
    if (isFortune(c)) fortunes++;
    else if (cardValue(c) > 0) plus += cardValue(c);
    else minus.push(-cardValue(c));
  }
  minus.sort((a, b) => b - a);
  let total = plus;
  minus.forEach((m, i) => (total += i < fortunes ? m : -m));
  if (penalty !== null) total += cardValue(penalty);
  return total;
}

/** R-TL-08 / R-TL-V3: cards behind the rearmost figure still on the course (Start counts). */
function housekeeping(s: RState): void {
  // R-TL-V2: crossed cards stay (instead of being boxed) so figures can step back; Variant 3 recycles them.
  if (s.config.variant2_roll_one && !s.config.variant3_recycle) return;
  const here = onCourse(s);
  // Nobody left on the course: every card is behind them all.
  const rear = here.length ? Math.min(...here.map((f) => index(s, s.figures[f]))) : s.path.length + 1;
  const behind = s.path.slice(0, Math.max(0, rear - 1));
  if (behind.length === 0) return;
  s.path = s.path.slice(behind.length);
  if (s.config.variant3_recycle) s.path = s.path.concat(behind);
  else for (const g of Object.keys(s.guards)) if (behind.indexOf(s.guards[g]) >= 0) s.guards[g] = 'box';
}

function endGame(s: RState, penaltyFor: string | null): void {
  s.phase = 'game_over';
  let penalty: string | null = null;
  if (penaltyFor !== null) {
    // R-TL-V5: the largest unguarded minus card left on the course; the first of equals along the path.
    let best = 0;
    for (const c of s.path) if (cardValue(c) < best && guardsOn(s, c).length === 0) {
      best = cardValue(c);
      penalty = c;
    }
    // Off the course to its owner as a penalty, shown as penalty_card and not among the collected
    // cards (three of five blind implementations); no fortune converts it.
    if (penalty !== null) s.path.splice(s.path.indexOf(penalty), 1);
  }
  if (s.config.variant5_end) s.penalty_card = penalty;
  const scores: Record<string, number> = {};
  for (const n of s.order) scores[n] = score(s.collected[n], penaltyFor === n ? penalty : null);
  const top = Math.max(...s.order.map((n) => scores[n]));
  s.final_scores = scores;
  s.winners = s.order.filter((n) => scores[n] === top).sort();
}

/** Next player clockwise who still has a figure on the course (R-TL-03). */
function passTurn(s: RState): void {
  s.phase = 'await_roll';
  s.roll = null;
  const i = s.order.indexOf(s.active);
  for (let k = 1; k <= s.order.length; k++) {
    const n = s.order[(i + k) % s.order.length];
    if (!allHome(s, n)) {
      s.active = n;
      return;
    }
  }
}

function move(s: RState, a: Record<string, any>): RResult {
  const piece = a.piece;
  // Own keys only: 'constructor' and the like name no piece.
  const has = (o: object) => typeof piece === 'string' && Object.prototype.hasOwnProperty.call(o, piece);
  const isGuard = has(s.guards);
  const isFigure = has(s.figures);
  if (!isGuard && !isFigure) return fail('unknown_piece');
  const from = isGuard ? s.guards[piece] : s.figures[piece];
  if (isFigure) {
    if (ownerOf(piece) !== s.active) return fail('not_your_figure');
    if (from === 'finish') return fail('figure_finished');
  } else {
    // R-TL-01: only with a figure on its route card; a guard in the box or home has none.
    if (from === 'box' || from === 'finish' || figuresOn(s, from).length === 0) return fail('guard_alone');
  }
  const back = a.direction === 'back';
  if (a.direction != null && a.direction !== 'forward' && !back) return fail('backward_not_allowed');
  if (back && !(s.config.variant2_roll_one && s.roll === 1)) return fail('backward_not_allowed');
  const i = index(s, from);
  if (back && i <= 1) return fail('cannot_move_back'); // R-TL-V2: never back onto the Start
  const to = at(s, back ? i - 1 : Math.min(i + (s.roll as number), s.path.length + 1));
  if (isGuard) s.guards[piece] = to;
  else s.figures[piece] = to;
  // R-TL-04: the mover takes the card left with no figure and no guard on it.
  if (isFigure && from !== 'start' && figuresOn(s, from).length === 0 && guardsOn(s, from).length === 0) {
    s.path.splice(s.path.indexOf(from), 1);
    s.collected[s.active].push(from);
  }
  housekeeping(s);
  const mover = s.active;
  const left = onCourse(s);
  if (left.length === 0) {
    endGame(s, null);
  } else if (s.config.variant4_end && isFigure && to === 'finish' && allHome(s, mover)) {
    // R-TL-V4: each other player takes the cards only their own figures hold, without a guard.
    // Order of the taken cards: RULES.md is silent; the route's, as three blind implementations chose.
    for (const c of s.path.slice()) {
      if (guardsOn(s, c).length > 0) continue;
      const on = figuresOn(s, c);
      const owners = on.map(ownerOf).filter((n, k, l) => l.indexOf(n) === k);
      if (owners.length !== 1) continue;
      s.path.splice(s.path.indexOf(c), 1);
      s.collected[owners[0]].push(c);
    }
    // Variants 4 and 5 ending on the same move: both, the penalty from what Variant 4 left.
    endGame(s, s.config.variant5_end && left.length === 1 ? ownerOf(left[0]) : null);
  } else if (s.config.variant5_end && isFigure && to === 'finish' && left.length === 1) {
    endGame(s, ownerOf(left[0]));
  } else passTurn(s);
  return { ok: true, state: s };
}

export function refStep(s0: RState, a: Record<string, any>): RResult {
  if (['roll', 'move', 'stay'].indexOf(a.do) < 0) return fail('unknown_event');
  if (s0.phase === 'game_over') return fail('game_over');
  const s = clone(s0);
  switch (a.do) {
    case 'roll': {
      // Rolled already: a piece has to move first.
      if (s.phase !== 'await_roll') return fail('must_move');
      const v = a.value;
      if (typeof v !== 'number' || v % 1 !== 0 || v < 1 || v > 6) return fail('invalid_value');
      s.roll = v;
      s.phase = 'await_move';
      return { ok: true, state: s };
    }
    case 'move':
      if (s.phase !== 'await_move') return fail('must_move');
      return move(s, a);
    case 'stay':
      if (s.phase !== 'await_move') return fail('must_move');
      // R-TL-V2: a pass only on a rolled 1 in Variant 2; otherwise a move is compulsory (R-TL-09).
      if (!(s.config.variant2_roll_one && s.roll === 1)) return fail('must_move');
      passTurn(s);
      return { ok: true, state: s };
  }
  return fail('unknown_event');
}

/** The state keys of the conventions. */
export function refView(s: RState): Record<string, unknown> {
  const collected: Record<string, string[]> = {};
  for (const n of s.order) collected[n] = s.collected[n].slice();
  const v: Record<string, unknown> = {
    figures: Object.assign({}, s.figures),
    guards: Object.assign({}, s.guards),
    collected,
    path: s.path.slice(),
    active: s.active,
    phase: s.phase,
    figures_per_player: s.figures_per_player,
  };
  if (s.phase === 'game_over') {
    v.final_scores = s.final_scores;
    v.winners = s.winners;
    if (s.config.variant5_end) v.penalty_card = s.penalty_card;
  }
  return v;
}
