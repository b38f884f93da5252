/** `simulate --from T,R`: turns from a board, converging to `odds --from T,R`; refused as `odds` refuses it. */
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli';

const json = async (args: string[]) => {
  const r = await cli(args);
  expect(r.code, r.err.join('\n')).toBe(0);
  return JSON.parse(r.out[0]);
};

describe('simulate --from', () => {
  it('plays every turn from the board and converges to the exact odds from there (3,2: 11/20)', async () => {
    const exact = (await json(['odds', '--from', '3,2', '--json'])).odds[0];
    const j = await json(['simulate', '--from', '3,2', '--turns', '20000', '--seed', '7', '--json']);
    expect(j.from).toBe('3,2');
    expect(j.exact.marker).toBe(0.55);
    for (const k of ['marker', 'frustration', 'both', 'murphy', 'throws']) {
      expect(j.exact[k], k).toBe(exact[k].p);
      expect(Math.abs(j.z[k]), k).toBeLessThan(4.5);
    }
    // No points from a board (odds gives none there: the marker's value is the target's).
    expect(j.points).toBe(null);
    expect(j.exact.points).toBe(null);
    // From 3,2 one throw of two dice decides most turns: 9/5 throws, not a first throw's 2.78.
    expect(j.rows[j.rows.length - 1].throws).toBeCloseTo(1.8, 1);
    const text = (await cli(['simulate', '--from', '3,2', '--turns', '2000'])).out.join('\n');
    expect(text).toMatch(/from 3 targets and 2 ravens on the board/);
    expect(text).not.toMatch(/points per turn|target: the number/);
    const csv = (await cli(['simulate', '--from', '3,2', '--turns', '100', '--csv', '-'])).out.join('\n').split('\n');
    // The points columns empty; then the seed and how the file was made (classroom-recipe.test.ts).
    expect(csv[csv.length - 1]).toMatch(/^100,(?:[\d.]+,){5},(?:[\d.]+,){5},1,dicetray /);
  });

  it('with a reroll in play converges to odds --from --reduce (77/100) and --frustrate (13/40)', async () => {
    const reduce = await json(['simulate', '--from', '3,2', '--reduce', '--turns', '20000', '--seed', '8', '--json']);
    expect(reduce.exact.marker).toBe(0.77);
    expect(Math.abs(reduce.z.marker)).toBeLessThan(4.5);
    const frustrate = await json(['simulate', '--from', '3,2', '--frustrate', '--turns', '20000', '--seed', '9', '--json']);
    expect(frustrate.exact.marker).toBe(0.325);
    expect(Math.abs(frustrate.z.marker)).toBeLessThan(4.5);
  });

  it('refuses what odds --from refuses, with the same messages', async () => {
    for (const from of ['4,0', '0,0', 'two', '3,3']) {
      const [o, s] = await Promise.all([cli(['odds', '--from', from]), cli(['simulate', '--from', from])]);
      expect(s.code, from).toBe(2);
      expect(s.err, from).toEqual(o.err);
    }
    const policy = await cli(['simulate', '--from', '2,1', '--policy', 'fewest']);
    expect(policy.code).toBe(2);
    expect(policy.err[0]).toBe((await cli(['odds', '--from', '2,1', '--policy', 'fewest'])).err[0]);
    expect(policy.err[1]).toMatch(/hint: dicetray simulate /);
    for (const game of ['seventh_dwarf', 'thats_life']) {
      const r = await cli(['simulate', game, '--from', '2,1']);
      expect(r.code, game).toBe(2);
      expect(r.err[0], game).toMatch(/--from/);
    }
  });
});
