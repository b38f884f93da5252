/**
 * `mirror --csv` to a stream (a FIFO, /dev/stdout): the header starts it, and the mirror goes on to
 * its board. It read the file back for its header first, which on a FIFO waited for ever.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { CLI, scratchDir, waitUntil } from '../support/host-harness';
import { THROW_CSV_HEADER } from '../../host/src/mirror/action-log-writer';

describe.skipIf(process.platform === 'win32')('mirror --csv FIFO', () => {
  it('writes the header into it and connects to the board', async () => {
    const dir = scratchDir('dt-csv-fifo-');
    const fifo = path.join(dir, 'throws');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    let csv = '';
    reader.stdout.on('data', (d) => (csv += d));
    const m = spawn(process.execPath, [CLI, 'mirror', '-p', 'sim:memory', '--json', '--no-log', '--csv', fifo], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    m.stdout.on('data', (d) => (out += d));
    try {
      await waitUntil('the mirror to connect', () => /"ev":"connected"/.test(out), 15_000);
      await waitUntil('the CSV header', () => csv.indexOf('\n') >= 0, 5_000);
      expect(csv.split('\n')[0]).toBe(THROW_CSV_HEADER);
    } finally {
      m.kill('SIGINT');
      await new Promise((r) => m.on('exit', r));
      reader.kill();
    }
  }, 40_000);
});
