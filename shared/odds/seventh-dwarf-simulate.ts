/**
 * Turns of The 7th Dwarf played by the real engine with its own seeded dice, a spot chosen by a
 * policy (seventh-dwarf-odds.ts), to watch the share of successful turns converge to the exact
 * chance. One player, so no bets: success does not depend on them.
 */
import { setupSeventhDwarf } from '../games/seventh-dwarf/setup';
import { diceLeft } from '../games/seventh-dwarf/rules';
import type { DwState } from '../games/seventh-dwarf/types';
import { mustStep } from './must-step';
import { SeventhDwarfOdds, type DwPolicy } from './seventh-dwarf-odds';

/** One turn after another from `seed` (the dice's stream runs on): each call plays the next and says whether all seven dice made it onto the row. */
export function dwarfTurns(seed: number, policy: DwPolicy, odds = new SeventhDwarfOdds(policy)): () => boolean {
  const start = setupSeventhDwarf({ players: ['Solo'], seed, config: { turns_per_player: 99 } });
  if (!start.ok) throw new Error(start.error.code);
  let rng = start.state.rng as number[];
  return () => {
    let s: DwState = Object.assign({}, start.state, { rng });
    while (!s.last_turn) {
      if (s.phase === 'await_place') {
        const vals = s.turn.row.map((d) => (d ? d[1] : 0));
        s = mustStep(s, { do: 'place', spot: odds.choose(vals, s.turn.pending![1]) }).state;
      } else s = mustStep(s, { do: 'roll', die: diceLeft(s)[0] }).state;
    }
    rng = s.rng as number[];
    return s.last_turn.success;
  };
}

/** Plays `turns` turns of dwarfTurns; `each` gets whether all seven dice made it onto the row. */
export function simulateDwarfTurns(turns: number, seed: number, policy: DwPolicy, each: (success: boolean, i: number) => void, odds = new SeventhDwarfOdds(policy)): void {
  const next = dwarfTurns(seed, policy, odds);
  for (let i = 0; i < turns; i++) each(next(), i);
}
