/** Where the repository and the firmware's build output are (no build tools loaded: the host's commands start without them). */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** DICETRAY_DIST: another folder (a test building for another board while the suite's others use firmware/dist). */
export const DIST = process.env.DICETRAY_DIST ? resolve(process.env.DICETRAY_DIST) : join(ROOT, 'firmware', 'dist');

/** The board a build is for unless told (the reference build: hardware/README.md). */
export const DEFAULT_BOARD = 'pico';

/** package.json's version: the host's, and the firmware's it builds. */
export function packageVersion(): string {
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
}
