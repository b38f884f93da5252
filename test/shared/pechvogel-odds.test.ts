import { describe, expect, it } from 'vitest';
import { add, frac, toNumber, ZERO, type Fraction } from '../../shared/odds/fraction';
import { oddsFrom, throwOdds, turnOdds } from '../../shared/odds/pechvogel-odds';
import { chooseTarget, simulateTurns } from '../../shared/odds/pechvogel-simulate';
import { targetChoices, turnPoints } from '../../shared/odds/pechvogel-target';
import { markerWithReduce, shouldReduce, turnMarkerPlain, turnMarkerWithReduce } from '../../shared/odds/pechvogel-reduce';
import { frustrateStakes, markerAgainstFrustrate, shouldFrustrate, turnMarkerAgainstFrustrate } from '../../shared/odds/pechvogel-frustrate';
import { step } from '../../shared/engine/step';
import type { Action, Effect } from '../../shared/engine/types';
import { pechvogelFromGiven } from '../../shared/games/pechvogel/setup';
import type { PvState } from '../../shared/games/pechvogel/types';

const sum = (fs: Fraction[]) => fs.reduce(add, ZERO);

describe('exact Pechvogel odds (RULES.md §3.8)', () => {
  it('a throw of n dice: the split probabilities are exact and add up to 1', () => {
    for (let n = 1; n <= 7; n++) {
      const all: Fraction[] = [];
      for (let a = 0; a <= n; a++) for (let b = 0; a + b <= n; b++) all.push(throwOdds(n, a, b));
      expect(sum(all)).toEqual(frac(1));
    }
    expect(throwOdds(2, 1, 1)).toEqual(frac(2, 36));
    expect(throwOdds(2, 0, 0)).toEqual(frac(16, 36));
  });

  it('from 3 targets and 2 ravens (2 dice left), worked by hand: marker 11/20, both 1/10, Murphy 1/10, 9/5 throws', () => {
    const o = oddsFrom(3, 2);
    expect(o.marker).toEqual(frac(11, 20));
    expect(o.frustration).toEqual(frac(11, 20));
    expect(o.both).toEqual(frac(1, 10));
    expect(o.murphy).toEqual(frac(1, 10));
    expect(o.throws).toEqual(frac(9, 5));
    // Throws until one is not empty (p = 5/9), a geometric count: E[T²] = (2 − p)/p² = 117/25.
    expect(o.throws2).toEqual(frac(117, 25));
  });

  it('every state: the ends add up to 1, marker/frustration/both are consistent', () => {
    for (const o of [turnOdds('most'), turnOdds('fewest')].concat([0, 1, 2, 3].flatMap((t) => [0, 1, 2].map((r) => oddsFrom(t, r))))) {
      expect(sum(Object.values(o.ends))).toEqual(frac(1));
      expect(add(add(o.markerOnly, o.frustrationOnly), o.both)).toEqual(frac(1));
      for (const k of Object.keys(o.ends)) {
        const [t, r] = k.split(',').map(Number);
        expect(t >= 4 || r >= 3, k).toBe(true);
        expect(t + r).toBeLessThanOrEqual(7);
      }
    }
  });

  it('the symmetry of RULES.md §3.8: P(marker only | t, r) = P(frustration only | r + 1, t − 1)', () => {
    let pairs = 0;
    for (let t = 1; t <= 3; t++) {
      for (let r = 0; r <= 2; r++) {
        const t2 = r + 1;
        const r2 = t - 1;
        if (t2 > 3 || r2 > 2) continue;
        expect(oddsFrom(t, r).markerOnly, `${t},${r}`).toEqual(oddsFrom(t2, r2).frustrationOnly);
        pairs++;
      }
    }
    expect(pairs).toBe(9);
  });

  it('refuses states where the turn is over', () => {
    expect(() => oddsFrom(4, 0)).toThrow(RangeError);
    expect(() => oddsFrom(0, 3)).toThrow(RangeError);
  });
});

describe('the engine, playing turns with its own dice, converges to the exact odds', () => {
  // Fixed seeds: the run is the same every time, and a model or engine that disagreed by more
  // than sampling error (4.5 standard errors on 40,000 turns: ±0.011 on a share of 1/2) fails.
  for (const policy of ['most', 'fewest'] as const) {
    it(`target by the ${policy} dice`, () => {
      const N = 40_000;
      const c = { marker: 0, frustration: 0, both: 0, murphy: 0, throws: 0, throws2: 0 };
      simulateTurns(N, policy === 'most' ? 2026 : 1125, policy, (t) => {
        if (t.marker) c.marker++;
        if (t.frustration) c.frustration++;
        if (t.marker && t.frustration) c.both++;
        if (t.murphy) c.murphy++;
        c.throws += t.throws;
        c.throws2 += t.throws * t.throws;
      });
      const ex = turnOdds(policy);
      for (const k of ['marker', 'frustration', 'both', 'murphy'] as const) {
        const p = toNumber(ex[k]);
        const z = (c[k] / N - p) / Math.sqrt((p * (1 - p)) / N);
        expect(Math.abs(z), `${k}: ${c[k] / N} vs ${p}`).toBeLessThan(4.5);
      }
      expect(Math.abs(c.throws / N - toNumber(ex.throws))).toBeLessThan(0.05);
      // The exact second moment (the simulation's z for throws rests on it): within 3 %.
      expect(Math.abs(c.throws2 / N / toNumber(ex.throws2) - 1)).toBeLessThan(0.03);
    });
  }
});

describe('one reduce in hand, used for the marker (RULES.md §3.8: the reroll decision)', () => {
  it('from 3 targets and 2 ravens, worked by hand: reduce only after a lone raven; 77/100', () => {
    // Two dice; a lone raven (8/36) ends the turn without a marker, and rerolling both dice from
    // 3,2 gives (16 × 11/20 + 8 + 2 + 1) / 36 = 11/20: so reduce, and 15.4/36 over 20/36 = 77/100.
    expect(markerWithReduce(3, 2)).toEqual(frac(77, 100));
    expect(shouldReduce(3, 2, 3, 3)).toBe(true);
    expect(shouldReduce(3, 2, 4, 2)).toBe(false);
    // Greedy (4 ravens) can never be rerolled, nor an empty throw.
    expect(shouldReduce(3, 2, 3, 4)).toBe(false);
    expect(shouldReduce(3, 2, 3, 2)).toBe(false);
  });

  it('a reduce in hand never lowers the chance; the first-throw split reproduces the plain odds', () => {
    for (let t = 0; t <= 3; t++) for (let r = 0; r <= 2; r++) expect(toNumber(markerWithReduce(t, r))).toBeGreaterThanOrEqual(toNumber(oddsFrom(t, r).marker));
    for (const policy of ['most', 'fewest'] as const) expect(turnMarkerPlain(policy)).toEqual(turnOdds(policy).marker);
    expect(toNumber(turnMarkerWithReduce('most'))).toBeCloseTo(0.71581, 5);
  });

  it('the engine, reducing in its reroll window by this rule, converges to the exact chance (40,000 turns)', () => {
    const N = 40_000;
    let k = 0;
    simulateTurns(N, 4242, 'most', (t) => (k += t.marker ? 1 : 0), 'reduce');
    const p = toNumber(turnMarkerWithReduce('most'));
    expect(Math.abs((k / N - p) / Math.sqrt((p * (1 - p)) / N)), `${k / N} vs ${p}`).toBeLessThan(4.5);
  });
});

describe('what frustrating stakes: marker and 3+ ravens, the throw kept or rerolled', () => {
  it('from 3 targets and 2 ravens, worked by hand: a lone raven kept is 3+ ravens for sure, rerolled 11/20 either way', () => {
    // Rerolling the two dice from 3,2: any target (11/36) gives the marker, any raven (11/36) the
    // third raven, over the 20/36 of throws that are not empty.
    expect(frustrateStakes(3, 2, 3, 3)).toEqual({ keep: { marker: frac(0, 1), ravens: frac(1, 1) }, reroll: { marker: frac(11, 20), ravens: frac(11, 20) } });
    // A live throw kept: the plain chain from where it left the board.
    expect(frustrateStakes(2, 1, 3, 1)!.keep).toEqual({ marker: oddsFrom(3, 1).marker, ravens: oddsFrom(3, 1).frustration });
    // Greedy (five targets) and empty throws cannot be rerolled.
    expect(frustrateStakes(3, 1, 5, 1)).toBeNull();
    expect(frustrateStakes(2, 1, 2, 1)).toBeNull();
  });

  it('the engine, frustrated in its reroll window, converges to the rerolled odds (20,000 turns from 2 targets and 1 raven)', () => {
    // Ann throws from 2,1 (target 5); Ben holds the only frustration and frustrates every throw he may.
    const N = 20_000;
    let s0 = pechvogelFromGiven(
      {
        players: [{ name: 'Ann', markers: [], frustrations: 0 }, { name: 'Ben', markers: [], frustrations: 1 }],
        active: 'Ann',
        middle: { '3': 3, '4': 3, '5': 3, '6': 3, '7': 3 },
        murphy: null,
        turn: { target: 5, board: { targets: 2, ravens: 1 } },
        seed: 99,
      },
      {},
    );
    if (!s0.ok) throw new Error(s0.error.code);
    const start = s0.state as PvState;
    let rng = start.rng;
    let frustrated = 0;
    let marker = 0;
    let ravens = 0;
    for (let i = 0; i < N; i++) {
      let s: PvState = Object.assign({}, start, { rng });
      let end: Effect | undefined;
      let from: [number, number] | null = null;
      while (!end) {
        let a: Action;
        if (s.phase === 'reroll_window') {
          const L = s.turn.last!;
          if (!s.turn.frustrate_used) {
            a = { do: 'frustrate', by: ['Ben'] };
            from = [s.turn.targets - L.t, s.turn.ravens - L.r];
          } else a = { do: 'pass' };
        } else if (s.phase === 'await_marker_choice') a = { do: 'take_marker' };
        else a = { do: 'roll' };
        const r = step(s, a);
        if (!r.ok) throw new Error(`${a.do}: ${r.error.code}`);
        s = r.state as PvState;
        end = r.effects.find((e) => e.type === 'turn_end');
      }
      rng = s.rng;
      // Only the turns where Ben frustrated the first throw from 2,1 (the state the odds are for).
      if (!from || from[0] !== 2 || from[1] !== 1) continue;
      frustrated++;
      if (end.marker !== null && end.marker !== undefined) marker++;
      if (s.players[1].frustrations === 0) ravens++;
    }
    const want = frustrateStakes(2, 1, 3, 1)!.reroll;
    expect(frustrated).toBeGreaterThan(N / 4);
    for (const [k, p] of [
      [marker, toNumber(want.marker)],
      [ravens, toNumber(want.ravens)],
    ]) {
      expect(Math.abs((k / frustrated - p) / Math.sqrt((p * (1 - p)) / frustrated)), `${k / frustrated} vs ${p}`).toBeLessThan(4.5);
    }
  });
});

describe('an opponent who frustrates to deny the marker (one frustration in hand)', () => {
  it('from 3 targets and 2 ravens, worked by hand: 13/40', () => {
    // Two dice. A lone target (8/36) or target + raven (2/36) would give the marker: frustrated,
    // the reroll gives it with 11/20. Two targets (1/36) are greedy and stand; a lone raven (8/36)
    // or two (1/36) give none. (10 × 11/20 + 1) / 36 over the 20/36 non-empty throws = 13/40.
    expect(markerAgainstFrustrate(3, 2)).toEqual(frac(13, 40));
    expect(shouldFrustrate(3, 2, 4, 2)).toBe(true);
    expect(shouldFrustrate(3, 2, 4, 3)).toBe(true);
    expect(shouldFrustrate(3, 2, 3, 3)).toBe(false);
    expect(shouldFrustrate(3, 2, 5, 2)).toBe(false);
  });

  it('never raises the chance; from the first throw 0.5822 falls to 0.4376', () => {
    for (let t = 0; t <= 3; t++) for (let r = 0; r <= 2; r++) expect(toNumber(markerAgainstFrustrate(t, r))).toBeLessThanOrEqual(toNumber(oddsFrom(t, r).marker));
    expect(toNumber(turnMarkerAgainstFrustrate('most'))).toBeCloseTo(0.43760, 5);
  });

  it('the engine, with the opponent frustrating in its reroll window by this rule, converges to it (40,000 turns)', () => {
    const N = 40_000;
    let k = 0;
    simulateTurns(N, 777, 'most', (t) => (k += t.marker ? 1 : 0), 'frustrate');
    const p = toNumber(turnMarkerAgainstFrustrate('most'));
    expect(Math.abs((k / N - p) / Math.sqrt((p * (1 - p)) / N)), `${k / N} vs ${p}`).toBeLessThan(4.5);
  });
});

describe('the target choice by points expected (the marker value, −3 a frustration)', () => {
  it('worked by hand: three 5s and two ravens make 3,2, so 5 × 11/20 − 3 × 11/20 = 11/10', () => {
    const c = targetChoices([5, 5, 5, 'R', 'R', 3, 4]);
    expect(c.map((x) => [x.value, x.dice])).toEqual([[3, 1], [4, 1], [5, 3]]);
    expect(c[2]).toMatchObject({ marker: frac(11, 20), frustration: frac(11, 20), points: frac(11, 10) });
    // A lone 7 can beat a lone 4 but not three 3s.
    const d = targetChoices([3, 3, 3, 7, 'R', 4, 5]);
    const by = Object.fromEntries(d.map((x) => [x.value, toNumber(x.points)]));
    expect(by[7]).toBeGreaterThan(by[4]);
    expect(by[3]).toBeGreaterThan(by[7]);
    expect(chooseTarget([3, 3, 3, 7, 'R', 4, 5], 'points')).toBe(3);
    expect(chooseTarget([3, 3, 7, 7, 'R', 4, 5], 'points')).toBe(7);
  });

  it('choosing by points is worth the most; by the most dice is close; the engine converges to it (40,000 turns)', () => {
    const most = toNumber(turnPoints('most'));
    const points = toNumber(turnPoints('points'));
    expect(points).toBeGreaterThanOrEqual(most);
    expect(most).toBeGreaterThan(toNumber(turnPoints('fewest')));
    expect(points).toBeCloseTo(1.77815, 4);
    const N = 40_000;
    let sum = 0;
    let sq = 0;
    simulateTurns(N, 31, 'points', (t) => {
      sum += t.points;
      sq += t.points * t.points;
    });
    const mean = sum / N;
    expect(Math.abs((mean - points) / Math.sqrt((sq / N - mean * mean) / N)), `${mean} vs ${points}`).toBeLessThan(4.5);
  });
});
