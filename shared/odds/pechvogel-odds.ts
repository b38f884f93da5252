/**
 * Exact odds of a Pechvogel turn (RULES.md §3.8): once the target is fixed every die shows the
 * target with 1/6, a raven with 1/6 and anything else with 4/6, so the turn is a Markov chain on
 * (targets, ravens) on the board. An empty throw returns to the same state: that self-loop is
 * normalised away. The turn ends at 4+ targets (a marker) or 3+ ravens (a frustration); 5+ targets
 * or 4+ ravens are greedy (Murphy). The model leaves out rerolls (nobody reduces or frustrates),
 * as on a game's first turn where nobody holds a frustration yet.
 */
import { add, compare, div, frac, mul, ONE, sub, ZERO, type Fraction } from './fraction';

/** Where a turn can end. */
export interface TurnEnd {
  targets: number;
  ravens: number;
}

export interface TurnOdds {
  /** From this state (after the first throw and the target choice), or the turn's start. */
  from: TurnEnd | 'start';
  /** Probability of each end state, keyed "targets,ravens". */
  ends: Record<string, Fraction>;
  marker: Fraction;
  frustration: Fraction;
  /** Marker and frustration in the same turn (4+ targets and 3+ ravens). */
  both: Fraction;
  markerOnly: Fraction;
  frustrationOnly: Fraction;
  /** Greedy: 5+ targets or 4+ ravens, so Murphy moves to the active player. */
  murphy: Fraction;
  /** Expected throws, empty throws included (the first throw too when from = 'start'). */
  throws: Fraction;
  /**
   * E[throws²]: with `throws`, the exact variance of the number of throws. A simulation's z for
   * its mean throws uses it: the count is skewed (1 to 20+ throws), so a sample's own variance
   * comes out low over a few dozen turns and overstates how far off they are.
   */
  throws2: Fraction;
}

/**
 * The first throw's target choice (a policy: the rules leave it to the player): the number shown by
 * the most dice, by the fewest, or the one with the most points expected from the turn (pointsOf).
 * Ties go to the higher number.
 */
export type TargetPolicy = 'most' | 'fewest' | 'points';

const FACT = [1n, 1n, 2n, 6n, 24n, 120n, 720n, 5040n];

/** Probability that n dice show exactly a targets and b ravens. */
export function throwOdds(n: number, a: number, b: number): Fraction {
  const c = n - a - b;
  if (a < 0 || b < 0 || c < 0) return ZERO;
  const ways = FACT[n] / (FACT[a] * FACT[b] * FACT[c]);
  return frac(ways * 4n ** BigInt(c), 6n ** BigInt(n));
}

export const ends = (t: number, r: number): boolean => t >= 4 || r >= 3;
/** The map key of a board: "targets,ravens". */
export const key = (t: number, r: number): string => t + ',' + r;

interface Solved {
  ends: Record<string, Fraction>;
  throws: Fraction;
  throws2: Fraction;
}

/** Absorption probabilities and expected throws from every live state (t ≤ 3, r ≤ 2). */
function solveAll(): Map<string, Solved> {
  const out = new Map<string, Solved>();
  // Throws only add dice to the board, so states with more dice on it are solved first.
  const states: TurnEnd[] = [];
  for (let t = 0; t <= 3; t++) for (let r = 0; r <= 2; r++) states.push({ targets: t, ravens: r });
  states.sort((x, y) => y.targets + y.ravens - (x.targets + x.ravens));
  for (const s of states) {
    const n = 7 - s.targets - s.ravens;
    const stay = throwOdds(n, 0, 0);
    const leave = sub(ONE, stay);
    const res: Record<string, Fraction> = {};
    // Σ_{s'≠s} p(s') E(s') and Σ_{s'≠s} p(s') E2(s') over the states a throw moves on to.
    let onE = ZERO;
    let onE2 = ZERO;
    for (let a = 0; a <= n; a++) {
      for (let b = 0; a + b <= n; b++) {
        if (a === 0 && b === 0) continue;
        const q = throwOdds(n, a, b);
        const p = div(q, leave);
        const t = s.targets + a;
        const r = s.ravens + b;
        if (ends(t, r)) res[key(t, r)] = add(res[key(t, r)] || ZERO, p);
        else {
          const next = out.get(key(t, r))!;
          for (const k of Object.keys(next.ends)) res[k] = add(res[k] || ZERO, mul(p, next.ends[k]));
          onE = add(onE, mul(q, next.throws));
          onE2 = add(onE2, mul(q, next.throws2));
        }
      }
    }
    // E = (1 + Σ_{s'≠s} p(s') E(s')) / (1 − p(stay)). With T = 1 + T(next), T(next) = T(s) after
    // an empty throw: E2 = (1 + 2(Σ_{s'≠s} p(s') E(s') + p(stay) E) + Σ_{s'≠s} p(s') E2(s')) / (1 − p(stay)).
    const e = div(add(ONE, onE), leave);
    const e2 = div(add(add(ONE, mul(frac(2n, 1n), add(onE, mul(stay, e)))), onE2), leave);
    out.set(key(s.targets, s.ravens), { ends: res, throws: e, throws2: e2 });
  }
  return out;
}

let solved: Map<string, Solved> | null = null;

function summarise(from: TurnEnd | 'start', endsOdds: Record<string, Fraction>, throws: Fraction, throws2: Fraction): TurnOdds {
  let marker = ZERO;
  let frustration = ZERO;
  let both = ZERO;
  let murphy = ZERO;
  for (const k of Object.keys(endsOdds)) {
    const [t, r] = k.split(',').map(Number);
    const p = endsOdds[k];
    if (t >= 4) marker = add(marker, p);
    if (r >= 3) frustration = add(frustration, p);
    if (t >= 4 && r >= 3) both = add(both, p);
    if (t >= 5 || r >= 4) murphy = add(murphy, p);
  }
  return { from, ends: endsOdds, marker, frustration, both, markerOnly: sub(marker, both), frustrationOnly: sub(frustration, both), murphy, throws, throws2 };
}

/** Odds of the rest of a turn from `targets` and `ravens` on the board (a live state: t ≤ 3, r ≤ 2). */
export function oddsFrom(targets: number, ravens: number): TurnOdds {
  if (!(targets >= 0 && targets <= 3 && ravens >= 0 && ravens <= 2) || targets % 1 || ravens % 1) {
    throw new RangeError('a turn goes on only with 0..3 targets and 0..2 ravens on the board');
  }
  if (!solved) solved = solveAll();
  const s = solved.get(key(targets, ravens))!;
  return summarise({ targets, ravens }, s.ends, s.throws, s.throws2);
}

/** Where a turn stands at (t, r): finished (certain outcomes) or the chain from there. */
export function outcomeFrom(t: number, r: number): { marker: Fraction; frustration: Fraction } {
  if (ends(t, r)) return { marker: t >= 4 ? ONE : ZERO, frustration: r >= 3 ? ONE : ZERO };
  const o = oddsFrom(t, r);
  return { marker: o.marker, frustration: o.frustration };
}

/**
 * Points the rest of the turn is expected to bring with target v, t of its dice and r ravens on the
 * board: v for the marker, −3 for the frustration (scoring, RULES.md §3.3), no rerolls; the middle
 * is taken to hold the value, and Murphy's heavier frustrations at the end are left out.
 */
export function pointsOf(v: number, t: number, r: number): Fraction {
  // Kept: the 'points' policy asks this for every number of every first throw (a simulation of a
  // million turns spent two minutes summing the same fractions again).
  const k = v * 100 + t * 10 + r;
  let p = pointsMemo[k];
  if (!p) {
    const o = outcomeFrom(t, r);
    p = pointsMemo[k] = sub(mul(frac(v, 1), o.marker), mul(frac(3, 1), o.frustration));
  }
  return p;
}
const pointsMemo: Record<number, Fraction> = {};

/** The target by policy from the count of each number 3..7 (index 0..4) and the ravens; -1: none shown. */
export function pickTarget(counts: number[], ravens: number, policy: TargetPolicy): number {
  let best = -1;
  let score: Fraction | number = 0;
  for (let i = 4; i >= 0; i--) {
    const c = counts[i];
    if (c <= 0) continue;
    if (policy === 'points') {
      const p = pointsOf(i + 3, c, ravens);
      if (best < 0 || compare(p, score as Fraction) > 0) {
        best = i;
        score = p;
      }
    } else if (best < 0 || (policy === 'most' ? c > (score as number) : c < (score as number))) {
      best = i;
      score = c;
    }
  }
  return best;
}

/**
 * The first throw (7 dice, faces 3..7 and the raven, 1/6 each) with the target chosen by `policy`
 * among the numbers shown (the most dice, or the fewest): where it leaves the board, as the chance
 * of each (targets, ravens), keyed "t,r". Seven ravens end the turn at once (R-PV-03) at 0,7.
 */
export function firstThrowSplit(policy: TargetPolicy): Record<string, Fraction> {
  const out: Record<string, Fraction> = {};
  forEachFirstThrow((counts, ravens, p) => {
    const i = pickTarget(counts, ravens, policy);
    const k = key(i < 0 ? 0 : counts[i], ravens);
    out[k] = add(out[k] || ZERO, p);
  });
  return out;
}

/**
 * Every split of the first throw's 7 dice over the numbers 3..7 (counts[0..4]) and the raven, with
 * its probability (the multinomial weight over 6^7). `counts` is reused: copy it to keep it.
 */
export function forEachFirstThrow(f: (counts: number[], ravens: number, p: Fraction) => void): void {
  const counts = [0, 0, 0, 0, 0, 0];
  const visit = (i: number, left: number): void => {
    if (i === 5) {
      counts[5] = left;
      let ways = FACT[7];
      for (const c of counts) ways /= FACT[c];
      f(counts, left, frac(ways, 6n ** 7n));
      return;
    }
    for (let c = 0; c <= left; c++) {
      counts[i] = c;
      visit(i + 1, left - c);
    }
  };
  visit(0, 7);
}

/** turnOdds per policy, worked out once (the classroom prompt asks on every redraw). */
const turns: Partial<Record<TargetPolicy, TurnOdds>> = {};

/** Odds of a whole turn: the first throw and the target by `policy` (firstThrowSplit), then the chain. */
export function turnOdds(policy: TargetPolicy = 'most'): TurnOdds {
  return turns[policy] || (turns[policy] = solveTurn(policy));
}

function solveTurn(policy: TargetPolicy): TurnOdds {
  if (!solved) solved = solveAll();
  const res: Record<string, Fraction> = {};
  // E[1 + T(next)] = 1 + Σ p E(next) and E[(1 + T(next))²] = 1 + 2 Σ p E(next) + Σ p E2(next);
  // a first throw that ends the turn adds 1 to both.
  let onE = ZERO;
  let onE2 = ZERO;
  const split = firstThrowSplit(policy);
  for (const k of Object.keys(split)) {
    const [t, r] = k.split(',').map(Number);
    const p = split[k];
    if (ends(t, r)) res[k] = add(res[k] || ZERO, p);
    else {
      const next = solved.get(k)!;
      for (const e of Object.keys(next.ends)) res[e] = add(res[e] || ZERO, mul(p, next.ends[e]));
      onE = add(onE, mul(p, next.throws));
      onE2 = add(onE2, mul(p, next.throws2));
    }
  }
  return summarise('start', res, add(ONE, onE), add(add(ONE, mul(frac(2n, 1n), onE)), onE2));
}
