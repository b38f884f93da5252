/**
 * A second, deliberately plain model of The 7th Dwarf, written from ../shared/docs/RULES.md §4, the
 * rulebook and the scenarios' conventions only, sharing no code with the engine. Acceptance checks
 * the engine against an independent implementation on random game fragments; this is ours, so a
 * divergence shows up here first (test/shared/seventh-dwarf-reference.test.ts). It works in the
 * scenarios' own terms: players by name, the row as [colour, value] or null, the conventions' phase
 * names and error codes. Speed does not matter; clarity does.
 */
export type RDie = [string, number];
export type RBet = 'success' | 'fail';

export interface RConfig {
  turns_per_player: number;
  colour_points_on_failure: boolean;
  bet_scope: 'row' | 'dwarf_spots';
}

export interface RState {
  order: string[];
  scores: Record<string, number>;
  turns_taken: Record<string, number>;
  active: string;
  phase: 'await_throw' | 'await_place' | 'await_bets' | 'game_over';
  dice: string[];
  spot_colours_asc: string[];
  spot_colours_desc: string[];
  config: RConfig;
  row: (RDie | null)[];
  lair: RDie[];
  direction: 'asc' | 'desc' | null;
  bets: Record<string, RBet>;
  /** The die just thrown, awaiting placement (only in await_place). */
  pending: RDie | null;
  last_turn: { success: boolean; base: number; colour: number; total: number } | null;
  final_scores?: Record<string, number>;
  winners?: string[];
}

export type RResult = { ok: true; state: RState } | { ok: false; code: string };

/** A copy to change (the configuration and colour lists are never changed, so they are shared). */
function clone(s: RState): RState {
  const c = Object.assign({}, s);
  c.scores = Object.assign({}, s.scores);
  c.turns_taken = Object.assign({}, s.turns_taken);
  c.row = s.row.slice();
  c.lair = s.lair.slice();
  c.bets = Object.assign({}, s.bets);
  return c;
}
const fail = (code: string): RResult => ({ ok: false, code });
const opponents = (s: RState) => s.order.filter((n) => n !== s.active);
const emptyRow = (): (RDie | null)[] => [null, null, null, null, null, null, null, null, null];

/** Dice thrown this turn: on the row or in the lair. */
function thrown(s: RState): number {
  return s.row.filter((d) => d !== null).length + s.lair.length;
}

/** Colours of the dice not yet thrown this turn (the pending die counts as thrown). */
export function remaining(s: RState): string[] {
  const used = s.row.filter((d) => d !== null).map((d) => (d as RDie)[0]).concat(s.lair.map((d) => d[0]));
  if (s.pending) used.push(s.pending[0]);
  return s.dice.filter((c) => used.indexOf(c) < 0);
}

function nonDecreasing(vs: number[]): boolean {
  for (let i = 1; i < vs.length; i++) if (vs[i] < vs[i - 1]) return false;
  return true;
}
function nonIncreasing(vs: number[]): boolean {
  for (let i = 1; i < vs.length; i++) if (vs[i] > vs[i - 1]) return false;
  return true;
}

/** The filled values read left to right, with `value` put on spot `at` (R-DW-02: gaps do not count). */
function valuesWith(row: (RDie | null)[], at: number, value: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < 9; i++) {
    if (i === at) out.push(value);
    else if (row[i] !== null) out.push((row[i] as RDie)[1]);
  }
  return out;
}

/** R-DW-02/03/10: empty spots (evasion spots included) where the value keeps the row in order. */
export function legalSpots(s: RState, value: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < 9; i++) {
    if (s.row[i] !== null) continue;
    const vs = valuesWith(s.row, i, value);
    const ok = s.direction === 'asc' ? nonDecreasing(vs) : s.direction === 'desc' ? nonIncreasing(vs) : nonDecreasing(vs) || nonIncreasing(vs);
    if (ok) out.push(i);
  }
  return out;
}

function colourMatches(row: (RDie | null)[], side: string[]): number {
  let n = 0;
  for (let i = 1; i <= 7; i++) if (row[i] !== null && (row[i] as RDie)[0] === side[i - 1]) n++;
  return n;
}

const allDone = (s: RState) => s.order.every((n) => s.turns_taken[n] >= s.config.turns_per_player);

/** GAME_OVER: highest total wins; equal highest totals share the victory (R-DW-08). */
function finish(s: RState): void {
  s.phase = 'game_over';
  const top = Math.max(...s.order.map((n) => s.scores[n]));
  s.final_scores = Object.assign({}, s.scores);
  s.winners = s.order.filter((n) => s.scores[n] === top).sort();
}

/** SCORE_TURN of RULES.md §4.2, then the next player or the end (R-DW-08). */
function scoreTurn(s: RState): void {
  const success = s.lair.length === 0;
  const evasions = (s.row[0] !== null ? 1 : 0) + (s.row[8] !== null ? 1 : 0);
  const base = success ? 7 - 2 * evasions : 0;
  const asc = colourMatches(s.row, s.spot_colours_asc);
  const desc = colourMatches(s.row, s.spot_colours_desc);
  // R-DW-03: an all-equal row never fixes the direction; the better side counts.
  let colour = s.direction === 'asc' ? asc : s.direction === 'desc' ? desc : Math.max(asc, desc);
  // R-DW-05: colour counts on failure unless the option says otherwise.
  if (!success && !s.config.colour_points_on_failure) colour = 0;
  const total = base + colour;
  s.scores[s.active] += total;
  // R-DW-07: the question is all 7 on the 9-spot row; the house rule asks for all 7 on the dwarf spots.
  const betWins = s.config.bet_scope === 'dwarf_spots' ? success && evasions === 0 : success;
  for (const n of opponents(s)) {
    const b = s.bets[n];
    if (b !== undefined && (b === 'success') === betWins) s.scores[n] += 3;
  }
  s.last_turn = { success, base, colour, total };
  s.turns_taken[s.active] += 1;
  s.row = emptyRow();
  s.lair = [];
  s.direction = null;
  s.bets = {};
  s.pending = null;
  if (allDone(s)) return finish(s);
  // The next player clockwise who has turns left.
  do s.active = s.order[(s.order.indexOf(s.active) + 1) % s.order.length];
  while (s.turns_taken[s.active] >= s.config.turns_per_player);
  s.phase = 'await_throw';
}

/** AFTER_DIE of RULES.md §4.2: bets after the 3rd die (not solo), scoring after the 7th. */
function afterDie(s: RState): void {
  const n = thrown(s);
  if (n === 3 && s.order.length >= 2 && opponents(s).some((o) => s.bets[o] === undefined)) s.phase = 'await_bets';
  else if (n === 7) scoreTurn(s);
  else s.phase = 'await_throw';
}

/** The phase a `given` position is in (RULES.md §4.1's `pending`: a die in hand). */
function givenPhase(s: RState): void {
  if (s.pending) s.phase = 'await_place';
  // Everyone done with dice on the row cannot come up in play; the engine plays such a turn out.
  else if (allDone(s) && thrown(s) === 0) finish(s);
  else if (thrown(s) >= 3 && s.order.length >= 2 && opponents(s).some((o) => s.bets[o] === undefined)) s.phase = 'await_bets';
  else s.phase = 'await_throw';
}

const EVENTS = ['throw', 'place', 'lair', 'bet'];

export function refStep(s0: RState, a: Record<string, any>): RResult {
  // An event the game does not know is reported as such even after the end (the engine's choice).
  if (EVENTS.indexOf(a.do) < 0) return fail('unknown_event');
  if (s0.phase === 'game_over') return fail('game_over');
  const s = clone(s0);
  switch (a.do) {
    case 'throw': {
      // A die in hand must be placed before the next is thrown; bets come before the 4th die.
      if (s.phase === 'await_place') return fail('must_place');
      if (s.phase === 'await_bets') return fail('bets_pending');
      if (s.dice.indexOf(a.die) < 0) return fail('unknown_die');
      if (remaining(s).indexOf(a.die) < 0) return fail('die_already_used');
      if (typeof a.value !== 'number' || a.value % 1 !== 0 || a.value < 1 || a.value > 6) return fail('invalid_value');
      const die: RDie = [a.die, a.value];
      if (legalSpots(s, a.value).length === 0) {
        // R-DW-04: a die that fits nowhere goes to the Dragon's Lair by itself; the turn goes on.
        s.lair.push(die);
        afterDie(s);
      } else {
        s.pending = die;
        s.phase = 'await_place';
      }
      return { ok: true, state: s };
    }
    case 'place': {
      if (s.phase === 'await_bets') return fail('bets_pending');
      if (s.phase !== 'await_place') return fail('illegal_spot');
      const die = s.pending as RDie;
      if (legalSpots(s, die[1]).indexOf(a.spot) < 0) return fail('illegal_spot');
      s.row[a.spot] = die;
      s.pending = null;
      // R-DW-03: the first placement of a different value fixes the direction by where it went.
      if (s.direction === null) {
        const vs = s.row.filter((d) => d !== null).map((d) => (d as RDie)[1]);
        if (vs.some((v) => v !== vs[0])) s.direction = nonDecreasing(vs) ? 'asc' : 'desc';
      }
      afterDie(s);
      return { ok: true, state: s };
    }
    case 'lair': {
      // R-DW-04: never voluntary; a die in hand always has a legal spot, else it went there already.
      if (s.phase === 'await_place') return fail('must_place');
      if (s.phase === 'await_bets') return fail('bets_pending');
      return fail('must_place');
    }
    case 'bet': {
      // RULES.md is silent on precedence; the engine's: who bets first, then the phase, then the bet.
      if (s.order.indexOf(a.player) < 0 || a.player === s.active) return fail('not_an_opponent');
      if (s.bets[a.player] !== undefined) return fail('already_bet');
      if (s.phase !== 'await_bets') return fail(s.phase === 'await_place' ? 'must_place' : 'bets_pending');
      if (a.on !== 'success' && a.on !== 'fail') return fail('invalid_bet');
      s.bets[a.player] = a.on;
      if (opponents(s).every((o) => s.bets[o] !== undefined)) s.phase = 'await_throw';
      return { ok: true, state: s };
    }
  }
  return fail('unknown_event');
}

/** The state as the conventions name it: state_keys, plus final_scores and winners at the end. */
export function refView(s: RState): Record<string, unknown> {
  const v: Record<string, unknown> = {
    scores: Object.assign({}, s.scores),
    active: s.active,
    phase: s.phase,
    row: s.row.map((d) => (d ? [d[0], d[1]] : null)),
    lair: s.lair.map((d) => [d[0], d[1]]),
    direction: s.direction,
    turns_taken: Object.assign({}, s.turns_taken),
  };
  if (s.phase === 'await_place') v.legal_spots = legalSpots(s, (s.pending as RDie)[1]);
  if (s.last_turn) v.last_turn = Object.assign({}, s.last_turn);
  if (s.final_scores) {
    v.final_scores = Object.assign({}, s.final_scores);
    v.winners = (s.winners as string[]).slice();
  }
  return v;
}

/**
 * A state from a scenario's `given` and `config`: options default to RULES.md §4.1
 * (3 turns, colour points on failure, bets on the row); the descending side mirrors the ascending one.
 */
export function refFromGiven(g: Record<string, any>, config: Record<string, any>): RState {
  const opt = (k: string, d: unknown) => (config[k] != null ? config[k] : g[k] != null ? g[k] : d);
  // RULES.md §8: the scenarios' stand-in colours, for the dice and the spots alike, unless given.
  const standIn = ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink'];
  const asc: string[] = opt('spot_colours_asc', standIn) as string[];
  const t = g.turn || {};
  const s: RState = {
    order: g.players.map((p: { name: string }) => p.name),
    scores: {},
    turns_taken: {},
    active: g.active !== undefined ? g.active : g.players[0].name,
    phase: 'await_throw',
    dice: (opt('dice', standIn) as string[]).slice(),
    spot_colours_asc: asc.slice(),
    spot_colours_desc: (opt('spot_colours_desc', asc.slice().reverse()) as string[]).slice(),
    config: {
      turns_per_player: opt('turns_per_player', 3) as number,
      colour_points_on_failure: opt('colour_points_on_failure', true) as boolean,
      bet_scope: opt('bet_scope', 'row') as RConfig['bet_scope'],
    },
    row: t.row && t.row.length ? t.row.map((d: RDie | null) => (d ? [d[0], d[1]] : null)) : emptyRow(),
    lair: t.lair ? t.lair.map((d: RDie) => [d[0], d[1]]) : [],
    direction: t.direction || null,
    bets: Object.assign({}, t.bets || {}),
    pending: t.pending ? [t.pending[0], t.pending[1]] : null,
    last_turn: null,
  };
  // R-DW-03: once two values differ the direction is fixed, whether or not the given says which.
  const vs = s.row.filter((d) => d !== null).map((d) => (d as RDie)[1]);
  if (s.direction === null && vs.some((v) => v !== vs[0])) s.direction = nonDecreasing(vs) ? 'asc' : 'desc';
  for (const p of g.players) {
    s.scores[p.name] = p.score || 0;
    s.turns_taken[p.name] = p.turns_taken || 0;
  }
  givenPhase(s);
  return s;
}
