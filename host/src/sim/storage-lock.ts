/**
 * One simulated board per Storage file: two would each keep their own copy and overwrite the
 * other's game at every write (`npm start` in one terminal and `mirror -p sim` in another is two
 * boards, not one board and its mirror). A lock file beside the image holds the process id; a lock
 * whose process is gone (a crash, a kill) is taken over. Within one process the file can be opened
 * again (a power cut and restart opens a new board on the same image).
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXIT, HostError } from '../errors';

const held = new Map<string, number>();
let exitHook = false;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, under another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function owner(lock: string): number {
  try {
    return Number(readFileSync(lock, 'utf8')) || 0;
  } catch {
    return 0;
  }
}

function drop(path: string): void {
  held.delete(path);
  const lock = path + '.lock';
  try {
    if (owner(lock) === process.pid) unlinkSync(lock);
  } catch {
    // Already gone: nothing to release.
  }
}

/** Takes the Storage file at `path` for this process; returns its release. Throws HostError (exit 3) when another live process has it. */
export function lockStorage(file: string): () => void {
  // One key per file, however it was named (sim:x.json here, an absolute path there).
  const path = resolve(file);
  const lock = path + '.lock';
  const n = held.get(path) || 0;
  if (n === 0) {
    const pid = owner(lock);
    if (pid && pid !== process.pid && alive(pid))
      throw new HostError(
        `the simulated board's Storage ${path} is in use by another dicetray (process ${pid}): two boards on one file would overwrite each other's game`,
        EXIT.noBoard,
        'to watch that board, start it with --pty PATH or --tcp PORT and mirror that; or give this one a file of its own (--storage FILE, sim:FILE)',
      );
    try {
      writeFileSync(lock, String(process.pid));
    } catch {
      // A folder we cannot write to: the Storage write reports it better than the lock would.
    }
    if (!exitHook) {
      exitHook = true;
      process.on('exit', () => [...held.keys()].forEach(drop));
    }
  }
  held.set(path, n + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(path) || 1) - 1;
    if (left > 0) held.set(path, left);
    else drop(path);
  };
}
