/**
 * Types of the Espruino globals the firmware uses (signatures from Espruino's docs, ESPRUINO.md §5).
 * Files that touch a global declare it locally (`declare const E: EspruinoE`), so these
 * declarations never leak into the Node code type-checked by the same tsconfig.
 */
export interface EspruinoE {
  on(event: string, fn: (...args: any[]) => void): void;
  mapInPlace(from: ArrayLike<number>, to: ArrayLike<number>, map: ArrayLike<number> | ((v: number) => number), bits?: number): void;
  toString(...args: any[]): string | undefined;
  /** Sum of an array's elements (missing in the simulated board's Node sandbox). */
  sum?(arr: ArrayLike<number>): number;
  CRC32(data: string | ArrayLike<number>): number;
  setConsole(device: unknown, opts?: { force?: boolean }): void;
  getConsole(): string | null;
  setPassword(pw: string | undefined): void;
  lockConsole(): void;
  enableWatchdog(timeoutSecs: number, isAuto?: boolean): void;
  kickWatchdog(): void;
  hwRand(): number;
}

export interface EspruinoProcess {
  env: Record<string, any>;
  memory(gc?: boolean): { usage: number; total: number; free: number };
}

export interface EspruinoGlobals {
  setWatch(fn: (e: { state: boolean; time: number; lastTime: number }) => void, pin: unknown, opts: { repeat?: boolean; edge?: string; debounce?: number }): number;
  clearWatch(id?: number): void;
  pinMode(pin: unknown, mode: string): void;
  analogWrite(pin: unknown, value: number, opts?: { freq?: number }): void;
  digitalWrite(pin: unknown, value: number): void;
  getTime(): number;
  print(...args: unknown[]): void;
}
