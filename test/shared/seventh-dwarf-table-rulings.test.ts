/**
 * The two 7th Dwarf rulings a scenario cannot pin, because they are about the table and not the
 * state the conventions name: bets stay secret until the turn is scored (R-DW-07), and the players
 * choose who starts (R-DW-09). The rest of §4.3 is pinned in test/fixtures/scenarios/seventh-dwarf-rulings.json.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../shared/engine/step';
import type { Action } from '../../shared/engine/types';
import type { DwState } from '../../shared/games/seventh-dwarf/types';
import { setupSeventhDwarf } from '../../shared/games/seventh-dwarf/setup';
import { seventhDwarfView } from '../../shared/games/seventh-dwarf/view';

function run(s: DwState, actions: Action[]): DwState {
  for (const a of actions) {
    const r = step(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.code}`);
    s = r.state;
  }
  return s;
}

function fresh(players: string[], start?: number): DwState {
  const r = setupSeventhDwarf({ players, start });
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

const FIRST_THREE: Action[] = [
  { do: 'throw', die: 'red', value: 1 },
  { do: 'place', spot: 1 },
  { do: 'throw', die: 'orange', value: 2 },
  { do: 'place', spot: 2 },
  { do: 'throw', die: 'yellow', value: 3 },
  { do: 'place', spot: 3 },
];
const LAST_FOUR: Action[] = [
  { do: 'throw', die: 'green', value: 4 },
  { do: 'place', spot: 4 },
  { do: 'throw', die: 'blue', value: 5 },
  { do: 'place', spot: 5 },
  { do: 'throw', die: 'purple', value: 6 },
  { do: 'place', spot: 6 },
  { do: 'throw', die: 'pink', value: 6 },
  { do: 'place', spot: 7 },
];

describe('The 7th Dwarf at the table', () => {
  it('R-DW-07: the view says who has bet, never what, until the turn is scored', () => {
    const open = run(fresh(['Ann', 'Ben', 'Cleo']), FIRST_THREE);
    const a = run(open, [{ do: 'bet', player: 'Ben', on: 'success' }, { do: 'bet', player: 'Cleo', on: 'fail' }]);
    const b = run(open, [{ do: 'bet', player: 'Ben', on: 'fail' }, { do: 'bet', player: 'Cleo', on: 'success' }]);
    // Opposite bets, the same view: nothing in it tells them apart.
    expect(seventhDwarfView(a)).toEqual(seventhDwarfView(b));
    expect(seventhDwarfView(a)).toMatchObject({ bets_placed: ['Ben', 'Cleo'], last_turn: null });
    // Once scored, last_turn shows them.
    const done = run(a, LAST_FOUR);
    expect(seventhDwarfView(done).last_turn).toMatchObject({ success: true, bets: { Ben: 'success', Cleo: 'fail' }, bet_winners: ['Ben'] });
  });

  it('R-DW-09: the players choose who starts; play goes on clockwise from there', () => {
    const s = fresh(['Ann', 'Ben', 'Cleo'], 2);
    expect(seventhDwarfView(s)).toMatchObject({ active: 'Cleo', phase: 'await_throw' });
    const after = run(s, [...FIRST_THREE, { do: 'bet', player: 'Ann', on: 'success' }, { do: 'bet', player: 'Ben', on: 'success' }, ...LAST_FOUR]);
    expect(seventhDwarfView(after)).toMatchObject({ active: 'Ann', turns_taken: { Ann: 0, Ben: 0, Cleo: 1 } });
    // Without a choice, the first name starts.
    expect(seventhDwarfView(fresh(['Ann', 'Ben', 'Cleo'])).active).toBe('Ann');
  });
});
