/** Loads the maintenance module from Storage (once). Null when it is not installed. */
import { espruinoModule } from '../espruino-module';
import type { SelfTest } from './selftest';
import type { staffButton } from './staff-menu';

export const MAINTENANCE_FILE = 'dt.maint';

export interface Maintenance {
  SelfTest: typeof SelfTest;
  staffButton: typeof staffButton;
}

export function loadMaintenance(): Maintenance | null {
  const g = globalThis as any;
  if (!g.DT_MAINT) {
    const code = espruinoModule('Storage').read(MAINTENANCE_FILE);
    if (!code) return null;
    g.eval(code);
  }
  return g.DT_MAINT || null;
}
