/**
 * The rarely used module (rare-entry.ts, Storage file dt.rare): boot, new games and the host's
 * set-up commands. It is loaded for each use and dropped again, so its functions take RAM only
 * while they run (every function object costs RAM on the board; its code stays in flash).
 */
import type { RuleError } from '../../../shared/engine/types';
import type { App } from '../app';
import { defaultBoardConfig, type BoardConfig } from '../config';
import type { Replay, Restored } from '../journal-load';
import { loadModule } from '../load-module';

export const RARE_FILE = 'dt.rare';
/** The board's err and refusal code when dt.rare is missing, damaged or from another flash. */
const enum NoRare {
  // A const enum: inlined where used, not one more global of the boot bundle (RAM for good).
  code = 'no_rare',
}

export interface Rare {
  /** Board settings from Storage, defaults where missing. */
  loadConfig(): BoardConfig;
  /** Counts the boot; returns the journaled game to resume, if any, replayed with `step`. */
  boot(app: App, step: Replay): Restored | null;
  newGame(app: App, seats: number[], names: string[] | null, start: number, config: Record<string, unknown>, seed: number | undefined): RuleError | null;
  /** The host's new, load, snap and cfg commands (checked by checkCommand). */
  command(app: App, c: Record<string, any>): void;
}

/**
 * The module, or without a usable one (missing, cut short, another flash's) a stand-in: the board
 * still comes up, on default settings, and says `no_rare` at boot, to OK in the set-up and to the
 * host's set-up commands, where it stopped at power-up with nothing on the link before. Made only
 * then: functions kept in the boot bundle's scope would hold RAM for good.
 */
export function loadRare(): Rare {
  return (
    (loadModule(RARE_FILE, 'DT_RARE') as Rare | null) || {
      loadConfig: defaultBoardConfig,
      // No journal is read: a game in it waits for the flash that brings the module back.
      boot: (app: App) => {
        app.err(NoRare.code);
        return null;
      },
      newGame: () => ({ code: NoRare.code, message: '' }),
      command: (app: App) => app.err(NoRare.code),
    }
  );
}
