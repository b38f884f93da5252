/**
 * Power-cut safe game journal in Storage. A checkpoint (header + whole state) is written at
 * every turn end; between checkpoints each committed action is appended as one line {n, a}.
 * Resume = checkpoint + the lines after it (journal-load.ts). A torn last line (power cut
 * mid-write) is an action that was never committed and is skipped. Writing the new checkpoint
 * before erasing the old lines makes the switch safe too: lines with n <= checkpoint.n are skipped.
 */
import type { BaseState } from '../../shared/engine/types';
import type { LogHeader } from '../../shared/engine/log';
import { espruinoModule } from './espruino-module';

export const CHECKPOINT_FILE = 'dt.game';
export const LINES_FILE = 'dt.log';

/**
 * A new checkpoint is written at a turn end only once this many bytes of action lines have
 * piled up: a checkpoint is ~1.3 KB, a turn's lines ~0.4 KB, so this cuts flash wear roughly in
 * half while a resume replays at most a few turns.
 */
export const CHECKPOINT_AFTER_BYTES = 2048;

export class Journal {
  /** Bytes of action lines since the last checkpoint. */
  pending = 0;
  /**
   * The action lines opened for appending, kept between actions: opening the file finds its end
   * in Storage, about 5× the cost of the write. Dropped whenever the file is erased.
   */
  private lines: { write(s: string): void } | null = null;

  checkpoint(header: LogHeader, state: BaseState): void {
    espruinoModule('Storage').write(CHECKPOINT_FILE, JSON.stringify({ h: header, s: state }));
    this.eraseLines();
  }

  /** Appends action `n`, given as its JSON text (the caller has it anyway). */
  append(n: number, actionJson: string): void {
    const line = '{"n":' + n + ',"a":' + actionJson + '}\n';
    (this.lines || (this.lines = espruinoModule('Storage').open(LINES_FILE, 'a'))).write(line);
    this.pending += line.length;
  }

  clear(): void {
    espruinoModule('Storage').erase(CHECKPOINT_FILE);
    this.eraseLines();
  }

  private eraseLines(): void {
    espruinoModule('Storage').open(LINES_FILE, 'r').erase();
    this.lines = null;
    this.pending = 0;
  }
}
