/**
 * Engine-wide types. Everything here is plain JSON so a state can be journaled,
 * hashed, sent over the serial link and mirrored byte-for-byte by the host.
 */

/** A refused action: a stable code (see the scenarios' conventions) and a short detail (a name, a count). */
export interface RuleError {
  code: string;
  message: string;
}

/** Effects are data: the firmware and host decide how to show them (LEDs, beeps, log lines). */
export interface Effect {
  type: string;
  [key: string]: unknown;
}

export type StepOk<S> = { ok: true; state: S; effects: Effect[] };
export type StepFail = { ok: false; error: RuleError };
export type StepResult<S> = StepOk<S> | StepFail;

/** Result of building a state (new game, scenario 'given'). */
export type SetupResult<S> = { ok: true; state: S } | StepFail;

/** Every action names what to do; the rest of its fields depend on the game. */
export interface Action {
  do: string;
  [key: string]: unknown;
}

/** Common shape of every game state. */
export interface BaseState {
  game: string;
  /** Number of actions applied since the start (the log position). */
  n: number;
  phase: string;
}

/** What a game module provides to the generic step function and tools. */
export interface GameDef<S extends BaseState> {
  id: string;
  /** A fresh game. `seed` enables virtual rolls (its generator state lives in the game state). */
  setup(opts: SetupOptions): SetupResult<S>;
  /** A state from a conformance scenario's `given` block. */
  fromGiven(given: Record<string, unknown>, config: Record<string, unknown>): SetupResult<S>;
  apply(state: S, action: Action): StepResult<S>;
  /** The public view with the state keys named in the scenarios' conventions. */
  view(state: S): Record<string, unknown>;
  /**
   * Actions the rules accept now (dice from `rand`, an integer in [0, n)): random legal games for
   * the tests that every registered game gets (test/shared/engines-fuzz, game-registry).
   */
  legalActions(state: S, rand: (n: number) => number): Action[];
}

export interface SetupOptions {
  players: string[];
  /** Index of the start player (default 0). */
  start?: number;
  config?: Record<string, unknown>;
  /** Seed for virtual rolls; absent = entered dice only. */
  seed?: number;
}
