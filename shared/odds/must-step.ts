/**
 * A step a simulation knows to be legal: a refusal there is a bug in the simulation or the
 * engine, so it throws with the action and the code instead of handing back the coded error.
 */
import { step } from '../engine/step';
import type { Action, BaseState, StepOk } from '../engine/types';

export function mustStep<S extends BaseState>(s: S, a: Action): StepOk<S> {
  const r = step(s, a);
  if (!r.ok) throw new Error(`the engine refused ${JSON.stringify(a)} in ${s.phase}: ${r.error.code}`);
  return r;
}
