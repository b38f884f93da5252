/** `dicetray script -` reads the script from standard input, and names it so, as replay does. */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLI, scratchDir } from '../support/host-harness';

const dir = scratchDir('dt-script-stdin-');

function scriptFrom(fd: number): Promise<{ code: number | null; out: string; err: string }> {
  const p = spawn(process.execPath, [CLI, 'script', '-'], { cwd: dir, stdio: [fd, 'pipe', 'pipe'] });
  closeSync(fd);
  let out = '';
  let err = '';
  p.stdout!.on('data', (d) => (out += d));
  p.stderr!.on('data', (d) => (err += d));
  return new Promise((r) => p.on('exit', (code) => r({ code, out, err })));
}

const stdinOf = (name: string, text: string) => {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return openSync(f, 'r');
};

describe('script -', () => {
  it('plays the script on standard input', async () => {
    const r = await scriptFrom(stdinOf('ok.table', 'new Ann Ben\nexpect state phase=await_first_throw\n'));
    expect(r.err).toBe('');
    expect(r.out).toBe('standard input: 2 steps ok\n');
    expect(r.code).toBe(0);
  });

  it('names standard input in a failure and a parse error', async () => {
    const fail = await scriptFrom(stdinOf('fail.table', 'new Ann Ben\nexpect state phase=reroll_window\n'));
    expect(fail.err).toMatch(/^dicetray: standard input:2: phase: expected "reroll_window"/);
    expect(fail.code).toBe(1);
    const bad = await scriptFrom(stdinOf('bad.table', 'new Ann Ben\nwiat 100\n'));
    expect(bad.err).toMatch(/^dicetray: standard input:2: unknown step wiat/);
    expect(bad.code).toBe(6);
  });

  it('standard input that is a folder: a file error (exit 6), named standard input', async () => {
    const r = await scriptFrom(openSync(scratchDir('dt-script-stdin-dir-'), 'r'));
    expect(r.err).toMatch(/^dicetray: cannot read standard input: it is a directory\n/);
    expect(r.code).toBe(6);
  });
});
