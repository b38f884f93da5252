/** LED frame letters (firmware/src/leds/frame.ts) → RGB for screens, at full brightness. */
import { PALETTE_LETTERS, PALETTE_RGB } from '../../../firmware/src/leds/frame';

export function letterRgb(letter: string): number[] {
  const i = PALETTE_LETTERS.indexOf(letter);
  return i < 0 ? [0, 0, 0] : PALETTE_RGB[i];
}
