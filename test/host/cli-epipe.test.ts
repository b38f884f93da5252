/** A reader that stops early (`dicetray replay LOG | head -1`) is no error: no EPIPE stack trace. */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLI, scratchDir } from '../support/host-harness';
import { playRandomGame } from '../support/play';

describe('stdout closed early', () => {
  it('replay into a pipe whose reader has gone ends quietly', async () => {
    const dir = scratchDir('dt-epipe-');
    const log = path.join(dir, 'game.jsonl');
    writeFileSync(log, playRandomGame(99, 4).log);
    const p = spawn(process.execPath, [CLI, 'replay', log], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    // Like `head -1` that has already gone: the pipe is closed before dicetray writes.
    p.stdout.destroy();
    const code = await new Promise<number | null>((r) => p.on('exit', (c) => r(c)));
    expect(err).not.toMatch(/EPIPE|\n\s+at /);
    expect(code).toBe(0);
  });

  it('keeps the exit code of a replay that failed (1) when the reader has gone', async () => {
    const dir = scratchDir('dt-epipe-');
    const lines = playRandomGame(99, 4).log.trim().split('\n');
    const e = JSON.parse(lines[5]);
    e.h = 'deadbeef';
    lines[5] = JSON.stringify(e);
    const log = path.join(dir, 'edited.jsonl');
    writeFileSync(log, lines.join('\n') + '\n');
    const p = spawn(process.execPath, [CLI, 'replay', log], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    p.stdout.destroy();
    const code = await new Promise<number | null>((r) => p.on('exit', (c) => r(c)));
    expect(err).toMatch(/line 6: hash_mismatch/);
    expect(err).not.toMatch(/EPIPE|\n\s+at /);
    expect(code).toBe(1);
  });
});
