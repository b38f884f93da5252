/** Pechvogel state as plain JSON (see ../shared/docs/RULES.md §3.2). */

/** A die face: 3..7 or "R" for the raven. */
export type Face = number | 'R';

export type PvPhase =
  | 'await_first_throw'
  | 'await_target'
  | 'await_throw'
  | 'reroll_window'
  | 'await_reroll'
  | 'await_marker_choice'
  | 'game_over';

export interface PvConfig {
  /** Option R-PV-06b (Italian reading): the reroll produced by reducing cannot be frustrated. */
  reduce_reroll_immune_to_frustrate: boolean;
  /** Option of R-PV-08: stealing only when the middle has no marker of the target value. */
  steal_only_if_middle_lacks_value: boolean;
  /** Allow 6–7 players (the box says 2–5; the device has 7 seats). */
  unofficial_player_count: boolean;
}

export interface PvPlayer {
  name: string;
  /** Marker values, kept sorted ascending. */
  markers: number[];
  frustrations: number;
}

/** The most recent throw: what a reroll undoes and what decides whether a window opens. */
export interface PvThrow {
  n: number;
  t: number;
  r: number;
  first: boolean;
  greedy: boolean;
  empty: boolean;
  ends: boolean;
  /** Which reroll produced this throw (null for an ordinary throw). */
  by: 'reduce' | 'frustrate' | null;
}

export interface PvTurn {
  target: number | null;
  targets: number;
  ravens: number;
  reduce_used: boolean;
  frustrate_used: boolean;
  /** Seat indices in joining order; -1 for a frustration of unknown origin (scenario 'given'). */
  frustraters: number[];
  last: PvThrow | null;
  /** Dice due in await_reroll, and which decision caused it. */
  reroll: number;
  reroll_by: 'reduce' | 'frustrate' | null;
  /** Faces of the first throw while the target is being chosen. */
  first_faces: Face[] | null;
}

export interface PvState {
  game: 'pechvogel';
  n: number;
  phase: PvPhase;
  config: PvConfig;
  players: PvPlayer[];
  /** Marker counts for values 3..7 (index = value - 3). */
  middle: number[];
  box: number[];
  /** Seat of Murphy's holder, -1 beside the board. */
  murphy: number;
  active: number;
  turn: PvTurn;
  /** Virtual dice generator state; absent when only entered dice are used. */
  rng?: number[] | null;
  /** The state before the last entered throw, for a 'correct' action; cleared by any decision. */
  undo: PvState | null;
  /** Set at game over: points per seat and the seats of the non-losers. */
  scores?: number[] | null;
  winners?: number[] | null;
}
