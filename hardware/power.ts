/**
 * Power budget for the LED board and the reference frame limiter. The firmware does not bundle
 * this file: its LED frame (firmware/src/leds/frame.ts) applies the same rules with Espruino
 * natives and imports only power-figures.ts. Still Espruino-safe (test/hardware/espruino.test.ts
 * runs it there): plain loops, no spread, destructuring, default parameters, Map or Set.
 */

import { POWER } from './power-figures';

export { POWER };

/** Idle current of the whole LED board, lit or not. */
export const LED_IDLE_MA = POWER.ledCount * POWER.idleMaPerLed;

/** What remains of the USB limit after board, idle LEDs and the frame budget. */
export const RESERVE_MA = POWER.usbLimitMa - POWER.boardMa - LED_IDLE_MA - POWER.ledBudgetMa;

/**
 * Largest sum of frame bytes whose drive current fits `ledBudgetMa`
 * (sum × maPerChannelFull / 255 ≤ ledBudgetMa), so the limiter can work in integers.
 */
export const BUDGET_BYTE_SUM = Math.floor((POWER.ledBudgetMa * 255) / POWER.maPerChannelFull);

/** Drive current (mA, above idle) of a GRB frame: each byte costs maPerChannelFull × byte / 255. */
export function frameDriveMa(frame: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < frame.length; i++) sum += frame[i];
  return (sum * POWER.maPerChannelFull) / 255;
}

/** Estimated USB current with this frame shown: board + idle LEDs + frame drive. */
export function frameTotalMa(frame: ArrayLike<number>): number {
  return POWER.boardMa + LED_IDLE_MA + frameDriveMa(frame);
}

/**
 * Scales a full-scale colour level (0..255) into 0..brightnessCap, so colours keep their hue
 * under the cap instead of being clipped by limitFrame().
 */
export function scaleToCap(level: number): number {
  if (level <= 0) return 0;
  if (level >= 255) return POWER.brightnessCap;
  return Math.round((level * POWER.brightnessCap) / 255);
}

/**
 * Enforces the power rules on a frame in place, just before it goes to require("neopixel").write:
 * 1. every byte is clamped to brightnessCap (a safety net: renderers should use scaleToCap);
 * 2. if the frame's drive current is still above ledBudgetMa, every byte is scaled by the same
 *    factor (rounded down), which keeps hues and guarantees the budget.
 * Returns the frame's drive current in mA after limiting.
 */
export function limitFrame(frame: Uint8Array | Uint8ClampedArray | number[]): number {
  const cap = POWER.brightnessCap;
  let sum = 0;
  for (let i = 0; i < frame.length; i++) {
    if (frame[i] > cap) frame[i] = cap;
    sum += frame[i];
  }
  if (sum > BUDGET_BYTE_SUM) {
    const scale = BUDGET_BYTE_SUM / sum;
    sum = 0;
    for (let i = 0; i < frame.length; i++) {
      frame[i] = Math.floor(frame[i] * scale);
      sum += frame[i];
    }
  }
  return (sum * POWER.maPerChannelFull) / 255;
}
