/**
 * Monte Carlo turns of Pechvogel played by the real engine (virtual dice from its seeded
 * generator), to watch the frequencies converge to the exact odds. Each turn starts like a game's
 * first turn (or on a given board): with rerolls 'none' nobody can reroll (the model of
 * pechvogel-odds.ts), else the one frustration in play is used as pechvogel-reduce.ts or
 * pechvogel-frustrate.ts model it.
 */
import type { Effect } from '../engine/types';
import { pechvogelFromGiven, setupPechvogel } from '../games/pechvogel/setup';
import type { PvState } from '../games/pechvogel/types';
import { pickTarget, type TargetPolicy, type TurnEnd } from './pechvogel-odds';
import { shouldReduce } from './pechvogel-reduce';
import { shouldFrustrate } from './pechvogel-frustrate';
import { mustStep } from './must-step';

/**
 * Who may reroll: nobody (a game's first turn), the active player with one reduce in hand
 * (pechvogel-reduce.ts), or an opponent with one frustration, used to deny the marker
 * (pechvogel-frustrate.ts).
 */
export type Rerolls = 'none' | 'reduce' | 'frustrate';

export interface TurnResult {
  marker: boolean;
  frustration: boolean;
  murphy: boolean;
  /** Throws in the turn (the first included, empty ones too). */
  throws: number;
  /** What the turn brought the active player: the marker's value, −3 for each frustration taken. */
  points: number;
}

/** The first throw's target by policy (pickTarget): ties go to the higher number. */
export function chooseTarget(faces: (number | string)[], policy: TargetPolicy): number {
  const counts = [0, 0, 0, 0, 0];
  let ravens = 0;
  for (const f of faces) {
    if (f === 'R') ravens++;
    else counts[(f as number) - 3]++;
  }
  return pickTarget(counts, ravens, policy) + 3;
}

/**
 * One turn after another from `seed`, with `rerolls` (see Rerolls) by the rules of the exact models:
 * each call plays the next turn. The generator's state runs on from turn to turn, so the sequence is
 * one stream of the engine's own dice. `from`: every turn starts on that board instead of at the
 * first throw (the engine's mid-turn start; the target's value only names the marker won).
 */
export function pechvogelTurns(seed: number, policy: TargetPolicy, rerolls: Rerolls = 'none', from: TurnEnd | null = null): () => TurnResult {
  const start = from ? pechvogelFromGiven({ players: [{ name: 'A' }, { name: 'B' }], seed, turn: { target: 7, board: from } }, {}) : setupPechvogel({ players: ['A', 'B'], seed });
  if (!start.ok) throw new Error(start.error.code);
  // The one frustration in play: the active player's (a reduce) or the opponent's (a frustration).
  if (rerolls !== 'none') {
    const who = rerolls === 'reduce' ? 0 : 1;
    start.state.players = start.state.players.map((p, i) => (i === who ? Object.assign({}, p, { frustrations: 1 }) : p));
  }
  let rng = start.state.rng as number[];
  return () => {
    let s: PvState = Object.assign({}, start.state, { rng });
    let throws = 0;
    let end: Effect | undefined;
    while (!end) {
      let r;
      if (s.phase === 'await_target') r = mustStep(s, { do: 'choose_target', value: chooseTarget(s.turn.first_faces!, policy) });
      else if (s.phase === 'reroll_window') {
        // Reduce when that raises the chance of a marker (pechvogel-reduce.ts); frustrate when that
        // lowers it (pechvogel-frustrate.ts); else pass.
        const L = s.turn.last!;
        const t = s.turn.targets - L.t;
        const rv = s.turn.ravens - L.r;
        if (rerolls === 'reduce') r = mustStep(s, { do: shouldReduce(t, rv, s.turn.targets, s.turn.ravens) ? 'reduce' : 'pass' });
        else r = mustStep(s, !s.turn.frustrate_used && shouldFrustrate(t, rv, s.turn.targets, s.turn.ravens) ? { do: 'frustrate', by: ['B'] } : { do: 'pass' });
      }
      else if (s.phase === 'await_marker_choice') r = mustStep(s, { do: 'take_marker' });
      else {
        r = mustStep(s, { do: 'roll' });
        throws++;
      }
      s = r.state;
      end = r.effects.find((e) => e.type === 'turn_end');
    }
    rng = s.rng as number[];
    const got = end.marker !== null && end.marker !== undefined;
    const fr = end.frustrations as number;
    return { marker: got, frustration: fr > 0, murphy: !!end.murphy, throws, points: (got ? (end.marker as number) : 0) - 3 * Math.max(0, fr) };
  };
}

/** Plays `turns` turns of pechvogelTurns, calling `each` after every turn. */
export function simulateTurns(turns: number, seed: number, policy: TargetPolicy, each: (t: TurnResult, i: number) => void, rerolls: Rerolls = 'none'): void {
  const next = pechvogelTurns(seed, policy, rerolls);
  for (let i = 0; i < turns; i++) each(next(), i);
}
