/**
 * The chance of placing all seven dice in The 7th Dwarf (RULES.md §4.6), exactly. Colours do not
 * matter for it, so the state is the row's values; each die shows 1..6 with 1/6, and a die that
 * fits nowhere ends all hope of success (the turn goes on only for colour points). With k dice to
 * come every probability is a whole number over 6^k, so the numerators are plain integers.
 */
import type { DwDie } from '../games/seventh-dwarf/types';
import { directionOf, legalSpots } from '../games/seventh-dwarf/row';

/** How a player picks a spot among the legal ones: `best` maximises the chance of success. */
export type DwPolicy = 'best' | 'leftmost' | 'spread';

const DICE = 7;

function rowOf(vals: number[]): (DwDie | null)[] {
  return vals.map((v) => (v ? ['x', v] : null));
}

/** The spots a die of `v` fits on a row of values (the engine's own rule, colours aside). */
export function legalFor(vals: number[], v: number): number[] {
  const row = rowOf(vals);
  return legalSpots(row, directionOf(row), v);
}

/**
 * A fixed rule of thumb for `spread`: aim at the spot that matches the value on a 1..6 scale over
 * the row (1 far left, 6 far right, or mirrored once the row descends), the nearest legal spot.
 */
function spreadSpot(vals: number[], v: number, legal: number[]): number {
  const dir = directionOf(rowOf(vals));
  const aim = dir === 'desc' ? ((6 - v) / 5) * 8 : ((v - 1) / 5) * 8;
  let best = legal[0];
  for (const s of legal) if (Math.abs(s - aim) < Math.abs(best - aim)) best = s;
  return best;
}

export class SeventhDwarfOdds {
  private memo = new Map<string, number>();
  /** `best`'s spot by row and value: a simulation asks the same few hundred questions again and again. */
  private spots = new Map<string, number>();
  constructor(readonly policy: DwPolicy = 'best') {}

  /** Numerator of P(success) over 6^(dice left), from the row values (0 = empty spot). */
  numerator(vals: number[]): number {
    const left = DICE - vals.filter((v) => v > 0).length;
    if (left === 0) return 1;
    const k = vals.join('');
    const hit = this.memo.get(k);
    if (hit !== undefined) return hit;
    let n = 0;
    for (let v = 1; v <= 6; v++) {
      const legal = legalFor(vals, v);
      if (!legal.length) continue;
      if (this.policy === 'best') {
        let m = 0;
        for (const s of legal) m = Math.max(m, this.numerator(place(vals, s, v)));
        n += m;
      } else {
        n += this.numerator(place(vals, this.choose(vals, v, legal), v));
      }
    }
    this.memo.set(k, n);
    return n;
  }

  /** P(success) from these row values. */
  chance(vals: number[] = [0, 0, 0, 0, 0, 0, 0, 0, 0]): number {
    return this.numerator(vals) / 6 ** (DICE - vals.filter((v) => v > 0).length);
  }

  /** The spot the policy puts a die of `v` on (`best`: the first legal spot with the highest chance). */
  choose(vals: number[], v: number, legal: number[] = legalFor(vals, v)): number {
    if (this.policy === 'leftmost') return legal[0];
    if (this.policy === 'spread') return spreadSpot(vals, v, legal);
    const k = vals.join('') + v;
    const hit = this.spots.get(k);
    if (hit !== undefined) return hit;
    let best = legal[0];
    let m = -1;
    for (const s of legal) {
      const x = this.numerator(place(vals, s, v));
      if (x > m) {
        m = x;
        best = s;
      }
    }
    this.spots.set(k, best);
    return best;
  }

  get states(): number {
    return this.memo.size;
  }
}

function place(vals: number[], s: number, v: number): number[] {
  const c = vals.slice();
  c[s] = v;
  return c;
}
