/** `dicetray replay -` reads standard input, and names it so when it cannot (not "-", not "a bug"). */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { CLI, scratchDir } from '../support/host-harness';

function replayFrom(fd: number, args: string[] = []): Promise<{ code: number | null; err: string }> {
  const p = spawn(process.execPath, [CLI, 'replay', '-', ...args], { stdio: [fd, 'ignore', 'pipe'] });
  closeSync(fd);
  let err = '';
  p.stderr!.on('data', (d) => (err += d));
  return new Promise((r) => p.on('exit', (code) => r({ code, err })));
}

describe('replay -', () => {
  it('standard input that is a folder: a file error (exit 6), named standard input', async () => {
    const r = await replayFrom(openSync(scratchDir('dt-replay-stdin-'), 'r'));
    expect(r.err).toBe('dicetray: cannot read standard input: it is a directory\nhint: pass an action log written by `dicetray mirror` (.dicetray/logs/*.jsonl)\n');
    expect(r.code).toBe(6);
  });

  it('an empty one: no log header, said of standard input', async () => {
    const r = await replayFrom(openSync('/dev/null', 'r'));
    expect(r.err).toMatch(/^dicetray: standard input line 1: bad_log: /);
    expect(r.code).toBe(6);
  });
});
