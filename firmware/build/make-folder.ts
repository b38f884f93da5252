/**
 * Makes a folder and the missing ones above it. Node's `mkdirSync(dir, { recursive: true })` loops
 * for good where a parent exists but refuses children with ENOENT (`/proc/nope`): this climbs up
 * only while a level is missing and lets that error through.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export function makeFolder(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    const up = dirname(dir);
    if (code !== 'ENOENT' || up === dir) throw e;
    makeFolder(up);
    // The parent exists now: an ENOENT here is the folder's own, and is thrown.
    mkdirSync(dir);
  }
}
