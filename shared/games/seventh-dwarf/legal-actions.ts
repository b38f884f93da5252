/**
 * Enumerates actions the rules accept now. A throw gets a random colour among the dice left and
 * random pips from `rand` (an integer in [0, n)), so random legal games can be played for
 * property tests.
 */
import type { Action } from '../../engine/types';
import type { DwState } from './types';
import { betsMissing, diceLeft, legalNow } from './rules';
import { BETS, PLACE, THROW } from './phases';

export function legalActions(s: DwState, rand: (n: number) => number): Action[] {
  const out: Action[] = [];
  if (s.phase === THROW) {
    const left = diceLeft(s);
    out.push({ do: 'throw', die: left[rand(left.length)], value: 1 + rand(6) });
  } else if (s.phase === PLACE) {
    const spots = legalNow(s);
    for (let i = 0; i < spots.length; i++) out.push({ do: 'place', spot: spots[i] });
  } else if (s.phase === BETS) {
    const m = betsMissing(s);
    for (let i = 0; i < m.length; i++) {
      out.push({ do: 'bet', player: s.players[m[i]].name, on: 'success' });
      out.push({ do: 'bet', player: s.players[m[i]].name, on: 'fail' });
    }
  }
  return out;
}
