import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BUDGET_BYTE_SUM, LED_IDLE_MA, POWER, RESERVE_MA, frameDriveMa, frameTotalMa, limitFrame, scaleToCap,
} from '../../hardware/power';
import { cellsToFrame, pechvogelSampleCells } from '../../hardware/sample-frame';

const FRAME_BYTES = POWER.ledCount * 3;

describe('power budget', () => {
  it('leaves a real reserve for estimate error: at least 10 % of the USB limit', () => {
    // The board and LED figures are datasheet estimates; a budget that eats the reserve (say
    // LED_BUDGET_MA = 300) must fail here, not on a meter.
    expect(LED_IDLE_MA).toBe(POWER.ledCount * POWER.idleMaPerLed);
    expect(RESERVE_MA).toBeGreaterThanOrEqual(POWER.usbLimitMa / 10);
  });

  it('BUDGET_BYTE_SUM is the largest byte sum within the frame budget', () => {
    expect((BUDGET_BYTE_SUM * POWER.maPerChannelFull) / 255).toBeLessThanOrEqual(POWER.ledBudgetMa);
    expect(((BUDGET_BYTE_SUM + 1) * POWER.maPerChannelFull) / 255).toBeGreaterThan(POWER.ledBudgetMa);
  });

  it('keeps a worst-case all-white frame within the LED budget', () => {
    const frame = new Uint8Array(FRAME_BYTES).fill(255);
    expect(frameDriveMa(frame)).toBe(7680);
    const drive = limitFrame(frame);
    expect(drive).toBeLessThanOrEqual(POWER.ledBudgetMa);
    expect(frameDriveMa(frame)).toBe(drive);
    expect(Math.max(...frame)).toBeLessThanOrEqual(POWER.brightnessCap);
    expect(frameTotalMa(frame)).toBeLessThanOrEqual(POWER.usbLimitMa);
    // Uniform scaling: every LED stays lit and equal.
    expect(new Set(frame).size).toBe(1);
    expect(frame[0]).toBeGreaterThan(0);
  });

  it('caps every channel and never exceeds the budget, for any frame', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: FRAME_BYTES, maxLength: FRAME_BYTES }), (bytes) => {
      const frame = Uint8Array.from(bytes);
      const drive = limitFrame(frame);
      expect(drive).toBeLessThanOrEqual(POWER.ledBudgetMa);
      for (const b of frame) expect(b).toBeLessThanOrEqual(POWER.brightnessCap);
      expect(frameTotalMa(frame)).toBeLessThanOrEqual(POWER.usbLimitMa);
    }));
  });

  it('leaves frames under the cap and budget untouched', () => {
    const frame = new Uint8Array(FRAME_BYTES);
    frame.fill(POWER.brightnessCap, 0, 30);
    const before = Uint8Array.from(frame);
    limitFrame(frame);
    expect(frame).toEqual(before);
  });

  it('the sample Pechvogel frame fits without scaling', () => {
    const frame = cellsToFrame(pechvogelSampleCells());
    const before = Uint8Array.from(frame);
    expect(frameDriveMa(frame)).toBeLessThan(POWER.ledBudgetMa);
    limitFrame(frame);
    expect(frame).toEqual(before);
  });

  it('scaleToCap maps 0..255 onto 0..cap', () => {
    expect(scaleToCap(0)).toBe(0);
    expect(scaleToCap(255)).toBe(POWER.brightnessCap);
    expect(scaleToCap(300)).toBe(POWER.brightnessCap);
    expect(scaleToCap(128)).toBe(Math.round((128 * POWER.brightnessCap) / 255));
  });
});
