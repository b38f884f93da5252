import { describe, expect, it } from 'vitest';
import { SeventhDwarfOdds } from '../../shared/odds/seventh-dwarf-odds';
import { simulateDwarfTurns } from '../../shared/odds/seventh-dwarf-simulate';

/** Legality written separately from the engine: the filled values, in spot order, stay ordered. */
function legal(vals: number[], v: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < 9; s++) {
    if (vals[s]) continue;
    const seq = vals.map((x, i) => (i === s ? v : x)).filter((x) => x > 0);
    const up = seq.every((x, i) => !i || seq[i - 1] <= x);
    const down = seq.every((x, i) => !i || seq[i - 1] >= x);
    const before = vals.filter((x) => x > 0);
    const dir = before.some((x) => x !== before[0]) ? (before.every((x, i) => !i || before[i - 1] <= x) ? 'asc' : 'desc') : null;
    if (dir === 'asc' ? up : dir === 'desc' ? down : up || down) out.push(s);
  }
  return out;
}

describe('The 7th Dwarf: the exact chance of all seven dice on the row (RULES.md §4.6)', () => {
  it('end games worked by hand (one die to come: spots 1..6 hold 1..6, so only a 1 or a 6 fits; two dice to come)', () => {
    const o = new SeventhDwarfOdds('best');
    expect(o.numerator([0, 1, 2, 3, 4, 5, 6, 0, 0])).toBe(2);
    // 1 2 3 4 _ 6 on spots 1..6, two dice to come (over 36): a 1 goes to spot 0, then 4..6 fit (3);
    // a 2 or 3 fits nowhere; a 4 or 5 to spot 5, then 1 or 6 (2 each); a 6 best to spot 7 or 8,
    // keeping spot 5 for 4..6 (4: 1, 4, 5, 6), where the leftmost spot (5) leaves 2.
    expect(o.numerator([0, 1, 2, 3, 4, 0, 6, 0, 0])).toBe(3 + 2 + 2 + 4);
    expect(new SeventhDwarfOdds('leftmost').numerator([0, 1, 2, 3, 4, 0, 6, 0, 0])).toBe(3 + 2 + 2 + 2);
    expect(o.chance([0, 1, 2, 3, 4, 5, 6, 0, 0])).toBeCloseTo(2 / 6, 12);
  });

  it('fixed policies agree with all 6^7 throw sequences played out with separately written legality', () => {
    const o = { leftmost: new SeventhDwarfOdds('leftmost'), spread: new SeventhDwarfOdds('spread') };
    for (const policy of ['leftmost', 'spread'] as const) {
      let wins = 0;
      for (let code = 0; code < 6 ** 7; code++) {
        const vals = [0, 0, 0, 0, 0, 0, 0, 0, 0];
        let c = code;
        let ok = true;
        for (let d = 0; d < 7 && ok; d++) {
          const v = 1 + (c % 6);
          c = Math.floor(c / 6);
          const l = legal(vals, v);
          if (!l.length) ok = false;
          else vals[policy === 'leftmost' ? l[0] : o.spread.choose(vals, v, l)] = v;
        }
        if (ok) wins++;
      }
      expect(o[policy].numerator([0, 0, 0, 0, 0, 0, 0, 0, 0]), policy).toBe(wins);
    }
  });

  it('spread on a falling row aims mirrored: a 5 near the left end, a 2 near the right (worked by hand)', () => {
    const spread = new SeventhDwarfOdds('spread');
    // 6 on spot 0 and 1 on spot 8: the row falls. The scale is mirrored: v = 5 aims at (6 − 5) / 5 × 8 = 1.6,
    // v = 2 at 6.4; every spot between the two dice is legal.
    expect(spread.choose([6, 0, 0, 0, 0, 0, 0, 0, 1], 5)).toBe(2);
    expect(spread.choose([6, 0, 0, 0, 0, 0, 0, 0, 1], 2)).toBe(6);
    // A rising row keeps the plain scale: a 5 aims at 6.4.
    expect(spread.choose([1, 0, 0, 0, 0, 0, 0, 0, 6], 5)).toBe(6);
  });

  it('best play beats the rules of thumb: 13993/17496', () => {
    const best = new SeventhDwarfOdds('best');
    expect(best.numerator([0, 0, 0, 0, 0, 0, 0, 0, 0])).toBe(223888);
    expect(223888 / 279936).toBeCloseTo(13993 / 17496, 15);
    expect(best.chance()).toBeGreaterThan(new SeventhDwarfOdds('spread').chance());
  });

  it('the engine, placing by each policy with its own dice, converges to the exact chance (20,000 turns, < 4.5 standard errors)', () => {
    for (const policy of ['best', 'spread'] as const) {
      const o = new SeventhDwarfOdds(policy);
      const p = o.chance();
      const N = 20_000;
      let k = 0;
      simulateDwarfTurns(N, policy === 'best' ? 77 : 78, policy, (s) => (k += s ? 1 : 0), o);
      expect(Math.abs((k / N - p) / Math.sqrt((p * (1 - p)) / N)), `${policy}: ${k / N} vs ${p}`).toBeLessThan(4.5);
    }
  });
});
