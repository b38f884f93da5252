/**
 * Loads the maintenance module from Storage for one use (a staff-menu press, a self-test) and
 * drops it again, as the rare module is: kept loaded, its functions would hold ~110 variables of
 * RAM for the rest of the game once staff had opened the menu (over the 1,500 budget in a
 * 5-player game). A running self-test keeps what it needs through its own object. Null when the
 * module is not installed.
 */
import { espruinoModule } from '../espruino-module';
import type { SelfTest } from './selftest';
import type { staffButton, staffLeds } from './staff-menu';

const MAINTENANCE_FILE = 'dt.maint';

export interface Maintenance {
  SelfTest: typeof SelfTest;
  staffButton: typeof staffButton;
  staffLeds: typeof staffLeds;
}

export function loadMaintenance(): Maintenance | null {
  const g = globalThis as any;
  const code = espruinoModule('Storage').read(MAINTENANCE_FILE);
  if (!code) return null;
  g.eval(code);
  const m = g.DT_MAINT as Maintenance;
  delete g.DT_MAINT;
  return m || null;
}
