/**
 * Exit codes are part of the interface (the README's exit-code table, under "Table scripts"); every failure the user
 * can cause is a HostError with one of them and a hint.
 */
import { EXIT_INSTALL } from '../bin/install-error.mjs';

export const EXIT = {
  ok: 0,
  failed: 1, // the command ran and found failures (scenarios failed, replay broke)
  usage: 2,
  noBoard: 3,
  protocol: 4,
  flash: 5,
  input: 6, // an input file cannot be read or parsed (or an output file cannot be written)
  build: 7, // the firmware cannot be built for that board (pin map conflict, budget, unsupported code)
  install: EXIT_INSTALL, // 8: a package it needs is not installed, or Node is too old (said before tsx runs, so defined there)
  interrupted: 130, // stopped by Ctrl-C (SIGINT), as a shell reports it; what was done so far was reported
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

/** The name of an exit code (`input` for 6): the `code` of a JSON error. */
function exitName(code: number): string {
  for (const k of Object.keys(EXIT) as (keyof typeof EXIT)[]) if (EXIT[k] === code) return k;
  return 'failed';
}

/**
 * The one shape of a failed command under --json, on stdout (the same text goes to stderr):
 * `{"ok":false,"error":{"code","message","hint","exit"}}`.
 */
export function errorJson(message: string, exit: number, hint: string, code = exitName(exit)): string {
  return JSON.stringify({ ok: false, error: errorObject(message, exit, hint, code) });
}

/** The `error` of errorJson, for a command that puts it beside its results (config, conform, script). */
export function errorObject(message: string, exit: number, hint: string, code = exitName(exit)): { code: string; message: string; hint: string; exit: number } {
  return { code, message, hint, exit };
}

/** A file the user named that cannot be read, written or created, as a HostError (exit 6). */
export function fileError(what: string, file: string, e: unknown, hint: string): HostError {
  const err = e as NodeJS.ErrnoException;
  const why =
    err.code === 'ENOENT' ? 'no such file or directory' :
    err.code === 'EACCES' || err.code === 'EPERM' ? 'permission denied' :
    err.code === 'EISDIR' || err.code === 'ERR_FS_EISDIR' ? 'it is a directory' :
    err.code === 'ENOTDIR' ? 'a part of the path is not a directory' :
    err.code === 'EEXIST' ? 'a file of that name is in the way' :
    err.code === 'EROFS' ? 'read-only file system' :
    err.code === 'EIO' ? 'input/output error (no file one can write to there)' :
    err.code === 'ENOSPC' ? 'no space left on device' :
    err.code === 'EDQUOT' ? 'disk quota exceeded' :
    err.message;
  return new HostError(`cannot ${what} ${file}: ${why}`, EXIT.input, hint);
}
