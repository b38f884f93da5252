/**
 * What frustrating stakes (RULES.md §3.6, R-PV-20), for the classroom: after a throw from (t, r) to
 * (t2, r2) that may be rerolled, the active player's chance of a marker and of 3+ ravens if the
 * throw stands and if it is rerolled. A reroll throws the same dice from (t, r), so from there it
 * is the plain chain again; nobody rerolls afterwards (the same model as pechvogel-odds.ts).
 * 3+ ravens decide the frustraters' bet: the active player then takes the frustrations on the
 * board, otherwise each frustrater gets its own back and one more.
 */
import { add, div, mul, ONE, sub, ZERO, type Fraction } from './fraction';
import { ends, key, oddsFrom, throwOdds, type TargetPolicy } from './pechvogel-odds';
import { cmp, overFirstThrow } from './pechvogel-reduce';

export interface Stakes {
  marker: Fraction;
  ravens: Fraction;
}

/** Where the turn stands at (t, r): finished (certain outcomes) or the plain chain from there. */
function from(t: number, r: number): Stakes {
  if (ends(t, r)) return { marker: t >= 4 ? ONE : ZERO, ravens: r >= 3 ? ONE : ZERO };
  const o = oddsFrom(t, r);
  return { marker: o.marker, ravens: o.frustration };
}

/** Kept and rerolled; null when the throw cannot be rerolled (greedy or empty, R-PV-04, R-PV-14). */
export function frustrateStakes(t: number, r: number, t2: number, r2: number): { keep: Stakes; reroll: Stakes } | null {
  if (t2 >= 5 || r2 >= 4 || (t2 === t && r2 === r)) return null;
  return { keep: from(t2, r2), reroll: from(t, r) };
}

let memo: Map<string, Fraction> | null = null;

/** The marker chance if the throw from (t, r) to (t2, r2) stands, the opponent's frustration still in hand. */
function keptAgainst(t2: number, r2: number): Fraction {
  return ends(t2, r2) ? (t2 >= 4 ? ONE : ZERO) : markerAgainstFrustrate(t2, r2);
}

/**
 * P(marker) from a live state (t ≤ 3, r ≤ 2) when an opponent holds a frustration and uses it to
 * deny the marker: after every throw that may be rerolled, exactly when the reroll (the plain chain
 * from (t, r) again, the frustration spent) is less likely to give the active player a marker than
 * keeping the throw. The active player holds no frustration (no reduce). Exact.
 */
export function markerAgainstFrustrate(t: number, r: number): Fraction {
  if (!memo) memo = new Map();
  const k = key(t, r);
  const hit = memo.get(k);
  if (hit) return hit;
  const n = 7 - t - r;
  const rerolled = oddsFrom(t, r).marker;
  let sum = ZERO;
  for (let a = 0; a <= n; a++) {
    for (let b = 0; a + b <= n; b++) {
      if (a === 0 && b === 0) continue;
      const keep = keptAgainst(t + a, r + b);
      const rerollable = !(t + a >= 5 || r + b >= 4);
      sum = add(sum, mul(throwOdds(n, a, b), rerollable && cmp(rerolled, keep) < 0 ? rerolled : keep));
    }
  }
  // An empty throw keeps the state (and the frustration in hand): normalised away.
  const v = div(sum, sub(ONE, throwOdds(n, 0, 0)));
  memo.set(k, v);
  return v;
}

/** Whether the opponent frustrates a throw from (t, r) to (t2, r2), by the rule above. */
export function shouldFrustrate(t: number, r: number, t2: number, r2: number): boolean {
  if (t2 >= 5 || r2 >= 4 || (t2 === t && r2 === r)) return false;
  return cmp(oddsFrom(t, r).marker, keptAgainst(t2, r2)) < 0;
}

/** The whole turn (the first throw is never rerollable, the target by policy) against that opponent. */
export function turnMarkerAgainstFrustrate(policy: TargetPolicy = 'most'): Fraction {
  return overFirstThrow(policy, markerAgainstFrustrate);
}
