/**
 * What frustrating stakes (RULES.md §3.6, R-PV-20), for the classroom: after a throw from (t, r) to
 * (t2, r2) that may be rerolled, the active player's chance of a marker and of 3+ ravens if the
 * throw stands and if it is rerolled. A reroll throws the same dice from (t, r), so from there it
 * is the plain chain again; nobody rerolls afterwards (the same model as pechvogel-odds.ts).
 * 3+ ravens decide the frustraters' bet: the active player then takes the frustrations on the
 * board, otherwise each frustrater gets its own back and one more.
 */
import { compare, type Fraction } from './fraction';
import { outcomeFrom, oddsFrom, type TargetPolicy } from './pechvogel-odds';
import { overFirstThrow, rerollable, rerollChain } from './pechvogel-reduce';

export interface Stakes {
  marker: Fraction;
  ravens: Fraction;
}

/** Where the turn stands at (t, r): finished (certain outcomes) or the plain chain from there. */
function from(t: number, r: number): Stakes {
  const o = outcomeFrom(t, r);
  return { marker: o.marker, ravens: o.frustration };
}

/** Kept and rerolled; null when the throw cannot be rerolled (greedy or empty, R-PV-04, R-PV-14). */
export function frustrateStakes(t: number, r: number, t2: number, r2: number): { keep: Stakes; reroll: Stakes } | null {
  if (!rerollable(t, r, t2, r2)) return null;
  return { keep: from(t2, r2), reroll: from(t, r) };
}

/**
 * An opponent holds a frustration and uses it to deny the marker: after every throw that may be
 * rerolled, exactly when the reroll (the plain chain from (t, r) again, the frustration spent) is
 * less likely to give the active player a marker than keeping the throw. The active player holds
 * no frustration (no reduce).
 */
const against = rerollChain(-1);

/** P(marker) from a live state (t ≤ 3, r ≤ 2) against that opponent. Exact. */
export const markerAgainstFrustrate = against.live;

/** Whether the opponent frustrates a throw from (t, r) to (t2, r2), by the rule above. */
export function shouldFrustrate(t: number, r: number, t2: number, r2: number): boolean {
  return rerollable(t, r, t2, r2) && compare(oddsFrom(t, r).marker, against.kept(t2, r2)) < 0;
}

/** The whole turn (the first throw is never rerollable, the target by policy) against that opponent. */
export function turnMarkerAgainstFrustrate(policy: TargetPolicy = 'most'): Fraction {
  return overFirstThrow(policy, markerAgainstFrustrate);
}
