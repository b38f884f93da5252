/** Writes the board settings to Storage; defaults, loading and checks are in config.ts (rare module). */
import type { BoardConfig } from './config';
import { espruinoModule } from './espruino-module';

export const CONFIG_FILE = 'dt.cfg';

export function saveConfig(c: BoardConfig): void {
  espruinoModule('Storage').write(CONFIG_FILE, JSON.stringify(c));
}
