/** Reads the journal back (journal.ts): boot only, so it lives in the rarely used module. */
import type { Action, BaseState } from '../../shared/engine/types';
import type { LogHeader } from '../../shared/engine/log';
import { espruinoModule } from './espruino-module';
import { checkPvState } from '../../shared/games/pechvogel/check-state';
import type { PvState } from '../../shared/games/pechvogel/types';
import { CHECKPOINT_FILES, LINES_FILE, VOTES_FILE } from './journal';

export interface Restored {
  header: LogHeader;
  state: BaseState;
  actions: Action[];
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

/** The newest complete checkpoint and the actions after it, or null when there is no game. */
export function loadJournal(): Restored | null {
  const S = espruinoModule('Storage');
  let cp: { c: number; h: LogHeader; s: BaseState } | null = null;
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
  // A checkpoint that parses but breaks play's invariants (damaged flash): the renderer and the
  // engine rely on them, as for a state the host loads.
  const bad = checkPvState(cp.s as unknown as PvState);
  if (bad) throw new Error('checkpoint: ' + bad);
  const out: Restored = { header: cp.h, state: cp.s, actions: [], pending: 0, slot: slot, count: cp.c || 0, torn: false, votesAt: -1, votes: [] };
  const f = S.open(LINES_FILE, 'r');
  let text = '';
  let chunk = f.read(256);
  while (chunk !== undefined) {
    text += chunk;
    chunk = f.read(256);
  }
  out.torn = text.length > 0 && text.charAt(text.length - 1) !== '\n';
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]) continue;
    let e: { n: number; a: Action };
    try {
      e = JSON.parse(lines[i]);
    } catch (err) {
      // A torn write: that action was never committed, and nothing after it can follow on.
      out.torn = true;
      break;
    }
    const next = cp.s.n + out.actions.length + 1;
    // Lines up to the checkpoint are in it already; anything but the next action is not this game's.
    if (e.n > next) {
      out.torn = true;
      break;
    }
    if (e.n === next) out.actions.push(e.a);
    out.pending += lines[i].length + 1;
  }
  // Window votes: only player indices (a torn or foreign file gives none); the app takes them only
  // when the replayed game is at the state they were cast in.
  try {
    const v = JSON.parse(S.read(VOTES_FILE) || 'null');
    const np = (cp.s as unknown as { players: unknown[] }).players.length;
    if (v && typeof v.n === 'number' && Array.isArray(v.v) && v.v.every((x: unknown) => typeof x === 'number' && x >= 0 && x < np && x % 1 === 0)) {
      out.votesAt = v.n;
      out.votes = v.v;
    }
  } catch (err) {
    // torn: no votes
  }
  return out;
}
