/** A simulated board's Storage named as a FIFO is refused unread (reading one waits for a writer for ever). */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { scratchDir } from '../support/host-harness';
import { expectClean, run } from './cli-run';

describe.skipIf(process.platform === 'win32')('sim:FIFO', () => {
  it('config and sim turn it down at once (exit 6), naming a file as the fix', async () => {
    const dir = scratchDir('dt-fifo-');
    execFileSync('mkfifo', [path.join(dir, 'store')]);
    for (const args of [['config', '-p', 'sim:store'], ['sim', '--headless', '--tcp', '2398', '--storage', 'store']]) {
      const r = await run(args, dir, 15_000);
      expectClean(r, 6, /cannot read the simulated board's Storage from .*store: it is not a file \(a FIFO or a device\)/);
      expect(r.err).toMatch(/hint: name a file for the simulated board's Storage/);
    }
  }, 40_000);
});
