/**
 * Where the route cards and the guards start, per layout (RULES.md §2, R-TL-11, R-TL-V1): the
 * scenarios give their path and guards, so only set-up pins these.
 */
import { describe, expect, it } from 'vitest';
import { setupThatsLife } from '../../shared/games/thats-life/setup';
import { standardPath } from '../../shared/games/thats-life/cards';

function setup(layout: string, seed?: number) {
  const r = setupThatsLife({ players: ['A', 'B'], config: { layout }, seed });
  if (!r.ok) throw new Error(layout + ': ' + r.error.message);
  return r.state;
}

const MINUS_A = ['-1a', '-2a', '-3a', '-4a', '-5a', '-6a', '-7a', '-8a'];
const MINUS_B = ['-1b', '-2b', '-3b', '-4b', '-5b', '-6b', '-7b', '-8b', '-9b', '-10b'];
const FORTUNES = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6'];
const PLUS_UP = ['+1', '+2', '+3', '+4', '+5', '+6', '+7', '+8'];

describe("That's Life! layouts", () => {
  it('Variant 1(b): −1…−8, +8…+1, −1…−10, then the six fortunes before the Finish; guards on +1…+8 (R-TL-V1)', () => {
    const s = setup('v1b');
    expect(s.path).toEqual(MINUS_A.concat(PLUS_UP.slice().reverse(), MINUS_B, FORTUNES));
    expect(Object.values(s.guards).sort()).toEqual(PLUS_UP.slice().sort());
  });

  it('Variant 1(a): the fortunes are unguarded (all eight guards on the plus cards)', () => {
    const s = setup('v1a');
    expect(s.path).toEqual(MINUS_A.concat(PLUS_UP, FORTUNES, MINUS_B));
    for (const f of FORTUNES) expect(Object.values(s.guards)).not.toContain(f);
  });

  it('a shuffled track: guards on the fortunes, +8 and +7 wherever those cards lie (R-TL-11)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = setup('shuffled', seed);
      expect(s.path).not.toEqual(standardPath());
      expect(Object.values(s.guards).sort()).toEqual(FORTUNES.concat(['+8', '+7']).sort());
      for (const g of Object.values(s.guards)) expect(s.path).toContain(g);
    }
  });
});
