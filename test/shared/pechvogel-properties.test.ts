import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { step } from '../../shared/engine/step';
import { canonicalJson, stateHash } from '../../shared/engine/hash';
import { replayLog } from '../../shared/engine/log';
import type { Action } from '../../shared/engine/types';
import type { PvState } from '../../shared/games/pechvogel/types';
import { playRandomGame } from '../support/play';
import { mulberry32 } from '../support/random';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import { legalActions } from '../../shared/games/pechvogel/legal-actions';

function markerTotals(s: PvState): number[] {
  const t = s.middle.map((c, i) => c + s.box[i]);
  for (const p of s.players) for (const m of p.markers) t[m - 3]++;
  return t;
}

const gameArb = fc.record({ seed: fc.integer(), players: fc.integer({ min: 2, max: 5 }) });

describe('Pechvogel properties over random legal games', () => {
  it('conserves the 15 markers (3 of each value) across middle, players and box', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, players }) => {
        for (const s of playRandomGame(seed, players).states) expect(markerTotals(s)).toEqual([3, 3, 3, 3, 3]);
      }),
      { numRuns: 60 },
    );
  });

  it('board frustrations always belong to opponents of the active player, and no count goes negative', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, players }) => {
        for (const s of playRandomGame(seed, players).states) {
          for (const f of s.turn.frustraters) {
            expect(f).not.toBe(s.active);
            expect(f).toBeGreaterThanOrEqual(0);
            expect(f).toBeLessThan(s.players.length);
          }
          expect(new Set(s.turn.frustraters).size).toBe(s.turn.frustraters.length);
          for (const p of s.players) expect(p.frustrations).toBeGreaterThanOrEqual(0);
          for (const c of s.middle.concat(s.box)) expect(c).toBeGreaterThanOrEqual(0);
          expect(s.turn.targets).toBeGreaterThanOrEqual(0);
          expect(s.turn.ravens).toBeGreaterThanOrEqual(0);
          expect(s.turn.targets + s.turn.ravens).toBeLessThanOrEqual(7);
          // §3.3 invariants: while a turn continues at most 3 targets and 2 ravens.
          if (s.phase === 'await_throw') expect(s.turn.targets <= 3 && s.turn.ravens <= 2).toBe(true);
          // A new turn always starts with markers left in the middle.
          if (s.phase === 'await_first_throw') expect(s.middle.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('every turn ends and every game ends', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, players }) => {
        const g = playRandomGame(seed, players);
        const last = g.states[g.states.length - 1];
        expect(last.phase).toBe('game_over');
        let sinceTurnStart = 0;
        for (const s of g.states) {
          sinceTurnStart = s.phase === 'await_first_throw' ? 0 : sinceTurnStart + 1;
          expect(sinceTurnStart).toBeLessThan(100);
        }
        expect(last.winners!.length).toBeGreaterThan(0);
        const best = Math.max(...last.scores!);
        for (const w of last.winners!) expect(last.scores![w]).toBe(best);
      }),
      { numRuns: 60 },
    );
  });

  it('replaying the action log reproduces the state hash', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, players }) => {
        const g = playRandomGame(seed, players);
        const r = replayLog(g.log);
        expect(r.error).toBeNull();
        expect(r.applied).toBe(g.actions.length);
        expect(stateHash(r.state)).toBe(stateHash(g.states[g.states.length - 1]));
      }),
      { numRuns: 40 },
    );
  });

  it('a step never changes an earlier state (copy-on-write shares what did not change)', () => {
    fc.assert(
      fc.property(gameArb, fc.boolean(), ({ seed, players }, virtual) => {
        const names = ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve'].slice(0, players);
        const set = setupPechvogel({ players: names, seed: virtual ? seed : undefined });
        if (!set.ok) throw new Error(set.error.code);
        const rand = mulberry32(seed);
        let s = set.state;
        const states: PvState[] = [s];
        const seen: string[] = [canonicalJson(s)];
        while (s.phase !== 'game_over' && states.length < 3000) {
          const options = legalActions(s, rand);
          // With a generator, half the throws are virtual rolls (they advance the generator state).
          const roll = virtual && rand(2) === 0 && options.some((a) => a.do === 'throw');
          const r = step(s, roll ? { do: 'roll' } : options[rand(options.length)]);
          if (!r.ok) throw new Error(r.error.code);
          s = r.state;
          states.push(s);
          seen.push(canonicalJson(s));
        }
        for (let i = 0; i < states.length; i++) expect(canonicalJson(states[i])).toBe(seen[i]);
      }),
      { numRuns: 60 },
    );
  });

  it('an illegal action never changes the state', () => {
    const junk: Action[] = [
      { do: 'throw', faces: [] },
      { do: 'throw', faces: [3, 4, 5, 6, 7, 'R', 3, 4] },
      { do: 'throw', faces: [2, 2] },
      { do: 'choose_target', value: 9 },
      { do: 'reduce' },
      { do: 'frustrate', by: ['Nobody'] },
      { do: 'frustrate', by: [] },
      { do: 'pass' },
      { do: 'take_marker' },
      { do: 'steal', from: 'Ann', return_to_box: 2 },
      { do: 'correct', faces: [1] },
      { do: 'nonsense' },
    ];
    fc.assert(
      fc.property(gameArb, fc.integer({ min: 0, max: 10_000 }), ({ seed, players }, pick) => {
        const g = playRandomGame(seed, players);
        const s = g.states[pick % g.states.length];
        const before = canonicalJson(s);
        for (const a of junk) {
          const r = step(s, a);
          expect(canonicalJson(s)).toBe(before);
          if (!r.ok) expect(typeof r.error.code).toBe('string');
        }
      }),
      { numRuns: 80 },
    );
  });
});
