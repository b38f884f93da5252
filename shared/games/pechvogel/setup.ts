import type { SetupOptions, SetupResult } from '../../engine/types';
import { fail } from '../../engine/result';
import { seedRng } from '../../engine/rng';
import type { PvConfig, PvPlayer, PvState } from './types';
import { emptyTurn } from './turn';
import { FIRST, THROW } from './phases';
import { gameOver } from './rules';

const DEFAULT_CONFIG: PvConfig = {
  reduce_reroll_immune_to_frustrate: false,
  steal_only_if_middle_lacks_value: false,
  unofficial_player_count: false,
};

function readConfig(c: Record<string, unknown> | undefined): PvConfig | string {
  // Options that are no object ("x", 5, true): Espruino's Object.assign throws on them (out of a
  // host's new, with no answer), where Node's ignores or spreads them.
  if (c && typeof c !== 'object') return 'options';
  const out = Object.assign({}, DEFAULT_CONFIG, c) as unknown as Record<string, unknown>;
  for (const k in out) if (!(k in DEFAULT_CONFIG) || typeof out[k] !== 'boolean') return 'option ' + k;
  return out as unknown as PvConfig;
}

function checkNames(names: string[], config: PvConfig): string | null {
  const max = config.unofficial_player_count ? 7 : 5;
  if (names.length < 2 || names.length > max) return '2-' + max;
  for (let i = 0; i < names.length; i++) {
    if (typeof names[i] !== 'string' || names[i] === '') return 'name';
    if (names.indexOf(names[i]) !== i) return 'twice ' + names[i];
  }
  return null;
}

function baseState(players: PvPlayer[], config: PvConfig): PvState {
  return {
    game: 'pechvogel',
    n: 0,
    phase: FIRST,
    config: config,
    players: players,
    middle: [3, 3, 3, 3, 3],
    box: [0, 0, 0, 0, 0],
    murphy: -1,
    active: 0,
    turn: emptyTurn(),
    undo: null,
  };
}

export function setupPechvogel(o: SetupOptions): SetupResult<PvState> {
  const config = readConfig(o.config);
  if (typeof config === 'string') return fail('bad_setup', config);
  const bad = checkNames(o.players, config);
  if (bad) return fail('bad_setup', bad);
  const players: PvPlayer[] = [];
  for (let i = 0; i < o.players.length; i++) players.push({ name: o.players[i], markers: [], frustrations: 0 });
  const s = baseState(players, config);
  const start = o.start === undefined ? 0 : o.start;
  // Indexing also rejects fractions and negatives: players[1.5] and players[-1] are undefined.
  if (!players[start]) return fail('bad_setup', 'start');
  s.active = start;
  if (o.seed !== undefined) s.rng = seedRng(o.seed);
  return { ok: true, state: s };
}

/** A whole number of things, 0 or more. */
function isCount(x: unknown): x is number {
  return typeof x === 'number' && x >= 0 && x % 1 === 0 && x < 1e15;
}

function counts(o: unknown, what: string): number[] | string {
  const out = [0, 0, 0, 0, 0];
  if (o === undefined) return out;
  if (o === null || typeof o !== 'object') return what + ' must map marker values to counts';
  const keys = Object.keys(o as object);
  for (let i = 0; i < keys.length; i++) {
    const v = Number(keys[i]);
    const c = (o as Record<string, unknown>)[keys[i]];
    if (!(v >= 3 && v <= 7) || v % 1 !== 0 || typeof c !== 'number' || c < 0 || c % 1 !== 0) return what + ': bad entry ' + keys[i];
    out[v - 3] = c;
  }
  return out;
}

/** A state from a scenario's `given` (conventions: players, active, middle, box, murphy, optional turn). */
export function pechvogelFromGiven(g: Record<string, unknown>, cfg: Record<string, unknown>): SetupResult<PvState> {
  const config = readConfig(cfg);
  if (typeof config === 'string') return fail('bad_setup', config);
  const gp = g.players as { name: string; markers?: number[]; frustrations?: number }[];
  if (!Array.isArray(gp)) return fail('bad_setup', 'given.players must be a list');
  const names: string[] = [];
  const players: PvPlayer[] = [];
  for (let i = 0; i < gp.length; i++) {
    if (!gp[i] || typeof gp[i] !== 'object') return fail('bad_setup', 'given.players: not a player');
    names.push(gp[i].name);
    // What a game can hold: markers 3..7, frustrations a count (a -3 or a "x" played on as nonsense).
    const fr = gp[i].frustrations;
    if (fr !== undefined && !isCount(fr)) return fail('bad_setup', 'given.players: frustrations of ' + gp[i].name);
    if (gp[i].markers !== undefined && (!Array.isArray(gp[i].markers) || gp[i].markers!.some((v) => !(v >= 3 && v <= 7 && v % 1 === 0)))) return fail('bad_setup', 'given.players: markers of ' + gp[i].name);
    const m = (gp[i].markers || []).slice().sort((a, b) => a - b);
    players.push({ name: gp[i].name, markers: m, frustrations: gp[i].frustrations || 0 });
  }
  const bad = checkNames(names, Object.assign({}, config, { unofficial_player_count: true }));
  if (bad) return fail('bad_setup', bad);
  const s = baseState(players, config);
  if (g.middle !== undefined) {
    const m = counts(g.middle, 'middle');
    if (typeof m === 'string') return fail('bad_setup', m);
    s.middle = m;
  }
  const b = counts(g.box, 'box');
  if (typeof b === 'string') return fail('bad_setup', b);
  s.box = b;
  s.active = g.active === undefined ? 0 : names.indexOf(g.active as string);
  if (s.active < 0) return fail('bad_setup', 'given.active is not a player');
  s.murphy = g.murphy === undefined || g.murphy === null ? -1 : names.indexOf(g.murphy as string);
  if (g.murphy && s.murphy < 0) return fail('bad_setup', 'given.murphy is not a player');
  if (typeof g.seed === 'number') s.rng = seedRng(g.seed);
  const t = g.turn as Record<string, unknown> | undefined;
  // A turn without a target is one that has not started (the state's own turn at
  // await_first_throw): a mid-turn start needs the target fixed (conventions, given.turn).
  if (t && t.target !== null && t.target !== undefined) {
    const board = (t.board || {}) as { targets?: number; ravens?: number };
    if (!(typeof t.target === 'number' && t.target >= 3 && t.target <= 7 && t.target % 1 === 0)) return fail('bad_setup', 'given.turn.target');
    // Counts (more than a turn that goes on can have are left to the rules: other implementations take them).
    if (board.targets !== undefined && !isCount(board.targets)) return fail('bad_setup', 'given.turn.board.targets');
    if (board.ravens !== undefined && !isCount(board.ravens)) return fail('bad_setup', 'given.turn.board.ravens');
    // Each one a frustration a player put there: far more than any game holds is a typo (1e9 ran out of memory).
    if (t.board_frustrations !== undefined && !(isCount(t.board_frustrations) && t.board_frustrations <= 1000)) return fail('bad_setup', 'given.turn.board_frustrations');
    s.turn.target = t.target as number;
    s.turn.targets = board.targets || 0;
    s.turn.ravens = board.ravens || 0;
    s.turn.reduce_used = !!t.reduce_used;
    s.turn.frustrate_used = !!t.frustrate_used;
    if (Array.isArray(t.frustraters)) {
      for (let i = 0; i < t.frustraters.length; i++) s.turn.frustraters.push(names.indexOf(t.frustraters[i] as string));
    } else {
      for (let i = 0; i < ((t.board_frustrations as number) || 0); i++) s.turn.frustraters.push(-1);
    }
    if (s.turn.frustraters.length > 0) s.turn.frustrate_used = true;
    s.phase = THROW;
  }
  // An empty middle is the end of the game (RULES.md §3.3 step 5): implementations written blind
  // from RULES.md start such a position at game over (eight of eight; five of eight with a turn given).
  if (s.middle.join('') === '00000') {
    s.turn = emptyTurn();
    gameOver(s, []);
  }
  return { ok: true, state: s };
}
