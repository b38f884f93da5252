import type { BaseState, GameDef } from './types';
import { pechvogel } from '../games/pechvogel';
import { seventhDwarf } from '../games/seventh-dwarf';

/** Every game the engine knows. Scenarios of other games are reported as skipped. */
export const GAMES: Record<string, GameDef<BaseState>> = {
  pechvogel: pechvogel as unknown as GameDef<BaseState>,
  seventh_dwarf: seventhDwarf as unknown as GameDef<BaseState>,
};
