/**
 * Power-cut safe game journal in Storage. A checkpoint (header + whole state) is written at
 * every turn end; between checkpoints each committed action is appended as one line {n, a}.
 * Resume = checkpoint + the lines after it. A torn last line (power cut mid-write) is an
 * action that was never committed and is skipped. Writing the new checkpoint before erasing
 * the old lines makes the switch safe too: lines with n <= checkpoint.n are skipped.
 */
import type { BoardStorage } from './board';
import type { Action, BaseState } from '../../shared/engine/types';
import type { LogHeader } from '../../shared/engine/log';

export const CHECKPOINT_FILE = 'dt.game';
export const LINES_FILE = 'dt.log';

export interface Restored {
  header: LogHeader;
  state: BaseState;
  actions: Action[];
}

export class Journal {
  constructor(private st: BoardStorage) {}

  checkpoint(header: LogHeader, state: BaseState): void {
    this.st.write(CHECKPOINT_FILE, JSON.stringify({ h: header, s: state }));
    this.st.eraseLog(LINES_FILE);
  }

  append(n: number, a: Action): void {
    this.st.append(LINES_FILE, JSON.stringify({ n: n, a: a }));
  }

  clear(): void {
    this.st.erase(CHECKPOINT_FILE);
    this.st.eraseLog(LINES_FILE);
  }

  /** The checkpoint and the actions after it, or null when there is no game. */
  load(): Restored | null {
    const raw = this.st.read(CHECKPOINT_FILE);
    if (!raw) return null;
    let cp: { h: LogHeader; s: BaseState };
    try {
      cp = JSON.parse(raw);
    } catch (e) {
      return null;
    }
    const out: Restored = { header: cp.h, state: cp.s, actions: [] };
    const text = this.st.readLog(LINES_FILE);
    if (text) {
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
      }
    }
    return out;
  }
}
