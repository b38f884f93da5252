/** Phase names as constants (short references once minified, as in Pechvogel). */
import type { DwPhase } from './types';

export const THROW: DwPhase = 'await_throw';
export const PLACE: DwPhase = 'await_place';
export const BETS: DwPhase = 'await_bets';
export const OVER: DwPhase = 'game_over';
