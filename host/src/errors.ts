/**
 * Exit codes are part of the interface (README "Exit codes"); every failure the user
 * can cause is a HostError with one of them and a hint.
 */
export const EXIT = {
  ok: 0,
  failed: 1, // the command ran and found failures (scenarios failed, replay broke)
  usage: 2,
  noBoard: 3,
  protocol: 4,
  flash: 5,
  input: 6, // an input file cannot be read or parsed
  build: 7, // the firmware cannot be built for that board (pin map conflict, budget, unsupported code)
} as const;

export class HostError extends Error {
  exitCode: number;
  hint: string;
  constructor(message: string, exitCode: number, hint = '') {
    super(message);
    this.exitCode = exitCode;
    this.hint = hint;
  }
}
