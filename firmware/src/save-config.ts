/** Writes the board settings to Storage; defaults, loading and checks are in config.ts (rare module). */
import type { BoardConfig } from './config';
import { espruinoModule } from './espruino-module';

/**
 * The settings, and their spare copy while they are rewritten: Storage rewrites a file by erasing
 * the old copy first, so a power cut in a single file's write left no settings at all.
 */
export const enum ConfigFile {
  main = 'dt.cfg',
  spare = 'dt.cf2',
}

/** The spare first, then the file, then the spare goes: a whole copy at every moment (loadConfig prefers the spare). */
export function saveConfig(c: BoardConfig): void {
  const S = espruinoModule('Storage');
  const t = JSON.stringify(c);
  S.write(ConfigFile.spare, t);
  S.write(ConfigFile.main, t);
  S.erase(ConfigFile.spare);
}
