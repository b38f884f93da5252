import type { BaseState, GameDef } from './types';
import { pechvogel } from '../games/pechvogel';
import { seventhDwarf } from '../games/seventh-dwarf';
import { thatsLife } from '../games/thats-life';

/** Every game the engine knows. */
export const GAMES: Record<string, GameDef<BaseState>> = {
  pechvogel: pechvogel as unknown as GameDef<BaseState>,
  seventh_dwarf: seventhDwarf as unknown as GameDef<BaseState>,
  thats_life: thatsLife as unknown as GameDef<BaseState>,
};

/** The game of that name, or undefined: own keys only ("constructor" or "__proto__" is no game). */
export function gameDef(name: unknown): GameDef<BaseState> | undefined {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(GAMES, name) ? GAMES[name] : undefined;
}
