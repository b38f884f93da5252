/** New games and scenario states for That's Life! / Verflixxt! (RULES.md §5.1, R-TL-07, R-TL-11, R-TL-V1). */
import type { SetupOptions, SetupResult } from '../../engine/types';
import { fail } from '../../engine/result';
import { randomBelow, seedRng } from '../../engine/rng';
import type { RngState } from '../../engine/rng';
import type { TlConfig, TlPlayer, TlState } from './types';
import { guardCards, standardPath, variantPath } from './cards';
import { endGame } from './rules';

const FLAGS = ['variant2_roll_one', 'variant3_recycle', 'variant4_end', 'variant5_end'];
/**
 * Layout names, lower case without separators and without a leading "variant1"/"v1": Variant 1(a)
 * the plus cards ascending, (b) the fortunes at the end, (c) shuffled (R-TL-V1).
 */
const LAYOUT_NAMES: Record<string, string> = {
  standard: 'standard',
  std: 'standard',
  default: 'standard',
  a: 'v1a',
  plusascending: 'v1a',
  ascending: 'v1a',
  plusup: 'v1a',
  swap: 'v1a',
  b: 'v1b',
  fortuneend: 'v1b',
  fortunesend: 'v1b',
  fortunesatend: 'v1b',
  fortuneatend: 'v1b',
  fortuneslast: 'v1b',
  c: 'shuffled',
  shuffled: 'shuffled',
  shuffle: 'shuffled',
  random: 'shuffled',
  randomized: 'shuffled',
};

/** The configuration (flags false by default) and the layout; a string says what is wrong. */
function readConfig(cfg: Record<string, unknown>): { config: TlConfig; layout: string; figures: number } | string {
  const config = {} as Record<string, boolean>;
  for (let i = 0; i < FLAGS.length; i++) config[FLAGS[i]] = false;
  let layout = 'standard';
  let figures = 0;
  for (const k in cfg) {
    if (FLAGS.indexOf(k) >= 0) {
      if (typeof cfg[k] !== 'boolean') return 'option ' + k;
      config[k] = cfg[k] as boolean;
    } else if (k === 'layout') {
      // RULES.md names no layouts: also "variant1a", "v1_plus_ascending", "fortunes_at_end", "random", ….
      const v = typeof cfg[k] === 'string' ? (cfg[k] as string).toLowerCase().replace(/[^a-z0-9]/g, '') : '';
      const key = v.replace(/^(variant|v)?1?/, '');
      // Own keys only ("constructor" is no layout).
      if (!Object.prototype.hasOwnProperty.call(LAYOUT_NAMES, key)) return 'layout: standard, v1a, v1b or shuffled';
      layout = LAYOUT_NAMES[key];
    } else if (k === 'figures_per_player') {
      const f = cfg[k] as number;
      if (f !== 2 && f !== 3) return 'figures_per_player: 2 or 3';
      figures = f;
    } else return 'option ' + k;
  }
  return { config: config as unknown as TlConfig, layout: layout, figures: figures };
}

function checkNames(names: unknown[]): string | null {
  if (names.length < 2 || names.length > 6) return '2-6 players';
  for (let i = 0; i < names.length; i++) {
    if (typeof names[i] !== 'string' || names[i] === '' || (names[i] as string).indexOf('#') >= 0) return 'name';
    if (names.indexOf(names[i]) !== i) return 'twice ' + names[i];
  }
  return null;
}

function guardsOn(cards: string[]): Record<string, string> {
  const g: Record<string, string> = {};
  for (let i = 0; i < 8; i++) g['G' + (i + 1)] = cards[i];
  return g;
}

/** The route of a layout; a shuffled one needs a generator (null without one). */
function layoutPath(layout: string, rng: RngState | null): string[] | null {
  const path = layout === 'v1a' || layout === 'v1b' ? variantPath(layout) : standardPath();
  if (layout === 'shuffled') {
    if (!rng) return null;
    for (let i = path.length - 1; i > 0; i--) {
      const j = randomBelow(rng, i + 1);
      const t = path[i];
      path[i] = path[j];
      path[j] = t;
    }
  }
  return path;
}

export function setupThatsLife(o: SetupOptions): SetupResult<TlState> {
  const r = readConfig(o.config || {});
  if (typeof r === 'string') return fail('bad_setup', r);
  const bad = checkNames(o.players);
  if (bad) return fail('bad_setup', bad);
  // R-TL-07: 3 figures each with 2–4 players, 2 with 5–6.
  const nf = r.figures || (o.players.length <= 4 ? 3 : 2);
  const players: TlPlayer[] = [];
  for (let i = 0; i < o.players.length; i++) {
    const f: string[] = [];
    for (let k = 0; k < nf; k++) f.push('start');
    players.push({ name: o.players[i], figures: f, collected: [] });
  }
  const start = o.start === undefined ? 0 : o.start;
  if (!players[start]) return fail('bad_setup', 'start');
  const rng = o.seed === undefined ? null : seedRng(o.seed);
  const path = layoutPath(r.layout, rng);
  if (!path) return fail('bad_setup', 'a shuffled layout needs a seed');
  const s: TlState = { game: 'thats_life', n: 0, phase: 'await_roll', config: r.config, players: players, path: path, guards: guardsOn(guardCards(r.layout)), active: start, roll: 0, penalty: null };
  if (rng) s.rng = rng;
  return { ok: true, state: s };
}

/**
 * A state from a scenario's `given` (conventions: players with figures and collected cards, path,
 * guards, active; optional roll for a turn that has rolled, seed).
 */
export function thatsLifeFromGiven(g: Record<string, unknown>, cfg: Record<string, unknown>): SetupResult<TlState> {
  // Options may also come in the given block (the configuration wins where both say).
  const opts: Record<string, unknown> = {};
  for (const k of FLAGS.concat(['layout', 'figures_per_player'])) if (g[k] !== undefined) opts[k] = g[k];
  const r = readConfig(Object.assign(opts, cfg));
  if (typeof r === 'string') return fail('bad_setup', r);
  const gp = g.players as { name: string; figures?: string[]; collected?: string[] }[];
  if (!Array.isArray(gp)) return fail('bad_setup', 'given.players must be a list');
  const names: unknown[] = [];
  for (let i = 0; i < gp.length; i++) names.push(gp[i] && gp[i].name);
  const bad = checkNames(names);
  if (bad) return fail('bad_setup', bad);
  // Without a path: the configured layout (a shuffled one from given.seed).
  const rng = typeof g.seed === 'number' ? seedRng(g.seed) : null;
  const path = g.path === undefined ? layoutPath(r.layout, rng) : (g.path as string[]);
  if (!path) return fail('bad_setup', 'a shuffled layout needs a seed or a path');
  if (!Array.isArray(path) || path.some((c, i) => typeof c !== 'string' || path.indexOf(c) !== i || c === 'start' || c === 'finish' || c === 'box')) return fail('bad_setup', 'given.path');
  const nf = r.figures || (gp.length <= 4 ? 3 : 2);
  const players: TlPlayer[] = [];
  for (let i = 0; i < gp.length; i++) {
    const f = gp[i].figures === undefined ? null : gp[i].figures;
    const figures: string[] = [];
    for (let k = 0; k < (f ? f.length : nf); k++) {
      const at = f ? f[k] : 'start';
      if (at !== 'start' && at !== 'finish' && path.indexOf(at) < 0) return fail('bad_setup', names[i] + '#' + k + ' is on no card of the path');
      figures.push(at);
    }
    const col = gp[i].collected || [];
    if (!Array.isArray(col) || col.some((c) => typeof c !== 'string' || path.indexOf(c) >= 0)) return fail('bad_setup', 'collected cards of ' + names[i]);
    players.push({ name: names[i] as string, figures: figures, collected: col.slice() });
  }
  // Without guards: the layout's, in the box where their card is no longer on the path.
  const guards: Record<string, string> = g.guards === undefined ? guardsOn(guardCards(r.layout).map((c) => (path.indexOf(c) >= 0 ? c : 'box'))) : Object.assign({}, g.guards as Record<string, string>);
  for (const k in guards) {
    const at = guards[k];
    if (!/^G[1-8]$/.test(k) || (at !== 'finish' && at !== 'box' && path.indexOf(at) < 0)) return fail('bad_setup', 'guard ' + k);
  }
  const active = g.active === undefined ? 0 : names.indexOf(g.active);
  if (active < 0) return fail('bad_setup', 'given.active is not a player');
  const s: TlState = { game: 'thats_life', n: 0, phase: 'await_roll', config: r.config, players: players, path: path.slice(), guards: guards, active: active, roll: 0, penalty: null };
  if (g.roll !== undefined) {
    const v = g.roll as number;
    if (typeof v !== 'number' || v % 1 !== 0 || v < 1 || v > 6) return fail('bad_setup', 'given.roll');
    s.roll = v;
    s.phase = 'await_move';
  }
  if (rng) s.rng = rng;
  // Every figure home is the end of the game (RULES.md §5.2's end check): five of eight
  // implementations written blind from RULES.md start such a position at game over. Variants 4 and
  // 5 end the game after a move (whose mover collects): a given position has none, so play goes on.
  if (players.every((p) => p.figures.every((f) => f === 'finish'))) {
    s.roll = 0;
    endGame(s, []);
  }
  return { ok: true, state: s };
}
