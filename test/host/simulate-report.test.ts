/** `dicetray simulate`: its checkpoints, when it gives a z-score, and which way up its plot is. */
import { describe, expect, it } from 'vitest';
import { convergenceSvg, labelPlaces } from '../../shared/odds/convergence-svg';
import { cli } from '../support/cli';

describe('simulate, the report', () => {
  it('always ends its table with the last turn, also when that is not 1, 2 or 5 × 10^k', async () => {
    const j = JSON.parse((await cli(['simulate', '--turns', '3000', '--seed', '2', '--json'])).out[0]);
    expect(j.rows.map((r: { n: number }) => r.n)).toEqual([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 3000]);
    const dw = JSON.parse((await cli(['simulate', 'seventh_dwarf', '--turns', '30', '--json'])).out[0]);
    expect(dw.rows.map((r: { n: number }) => r.n).pop()).toBe(30);
  });

  it("names the trials played `turns` in every game's JSON (That's Life! said only `walks`, kept beside it)", async () => {
    for (const game of ['pechvogel', 'seventh_dwarf', 'thats_life']) {
      const j = JSON.parse((await cli(['simulate', game, '--turns', '40', '--json'])).out[0]);
      expect(j.turns, game).toBe(40);
    }
    expect(JSON.parse((await cli(['simulate', 'thats_life', '--turns', '40', '--json'])).out[0]).walks).toBe(40);
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
    const exactY = [...svg.matchAll(/<line class="exact" [^>]*y1="([\d.]+)"[^>]*stroke-dasharray/g)].map((m) => Number(m[1]));
    const pathY = [...svg.matchAll(/<path class="simulated" d="M[\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));
    expect(exactY).toHaveLength(2);
    expect(exactY[1]).toBeLessThan(exactY[0]);
    expect(pathY[1]).toBeLessThan(pathY[0]);
    // The share sits on its exact line.
    expect(pathY[0]).toBeCloseTo(exactY[0], 0);
    // 0 is at the bottom of the axis: its grid line is the lowest one labelled.
    const zero = Number(svg.match(/<line [^>]*y1="([\d.]+)"[^>]*\/><text[^>]*>0\.0</)![1]);
    expect(zero).toBeGreaterThan(exactY[0]);
    // The axis says what a class calls the running share.
    expect(svg).toMatch(/>relative frequency<\/text>/);
  });
});

describe('convergenceSvg, the labels beside the plot', () => {
  /** Each series' label: its text and the baseline it sits on. */
  const labels = (svg: string) => [...svg.matchAll(/<text class="label" x="[\d.]+" y="([\d.]+)"><tspan [^>]*>([^<]+)</g)].map((m) => ({ y: Number(m[1]), text: m[2] }));

  it('are moved apart where exact values coincide (from 3,2: marker = frustration = 11/20, both = Murphy = 1/10), each near its line', async () => {
    const j = JSON.parse((await cli(['simulate', '--from', '3,2', '--turns', '50', '--json'])).out[0]);
    const svg = convergenceSvg('from 3,2', ['marker', 'frustration', 'both', 'murphy'].map((k) => ({ name: k, exact: j.exact[k], points: j.rows.map((r: { n: number }) => [r.n, j.exact[k]]) })));
    const ls = labels(svg);
    expect(ls.map((l) => l.text)).toEqual(['marker 0.550', 'frustration 0.550', 'both 0.100', 'murphy 0.100']);
    const ys = ls.map((l) => l.y).sort((a, b) => a - b);
    // 26 px text: baselines at least 30 px apart (they were on the same pixel and overprinted).
    for (let i = 1; i < ys.length; i++) expect(ys[i] - ys[i - 1]).toBeGreaterThanOrEqual(30);
    // Each within a label's height of its line (the baseline sits 0.35 em below the middle).
    const lineY = [...svg.matchAll(/<line class="exact" [^>]*y1="([\d.]+)"/g)].map((m) => Number(m[1]));
    ls.forEach((l, i) => expect(Math.abs(l.y - 26 * 0.35 - lineY[i])).toBeLessThanOrEqual(36));
  });

  it('stay where they were when apart, and within the plot at its floor and ceiling', () => {
    expect(labelPlaces([100, 300, 200], 50, 400, 14)).toEqual([100, 300, 200]);
    expect(labelPlaces([400, 400, 400], 50, 400, 14)).toEqual([372, 386, 400]);
    expect(labelPlaces([50, 50], 50, 400, 14)).toEqual([50, 64]);
  });
});
