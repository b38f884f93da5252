/**
 * Power-cut safe game journal in Storage. A checkpoint (header + whole state) is written when a
 * game starts and at turn ends; between checkpoints each committed action is appended as one line
 * {n, a}. Resume = the newest complete checkpoint + the lines after it (journal-load.ts).
 *
 * Why two checkpoint slots: Espruino's Storage.write erases the old copy of a file before it
 * writes the new one, so a power cut during a checkpoint written over the last one would leave
 * none. Checkpoints alternate between two files and carry a counter `c`; the old one is erased
 * only after the new one is complete and the lines it covers are gone. A torn last line (power cut
 * mid-write) is an action that was never committed; because appends continue right after it, the
 * board writes a fresh checkpoint when it resumes from such a journal.
 */
import type { BaseState } from '../../shared/engine/types';
import type { LogHeader } from '../../shared/engine/log';
import { espruinoModule } from './espruino-module';

export const CHECKPOINT_FILES = ['dt.game', 'dt.gam2'];
export const LINES_FILE = 'dt.log';
/**
 * The votes of the reroll window running at state `n`: {n, v: player indices}. Votes are not
 * actions (the frustration is committed when the window closes), so they are kept beside the
 * journal, written at each vote; a power cut restores them with the window when the game is still
 * at state n (a later state makes the file stale: it is never erased, only overwritten).
 */
export const VOTES_FILE = 'dt.vote';

/**
 * A new checkpoint is written once this many bytes of action lines have piled up, at the first
 * action after which there is no throw to correct (the state then holds no undo copy of the one
 * before it: half the size). The lines go to a StorageFile, which on a Pico reserves a 4 KB chunk
 * at its first line, and every checkpoint starts them afresh in a new chunk: with the checkpoints
 * beside it that is one Storage compaction per checkpoint, so a fuller chunk is a longer flash life
 * (2 KB at turn ends: a compaction every 6.6 turns; this: every 10, the bench's model of a Pico's
 * Storage). A resume replays at most these lines, a line at a time (journal-load.ts).
 */
export const CHECKPOINT_AFTER_BYTES = 3500;

/**
 * At any action (a turn of many corrections), a checkpoint once this many bytes piled up: the
 * lines never need a second chunk. A Pico has no room for one beside the first and the
 * checkpoints, so every action of that turn was refused with storage_full, and the turn could not
 * end. A chunk is 4,064 B: the rest is room for the lines a burst adds before the checkpoint runs.
 */
export const CHECKPOINT_FORCED_BYTES = 3800;

/**
 * Storage the build keeps free for the journal and the board's small files: two checkpoints (the
 * old one and the new one beside it), the lines' 4 KB chunk, settings and their spare, votes, boot
 * count and their headers. Measured at the worst moment of 40 random games with runs of 80
 * corrections on the simulated board (test/bench/journal-room.ts): 6,220 B for 5 players, 6,576 B
 * for 7 seats, names of 16 characters, since the state's keys are one letter (protocol v2; 7,076 and
 * 7,504 B before, with 7,800 B kept; 8,000 B kept earlier did not hold 7 seats, whose checkpoints
 * then doubled with the undo copy). What is left beyond that is where Storage appends before it
 * compacts: the flash life in the README follows from it.
 */
export const JOURNAL_STORAGE_BYTES = 6900;

/**
 * In a checkpoint, a member of the state's undo copy that is the state's own (a throw leaves the
 * players, the middle, the box, the options … as they were: the engine shares them). The copy
 * doubled every checkpoint written in a throw's correction window, and two of those beside a full
 * chunk of lines left no room in a Pico's Storage for 7 seats: the turn could not go on.
 * journal-load.ts puts them back, shared as they were.
 */
export const enum Undo {
  same = '=',
}

export class Journal {
  /** Bytes of action lines since the last checkpoint. */
  pending = 0;
  /** The slot holding the newest checkpoint, and its counter (journal-load.ts sets both on resume). */
  slot = 1;
  count = 0;
  /**
   * The action lines opened for appending, kept between actions: opening the file finds its end
   * in Storage, about 5× the cost of the write. Dropped whenever the file is erased.
   */
  lines: { write(s: string): void } | null = null;

  /**
   * `fresh`: a new game replaces the one journaled. Its lines go first (a power cut before the new
   * checkpoint then resumes the old game at its checkpoint, never the old lines on the new game).
   */
  checkpoint(header: LogHeader, state: BaseState, fresh?: boolean): void {
    const S = espruinoModule('Storage');
    const next = 1 - this.slot;
    // A new game starts again at n = 0: votes kept for the old game's window at some n would be
    // restored into this game's window at the same n.
    if (fresh) {
      this.eraseLines();
      S.erase(VOTES_FILE);
    }
    const s = Object.assign({}, state) as unknown as Record<string, unknown>;
    const u = s.undo as Record<string, unknown> | null | undefined;
    if (u) {
      const d: Record<string, unknown> = (s.undo = {});
      for (const k in u) d[k] = u[k] === s[k] ? Undo.same : u[k];
    }
    S.write(CHECKPOINT_FILES[next], JSON.stringify({ c: ++this.count, h: header, s: s }));
    if (!fresh) this.eraseLines();
    S.erase(CHECKPOINT_FILES[this.slot]);
    this.slot = next;
  }

  /** Ends the game: its checkpoints first (without one the lines are never read), so a power cut in between never brings it back. */
  clear(): void {
    const S = espruinoModule('Storage');
    S.erase(CHECKPOINT_FILES[this.slot]);
    S.erase(CHECKPOINT_FILES[1 - this.slot]);
    // (Its window votes go with the next game's first checkpoint: without a game they are never read.)
    this.eraseLines();
  }

  private eraseLines(): void {
    espruinoModule('Storage').open(LINES_FILE, 'r').erase();
    this.lines = null;
    this.pending = 0;
  }
}
