import type { BaseState, GameDef } from './types';
import { pechvogel } from '../games/pechvogel';

/** Every game the engine knows. Scenarios of other games are reported as skipped. */
export const GAMES: Record<string, GameDef<BaseState>> = {
  pechvogel: pechvogel as unknown as GameDef<BaseState>,
};
