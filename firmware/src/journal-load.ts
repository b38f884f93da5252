/** Reads the journal back (journal.ts): boot only, so it lives in the rarely used module. */
import type { Action, StepResult } from '../../shared/engine/types';
import type { LogHeader } from '../../shared/engine/log';
import { espruinoModule } from './espruino-module';
import { checkPvState } from '../../shared/games/pechvogel/check-state';
import type { PvState } from '../../shared/games/pechvogel/types';
import { CHECKPOINT_FILES, LINES_FILE, Undo, VOTES_FILE } from './journal';

/** The engine's step, which the boot bundle has (the Pechvogel table's only game). */
export type Replay = (s: PvState, a: Action) => StepResult<PvState>;

export interface Restored {
  header: LogHeader;
  /** The checkpoint's state with the journaled actions after it replayed. */
  state: PvState;
  /** Bytes of action lines since the checkpoint (Journal.pending). */
  pending: number;
  /** The checkpoint's slot and counter (Journal.slot, Journal.count). */
  slot: number;
  count: number;
  /** The lines end in a torn or stray line: the next append would follow it, so checkpoint first. */
  torn: boolean;
  /** Votes of a reroll window kept at state `votesAt` (journal.ts VOTES_FILE); -1: none. */
  votesAt: number;
  votes: number[];
}

/**
 * The game at its newest complete checkpoint with the action lines after it replayed by `step`
 * (the engine, which is in the boot bundle), or null when there is no game.
 */
export function loadJournal(step: Replay): Restored | null {
  const S = espruinoModule('Storage');
  let cp: { c: number; h: LogHeader; s: PvState } | null = null;
  let slot = 0;
  for (let i = 0; i < 2; i++) {
    const raw = S.read(CHECKPOINT_FILES[i]);
    if (!raw) continue;
    try {
      const o = JSON.parse(raw);
      // The newer of two complete checkpoints (both exist only if a power cut came in between).
      if (o && o.s && (!cp || (o.c || 0) > (cp.c || 0))) {
        cp = o;
        slot = i;
      }
    } catch (e) {
      // torn: written when the power went
    }
  }
  if (!cp) return null;
  // The undo copy's members written as the state's own (journal.ts Undo.same), shared again.
  const u = cp.s.undo as Record<string, unknown> | null;
  if (u) for (const k in u) if (u[k] === Undo.same) u[k] = (cp.s as unknown as Record<string, unknown>)[k];
  // A checkpoint that parses but breaks play's invariants (damaged flash): the renderer and the
  // engine rely on them, as for a state the host loads.
  const bad = checkPvState(cp.s);
  if (bad) throw new Error('checkpoint: ' + bad);
  const out: Restored = { header: cp.h, state: cp.s, pending: 0, slot: slot, count: cp.c || 0, torn: false, votesAt: -1, votes: [] };
  // A line at a time, replayed as it is read: the whole text, its lines and their actions held at
  // once were +0.36 variables per byte of lines (a resume of 3.8 KB peaked at 3,088 live variables).
  const f = S.open(LINES_FILE, 'r');
  let line = f.readLine();
  while (line) {
    // A last line without its end was torn by the power cut (taken if it parses: the write was whole).
    if (line.charAt(line.length - 1) !== '\n') out.torn = true;
    let e: { n: number; a: Action };
    try {
      e = JSON.parse(line);
    } catch (err) {
      // A torn write: that action was never committed, and nothing after it can follow on.
      out.torn = true;
      break;
    }
    // Lines up to the checkpoint are in it already; anything but the next action is not this game's.
    if (e.n > out.state.n + 1) {
      out.torn = true;
      break;
    }
    if (e.n === out.state.n + 1) {
      const r = step(out.state, e.a);
      // Cannot happen for committed actions: stop rather than guess, and never append after it.
      if (!r.ok) {
        out.torn = true;
        break;
      }
      out.state = r.state;
    }
    out.pending += line.length;
    line = f.readLine();
  }
  // Window votes: only player indices (a torn or foreign file gives none); the app takes them only
  // when the replayed game is at the state they were cast in.
  try {
    const v = JSON.parse(S.read(VOTES_FILE) || 'null');
    const np = cp.s.players.length;
    if (v && typeof v.n === 'number' && Array.isArray(v.v) && v.v.every((x: unknown) => typeof x === 'number' && x >= 0 && x < np && x % 1 === 0)) {
      out.votesAt = v.n;
      out.votes = v.v;
    }
  } catch (err) {
    // torn: no votes
  }
  return out;
}
