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

/**
 * A new checkpoint is written at a turn end only once this many bytes of action lines have
 * piled up: a checkpoint is ~1.3 KB, a turn's lines ~0.4 KB, so this cuts flash wear roughly in
 * half while a resume replays at most a few turns.
 */
export const CHECKPOINT_AFTER_BYTES = 2048;

export class Journal {
  /** Bytes of action lines since the last checkpoint. */
  private pending = 0;
  constructor(private st: BoardStorage) {}

  checkpoint(header: LogHeader, state: BaseState): void {
    this.st.write(CHECKPOINT_FILE, JSON.stringify({ h: header, s: state }));
    this.st.eraseLog(LINES_FILE);
    this.pending = 0;
  }

  append(n: number, a: Action): void {
    const line = JSON.stringify({ n: n, a: a });
    this.st.append(LINES_FILE, line);
    this.pending += line.length + 1;
  }

  /** Whether a turn end should write a new checkpoint. */
  due(): boolean {
    return this.pending >= CHECKPOINT_AFTER_BYTES;
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
        this.pending += lines[i].length + 1;
      }
    }
    return out;
  }
}
