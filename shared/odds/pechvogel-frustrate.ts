/**
 * What frustrating stakes (RULES.md §3.6, R-PV-20), for the classroom: after a throw from (t, r) to
 * (t2, r2) that may be rerolled, the active player's chance of a marker and of 3+ ravens if the
 * throw stands and if it is rerolled. A reroll throws the same dice from (t, r), so from there it
 * is the plain chain again; nobody rerolls afterwards (the same model as pechvogel-odds.ts).
 * 3+ ravens decide the frustraters' bet: the active player then takes the frustrations on the
 * board, otherwise each frustrater gets its own back and one more.
 */
import { ONE, ZERO, type Fraction } from './fraction';
import { ends, oddsFrom } from './pechvogel-odds';

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
