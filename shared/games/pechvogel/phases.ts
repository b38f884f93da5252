/**
 * Phase names as constants: each use minifies to a short reference instead of a long string,
 * which keeps the board's engine inside its size budget.
 */
import type { PvPhase } from './types';

export const FIRST: PvPhase = 'await_first_throw';
export const TARGET: PvPhase = 'await_target';
export const THROW: PvPhase = 'await_throw';
export const WINDOW: PvPhase = 'reroll_window';
export const REROLL: PvPhase = 'await_reroll';
export const MARKER: PvPhase = 'await_marker_choice';
export const OVER: PvPhase = 'game_over';
