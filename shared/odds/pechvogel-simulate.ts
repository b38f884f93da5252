/**
 * Monte Carlo turns of Pechvogel played by the real engine (virtual dice from its seeded
 * generator), to watch the frequencies converge to the exact odds (pechvogel-odds.ts). Each turn
 * starts like a game's first turn, so nobody can reroll: the model the exact odds describe.
 */
import { step } from '../engine/step';
import type { Effect } from '../engine/types';
import { setupPechvogel } from '../games/pechvogel/setup';
import type { PvState } from '../games/pechvogel/types';
import type { TargetPolicy } from './pechvogel-odds';
import { shouldReduce } from './pechvogel-reduce';

export interface TurnResult {
  marker: boolean;
  frustration: boolean;
  murphy: boolean;
  /** Throws in the turn (the first included, empty ones too). */
  throws: number;
}

/** The first throw's target by policy: the number with the most (fewest) dice; ties: the higher. */
export function chooseTarget(faces: (number | string)[], policy: TargetPolicy): number {
  let best = 0;
  let bestCount = policy === 'most' ? 0 : 8;
  for (let v = 7; v >= 3; v--) {
    const c = faces.filter((f) => f === v).length;
    if (c > 0 && (policy === 'most' ? c > bestCount : c < bestCount)) {
      best = v;
      bestCount = c;
    }
  }
  return best;
}

function must(s: PvState, a: { do: string; [k: string]: unknown }): { state: PvState; effects: Effect[] } {
  const r = step(s, a);
  if (!r.ok) throw new Error(`the engine refused ${JSON.stringify(a)} in ${s.phase}: ${r.error.code}`);
  return r;
}

/**
 * Plays `turns` turns from `seed`, calling `each` after every turn; `withReduce`: the active
 * player holds one frustration and reduces when that raises the chance of a marker. The generator's state runs on
 * from turn to turn, so the sequence is one stream of the engine's own dice.
 */
export function simulateTurns(turns: number, seed: number, policy: TargetPolicy, each: (t: TurnResult, i: number) => void, withReduce = false): void {
  const start = setupPechvogel({ players: ['A', 'B'], seed });
  if (!start.ok) throw new Error(start.error.code);
  // With a reduce in hand: the active player holds one frustration, the opponent none (nobody frustrates).
  if (withReduce) start.state.players = [Object.assign({}, start.state.players[0], { frustrations: 1 }), start.state.players[1]];
  let rng = start.state.rng as number[];
  for (let i = 0; i < turns; i++) {
    let s: PvState = Object.assign({}, start.state, { rng });
    let throws = 0;
    let end: Effect | undefined;
    while (!end) {
      let r;
      if (s.phase === 'await_target') r = must(s, { do: 'choose_target', value: chooseTarget(s.turn.first_faces!, policy) });
      else if (s.phase === 'reroll_window') {
        // Reduce when that raises the chance of a marker (pechvogel-reduce.ts), else pass.
        const L = s.turn.last!;
        r = must(s, { do: shouldReduce(s.turn.targets - L.t, s.turn.ravens - L.r, s.turn.targets, s.turn.ravens) ? 'reduce' : 'pass' });
      }
      else if (s.phase === 'await_marker_choice') r = must(s, { do: 'take_marker' });
      else {
        r = must(s, { do: 'roll' });
        throws++;
      }
      s = r.state;
      end = r.effects.find((e) => e.type === 'turn_end');
    }
    rng = s.rng as number[];
    each({ marker: end.marker !== null && end.marker !== undefined, frustration: (end.frustrations as number) > 0, murphy: !!end.murphy, throws }, i);
  }
}
