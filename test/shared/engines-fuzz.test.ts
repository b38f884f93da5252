import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { step } from '../../shared/engine/step';
import { canonicalJson } from '../../shared/engine/hash';
import { ERROR_TEXT } from '../../shared/engine/error-text';
import type { Action, BaseState } from '../../shared/engine/types';
import { setupSeventhDwarf } from '../../shared/games/seventh-dwarf/setup';
import { legalActions as dwLegal } from '../../shared/games/seventh-dwarf/legal-actions';
import { setupThatsLife } from '../../shared/games/thats-life/setup';
import { legalActions as tlLegal } from '../../shared/games/thats-life/legal-actions';
import { mulberry32 } from '../support/random';

// Junk where the rules expect a colour, a number, a name or a piece.
const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer({ min: -3, max: 12 }),
  fc.double(),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('red', 'pink', 'black', 'Ann', 'Ben', 'Red#0', 'Blue#2', 'G1', 'G8', 'G9', 'back', 'forward', 'success', 'fail', '3', '__proto__', 'constructor'),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
const action = fc.record(
  {
    do: fc.constantFrom('throw', 'roll', 'place', 'lair', 'bet', 'move', 'stay', 'correct', 'fly', ''),
    die: junk,
    value: junk,
    spot: junk,
    player: junk,
    on: junk,
    piece: junk,
    direction: junk,
  },
  { requiredKeys: ['do'] },
);

/** States along a random legal game, to throw junk at. */
function states(game: 'seventh_dwarf' | 'thats_life', seed: number): BaseState[] {
  const rand = mulberry32(seed);
  const r = game === 'seventh_dwarf' ? setupSeventhDwarf({ players: ['Ann', 'Ben', 'Cleo'], seed }) : setupThatsLife({ players: ['Red', 'Blue'], seed, config: { variant2_roll_one: seed % 2 === 0 } });
  if (!r.ok) throw new Error(r.error.code);
  let s = r.state as BaseState;
  const out = [s];
  for (let i = 0; i < 400 && s.phase !== 'game_over'; i++) {
    const opts = game === 'seventh_dwarf' ? dwLegal(s as never, rand) : tlLegal(s as never, rand);
    const res = step(s, opts[rand(opts.length)]);
    if (!res.ok) throw new Error(res.error.code);
    s = res.state;
    out.push(s);
  }
  return out;
}

describe('junk actions against the 7th Dwarf and That\'s Life engines', () => {
  for (const game of ['seventh_dwarf', 'thats_life'] as const) {
    it(`${game}: never crash, never change the state they are given; every refusal has a code people can read`, () => {
      const pool = states(game, 7).concat(states(game, 8));
      fc.assert(
        fc.property(fc.nat(pool.length - 1), action, (i, a) => {
          const s = pool[i];
          const before = canonicalJson(s);
          const r = step(s, a as Action);
          expect(canonicalJson(s)).toBe(before);
          if (!r.ok) expect(ERROR_TEXT[r.error.code], r.error.code).toBeTruthy();
          else expect(JSON.parse(JSON.stringify(r.state))).toEqual(r.state);
        }),
        { numRuns: 3000 },
      );
      // ~0.7 s alone; a loaded machine (the whole suite in parallel) has taken it past the 5 s default.
    }, 60_000);
  }
});
