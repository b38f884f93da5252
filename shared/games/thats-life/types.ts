/** That's Life! / Verflixxt! state as plain JSON (see ../shared/docs/RULES.md §5.1). */

export type TlPhase = 'await_roll' | 'await_move' | 'game_over';

export interface TlConfig {
  /** R-TL-V2: a 1 may also move a piece one card back, or nobody moves. */
  variant2_roll_one: boolean;
  /** R-TL-V3: cards behind every figure go, in order, to the end of the path instead of the box. */
  variant3_recycle: boolean;
  /** R-TL-V4: the game ends when a player's last figure is home. */
  variant4_end: boolean;
  /** R-TL-V5: the game ends when the second-to-last figure on the course is home. */
  variant5_end: boolean;
}

export interface TlPlayer {
  name: string;
  /** Per figure: 'start', a card id on the path, or 'finish'. */
  figures: string[];
  /** Cards in the order collected. */
  collected: string[];
}

export interface TlState {
  game: 'thats_life';
  n: number;
  phase: TlPhase;
  config: TlConfig;
  players: TlPlayer[];
  /** Route cards still in play, Start to Finish (collected or boxed cards are gone: no gaps). */
  path: string[];
  /** G1..G8 → a card id, 'finish' or 'box'. */
  guards: Record<string, string>;
  active: number;
  /** The die this turn (0 before the roll). */
  roll: number;
  /** Variant 5: the penalty card and who took it. */
  penalty?: { player: number; card: string } | null;
  rng?: number[] | null;
  /** Set at game over: points per player and everybody sharing the top score. */
  scores?: number[] | null;
  winners?: number[] | null;
}
