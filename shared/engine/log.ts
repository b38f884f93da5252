/**
 * The action log: JSON lines, append-only. Line 1 says how the game started (a new game's
 * setup or a scenario's given); every further line is one accepted action with the hash of
 * the state after it. Replaying the lines rebuilds the exact state and checks every hash.
 * The firmware's journal (firmware/src/journal.ts) is not this file: it keeps the same header in
 * checkpoints of the whole state, and lines {n, a} without a hash.
 */
import type { Action, BaseState, SetupOptions, StepFail } from './types';
import { gameDef } from './games';
import { step } from './step';
import { stateHash } from './hash';
import { fail } from './result';
import { checkPvState } from '../games/pechvogel/check-state';
import type { PvState } from '../games/pechvogel/types';

/** A state from outside (a mirror's snapshot header) must keep play's invariants before the engine gets it. */
const STATE_CHECKS: Record<string, (s: BaseState) => string | null> = {
  pechvogel: (s) => checkPvState(s as unknown as PvState),
};

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

export const LOG_FORMAT = 'dicetray-log/1';

export interface LogHeader {
  log: string;
  game: string;
  setup?: SetupOptions;
  given?: Record<string, unknown>;
  config?: Record<string, unknown>;
  /** A mirror that joined mid-game starts its log from the board's snapshot state. */
  state?: BaseState;
}

export interface LogEntry {
  n: number;
  a: Action;
  /** Faces drawn by a virtual roll, for readers of the log (replay does not read them: the state hash covers them). */
  faces?: unknown[];
  h: string;
}

export function headerLine(h: LogHeader): string {
  return JSON.stringify(h);
}

export function entryLine(state: BaseState, action: Action, effects: { type: string; faces?: unknown }[]): string {
  const e: LogEntry = { n: state.n, a: action, h: stateHash(state) };
  for (let i = 0; i < effects.length; i++) if (effects[i].type === 'rolled') e.faces = effects[i].faces as unknown[];
  return JSON.stringify(e);
}

function startFromHeader(h: LogHeader): { ok: true; state: BaseState } | StepFail {
  const g = gameDef(h.game);
  if (!g) return fail('unknown_game', 'no rules for game ' + JSON.stringify(h.game));
  try {
    if (h.setup) return isObject(h.setup) && Array.isArray(h.setup.players) ? g.setup(h.setup) : fail('bad_log', 'the header\'s setup is not {"players": [...], …}');
    if (h.given) return isObject(h.given) && (h.config === undefined || isObject(h.config)) ? g.fromGiven(h.given, h.config || {}) : fail('bad_log', 'the header\'s given (or config) is not an object');
  } catch (e) {
    return fail('bad_log', 'the header\'s set-up cannot be used: ' + (e as Error).message);
  }
  if (h.state !== undefined) {
    // h.game is a game's own name here (gameDef above).
    const check = STATE_CHECKS[h.game];
    const bad = !isObject(h.state) ? 'not an object' : (h.state as BaseState).game !== h.game ? 'game' : check ? check(h.state as BaseState) : null;
    if (bad) return fail('bad_state', 'the header\'s state breaks the rules\' invariants (' + bad + ')');
    return { ok: true, state: JSON.parse(JSON.stringify(h.state)) as BaseState };
  }
  return fail('bad_log', 'the log header has neither setup, given nor state');
}

export interface ReplayResult {
  ok: boolean;
  state: BaseState | null;
  /** Actions applied. */
  applied: number;
  /** Where and why replay stopped early (a torn last line is reported, not fatal). */
  error: { line: number; code: string; message: string } | null;
}

/** Rebuilds a game from its log text. Stops at the first bad line and reports it. */
export function replayLog(text: string): ReplayResult {
  const lines = text.split('\n');
  const res: ReplayResult = { ok: false, state: null, applied: 0, error: null };
  let header: LogHeader;
  try {
    header = JSON.parse(lines[0]);
  } catch (e) {
    res.error = { line: 1, code: 'bad_log', message: 'the first line is not a JSON log header' };
    return res;
  }
  if (!isObject(header) || header.log !== LOG_FORMAT) {
    res.error = { line: 1, code: 'bad_log', message: 'not a ' + LOG_FORMAT + ' log' };
    return res;
  }
  const start = startFromHeader(header);
  if (!start.ok) {
    res.error = { line: 1, code: start.error.code, message: start.error.message };
    return res;
  }
  let state = start.state;
  res.state = state;
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    let e: LogEntry;
    try {
      e = JSON.parse(lines[i]);
    } catch (err) {
      // Torn by a power cut or a full disk only at the end; a damaged line with lines after it is something else.
      const last = lines.slice(i + 1).every((l) => l.trim() === '');
      res.error = { line: i + 1, code: 'bad_log', message: last ? 'the last line is not JSON (torn write?)' : 'line is not JSON (damaged, with lines after it)' };
      return res;
    }
    if (!isObject(e) || !isObject(e.a) || typeof e.a.do !== 'string' || typeof e.h !== 'string' || typeof e.n !== 'number') {
      res.error = { line: i + 1, code: 'bad_log', message: 'not an action line {"n": N, "a": {"do": …}, "h": HASH}' };
      return res;
    }
    // Every accepted action counts one up: a jump is a line missing (or out of order).
    if (e.n !== state.n + 1) {
      res.error = { line: i + 1, code: 'sequence_gap', message: 'the line is action ' + e.n + ', expected ' + (state.n + 1) + (e.n > state.n + 1 ? ' (a line is missing)' : ' (a line is repeated or out of order)') };
      return res;
    }
    // step() never throws: junk it cannot read is refused as bad_action.
    const r = step(state, e.a);
    if (!r.ok) {
      res.error = { line: i + 1, code: r.error.code, message: r.error.message };
      return res;
    }
    if (stateHash(r.state) !== e.h) {
      res.error = { line: i + 1, code: 'hash_mismatch', message: 'state hash ' + stateHash(r.state) + ' differs from the logged ' + e.h };
      return res;
    }
    state = r.state;
    res.state = state;
    res.applied++;
  }
  res.ok = true;
  return res;
}
