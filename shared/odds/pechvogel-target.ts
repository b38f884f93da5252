/**
 * The target choice after the first throw, for the classroom and the table's odds prompt: for each
 * number shown, the chance of a marker and of a frustration with it as the target, and the points
 * the turn is expected to bring (pointsOf: the marker's value, −3 for a frustration, no rerolls).
 * A 7 shown once can be worth more than a 3 shown three times.
 */
import { add, frac, mul, ZERO, type Fraction } from './fraction';
import { forEachFirstThrow, outcomeFrom, pickTarget, pointsOf, type TargetPolicy } from './pechvogel-odds';

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

const memo: Partial<Record<TargetPolicy, Fraction>> = {};

/**
 * Points a whole turn is expected to bring with the target by `policy`, over all 6^7 first throws
 * (seven ravens: a frustration, −3). Exact.
 */
export function turnPoints(policy: TargetPolicy): Fraction {
  const hit = memo[policy];
  if (hit) return hit;
  let sum = ZERO;
  forEachFirstThrow((counts, ravens, p) => {
    const k = pickTarget(counts, ravens, policy);
    sum = add(sum, mul(p, k < 0 ? frac(-3, 1) : pointsOf(k + 3, counts[k], ravens)));
  });
  return (memo[policy] = sum);
}

