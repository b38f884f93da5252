import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../hardware/generate';
import { POWER } from '../../hardware/power-figures';

/**
 * The firmware's LED frame estimates a frame's current with its own literal (Σ bytes × mA / 255,
 * firmware/src/leds/frame.ts), not with POWER.maPerChannelFull: a changed figure must reach both.
 */
describe('per-channel full-scale current', () => {
  it('firmware/src/leds/frame.ts uses POWER.maPerChannelFull', () => {
    const src = readFileSync(join(REPO_ROOT, 'firmware/src/leds/frame.ts'), 'utf8');
    const m = /const load = \(sum \* (\d+(?:\.\d+)?)\) \/ 255;/.exec(src);
    expect(m, 'frame.ts: the load estimate "const load = (sum * N) / 255;" is gone or reworded: update this test').not.toBeNull();
    expect(Number(m![1]), 'frame.ts estimates mA per channel at 255 other than POWER.maPerChannelFull').toBe(POWER.maPerChannelFull);
  });
});
