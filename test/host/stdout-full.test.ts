/** Standard output on a full disk (`> /dev/full`) is a file that cannot be written (exit 6), not "a bug in dicetray". */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { CLI } from '../support/host-harness';

function toDevFull(args: string[]): Promise<{ code: number | null; err: string }> {
  const fd = openSync('/dev/full', 'w');
  const p = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', fd, 'pipe'] });
  closeSync(fd);
  let err = '';
  p.stderr!.on('data', (d) => (err += d));
  return new Promise((r) => p.on('exit', (code) => r({ code, err })));
}

describe.skipIf(!existsSync('/dev/full'))('stdout on a full disk', () => {
  it('says it cannot write standard output, exit 6, no stack and no "bug"', async () => {
    for (const args of [['odds'], ['odds', '--json']]) {
      const r = await toDevFull(args);
      expect(r.err).toBe('dicetray: cannot write standard output: no space left on device\nhint: free some room where it goes, or send it elsewhere\n');
      expect(r.code).toBe(6);
    }
  });
});
