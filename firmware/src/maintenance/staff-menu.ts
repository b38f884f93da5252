/**
 * Staff menu on the buttons (entered with OK + BACK held 3 s): K1 reroll-window time,
 * K2 brightness, K3 end the game, K4 console for flashing, K5 self-test, OK leaves.
 */
import type { BoardConfig } from '../config';
import { POWER } from '../../../hardware/power';

const WINDOW_CHOICES = [4000, 8000, 12000];

export interface StaffActions {
  cfg: BoardConfig;
  save(): void;
  abandon(): void;
  maintenance(): void;
  selfTest(): void;
}

/** Returns false when the staff menu is left. */
export function staffButton(id: string, a: StaffActions): boolean {
  const c = a.cfg;
  if (id === 'OK') return false;
  if (id === 'K1') c.window_ms = WINDOW_CHOICES[(WINDOW_CHOICES.indexOf(c.window_ms) + 1) % WINDOW_CHOICES.length];
  else if (id === 'K2') c.brightness = c.brightness >= POWER.brightnessCap ? Math.round(POWER.brightnessCap / 2) : POWER.brightnessCap;
  else if (id === 'K3') a.abandon();
  else if (id === 'K4') a.maintenance();
  else if (id === 'K5') a.selfTest();
  a.save();
  return true;
}
