/**
 * Checks `sim --pty PATH` before socat starts: socat puts a link to the pty at PATH, deleting a
 * file that is there, and fails with only "exited (1)" on a missing folder or a directory.
 */
import { accessSync, constants, lstatSync } from 'node:fs';
import { dirname } from 'node:path';
import { EXIT, HostError } from '../errors';
import { existingFolder } from '../existing-folder';

const HINT = 'name a path where nothing is yet, in a folder you can write to, e.g. --pty /tmp/ttyDICE (socat puts the link to the pty there)';

/** Throws exit 6 (a bad path) unless `path` is free or a link (one an earlier sim left, replaced). */
export function checkPtyPath(path: string, given: string): void {
  const what = `--pty ${given}`;
  existingFolder(path, what, HINT);
  try {
    accessSync(dirname(path), constants.W_OK);
  } catch {
    throw new HostError(`${what}: cannot write in ${dirname(path)} (permission denied)`, EXIT.input, HINT);
  }
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return; // nothing there: socat makes the link
  }
  if (st.isSymbolicLink()) return;
  const kind = st.isDirectory() ? 'a directory' : st.isFile() ? 'a file' : 'a device or other special file';
  // A file would be deleted by socat's link, a directory makes it fail: both refused alike.
  throw new HostError(`${what}: ${kind} is there already; the pty needs a path of its own`, EXIT.input, HINT);
}
