/** The firmware bundle and its manifest, built on demand when missing or older than the sources. */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BOARD, DIST, ROOT } from '../../firmware/build/paths';

import type { Manifest } from '../../firmware/build/manifest';

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else if (/\.ts$/.test(e.name)) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

export interface Bundle {
  code: string;
  manifest: Manifest;
  file: string;
  /** Storage files the flash installs with the bundle (name → content). */
  files: Record<string, string>;
}

/** The bundle for `board` (the reference board's unless said: the simulator's, a plain flash's). */
export async function ensureBundle(board: string = DEFAULT_BOARD): Promise<Bundle> {
  const file = join(DIST, 'dicetray.js');
  const man = join(DIST, 'dicetray.json');
  // Build output: one damaged or missing (an interrupted build, a hand edit) is built again, not an error.
  const readManifest = (): Manifest | null => {
    try {
      const m = JSON.parse(readFileSync(man, 'utf8')) as Manifest;
      return m && typeof m === 'object' && Object.values(m.files || {}).every((f) => existsSync(join(DIST, f))) ? m : null;
    } catch {
      return null;
    }
  };
  let manifest = existsSync(file) ? readManifest() : null;
  // A build for another board (`build --board wifi`) is not this one's; the pipeline is a source too.
  const stale = !manifest || manifest.board !== board || ['firmware/src', 'firmware/build', 'shared', 'hardware'].some((d) => newest(join(ROOT, d)) > statSync(file).mtimeMs);
  // The build tools (esbuild, TypeScript's parser: ~1.5 s to load) only when a build is due.
  if (stale || !manifest) {
    await (await import('../../firmware/build/build-firmware')).buildFirmware({ board });
    manifest = readManifest();
    if (!manifest) throw new Error(`the firmware build left no readable ${man}`);
  }
  const files: Record<string, string> = {};
  for (const [name, f] of Object.entries(manifest.files || {})) files[name] = readFileSync(join(DIST, f), 'utf8');
  return { code: readFileSync(file, 'utf8'), manifest, file, files };
}
