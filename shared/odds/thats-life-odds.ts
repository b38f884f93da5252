/**
 * That's Life!: the chance that a figure walking alone from the Start stops on the k-th route card
 * (a classroom classic: with one die, p(k) = (p(k-1) + … + p(k-6)) / 6, p(0) = 1, which tends to
 * 1 / 3.5 = 2/7, the inverse of the mean roll). Collected cards leave gaps that are not counted, so
 * this holds for the cards ahead of a figure as long as nobody takes them first.
 */
import { add, frac, ZERO, type Fraction } from './fraction';

/** p(1..n): the chance of stopping on the k-th card ahead (exact). */
export function landingOdds(n: number): Fraction[] {
  const p: Fraction[] = [frac(1)];
  for (let k = 1; k <= n; k++) {
    let s = ZERO;
    for (let j = 1; j <= 6; j++) if (k - j >= 0) s = add(s, p[k - j]);
    p.push(frac(s.n, s.d * 6n));
  }
  return p.slice(1);
}

/** The limit of p(k): one over the mean of a die. */
export const LANDING_LIMIT = frac(2, 7);
