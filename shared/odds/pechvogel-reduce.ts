/**
 * The chance of a marker with one reduce in hand (RULES.md §3.8: "optimal use of a reroll is a
 * small decision problem"): after a throw that may be rerolled (not the first, not greedy, not
 * empty), the active player either keeps it or returns a frustration to reroll the same dice from
 * where the board was. Here the player reduces exactly when that raises the chance of a marker, and
 * nobody frustrates (the opponents hold no frustration). Exact, like pechvogel-odds.ts.
 */
import { add, compare, div, mul, ONE, sub, ZERO, type Fraction } from './fraction';
import { ends, firstThrowSplit, key, oddsFrom, outcomeFrom, throwOdds, type TargetPolicy } from './pechvogel-odds';

/** Whether a throw from (t, r) to (t2, r2) may be rerolled: not greedy, not empty (R-PV-04, R-PV-14). */
export function rerollable(t: number, r: number, t2: number, r2: number): boolean {
  return !(t2 >= 5 || r2 >= 4) && !(t2 === t && r2 === r);
}

/** A turn's marker chance with one reroll in play, from a live state and from wherever a throw leaves it. */
export interface RerollChain {
  live: (t: number, r: number) => Fraction;
  /** After a throw to (t2, r2), kept: certain if it ended the turn, else the chain with the reroll still in play. */
  kept: (t2: number, r2: number) => Fraction;
}

/**
 * P(marker) with one reroll in play, used after a throw that may be rerolled exactly when the
 * reroll moves the chance the way `side` wants (1: up, the active player's reduce; -1: down, an
 * opponent's frustration). A reroll throws the same dice from (t, r) again with no reroll left,
 * which is the plain chain from (t, r): oddsFrom(t, r).marker. Exact, memoised.
 */
export function rerollChain(side: 1 | -1): RerollChain {
  const memo = new Map<string, Fraction>();
  const kept = (t2: number, r2: number): Fraction => (ends(t2, r2) ? outcomeFrom(t2, r2).marker : live(t2, r2));
  function live(t: number, r: number): Fraction {
    const k = key(t, r);
    const hit = memo.get(k);
    if (hit) return hit;
    const n = 7 - t - r;
    const rerolled = oddsFrom(t, r).marker;
    let sum = ZERO;
    for (let a = 0; a <= n; a++) {
      for (let b = 0; a + b <= n; b++) {
        if (a === 0 && b === 0) continue;
        const keep = kept(t + a, r + b);
        sum = add(sum, mul(throwOdds(n, a, b), rerollable(t, r, t + a, r + b) && compare(rerolled, keep) * side > 0 ? rerolled : keep));
      }
    }
    // An empty throw keeps the state and the reroll: normalised away as in the plain chain.
    const v = div(sum, sub(ONE, throwOdds(n, 0, 0)));
    memo.set(k, v);
    return v;
  }
  return { live, kept };
}

const withReduce = rerollChain(1);

/** P(marker) from a live state (t ≤ 3, r ≤ 2) with one reduce in hand, played for the marker. */
export const markerWithReduce = withReduce.live;

/**
 * The choice in a reroll window after a throw from (t, r) to (t2, r2), by the chance of a marker:
 * keeping the throw (the reduce stays in hand for later) or reducing now. Null when the throw
 * cannot be rerolled (greedy or empty).
 */
export function reduceChoice(t: number, r: number, t2: number, r2: number): { keep: Fraction; reduce: Fraction } | null {
  if (!rerollable(t, r, t2, r2)) return null;
  return { keep: withReduce.kept(t2, r2), reduce: oddsFrom(t, r).marker };
}

/** Whether to reduce after throwing from (t, r) to (t2, r2), playing for the marker. */
export function shouldReduce(t: number, r: number, t2: number, r2: number): boolean {
  const c = reduceChoice(t, r, t2, r2);
  return !!c && compare(c.reduce, c.keep) > 0;
}

/** The whole turn: the first throw (never rerollable), the target by policy, then one reduce in hand. */
export function turnMarkerWithReduce(policy: TargetPolicy = 'most'): Fraction {
  return overFirstThrow(policy, markerWithReduce);
}

/** The chance of a marker over the first throw's outcomes, `live` giving it from where the turn goes on. */
export function overFirstThrow(policy: TargetPolicy, live: (t: number, r: number) => Fraction): Fraction {
  const split = firstThrowSplit(policy);
  let p = ZERO;
  for (const k of Object.keys(split)) {
    const [t, r] = k.split(',').map(Number);
    p = add(p, mul(split[k], ends(t, r) ? outcomeFrom(t, r).marker : live(t, r)));
  }
  return p;
}

/** Sanity hook for tests: without the reduce the same first-throw split gives turnOdds' marker chance. */
export function turnMarkerPlain(policy: TargetPolicy = 'most'): Fraction {
  return overFirstThrow(policy, (t, r) => oddsFrom(t, r).marker);
}
