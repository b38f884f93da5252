import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { step } from '../../shared/engine/step';
import { canonicalJson } from '../../shared/engine/hash';
import { ERROR_TEXT } from '../../shared/engine/error-text';
import type { Action, BaseState } from '../../shared/engine/types';
import { GAMES } from '../../shared/engine/games';
import type { SetupOptions } from '../../shared/engine/types';
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
/** Junk actions; `dos`: the action names a game's legal play used, so a new game's own are among them. */
const actionOf = (dos: string[]) =>
  fc.record(
    {
      do: fc.constantFrom(...new Set(['throw', 'roll', 'place', 'lair', 'bet', 'move', 'stay', 'correct', 'fly', '', 'choose_target', 'reduce', 'frustrate', 'pass', 'take_marker', 'steal', ...dos])),
      die: junk,
      // Pechvogel's: faces and names in lists, junk inside too.
      faces: fc.oneof(junk, fc.array(fc.oneof(junk, fc.constantFrom(3, 4, 5, 6, 7, 'R')), { maxLength: 8 })),
      by: fc.oneof(junk, fc.array(fc.oneof(junk, fc.constantFrom('Ann', 'Ben', 'Cleo')), { maxLength: 3 })),
      from: junk,
      return_to_box: junk,
      value: junk,
      spot: junk,
      player: junk,
      on: junk,
      piece: junk,
      direction: junk,
    },
    { requiredKeys: ['do'] },
  );

/**
 * Set-ups beyond the default (three players, virtual dice from the seed) that reach more states:
 * optional, a game missing here is still fuzzed.
 */
const SETUP_EXTRAS: Record<string, (seed: number) => Partial<SetupOptions>> = {
  // Entered dice only (roll refused), a random start and the R-PV-06b option now and then.
  pechvogel: (seed) => ({ seed: undefined, start: seed % 3, config: { reduce_reroll_immune_to_frustrate: seed % 4 === 0 } }),
  thats_life: (seed) => ({ players: ['Red', 'Blue'], config: { variant2_roll_one: seed % 2 === 0 } }),
};

/** States along a random legal game of any registered game (its own legalActions), to throw junk at. */
function states(game: string, seed: number): BaseState[] {
  const g = GAMES[game];
  const rand = mulberry32(seed);
  const extra = SETUP_EXTRAS[game] ? SETUP_EXTRAS[game](seed) : {};
  const r = g.setup(Object.assign({ players: ['Ann', 'Ben', 'Cleo'], seed }, extra));
  if (!r.ok) throw new Error(`${game} set-up refused: ${r.error.code} ${r.error.message}`);
  let s = r.state;
  const out = [s];
  for (let i = 0; i < 2000 && s.phase !== 'game_over'; i++) {
    const opts = g.legalActions(s, rand);
    if (opts.length === 0) throw new Error(`${game}: no legal action in phase ${s.phase}`);
    const res = step(s, opts[rand(opts.length)]);
    if (!res.ok) throw new Error(`${game}: a legal action was refused: ${res.error.code}`);
    s = res.state;
    out.push(s);
  }
  return out;
}

/** The action names legal play used along `pool` (a game's own, such as a new game's). */
function actionNames(game: string, pool: BaseState[]): string[] {
  const rand = mulberry32(1);
  const names = new Set<string>();
  for (const s of pool) for (const a of GAMES[game].legalActions(s, rand)) names.add(a.do);
  return [...names];
}

describe('junk actions against the engines', () => {
  // Every registered game (shared/engine/games.ts), a new one too.
  for (const game of Object.keys(GAMES)) {
    it(`${game}: never crash, never change the state they are given; every refusal has a code people can read`, () => {
      const pool = states(game, 7).concat(states(game, 8));
      fc.assert(
        fc.property(fc.nat(pool.length - 1), actionOf(actionNames(game, pool)), (i, a) => {
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

describe('junk that cannot even be made a string', () => {
  // fast-check found {die: {toString: {}}} crashing the 7th Dwarf's throw (String() of it throws).
  it('is refused with a code in every engine, every field', () => {
    const bad = { toString: {} } as unknown;
    for (const game of Object.keys(GAMES)) {
      for (const s of states(game, 11).filter((_, i) => i % 25 === 0)) {
        for (const a of [
          { do: 'throw', die: bad, value: 3, faces: [3, bad, 4, 5, 6, 7, 3] },
          { do: 'throw', die: 'red', value: bad },
          { do: 'place', spot: bad },
          { do: 'bet', player: bad, on: 'fail' },
          { do: 'bet', player: 'Ben', on: bad },
          { do: 'move', piece: bad },
          { do: 'roll', value: bad },
          { do: 'frustrate', by: [bad] },
          { do: 'steal', from: bad, return_to_box: 3 },
        ]) {
          const r = step(s, a as Action);
          if (!r.ok) expect(ERROR_TEXT[r.error.code], `${game} ${a.do}: ${r.error.code}`).toBeTruthy();
        }
      }
    }
  });
});
