/**
 * A file one dicetray process has for itself: a simulated board's Storage image (two boards on one
 * file would each overwrite the other's game: `npm start` in one terminal and `mirror -p sim` in
 * another is two boards, not one board and its mirror) or the pty a sim is reached on (a second
 * sim took the path over, and when it quit the first was out of reach). A lock file beside it holds
 * the process id; a lock whose process is gone (a crash, a kill) is taken over. Within one process
 * the path can be taken again (a power cut and restart opens a new board on the same image).
 *
 * The lock file appears whole or not at all (written aside, then hard-linked into place, which fails
 * if it exists), so of two dicetrays started at the same instant exactly one gets it. Only taking
 * over a dead process's lock leaves a window of microseconds (read, then remove).
 */
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
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

/** Creates `lock` holding this process id; returns the live process that has it instead, or 0. */
function take(lock: string): number {
  const aside = `${lock}.${process.pid}`;
  try {
    writeFileSync(aside, String(process.pid));
  } catch {
    // A folder we cannot write to: the Storage write reports it better than the lock would.
    return 0;
  }
  try {
    for (let tries = 0; tries < 5; tries++) {
      try {
        linkSync(aside, lock);
        return 0;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return 0;
      }
      const pid = owner(lock);
      if (pid && pid !== process.pid && alive(pid)) return pid;
      // Left by a process that is gone (or by an earlier one with our id): take it over.
      try {
        unlinkSync(lock);
      } catch {
        // Another process took it over first: the next link tells.
      }
    }
    return owner(lock);
  } finally {
    try {
      unlinkSync(aside);
    } catch {
      // Already gone.
    }
  }
}

/** Takes `file` for this process; returns its release. Throws what `inUse` makes when another live process has it. */
export function lockPath(file: string, inUse: (pid: number, path: string) => HostError): () => void {
  // One key per file, however it was named (sim:x.json here, an absolute path there).
  const path = resolve(file);
  const lock = path + '.lock';
  const n = held.get(path) || 0;
  if (n === 0) {
    const pid = take(lock);
    if (pid) throw inUse(pid, path);
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

/** A simulated board's Storage image (exit 3 when another process has it, as a port in use). */
export function lockStorage(file: string): () => void {
  return lockPath(
    file,
    (pid, path) =>
      new HostError(
        `the simulated board's Storage ${path} is in use by another dicetray (process ${pid}): two boards on one file would overwrite each other's game`,
        EXIT.noBoard,
        'to watch, flash, configure or script that board, reach it where it runs (start it with --pty PATH or --tcp PORT and give that path or tcp://… to mirror, flash, config or script), or stop it first; or give this one a file of its own (--storage FILE, sim:FILE)',
      ),
  );
}
