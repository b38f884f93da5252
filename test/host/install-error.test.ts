import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeTooOld } from '../../host/bin/install-error.mjs';
import { scratchDir } from '../support/host-harness';

// `dicetray` on a checkout without `npm ci` (or with a package missing): it says what to do, in
// the shape of every dicetray error, and not as a stack trace. Run from a copy of the sources in a
// folder of its own, so the repository's node_modules is not found above it.

/** A copy of the sources; `modules`: node_modules with links to the repository's packages but `without`. */
function checkout(modules: boolean, without = ''): string {
  const dir = scratchDir('dicetray-install-');
  for (const d of ['host', 'shared', 'firmware', 'hardware']) cpSync(d, path.join(dir, d), { recursive: true, filter: (f) => !f.includes('node_modules') && !f.includes(path.join('firmware', 'dist')) });
  cpSync('package.json', path.join(dir, 'package.json'));
  if (modules) {
    mkdirSync(path.join(dir, 'node_modules'));
    for (const p of readdirSync('node_modules')) if (p !== without) symlinkSync(path.resolve('node_modules', p), path.join(dir, 'node_modules', p));
  }
  return dir;
}

function dicetray(dir: string, args: string[]) {
  return spawnSync(process.execPath, [path.join(dir, 'host', 'bin', 'dicetray.mjs'), ...args], { encoding: 'utf8', timeout: 60_000 });
}

describe('dicetray before npm ci', () => {
  it('says that tsx is not installed and where to run npm ci (exit 8; --json: the error on stdout)', () => {
    const dir = checkout(false);
    const r = dicetray(dir, ['odds', '--json']);
    expect(r.status).toBe(8);
    expect(r.stderr).toBe(`dicetray: the package tsx is not installed\nhint: run \`npm ci\` in ${dir} (it installs the packages in package-lock.json), then try again\n`);
    expect(JSON.parse(r.stdout)).toEqual({ ok: false, error: { code: 'install', message: 'the package tsx is not installed', hint: expect.stringContaining(`npm ci\` in ${dir}`), exit: 8 } });
  });

  it('says so for a package a command loads when it runs (serialport for list), not "cannot enumerate ports"', () => {
    const dir = checkout(true, 'serialport');
    const r = dicetray(dir, ['list']);
    expect(r.stderr).toContain('dicetray: the package serialport is not installed\nhint: run `npm ci`');
    expect(r.status).toBe(8);
    // A command that needs no such package runs.
    expect(dicetray(dir, ['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  }, 90_000);

  it('tells a Node older than 20.19', () => {
    expect(nodeTooOld('18.20.4')).toBe('Node 18.20.4 is too old for dicetray (it needs 20.19 or newer)');
    expect(nodeTooOld('20.18.9')).toContain('too old');
    expect(nodeTooOld('20.19.0')).toBe('');
    expect(nodeTooOld('22.1.0')).toBe('');
  });
});
