/** Reads the journal back (journal.ts): boot only, so it lives in the rarely used module. */
import type { Action, BaseState } from '../../shared/engine/types';
import type { LogHeader } from '../../shared/engine/log';
import { espruinoModule } from './espruino-module';
import { CHECKPOINT_FILE, LINES_FILE } from './journal';

export interface Restored {
  header: LogHeader;
  state: BaseState;
  actions: Action[];
  /** Bytes of action lines since the checkpoint (Journal.pending). */
  pending: number;
}

/** The checkpoint and the actions after it, or null when there is no game. */
export function loadJournal(): Restored | null {
  const S = espruinoModule('Storage');
  const raw = S.read(CHECKPOINT_FILE);
  if (!raw) return null;
  let cp: { h: LogHeader; s: BaseState };
  try {
    cp = JSON.parse(raw);
  } catch (e) {
    return null;
  }
  const out: Restored = { header: cp.h, state: cp.s, actions: [], pending: 0 };
  const f = S.open(LINES_FILE, 'r');
  let text = '';
  let chunk = f.read(256);
  while (chunk !== undefined) {
    text += chunk;
    chunk = f.read(256);
  }
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]) continue;
    let e: { n: number; a: Action };
    try {
      e = JSON.parse(lines[i]);
    } catch (err) {
      break; // torn write: that action was never committed
    }
    if (e.n > cp.s.n + out.actions.length) out.actions.push(e.a);
    out.pending += lines[i].length + 1;
  }
  return out;
}
