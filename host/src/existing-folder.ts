/**
 * The folder of a file the user named must exist already: a missing one is a typo more often than
 * a wish, and making it would hide the typo (a new sim board, or a pty nobody finds, elsewhere).
 */
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { EXIT, HostError } from './errors';

/** Throws exit 6 (a bad path) naming `what` when the folder of `file` is missing or not a folder. */
export function existingFolder(file: string, what: string, hint: string): void {
  const dir = dirname(file);
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    // Missing, or a part of the path above it is a file (ENOTDIR).
    throw new HostError(`${what}: no directory ${dir}`, EXIT.input, hint);
  }
  if (!isDir) throw new HostError(`${what}: ${dir} is not a directory`, EXIT.input, hint);
}
