/**
 * `mirror` with one board named twice, spelt two ways: refused before any board opens (exit 2),
 * naming both. A sim's --pty link and the /dev/pts/N it points to were "in use by another program"
 * (exit 3: the mirror itself); a network board with and without a trailing slash hung itself up.
 */
import { describe, expect, it } from 'vitest';
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratchDir } from '../support/host-harness';
import { expectClean, run } from './cli-run';

describe('mirror, one board named twice', () => {
  const dir = scratchDir('dt-mirror-twice-');

  it('a serial path and a link to it are one board', async () => {
    writeFileSync(path.join(dir, 'pts-7'), '');
    symlinkSync(path.join(dir, 'pts-7'), path.join(dir, 'ttyDICE'));
    const r = await run(['mirror', '-p', 'bar=' + path.join(dir, 'ttyDICE'), '-p', path.join(dir, 'pts-7'), '--no-log'], dir, 20_000);
    expectClean(r, 2, /the same board is named twice: bar=\S+ttyDICE and \S+pts-7/);
  });

  it('tcp://HOST:PORT with a trailing slash, the host in capitals, or another name of the loopback, is the same board', async () => {
    for (const other of ['tcp://127.0.0.1:24999/', 'tcp://LOCALHOST:24999', 'tcp://localhost:24999']) {
      const first = other.includes('LOCAL') ? 'tcp://localhost:24999' : 'tcp://127.0.0.1:24999';
      expectClean(await run(['mirror', '-p', 'a=' + first, '-p', 'b=' + other, '--no-log'], dir, 20_000), 2, /named twice: a=.* and b=/);
    }
  });
});
