/**
 * The chance of a marker with one reduce in hand (RULES.md §3.8: "optimal use of a reroll is a
 * small decision problem"): after a throw that may be rerolled (not the first, not greedy, not
 * empty), the active player either keeps it or returns a frustration to reroll the same dice from
 * where the board was. Here the player reduces exactly when that raises the chance of a marker, and
 * nobody frustrates (the opponents hold no frustration). Exact, like pechvogel-odds.ts.
 */
import { add, div, mul, ONE, sub, ZERO, type Fraction } from './fraction';
import { ends, firstThrowSplit, key, oddsFrom, throwOdds, type TargetPolicy } from './pechvogel-odds';

/** Marker chance with no reduce left: the plain chain (a finished turn: 1 or 0). */
function plain(t: number, r: number): Fraction {
  if (ends(t, r)) return t >= 4 ? ONE : ZERO;
  return oddsFrom(t, r).marker;
}

/** Whether a throw from (t, r) to (t2, r2) may be rerolled: not greedy, not empty. */
function rerollable(t: number, r: number, t2: number, r2: number): boolean {
  return !(t2 >= 5 || r2 >= 4) && !(t2 === t && r2 === r);
}

let memo: Map<string, Fraction> | null = null;

/** The chance of a marker after rerolling the dice thrown from (t, r), with no reduce left. */
function rerolledFrom(t: number, r: number): Fraction {
  const n = 7 - t - r;
  let v = ZERO;
  // An empty reroll leaves the board as it was.
  for (let a = 0; a <= n; a++) for (let b = 0; a + b <= n; b++) v = add(v, mul(throwOdds(n, a, b), plain(t + a, r + b)));
  return v;
}

/** P(marker) from a live state (t ≤ 3, r ≤ 2) with one reduce in hand, played for the marker. */
export function markerWithReduce(t: number, r: number): Fraction {
  if (!memo) memo = new Map();
  const k = key(t, r);
  const hit = memo.get(k);
  if (hit) return hit;
  const n = 7 - t - r;
  const rerolled = rerolledFrom(t, r);
  let sum = ZERO;
  for (let a = 0; a <= n; a++) {
    for (let b = 0; a + b <= n; b++) {
      if (a === 0 && b === 0) continue;
      const t2 = t + a;
      const r2 = r + b;
      const keep = ends(t2, r2) ? plain(t2, r2) : markerWithReduce(t2, r2);
      const best = rerollable(t, r, t2, r2) && cmp(rerolled, keep) > 0 ? rerolled : keep;
      sum = add(sum, mul(throwOdds(n, a, b), best));
    }
  }
  // An empty throw keeps the state and the reduce: normalised away as in the plain chain.
  const v = div(sum, sub(ONE, throwOdds(n, 0, 0)));
  memo.set(k, v);
  return v;
}

export function cmp(a: Fraction, b: Fraction): number {
  const d = a.n * b.d - b.n * a.d;
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

/**
 * The choice in a reroll window after a throw from (t, r) to (t2, r2), by the chance of a marker:
 * keeping the throw (the reduce stays in hand for later) or reducing now. Null when the throw
 * cannot be rerolled (greedy or empty).
 */
export function reduceChoice(t: number, r: number, t2: number, r2: number): { keep: Fraction; reduce: Fraction } | null {
  if (!rerollable(t, r, t2, r2)) return null;
  return { keep: ends(t2, r2) ? plain(t2, r2) : markerWithReduce(t2, r2), reduce: rerolledFrom(t, r) };
}

/** Whether to reduce after throwing from (t, r) to (t2, r2), playing for the marker. */
export function shouldReduce(t: number, r: number, t2: number, r2: number): boolean {
  const c = reduceChoice(t, r, t2, r2);
  return !!c && cmp(c.reduce, c.keep) > 0;
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
    p = add(p, mul(split[k], ends(t, r) ? plain(t, r) : live(t, r)));
  }
  return p;
}

/** Sanity hook for tests: without the reduce the same first-throw split gives turnOdds' marker chance. */
export function turnMarkerPlain(policy: TargetPolicy = 'most'): Fraction {
  return overFirstThrow(policy, (t, r) => oddsFrom(t, r).marker);
}
