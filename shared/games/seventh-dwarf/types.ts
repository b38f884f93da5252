/** The 7th Dwarf state as plain JSON (see ../shared/docs/RULES.md §4.1). */

export type DwPhase = 'await_throw' | 'await_place' | 'await_bets' | 'game_over';

/** A thrown die: its colour and its pips (1..6). */
export type DwDie = [string, number];

export type DwDirection = 'asc' | 'desc' | null;

export type DwBet = 'success' | 'fail';

export interface DwConfig {
  /** The 7 dice, by colour. */
  dice: string[];
  /** Colour of dwarf spots D1..D7, left to right, on the ascending side of the board piece. */
  spot_colours_asc: string[];
  /** The descending side; the mirror of the ascending side unless given (R-DW-06). */
  spot_colours_desc: string[];
  /** Turns each player takes (R-DW-08). */
  turns_per_player: number;
  /** R-DW-05: colour points count on failure too (false: the spielkult.de reading). */
  colour_points_on_failure: boolean;
  /** R-DW-07: a bet is on all 7 dice on the 9-spot row ('row') or on the 7 dwarf spots ('dwarf_spots', a house rule). */
  bet_scope: 'row' | 'dwarf_spots';
}

export interface DwPlayer {
  name: string;
  score: number;
  turns_taken: number;
}

export interface DwTurn {
  /** Spots 0..8: 0 and 8 are the evasion spots, 1..7 the dwarf spots D1..D7. */
  row: (DwDie | null)[];
  /** Dice that fitted nowhere, in the order they went there. */
  lair: DwDie[];
  direction: DwDirection;
  /** Per player index: the bet on this turn, or null (none yet; always null for the active player). */
  bets: (DwBet | null)[];
  /** The die thrown and awaiting placement (await_place). */
  pending: DwDie | null;
}

/** How the last scored turn went (R-DW-01): shown until the next turn is scored. */
export interface DwTurnScore {
  player: string;
  success: boolean;
  /** 7, 5 or 3 on success (minus 2 per evasion spot used), else 0. */
  base: number;
  colour: number;
  total: number;
  /** Evasion spots used. */
  evasion: number;
  /** Whether the bets' question came true (bet_scope), and who bet what. */
  bet_outcome: boolean;
  bets: Record<string, DwBet>;
  /** Opponents whose bet was right (+3 each). */
  bet_winners: string[];
}

export interface DwState {
  game: 'seventh_dwarf';
  n: number;
  phase: DwPhase;
  config: DwConfig;
  players: DwPlayer[];
  active: number;
  turn: DwTurn;
  last_turn: DwTurnScore | null;
  /** Virtual dice generator state; absent when only entered dice are used. */
  rng?: number[] | null;
  /** Set at game over: the indices of everybody sharing the top score. */
  winners?: number[] | null;
}
