import type { Action, BaseState, StepResult } from './types';
import { gameDef } from './games';
import { fail } from './result';

/**
 * The only way a game state changes: (state, action) → new state and effects, or a coded
 * error and the old state stays as it was. Pure: no clock, no Math.random, no I/O.
 *
 * @example
 *   const r = step(state, { do: 'throw', faces: [7, 7, 'R', 'R', 3, 4, 5] });
 *   if (r.ok) state = r.state; else show(r.error.code);
 */
export function step<S extends BaseState>(state: S, action: Action): StepResult<S> {
  const g = gameDef(state.game);
  if (!g) return fail('unknown_game', 'no rules for game ' + JSON.stringify(state.game));
  try {
    return g.apply(state, action) as StepResult<S>;
  } catch (e) {
    // Junk no rule can even read (a value whose toString is no function throws where it becomes a
    // key or a number): refused like any malformed action. The state was never changed in place.
    return fail('bad_action', 'unreadable');
  }
}
