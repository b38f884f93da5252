/**
 * The 7th Dwarf rules as a pure step function (../shared/docs/RULES.md §4.2, rulings R-DW-01…10).
 * A step works on a copy and returns it, or a coded error and no state at all.
 */
import type { Action, Effect, StepResult } from '../../engine/types';
import { fail } from '../../engine/result';
import { randomBelow } from '../../engine/rng';
import type { DwBet, DwDie, DwState, DwTurn } from './types';
import { colourMatches, directionOf, legalSpots, SPOTS } from './row';
import { BETS, OVER, PLACE, THROW } from './phases';
import { setOwn } from '../../engine/set-own';

/** Points for a right bet (R-DW-07). */
const BET_POINTS = 3;
/** Bets are made once this many dice are resolved (R-DW-07). */
export const BET_AFTER = 3;

export function emptyTurn(players: number): DwTurn {
  const bets: (DwBet | null)[] = [];
  for (let i = 0; i < players; i++) bets.push(null);
  return { row: [null, null, null, null, null, null, null, null, null], lair: [], direction: null, bets: bets, pending: null };
}

/** Dice resolved this turn: on the row or in the Dragon's Lair. */
export function diceResolved(t: DwTurn): number {
  let n = t.lair.length;
  for (let i = 0; i < SPOTS; i++) if (t.row[i]) n++;
  return n;
}

/** Colours not thrown yet this turn (the die in hand counts as thrown). */
export function diceLeft(s: DwState): string[] {
  const t = s.turn;
  const out: string[] = [];
  for (let i = 0; i < s.config.dice.length; i++) {
    const c = s.config.dice[i];
    let used = !!t.pending && t.pending[0] === c;
    for (let k = 0; k < t.lair.length && !used; k++) used = t.lair[k][0] === c;
    for (let k = 0; k < SPOTS && !used; k++) used = !!t.row[k] && (t.row[k] as DwDie)[0] === c;
    if (!used) out.push(c);
  }
  return out;
}

/** Opponents who still have to bet (none in a solo game, R-DW-07). */
export function betsMissing(s: DwState): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.players.length; i++) if (i !== s.active && !s.turn.bets[i]) out.push(i);
  return out;
}

/** The spots the die in hand may go to (empty when no die is in hand). */
export function legalNow(s: DwState): number[] {
  const p = s.turn.pending;
  return p ? legalSpots(s.turn.row, s.turn.direction, p[1]) : [];
}

function seatOf(s: DwState, name: unknown): number {
  for (let i = 0; i < s.players.length; i++) if (s.players[i].name === name) return i;
  return -1;
}

/** A copy whose turn can be written (the row, lair and bets lists are copied too). */
function copy(s: DwState): DwState {
  const c = Object.assign({}, s);
  c.turn = Object.assign({}, s.turn);
  c.turn.row = s.turn.row.slice();
  c.turn.lair = s.turn.lair.slice();
  c.turn.bets = s.turn.bets.slice();
  return c;
}

/**
 * After a die is resolved (AFTER_DIE): bets after the third, the score after the seventh, else
 * the next throw.
 */
function afterDie(s: DwState, fx: Effect[]): void {
  const n = diceResolved(s.turn);
  if (n >= BET_AFTER && n < s.config.dice.length && betsMissing(s).length > 0) {
    s.phase = BETS;
    fx.push({ type: 'bets_open' });
  } else if (n >= s.config.dice.length) scoreTurn(s, fx);
  else s.phase = THROW;
}

/** SCORE_TURN (R-DW-01, R-DW-05, R-DW-06, R-DW-07, R-DW-10), then the next player or the end. */
function scoreTurn(s: DwState, fx: Effect[]): void {
  const t = s.turn;
  const cfg = s.config;
  const success = t.lair.length === 0;
  const evasion = (t.row[0] ? 1 : 0) + (t.row[SPOTS - 1] ? 1 : 0);
  const base = success ? 7 - 2 * evasion : 0;
  const asc = colourMatches(t.row, cfg.spot_colours_asc);
  const desc = colourMatches(t.row, cfg.spot_colours_desc);
  // Still open (every die shows the same value): the better side (R-DW-03).
  let colour = t.direction === 'asc' ? asc : t.direction === 'desc' ? desc : asc > desc ? asc : desc;
  if (!success && !cfg.colour_points_on_failure) colour = 0;
  const outcome = success && (cfg.bet_scope === 'row' || evasion === 0);
  s.players = s.players.slice();
  const a = s.active;
  const bets: Record<string, DwBet> = {};
  const won: string[] = [];
  for (let i = 0; i < s.players.length; i++) {
    const p = (s.players[i] = Object.assign({}, s.players[i]));
    if (i === a) {
      p.score += base + colour;
      p.turns_taken++;
    } else if (t.bets[i]) {
      setOwn(bets, p.name, t.bets[i] as DwBet);
      if ((t.bets[i] === 'success') === outcome) {
        p.score += BET_POINTS;
        won.push(p.name);
      }
    }
  }
  s.last_turn = { player: s.players[a].name, success: success, base: base, colour: colour, total: base + colour, evasion: evasion, bet_outcome: outcome, bets: bets, bet_winners: won };
  fx.push({ type: 'turn_scored', player: a, total: base + colour });
  let done = true;
  for (let i = 0; i < s.players.length; i++) if (s.players[i].turns_taken < cfg.turns_per_player) done = false;
  s.turn = emptyTurn(s.players.length);
  if (done) {
    endGame(s);
    fx.push({ type: 'game_over' });
  } else {
    // The next player clockwise with turns left (a position given with uneven turns skips the others).
    let n = (a + 1) % s.players.length;
    while (s.players[n].turns_taken >= cfg.turns_per_player) n = (n + 1) % s.players.length;
    s.active = n;
    s.phase = THROW;
    fx.push({ type: 'turn_end' });
  }
}

/** GAME_OVER: the highest total wins; equal highest totals share the victory (R-DW-08). */
export function endGame(s: DwState): void {
  s.phase = OVER;
  let top = -Infinity;
  for (let i = 0; i < s.players.length; i++) if (s.players[i].score > top) top = s.players[i].score;
  s.winners = [];
  for (let i = 0; i < s.players.length; i++) if (s.players[i].score === top) s.winners.push(i);
}

/**
 * Refusals that depend only on the phase, for actions other than a bet: after the end game_over
 * (none of the conventions' codes fits; three of four implementations written blind from RULES.md
 * chose this one); the phase's own code while bets or a die in hand are due; before a throw `code`,
 * the action's own code of the conventions (no die in hand to place, the lair never voluntary; a
 * throw, the action of that phase, passes none).
 */
function phaseError(s: DwState, want: string, code?: string): StepResult<DwState> | null {
  if (s.phase === OVER) return fail('game_over');
  if (s.phase === want) return null;
  if (s.phase === BETS) return fail('bets_pending', String(betsMissing(s).length));
  // A die in hand must be placed before the next is thrown (R-DW-04).
  if (s.phase === PLACE) return fail('must_place');
  return fail(code as string);
}

function throwDie(s: DwState, a: Action, virtual: boolean): StepResult<DwState> {
  const bad = phaseError(s, THROW);
  if (bad) return bad;
  if (s.config.dice.indexOf(a.die as string) < 0) return fail('unknown_die', a.die);
  if (diceLeft(s).indexOf(a.die as string) < 0) return fail('die_already_used', a.die);
  let v = a.value as number;
  if (!virtual && (typeof v !== 'number' || v % 1 !== 0 || v < 1 || v > 6)) return fail('invalid_value', v);
  const c = copy(s);
  const fx: Effect[] = [];
  if (virtual) {
    c.rng = (s.rng as number[]).slice();
    v = 1 + randomBelow(c.rng, 6);
    fx.push({ type: 'rolled', die: a.die, value: v });
  }
  const die: DwDie = [a.die as string, v];
  c.n++;
  if (legalSpots(c.turn.row, c.turn.direction, v).length > 0) {
    c.turn.pending = die;
    c.phase = PLACE;
  } else {
    // Fits nowhere: to the Dragon's Lair at once, and the turn goes on (R-DW-04).
    c.turn.lair.push(die);
    fx.push({ type: 'lair', die: die });
    afterDie(c, fx);
  }
  return { ok: true, state: c, effects: fx };
}

function place(s: DwState, a: Action): StepResult<DwState> {
  const bad = phaseError(s, PLACE, 'illegal_spot');
  if (bad) return bad;
  const spot = a.spot as number;
  if (legalNow(s).indexOf(spot) < 0) return fail('illegal_spot', spot);
  const c = copy(s);
  c.n++;
  c.turn.row[spot] = c.turn.pending;
  c.turn.pending = null;
  // The first placement of a different value fixes the direction (R-DW-03).
  if (!c.turn.direction) c.turn.direction = directionOf(c.turn.row);
  const fx: Effect[] = [{ type: 'placed', spot: spot }];
  afterDie(c, fx);
  return { ok: true, state: c, effects: fx };
}

function bet(s: DwState, a: Action): StepResult<DwState> {
  if (s.phase === OVER) return fail('game_over');
  const i = seatOf(s, a.player);
  if (i < 0 || i === s.active) return fail('not_an_opponent', a.player);
  if (s.turn.bets[i]) return fail('already_bet', a.player);
  // Bets come after the third die is placed: a die in hand first, else the bets are not due yet.
  if (s.phase !== BETS) return fail(s.phase === PLACE ? 'must_place' : 'bets_pending');
  if (a.on !== 'success' && a.on !== 'fail') return fail('invalid_bet', a.on);
  const c = copy(s);
  c.n++;
  c.turn.bets[i] = a.on;
  const fx: Effect[] = [{ type: 'bet', player: i }];
  if (betsMissing(c).length === 0) {
    c.phase = THROW;
    fx.push({ type: 'bets_closed' });
  }
  return { ok: true, state: c, effects: fx };
}

/** One action: throw (entered die), roll (virtual die), place, lair, bet. */
export function applySeventhDwarf(s: DwState, a: Action): StepResult<DwState> {
  if (!a) return fail('bad_action');
  if (a.do === 'throw') return throwDie(s, a, false);
  // Without virtual dice there is no such action.
  if (a.do === 'roll' && s.rng) return throwDie(s, a, true);
  if (a.do === 'place') return place(s, a);
  if (a.do === 'bet') return bet(s, a);
  if (a.do === 'lair') {
    // Never voluntary (R-DW-04): a die that fits nowhere went there by itself.
    return phaseError(s, PLACE, 'must_place') || fail('must_place');
  }
  return fail('unknown_event', a.do);
}
