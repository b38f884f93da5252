/**
 * The target choice after the first throw, for the classroom and the table's odds prompt: for each
 * number shown, the chance of a marker and of a frustration with it as the target, and the points
 * the turn is expected to bring (pointsOf: the marker's value, −3 for a frustration, no rerolls).
 * A 7 shown once can be worth more than a 3 shown three times.
 */
import { add, div, frac, mul, sub, ZERO, type Fraction } from './fraction';
import { outcomeFrom, pickTarget, pointsOf, type TargetPolicy } from './pechvogel-odds';

export interface TargetChoice {
  value: number;
  /** Dice showing it (they go on the board). */
  dice: number;
  marker: Fraction;
  frustration: Fraction;
  points: Fraction;
}

/** Every number the first throw shows (ascending), with the turn's odds and points if chosen. */
export function targetChoices(faces: (number | string)[]): TargetChoice[] {
  const ravens = faces.filter((f) => f === 'R').length;
  const out: TargetChoice[] = [];
  for (let v = 3; v <= 7; v++) {
    const t = faces.filter((f) => f === v).length;
    if (!t) continue;
    const o = outcomeFrom(t, ravens);
    out.push({ value: v, dice: t, marker: o.marker, frustration: o.frustration, points: pointsOf(v, t, ravens) });
  }
  return out;
}

const FACT = [1n, 1n, 2n, 6n, 24n, 120n, 720n, 5040n];
const memo: Partial<Record<TargetPolicy, Fraction>> = {};

/**
 * Points a whole turn is expected to bring with the target by `policy`, over all 6^7 first throws
 * (seven ravens: a frustration, −3). Exact.
 */
export function turnPoints(policy: TargetPolicy): Fraction {
  const hit = memo[policy];
  if (hit) return hit;
  let sum = ZERO;
  const counts = [0, 0, 0, 0, 0, 0];
  const visit = (i: number, left: number): void => {
    if (i === 5) {
      counts[5] = left;
      let ways = FACT[7];
      for (const c of counts) ways /= FACT[c];
      const k = pickTarget(counts, left, policy);
      const p = k < 0 ? sub(ZERO, frac(3, 1)) : pointsOf(k + 3, counts[k], left);
      sum = add(sum, mul(frac(ways, 1), p));
      return;
    }
    for (let c = 0; c <= left; c++) {
      counts[i] = c;
      visit(i + 1, left - c);
    }
  };
  visit(0, 7);
  return (memo[policy] = div(sum, frac(6n ** 7n, 1)));
}

