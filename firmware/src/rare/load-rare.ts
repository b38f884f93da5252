/**
 * The rarely used module (rare-entry.ts, Storage file dt.rare): boot, new games and the host's
 * set-up commands. It is loaded for each use and dropped again, so its functions take RAM only
 * while they run (every function object costs RAM on the board; its code stays in flash).
 */
import type { RuleError } from '../../../shared/engine/types';
import type { App } from '../app';
import type { BoardConfig } from '../config';
import { espruinoModule } from '../espruino-module';
import type { Replay, Restored } from '../journal-load';

export const RARE_FILE = 'dt.rare';

export interface Rare {
  /** Board settings from Storage, defaults where missing. */
  loadConfig(): BoardConfig;
  /** Counts the boot; returns the journaled game to resume, if any, replayed with `step`. */
  boot(app: App, step: Replay): Restored | null;
  newGame(app: App, seats: number[], names: string[] | null, start: number, config: Record<string, unknown>, seed: number | undefined): RuleError | null;
  /** The host's new, load, snap and cfg commands (checked by checkCommand). */
  command(app: App, c: Record<string, any>): void;
}

export function loadRare(): Rare {
  const g = globalThis as any;
  const code = espruinoModule('Storage').read(RARE_FILE);
  if (!code) throw new Error(RARE_FILE + ' is missing from Storage: flash the firmware again');
  g.eval(code);
  const m = g.DT_RARE as Rare;
  delete g.DT_RARE;
  return m;
}
