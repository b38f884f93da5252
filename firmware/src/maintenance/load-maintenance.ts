/**
 * Loads the maintenance module from Storage for one use (a staff-menu press, a self-test) and
 * drops it again, as the rare module is: kept loaded, its functions would hold ~110 variables of
 * RAM for the rest of the game once staff had opened the menu (over the 1,500 budget in a
 * 5-player game). A running self-test keeps what it needs through its own object. Null when the
 * module is missing, damaged or from another flash.
 */
import { loadModule } from '../load-module';
import type { SelfTest } from './selftest';
import type { staffButton, staffLeds } from './staff-menu';

const MAINTENANCE_FILE = 'dt.maint';

export interface Maintenance {
  SelfTest: typeof SelfTest;
  staffButton: typeof staffButton;
  staffLeds: typeof staffLeds;
}

export function loadMaintenance(): Maintenance | null {
  return loadModule(MAINTENANCE_FILE, 'DT_MAINT');
}
