/**
 * Staff menu on the buttons (entered with OK + BACK held 3 s): K1 reroll-window time,
 * K2 brightness, K3 held: end the game, K4 held: console for flashing, K5 self-test, OK leaves.
 * The two that cannot be undone from the table take a long press: a kiosk's curious stranger who
 * found the chord ended a game with one tap of K3, or cut the wall screen off with K4.
 */
import type { ButtonKind } from '../board';
import type { BoardConfig } from '../config';
import { BRIGHTNESS_CAP } from '../../../hardware/power-figures';
import { C } from '../leds/frame';

const WINDOW_CHOICES = [4000, 8000, 12000];

/**
 * The settings on the LEDs beside the staff marker, as x, y, colour triples: row 7, columns 8..10
 * the reroll-window time (1..3 lit = 4/8/12 s), columns 12..13 the brightness (1 lit half, 2 full).
 */
export function staffLeds(c: BoardConfig): number[] {
  const out: number[] = [];
  for (let i = 0; i < 3; i++) out.push(8 + i, 7, i < c.window_ms / 4000 ? C.cyan : C.off);
  out.push(12, 7, C.white, 13, 7, c.brightness > BRIGHTNESS_CAP / 2 ? C.white : C.off);
  return out;
}

export interface StaffActions {
  cfg: BoardConfig;
  save(): void;
  abandon(): void;
  maintenance(): void;
  selfTest(): void;
}

/** Returns false when the staff menu is left. */
export function staffButton(id: string, kind: ButtonKind, a: StaffActions): boolean {
  const c = a.cfg;
  if (id === 'OK') return false;
  if ((id === 'K3' || id === 'K4') && kind !== 'long') return true;
  if (id === 'K1') c.window_ms = WINDOW_CHOICES[(WINDOW_CHOICES.indexOf(c.window_ms) + 1) % WINDOW_CHOICES.length];
  else if (id === 'K2') c.brightness = c.brightness >= BRIGHTNESS_CAP ? Math.round(BRIGHTNESS_CAP / 2) : BRIGHTNESS_CAP;
  else if (id === 'K3') a.abandon();
  else if (id === 'K4') a.maintenance();
  else if (id === 'K5') a.selfTest();
  a.save();
  return true;
}
