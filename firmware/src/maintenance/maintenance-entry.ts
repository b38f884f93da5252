/**
 * The maintenance module: code the table needs rarely (assembly self-test, staff menu) lives
 * in its own Storage file (dt.maint), loaded on demand, so the boot bundle stays small.
 */
import { SelfTest } from './selftest';
import { staffButton, staffLeds } from './staff-menu';

(globalThis as any).DT_MAINT = { SelfTest: SelfTest, staffButton: staffButton, staffLeds: staffLeds };
export {};
