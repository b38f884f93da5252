/** The Pechvogel step function alone (no set-up, no registry), bundled like the firmware for its size figure. */
import { applyPechvogel } from '../../shared/games/pechvogel/rules';

(globalThis as any).DT = { apply: applyPechvogel };
export {};
