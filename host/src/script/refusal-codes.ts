/**
 * The codes `expect rej CODE` may name: every code the engines, the table and the board send has
 * words in ERROR_TEXT (test/host/script-parse-checks.test.ts keeps the firmware's there), so a
 * code without words is a typo, which would otherwise fail only at run time as "got nothing".
 * A script plays Pechvogel (the board's only table: its steps, `given` and views are Pechvogel's),
 * so a code only another game's rules send can never arrive either.
 */
import { ERROR_TEXT } from '../../../shared/engine/error-text';

/**
 * The codes only the other games' rules send, by game (test/host/script-refusal-game.test.ts keeps
 * this in step with their sources). `unknown_event` is theirs: Pechvogel says `invalid_event`.
 */
export const OTHER_GAMES_CODES: Record<string, string[]> = {
  'The 7th Dwarf': ['illegal_spot', 'must_place', 'bets_pending', 'already_bet', 'die_already_used', 'unknown_die', 'invalid_value', 'invalid_bet', 'unknown_event'],
  "That's Life!": ['guard_alone', 'not_your_figure', 'figure_finished', 'unknown_piece', 'cannot_move_back', 'backward_not_allowed', 'must_move', 'invalid_value', 'unknown_event'],
};

const otherGamesOnly = new Set(Object.keys(OTHER_GAMES_CODES).reduce<string[]>((a, g) => a.concat(OTHER_GAMES_CODES[g]), []));

/** Codes only, without the `code:detail` entries that word one detail of a code; none of another game's. */
export const REFUSAL_CODES: string[] = Object.keys(ERROR_TEXT).filter((k) => k.indexOf(':') < 0 && !otherGamesOnly.has(k));

/** The games whose rules send `code` (none for Pechvogel's, the table's and the link's codes). */
export function otherGamesOf(code: string): string[] {
  return Object.keys(OTHER_GAMES_CODES).filter((g) => OTHER_GAMES_CODES[g].indexOf(code) >= 0);
}

/** Another game's code for what Pechvogel says with its own: the "did you mean" for it. */
export const PECHVOGEL_SAYS: Record<string, string> = { unknown_event: 'invalid_event' };
