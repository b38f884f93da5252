/**
 * Types of what the firmware reads from the hardware. board.espruino.ts is the one file that talks
 * to it with Espruino APIs (on a real board, on Espruino's Linux build, and inside the simulated
 * board); timers (setTimeout), the clock (getTime) and Storage are Espruino's own everywhere.
 */
/** press/long: what a player did; down/up: raw debounced edges (chords, self-test). */
export type ButtonKind = 'press' | 'long' | 'down' | 'up';

/** The board as the self-test (maintenance module, a separate bundle) sees it. */
export interface SelfTestBoard {
  /** Buttons that read pressed right now. */
  pressedNow(): string[];
  beep(freq: number, ms: number): void;
}
