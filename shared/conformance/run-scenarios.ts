/**
 * Runs conformance scenarios (format `tabletop-rules-scenarios/1`) against the engine.
 * Pure: takes parsed JSON, returns results; printing is the CLI's job.
 */
import { GAMES, gameDef } from '../engine/games';
import { step } from '../engine/step';
import { canonicalJson } from '../engine/hash';
import type { Action, BaseState } from '../engine/types';
import { subsetMismatches } from './subset-match';
import { nonFinitePath } from './non-finite-path';
import { describeError } from '../engine/error-text';
import { editDistance } from '../text/edit-distance';
import type { RuleError } from '../engine/types';

export const SCENARIO_SCHEMA = 'tabletop-rules-scenarios/1';

/**
 * Games with rules research (../shared/docs/RULES.md) but no engine yet: their scenarios are
 * skipped. Any other game name is a mistake in the file and fails.
 */
const PLANNED_GAMES: string[] = []; // none now: all three games have engines

export interface Scenario {
  id: string;
  game: string;
  title?: string;
  config?: Record<string, unknown>;
  given: Record<string, unknown>;
  events: (Action & { expect_error?: string; expect_after?: Record<string, unknown> })[];
  expect?: Record<string, unknown>;
  /** A virtual-dice seed beside given and config (read as given.seed). */
  seed?: unknown;
}

export interface ScenarioResult {
  id: string;
  game: string;
  title: string;
  status: 'passed' | 'failed' | 'skipped';
  /** Why it failed or was skipped. */
  problems: string[];
  /** What looks like a slip in the file (a misspelt key, nothing checked): said, never failing. */
  warnings?: string[];
}

function describe(i: number, ev: Action): string {
  return ev.do === undefined ? `event ${i + 1} (no "do")` : `event ${i + 1} (${ev.do})`;
}

/** A refusal as code and words ("target_not_rolled (the target is a number shown by …)"). */
const refusal = (e: RuleError): string => `${e.code} (${describeError(e)})`;

const SCENARIO_CHECKS = ['given', 'config', 'events', 'expect'];
const EVENT_CHECKS = ['expect_error', 'expect_after'];

/** A key that is not `known` but close to one of them (or, for events, begins with "expect"): the one it may mean. */
function misspelt(key: string, known: string[], expectPrefix: boolean): string | null {
  if (known.indexOf(key) >= 0) return null;
  for (const k of known) if (editDistance(key.toLowerCase(), k) <= 2) return k;
  return expectPrefix && /^expect/i.test(key) ? known.join(' or ') : null;
}

/**
 * Slips that would make a scenario pass without checking what it was written to check: an
 * "expected" block (read: no expectation), an event's "expect_eror", a scenario with nothing to
 * check. Extra keys that look like nothing known (notes, sources) are fine.
 */
function scenarioWarnings(sc: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const k of Object.keys(sc)) {
    const m = misspelt(k, SCENARIO_CHECKS, false);
    if (m) out.push(`key "${k}" is not read: did you mean "${m}"?`);
  }
  const events = Array.isArray(sc.events) ? (sc.events as Record<string, unknown>[]) : [];
  events.forEach((ev, i) => {
    for (const k of Object.keys(ev)) {
      const m = k === 'do' ? null : misspelt(k, EVENT_CHECKS, true);
      if (m) out.push(`event ${i + 1}: key "${k}" is taken as part of the action: did you mean "${m}"?`);
    }
  });
  const checks = sc.expect != null || events.some((ev) => ev.expect_error != null || ev.expect_after != null);
  if (!checks) out.push('checks nothing: no "expect", and no event has "expect_error" or "expect_after"');
  return out;
}

/**
 * The given and config blocks with a virtual-dice seed moved into the given (where the engines
 * read it): files from other implementations put it in config or beside them too.
 */
function seedInGiven(sc: Scenario): [Record<string, unknown>, Record<string, unknown>] {
  const given = ownCopy(sc.given);
  const config = ownCopy(sc.config);
  const seed = config.seed != null ? config.seed : sc.seed;
  if (given.seed == null && seed != null) given.seed = seed;
  delete config.seed;
  given.players = playerList(given.players);
  return [given, config];
}

/**
 * Players as the engines read them, a list of { name, … }: a given written the way a state shows
 * its players (conventions: players{name:{markers, frustrations}}), a map in seat order, becomes
 * that list. Anything else is left for the engine to judge.
 */
function playerList(p: unknown): unknown {
  if (p === null || typeof p !== 'object' || Array.isArray(p)) return p;
  const m = p as Record<string, unknown>;
  return Object.keys(m).map((name) => Object.assign(ownCopy(m[name]), { name: name }));
}

/** A shallow copy of a JSON object's own keys: a "__proto__" key stays a key (Object.assign would make it the prototype). */
function ownCopy(o: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (o === null || typeof o !== 'object') return out;
  for (const k of Object.keys(o)) Object.defineProperty(out, k, { value: (o as Record<string, unknown>)[k], enumerable: true, writable: true, configurable: true });
  return out;
}

/** Other spellings of the games' names ("seventh-dwarf", "The 7th Dwarf", "Verflixxt!", …). */
const GAME_ALIASES: Record<string, string> = {
  '7th_dwarf': 'seventh_dwarf',
  the_7th_dwarf: 'seventh_dwarf',
  the_seventh_dwarf: 'seventh_dwarf',
  that_s_life: 'thats_life',
  verflixxt: 'thats_life',
  thats_life_verflixxt: 'thats_life',
};

function gameKey(name: string): string {
  const k = String(name).toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
  return Object.prototype.hasOwnProperty.call(GAME_ALIASES, k) ? GAME_ALIASES[k] : k;
}

export function runScenario(sc: Scenario): ScenarioResult {
  const res: ScenarioResult = { id: sc.id, game: sc.game, title: sc.title || '', status: 'passed', problems: [] };
  const key = gameKey(sc.game);
  const g = gameDef(key);
  if (!g && PLANNED_GAMES.indexOf(key) >= 0) {
    res.status = 'skipped';
    res.problems.push(`the engine has no rules for ${sc.game} yet`);
    return res;
  }
  if (!g) {
    res.status = 'failed';
    res.problems.push(`unknown game ${JSON.stringify(sc.game)} (known: ${Object.keys(GAMES).concat(PLANNED_GAMES).join(', ')})`);
    return res;
  }
  const start = g.fromGiven(...seedInGiven(sc));
  if (!start.ok) {
    res.status = 'failed';
    res.problems.push(`given refused: ${start.error.code}: ${start.error.message}`);
    return res;
  }
  let state: BaseState = start.state;
  const events = sc.events || [];
  /** An event was refused or crashed: what comes after it, and the final expectations, no longer apply. */
  let stopped = false;
  for (let i = 0; i < events.length; i++) {
    const ev = events[i];
    const action: Action = Object.assign({}, ev);
    delete action.expect_error;
    delete action.expect_after;
    const before = canonicalJson(state);
    let r;
    try {
      r = step(state, action);
    } catch (e) {
      res.problems.push(`${describe(i, ev)} crashed the engine: ${(e as Error).stack || e}`);
      stopped = true;
      break;
    }
    if (canonicalJson(state) !== before) res.problems.push(`${describe(i, ev)} mutated the input state`);
    // null is no expectation, as if left out.
    if (ev.expect_error != null) {
      if (r.ok) res.problems.push(`${describe(i, ev)} should be refused with ${ev.expect_error} but was accepted`);
      else if (r.error.code !== ev.expect_error) {
        res.problems.push(`${describe(i, ev)} refused with ${refusal(r.error)}, expected ${ev.expect_error}`);
      }
      if (r.ok) state = r.state;
    } else if (!r.ok) {
      res.problems.push(`${describe(i, ev)} refused: ${refusal(r.error)}`);
      stopped = true;
      break;
    } else {
      state = r.state;
    }
    if (ev.expect_after) {
      for (const m of subsetMismatches(g.view(state), ev.expect_after, '', true)) res.problems.push(`after ${describe(i, ev)}: ${m}`);
    }
  }
  // Checked after a wrong expect_after or expect_error too (the run went on): every mismatch at once.
  if (!stopped && sc.expect) {
    for (const m of subsetMismatches(g.view(state), sc.expect, '', true)) res.problems.push(`at the end: ${m}`);
  }
  if (res.problems.length > 0) res.status = 'failed';
  return res;
}

/** Whether a parsed file has the scenario format's outline (schema and a scenario list). */
export function isScenarioFile(doc: unknown): boolean {
  const d = doc as { schema?: string; scenarios?: unknown };
  return !!d && typeof d === 'object' && d.schema === SCENARIO_SCHEMA && Array.isArray(d.scenarios);
}

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** What is wrong with a scenario's shape (so the engine is never handed nonsense), or null. */
function scenarioShapeProblem(sc: unknown): string | null {
  if (!isObject(sc)) return `not a scenario object: ${JSON.stringify(sc)}`;
  if (typeof sc.game !== 'string') return 'no "game" name';
  // null is as if left out.
  if (sc.given != null && !isObject(sc.given)) return '"given" is not an object';
  if (sc.config != null && !isObject(sc.config)) return '"config" is not an object';
  if (sc.expect != null && !isObject(sc.expect)) return '"expect" is not an object';
  if (sc.events != null && !Array.isArray(sc.events)) return '"events" is not a list';
  // Read as Infinity, such a number would be refused as a bad value, or compared as null, never as written.
  const beyond = (p: string) => `${p} is a number beyond JSON's range (1e400 and the like are read as Infinity)`;
  for (const k of ['given', 'config', 'seed', 'expect']) {
    const p = nonFinitePath(sc[k], k);
    if (p) return beyond(p);
  }
  const events = (sc.events || []) as unknown[];
  for (let i = 0; i < events.length; i++) {
    const ev = events[i];
    // An object with a missing or unknown "do" goes to the engine, which turns it down with a code (it may be what is tested).
    if (!isObject(ev)) return `event ${i + 1} is not an action ({"do": …}): ${JSON.stringify(ev)}`;
    if (ev.expect_after != null && !isObject(ev.expect_after)) return `event ${i + 1}: "expect_after" is not an object`;
    if (ev.expect_error != null && typeof ev.expect_error !== 'string') return `event ${i + 1}: "expect_error" is not an error code`;
    const p = nonFinitePath(ev, '');
    if (p) return `event ${i + 1}: ${beyond(p)}`;
  }
  return null;
}

/** Runs every scenario of a parsed file; a wrong schema is one failed pseudo-scenario, a malformed scenario a failed one. */
export function runScenarioFile(doc: unknown, label: string): ScenarioResult[] {
  if (!isScenarioFile(doc)) {
    return [{ id: label, game: '?', title: '', status: 'failed', problems: [`not a ${SCENARIO_SCHEMA} file`] }];
  }
  return (doc as { scenarios: unknown[] }).scenarios.map((sc, i) => {
    const bad = scenarioShapeProblem(sc);
    const o = isObject(sc) ? sc : {};
    const id = typeof o.id === 'string' && o.id ? o.id : `${label}#${i + 1}`;
    if (bad) return { id, game: typeof o.game === 'string' ? o.game : '?', title: typeof o.title === 'string' ? o.title : '', status: 'failed', problems: [`scenario ${i + 1}: ${bad}`] };
    const warnings = scenarioWarnings(o);
    try {
      const r = runScenario(Object.assign({}, sc as unknown as Scenario, { id }));
      if (warnings.length) r.warnings = warnings;
      return r;
    } catch (e) {
      return { id, game: String(o.game), title: typeof o.title === 'string' ? o.title : '', status: 'failed', problems: [`scenario ${i + 1} crashed the engine: ${(e as Error).message}`] };
    }
  });
}
