/**
 * The one seam between the firmware and the hardware. board.espruino.ts implements it with
 * Espruino APIs (on a real board, on Espruino's Linux build, and inside the simulated board);
 * everything else in the firmware talks only to this interface.
 */
/** press/long: what a player did; down/up: raw debounced edges (chords, self-test). */
export type ButtonKind = 'press' | 'long' | 'down' | 'up';

export interface BoardStorage {
  read(name: string): string | undefined;
  write(name: string, data: string): void;
  /** Appends one line (with '\n') to a log-structured file. */
  append(name: string, line: string): void;
  /** Reads a whole appended file, or undefined. */
  readLog(name: string): string | undefined;
  erase(name: string): void;
  /** Erases a file written with append(). */
  eraseLog(name: string): void;
  free(): number;
}

export interface Board {
  /** Board name as the interpreter reports it (e.g. PICO_R1_3, LINUX). */
  name: string;
  /** False where pins do nothing (Espruino's Linux build): LED frames then go over the link. */
  hasPins: boolean;
  now(): number;
  after(ms: number, fn: () => void): number;
  cancel(id: number): void;
  onButton(fn: (id: string, kind: ButtonKind) => void): void;
  /** Buttons that read pressed right now (held through power-up: self-test entry). */
  pressedNow(): string[];
  /** Injects a button event as if pressed (host command, scripts); same path as a real press. */
  injectButton(id: string, kind: ButtonKind): void;
  /** Writes a frame of GRB bytes to the LED chain (no-op without pins). */
  showLeds(grb: Uint8Array): void;
  beep(freq: number, ms: number): void;
  /** Sends one protocol line to the host. */
  send(line: string): void;
  /** Host commands (already decoded objects) and undecodable input (error code). */
  onCommand(fn: (cmd: unknown) => void, onBad: (code: string) => void): void;
  storage: BoardStorage;
  /** JsVars in use and in total, for the budget reports. */
  memory(): { usage: number; total: number };
  /** Staff maintenance: gives the (password-locked) console back to the port, for flashing. */
  maintenance(): void;
  /** Keeps the hardware watchdog from resetting the board. */
  kick(): void;
}
