/**
 * The action log: JSON lines, append-only. Line 1 says how the game started (a new game's
 * setup or a scenario's given); every further line is one accepted action with the hash of
 * the state after it. Replaying the lines rebuilds the exact state and checks every hash.
 * The firmware journals the same lines to Storage, so a power cut loses nothing.
 */
import type { Action, BaseState, SetupOptions, StepFail } from './types';
import { GAMES } from './games';
import { step } from './step';
import { stateHash } from './hash';
import { fail } from './result';

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
  /** Faces drawn by a virtual roll, for readers of the log (checked on replay). */
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

export function startFromHeader(h: LogHeader): { ok: true; state: BaseState } | StepFail {
  const g = GAMES[h.game];
  if (!g) return fail('unknown_game', 'no rules for game ' + JSON.stringify(h.game));
  if (h.setup) return g.setup(h.setup);
  if (h.given) return g.fromGiven(h.given, h.config || {});
  if (h.state) return { ok: true, state: JSON.parse(JSON.stringify(h.state)) as BaseState };
  return fail('bad_log', 'the log header has neither setup nor given');
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
  if (!header || header.log !== LOG_FORMAT) {
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
      res.error = { line: i + 1, code: 'bad_log', message: 'line is not JSON (torn write?)' };
      return res;
    }
    const r = step(state, e.a);
    if (!r.ok) {
      res.error = { line: i + 1, code: r.error.code, message: r.error.message };
      return res;
    }
    if (e.h !== undefined && stateHash(r.state) !== e.h) {
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
