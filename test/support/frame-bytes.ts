/**
 * The GRB bytes a board's LEDs get for a frame text (row-major palette letters), by the rule the
 * firmware's Frame follows (firmware/src/leds/frame.ts): chain order, the palette at the brightness
 * cap, and every byte scaled down when the frame would draw more than the current budget.
 * test/firmware/frame.test.ts holds the firmware to it on the sandbox and the real interpreter.
 */
import { LED_BUDGET_MAX_MA } from '../../hardware/power-figures';
import { PALETTE_LETTERS, PALETTE_RGB } from '../../firmware/src/leds/frame';
import { ledIndex } from '../../hardware/led-board';
import { POWER } from '../../hardware/power';

/** `chainLed` (≥ 0): that chain position lit white on the LEDs only (the self-test's chase). */
export function frameBytes(text: string, cap: number, budgetMa: number, chainLed = -1): number[] {
  // The letters are in row-major order (the text); the LEDs get them in chain order.
  const chainLetter: string[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 16; x++) chainLetter[ledIndex(x, y)] = text[y * 16 + x];
  const grb: number[] = [];
  for (let i = 0; i < 128; i++) {
    const [r, g, b] = PALETTE_RGB[PALETTE_LETTERS.indexOf(i === chainLed ? 'W' : chainLetter[i])].map((v) => Math.round((v * cap) / 255));
    grb.push(g, r, b);
  }
  // Drive current: maPerChannelFull per 255 of every byte; over the budget, every byte scaled down.
  // A budget above USB's limit (older firmware took any) is clamped to it.
  const budget = Math.min(budgetMa, LED_BUDGET_MAX_MA);
  const load = (grb.reduce((a, b) => a + b, 0) * POWER.maPerChannelFull) / 255;
  return load <= budget ? grb : grb.map((v) => Math.floor((v * budget) / load));
}
