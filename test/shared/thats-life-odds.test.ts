import { describe, expect, it } from 'vitest';
import { frac, toNumber } from '../../shared/odds/fraction';
import { landingOdds } from '../../shared/odds/thats-life-odds';
import { simulateWalks } from '../../shared/odds/thats-life-simulate';

describe("That's Life!: where a figure walking alone stops", () => {
  it('the first six cards by hand: p(k) = 7^(k-1) / 6^k; the 6th is the likeliest; then towards 2/7', () => {
    const p = landingOdds(40);
    for (let k = 1; k <= 6; k++) expect(p[k - 1]).toEqual(frac(7n ** BigInt(k - 1), 6n ** BigInt(k)));
    const top = p.map(toNumber).indexOf(Math.max(...p.map(toNumber)));
    expect(top + 1).toBe(6);
    // p(7) = (p(1) + … + p(6)) / 6, with p(0) = 1 left out of the window.
    expect(toNumber(p[6])).toBeCloseTo((1 / 6) * p.slice(0, 6).map(toNumber).reduce((a, b) => a + b, 0), 15);
    expect(Math.abs(toNumber(p[39]) - 2 / 7)).toBeLessThan(1e-3);
  });

  it('the engine, moving one figure from the Start to the Finish with its own dice, stops on each card as often as the formula says (20,000 walks)', () => {
    const N = 20_000;
    const hits = new Array(33).fill(0);
    simulateWalks(N, 11, (stops) => {
      // Forward only, never the same card twice, every card on the standard route.
      for (let i = 1; i < stops.length; i++) expect(stops[i]).toBeGreaterThan(stops[i - 1]);
      for (const k of stops) hits[k]++;
    });
    const p = landingOdds(32).map(toNumber);
    for (let k = 1; k <= 32; k++) expect(Math.abs((hits[k] / N - p[k - 1]) / Math.sqrt((p[k - 1] * (1 - p[k - 1])) / N)), `card ${k}`).toBeLessThan(4.5);
  });
});
