/**
 * A second, independent computation of figures `dicetray odds` prints for The 7th Dwarf and That's
 * Life!, written from the rulebooks (RULES.md §4.2, R-DW-02/03, §5.2) without shared/odds or the
 * engine's row code, and compared with the command's JSON fraction for fraction: two ways to the same
 * number, so a teacher can trust the one the pupils see.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from '../host/cli-run';

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}
function fractionText(n: bigint, d: bigint): string {
  const g = gcd(n, d);
  return `${n / g}/${d / g}`;
}

/** The placed values read left to right never fall, or never rise (equal neighbours are fine). */
function monotone(row: number[]): boolean {
  const v = row.filter((x) => x > 0);
  let up = true;
  let down = true;
  for (let i = 1; i < v.length; i++) {
    if (v[i] < v[i - 1]) up = false;
    if (v[i] > v[i - 1]) down = false;
  }
  return up || down;
}

/**
 * Where a die may go: an empty spot of the nine after which the row is still in order. Once two
 * different values lie, the row is strictly one way, so "either order" is the rule's fixed direction.
 */
function fits(row: number[], v: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < 9; s++) {
    if (row[s]) continue;
    const next = row.slice();
    next[s] = v;
    if (monotone(next)) out.push(s);
  }
  return out;
}

/** Ways (out of 6^dice left) to place every die still to come, choosing each spot as well as possible. */
function bestWays(row: number[], memo: Map<string, bigint>): bigint {
  const left = 7 - row.filter((x) => x > 0).length;
  if (!left) return 1n;
  const key = row.join('');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let ways = 0n;
  for (let v = 1; v <= 6; v++) {
    let most = 0n;
    for (const s of fits(row, v)) {
      const next = row.slice();
      next[s] = v;
      const w = bestWays(next, memo);
      if (w > most) most = w;
    }
    ways += most;
  }
  memo.set(key, ways);
  return ways;
}

/** Every one of the 6^7 throw sequences, each die on the leftmost spot that fits: how many place all 7. */
function leftmostWays(): number {
  let ok = 0;
  for (let code = 0; code < 6 ** 7; code++) {
    const row = new Array(9).fill(0);
    let c = code;
    let placed = true;
    for (let d = 0; d < 7 && placed; d++) {
      const v = (c % 6) + 1;
      c = Math.floor(c / 6);
      const spots = fits(row, v);
      if (spots.length) row[spots[0]] = v;
      else placed = false;
    }
    if (placed) ok++;
  }
  return ok;
}

/** The chance a lone figure stops on card k: every way to write k as a sum of rolls 1..6, counted out. */
function stopChance(k: number): string {
  // Ways with m rolls, each worth 6^-m: summed over 6^k they are whole numbers.
  const byRolls = new Map<number, bigint>();
  const walk = (rest: number, rolls: number): void => {
    if (rest === 0) {
      byRolls.set(rolls, (byRolls.get(rolls) ?? 0n) + 1n);
      return;
    }
    for (let d = 1; d <= Math.min(6, rest); d++) walk(rest - d, rolls + 1);
  };
  walk(k, 0);
  let n = 0n;
  for (const [m, ways] of byRolls) n += ways * 6n ** BigInt(k - m);
  return fractionText(n, 6n ** BigInt(k));
}

async function oddsJson(args: string[]): Promise<any> {
  const r = await run(['odds', ...args, '--json'], mkdtempSync(path.join(tmpdir(), 'exact-check-')));
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out);
}

describe('the classroom odds, computed a second way', () => {
  it('The 7th Dwarf: all seven on the row with best play and always leftmost, as `odds seventh_dwarf` prints', async () => {
    const j = await oddsJson(['seventh_dwarf']);
    const exact = (policy: string) => j.odds.find((o: any) => o.policy === policy).exact;
    const best = bestWays(new Array(9).fill(0), new Map());
    expect(exact('best')).toBe(fractionText(best, 6n ** 7n));
    expect(exact('leftmost')).toBe(fractionText(BigInt(leftmostWays()), 6n ** 7n));
  });

  // Rising, falling, and all equal (no direction yet: a different value only outside their span).
  const rows: [number[], number][] = [
    [[0, 1, 2, 3, 4, 0, 6, 0, 0], 6],
    [[3, 0, 0, 0, 0, 0, 0, 0, 1], 2],
    [[0, 0, 0, 3, 0, 3, 0, 0, 0], 3],
    [[0, 0, 0, 3, 0, 3, 0, 0, 0], 5],
  ];
  it.each(rows)('The 7th Dwarf: from the row %j, the chance and where a %i may go', async (row, die) => {
    const j = await oddsJson(['seventh_dwarf', '--row', row.join(','), '--die', String(die)]);
    const memo = new Map<string, bigint>();
    const left = BigInt(7 - row.filter((x) => x > 0).length);
    expect(j.odds.find((o: any) => o.policy === 'best').exact).toBe(fractionText(bestWays(row, memo), 6n ** left));
    const mine = fits(row, die).map((s) => {
      const next = row.slice();
      next[s] = die;
      return { spot: s, exact: fractionText(bestWays(next, memo), 6n ** (left - 1n)) };
    });
    expect(j.spots.map((s: any) => ({ spot: s.spot, exact: s.exact }))).toEqual(mine);
  });

  it("That's Life!: the chance of stopping on each of the first 14 cards, and the limit 2/7", async () => {
    const j = await oddsJson(['thats_life']);
    for (let k = 1; k <= 14; k++) expect(j.odds[k - 1].exact, `card ${k}`).toBe(stopChance(k));
    expect(j.limit.exact).toBe('2/7');
  });
});
