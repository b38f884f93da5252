/** `dicetray simulate`: its checkpoints, when it gives a z-score, and which way up its plot is. */
import { describe, expect, it } from 'vitest';
import { convergenceSvg } from '../../shared/odds/convergence-svg';
import { cli } from '../support/cli';

describe('simulate, the report', () => {
  it('always ends its table with the last turn, also when that is not 1, 2 or 5 × 10^k', async () => {
    const j = JSON.parse((await cli(['simulate', '--turns', '3000', '--seed', '2', '--json'])).out[0]);
    expect(j.rows.map((r: { n: number }) => r.n)).toEqual([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 3000]);
    const dw = JSON.parse((await cli(['simulate', 'seventh_dwarf', '--turns', '30', '--json'])).out[0]);
    expect(dw.rows.map((r: { n: number }) => r.n).pop()).toBe(30);
  });

  it('gives no z while n·(1 − p) is under 5, however large n·p is', async () => {
    // 10 turns: marker p ≈ 0.58, so n·p ≈ 5.8 but n·(1 − p) ≈ 4.2: the normal approximation does not hold yet.
    const j = JSON.parse((await cli(['simulate', '--turns', '10', '--json'])).out[0]);
    expect(j.exact.marker * 10).toBeGreaterThanOrEqual(5);
    expect(j.z.marker).toBe(null);
  });
});

describe('convergenceSvg', () => {
  it('draws a larger chance higher up, its exact line and its running share alike', () => {
    const svg = convergenceSvg('two chances', [
      { name: 'low', exact: 0.2, points: [[1, 0.2], [100, 0.2]] },
      { name: 'high', exact: 0.6, points: [[1, 0.6], [100, 0.6]] },
    ]);
    const exactY = [...svg.matchAll(/<line [^>]*y1="([\d.]+)"[^>]*stroke-dasharray="6 4" opacity/g)].map((m) => Number(m[1]));
    const pathY = [...svg.matchAll(/<path d="M[\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));
    expect(exactY).toHaveLength(2);
    expect(exactY[1]).toBeLessThan(exactY[0]);
    expect(pathY[1]).toBeLessThan(pathY[0]);
    // The share sits on its exact line.
    expect(pathY[0]).toBeCloseTo(exactY[0], 0);
    // 0 is at the bottom of the axis: its grid line is the lowest one labelled.
    const zero = Number(svg.match(/<line [^>]*y1="([\d.]+)"[^>]*\/><text[^>]*>0\.0</)![1]);
    expect(zero).toBeGreaterThan(exactY[0]);
  });
});
