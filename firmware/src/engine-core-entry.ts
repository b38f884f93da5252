/** What the board needs of the Pechvogel engine (for the 8 KB size budget): step and set-up. */
import { applyPechvogel } from '../../shared/games/pechvogel/rules';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

(globalThis as any).DT = { apply: applyPechvogel, setup: setupPechvogel };
export {};
