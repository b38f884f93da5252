/**
 * The engine alone, bundled exactly like the firmware, for the Espruino-like sandbox and the
 * real interpreter: conformance runs against this bundle, not the TypeScript sources.
 */
import { step } from '../../shared/engine/step';
import { stateHash } from '../../shared/engine/hash';
import { pechvogel } from '../../shared/games/pechvogel';

(globalThis as any).DT = {
  step: step,
  setup: pechvogel.setup,
  fromGiven: pechvogel.fromGiven,
  view: pechvogel.view,
  hash: stateHash,
};
export {};
