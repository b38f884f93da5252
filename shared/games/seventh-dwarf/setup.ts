/**
 * New games and scenario states for The 7th Dwarf. The dwarf spots' real colour order is not
 * public (RULES.md §2, R-DW-06): the default is the scenarios' stand-in order, and a table
 * enters the real one from its board piece as `spot_colours_asc`.
 */
import type { SetupOptions, SetupResult } from '../../engine/types';
import { fail } from '../../engine/result';
import { seedRng } from '../../engine/rng';
import type { DwBet, DwConfig, DwDie, DwPlayer, DwState } from './types';
import { BET_AFTER, betsMissing, diceResolved, emptyTurn, endGame, legalNow } from './rules';
import { directionOf, isMonotone, SPOTS } from './row';
import { BETS, PLACE, THROW } from './phases';

const DEFAULT_COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink'];

const DEFAULTS: Record<string, unknown> = {
  dice: DEFAULT_COLOURS,
  spot_colours_asc: DEFAULT_COLOURS,
  spot_colours_desc: null,
  turns_per_player: 3,
  colour_points_on_failure: true,
  bet_scope: 'row',
};

function colours(x: unknown, distinct: boolean): boolean {
  if (!Array.isArray(x) || x.length !== 7) return false;
  for (let i = 0; i < 7; i++) if (typeof x[i] !== 'string' || x[i] === '' || (distinct && x.indexOf(x[i]) !== i)) return false;
  return true;
}

/** The configuration from defaults, `cfg` and the keys a scenario's given may carry; a string says what is wrong. */
function readConfig(cfg: Record<string, unknown>, given: Record<string, unknown>): DwConfig | string {
  // Defaults, then what a scenario's given says, then the configuration.
  const o = Object.assign({}, DEFAULTS) as Record<string, unknown>;
  for (const k in DEFAULTS) if (given[k] !== undefined) o[k] = given[k];
  for (const k in cfg) {
    if (!(k in DEFAULTS)) return 'option ' + k;
    o[k] = cfg[k];
  }
  if (o.spot_colours_desc === null) o.spot_colours_desc = (o.spot_colours_asc as string[]).slice().reverse();
  if (!colours(o.dice, true)) return 'dice: 7 different colours';
  if (!colours(o.spot_colours_asc, false) || !colours(o.spot_colours_desc, false)) return 'spot colours: 7 each';
  const t = o.turns_per_player as number;
  if (typeof t !== 'number' || t % 1 !== 0 || t < 1 || t > 99) return 'turns_per_player';
  if (typeof o.colour_points_on_failure !== 'boolean') return 'option colour_points_on_failure';
  if (o.bet_scope !== 'row' && o.bet_scope !== 'dwarf_spots') return 'option bet_scope';
  return o as unknown as DwConfig;
}

function checkNames(names: unknown[]): string | null {
  if (names.length < 1 || names.length > 7) return '1-7 players';
  for (let i = 0; i < names.length; i++) {
    if (typeof names[i] !== 'string' || names[i] === '') return 'name';
    if (names.indexOf(names[i]) !== i) return 'twice ' + names[i];
  }
  return null;
}

function baseState(players: DwPlayer[], config: DwConfig): DwState {
  return { game: 'seventh_dwarf', n: 0, phase: THROW, config: config, players: players, active: 0, turn: emptyTurn(players.length), last_turn: null };
}

export function setupSeventhDwarf(o: SetupOptions): SetupResult<DwState> {
  const config = readConfig(o.config || {}, {});
  if (typeof config === 'string') return fail('bad_setup', config);
  const bad = checkNames(o.players);
  if (bad) return fail('bad_setup', bad);
  const players: DwPlayer[] = [];
  for (let i = 0; i < o.players.length; i++) players.push({ name: o.players[i], score: 0, turns_taken: 0 });
  const s = baseState(players, config);
  const start = o.start === undefined ? 0 : o.start;
  if (!players[start]) return fail('bad_setup', 'start');
  s.active = start;
  if (o.seed !== undefined) s.rng = seedRng(o.seed);
  return { ok: true, state: s };
}

/** A die from a scenario ([colour, value]) with its colour not seen before, or null. */
function die(x: unknown, config: DwConfig, seen: string[]): DwDie | null {
  if (!Array.isArray(x) || x.length !== 2 || config.dice.indexOf(x[0]) < 0 || seen.indexOf(x[0]) >= 0) return null;
  if (typeof x[1] !== 'number' || x[1] % 1 !== 0 || x[1] < 1 || x[1] > 6) return null;
  seen.push(x[0]);
  return [x[0], x[1]];
}

/**
 * A state from a scenario's `given` (conventions: players with score and turns_taken, active,
 * spot colours, dice, optional turn with row, lair, direction, bets by name, pending).
 */
export function seventhDwarfFromGiven(g: Record<string, unknown>, cfg: Record<string, unknown>): SetupResult<DwState> {
  const config = readConfig(cfg, g);
  if (typeof config === 'string') return fail('bad_setup', config);
  const gp = g.players as { name: string; score?: number; turns_taken?: number }[];
  if (!Array.isArray(gp)) return fail('bad_setup', 'given.players must be a list');
  const names: string[] = [];
  const players: DwPlayer[] = [];
  for (let i = 0; i < gp.length; i++) {
    // A score is a number, turns taken a count ("abc" and -5 were played on as nonsense).
    const sc = gp[i] && gp[i].score;
    const tt = gp[i] && gp[i].turns_taken;
    if (sc !== undefined && !(typeof sc === 'number' && isFinite(sc))) return fail('bad_setup', 'given.players: score of ' + gp[i].name);
    if (tt !== undefined && !(typeof tt === 'number' && tt >= 0 && tt % 1 === 0)) return fail('bad_setup', 'given.players: turns_taken of ' + gp[i].name);
    names.push(gp[i] && gp[i].name);
    players.push({ name: gp[i] && gp[i].name, score: (gp[i] && gp[i].score) || 0, turns_taken: (gp[i] && gp[i].turns_taken) || 0 });
  }
  const bad = checkNames(names);
  if (bad) return fail('bad_setup', bad);
  const s = baseState(players, config);
  s.active = g.active === undefined ? 0 : names.indexOf(g.active as string);
  if (s.active < 0) return fail('bad_setup', 'given.active is not a player');
  if (typeof g.seed === 'number') s.rng = seedRng(g.seed);
  const t = g.turn as Record<string, unknown> | undefined;
  if (t) {
    const seen: string[] = [];
    const row = t.row === undefined ? [] : (t.row as unknown[]);
    if (!Array.isArray(row) || (row.length !== SPOTS && row.length !== 0)) return fail('bad_setup', 'turn.row: 9 spots');
    for (let i = 0; i < row.length; i++) {
      if (row[i] === null) continue;
      const d = die(row[i], config, seen);
      if (!d) return fail('bad_setup', 'turn.row[' + i + ']');
      s.turn.row[i] = d;
    }
    const lair = t.lair === undefined ? [] : (t.lair as unknown[]);
    if (!Array.isArray(lair)) return fail('bad_setup', 'turn.lair');
    for (let i = 0; i < lair.length; i++) {
      const d = die(lair[i], config, seen);
      if (!d) return fail('bad_setup', 'turn.lair[' + i + ']');
      s.turn.lair.push(d);
    }
    const dir = t.direction === undefined || t.direction === null ? directionOf(s.turn.row) : t.direction;
    if ((dir !== 'asc' && dir !== 'desc' && dir !== null) || !isMonotone(s.turn.row, dir)) return fail('bad_setup', 'turn.direction does not fit the row');
    s.turn.direction = dir;
    const bets = (t.bets || {}) as Record<string, unknown>;
    for (const name in bets) {
      const i = names.indexOf(name);
      if (i < 0 || i === s.active || (bets[name] !== 'success' && bets[name] !== 'fail')) return fail('bad_setup', 'turn.bets.' + name);
      s.turn.bets[i] = bets[name] as DwBet;
    }
    if (t.pending !== undefined && t.pending !== null) {
      const d = die(t.pending, config, seen);
      if (!d) return fail('bad_setup', 'turn.pending');
      s.turn.pending = d;
    }
    const n = diceResolved(s.turn);
    if (n + (s.turn.pending ? 1 : 0) >= 7 && !s.turn.pending) return fail('bad_setup', 'a turn with every die resolved is scored already');
    if (s.turn.pending) {
      if (legalNow(s).length === 0) return fail('bad_setup', 'turn.pending fits nowhere (it would be in the lair)');
      s.phase = PLACE;
    } else if (n >= BET_AFTER && betsMissing(s).length > 0) s.phase = BETS;
  }
  let done = true;
  for (let i = 0; i < players.length; i++) if (players[i].turns_taken < config.turns_per_player) done = false;
  // Every turn played: over, also when the given spells out a turn with nothing thrown yet (R-DW-08).
  if (done && diceResolved(s.turn) === 0 && !s.turn.pending) endGame(s);
  return { ok: true, state: s };
}
