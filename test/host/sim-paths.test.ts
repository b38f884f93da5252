/**
 * The paths `dicetray sim` is given (--storage, --pty) are checked before the board starts, as a
 * sim:FILE is: a missing folder, or a --pty path something else holds, is exit 6 with a hint.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratchDir } from '../support/host-harness';
import { expectClean, run } from './cli-run';

describe('dicetray sim, the paths it is given', () => {
  const dir = scratchDir('dt-sim-paths-');

  it('--storage in a folder that does not exist is refused (exit 6), as sim:FILE is; no folder made', async () => {
    const r = await run(['sim', '--headless', '--tcp', '2397', '--storage', 'newdir/deep/s.json'], dir, 20_000);
    expectClean(r, 6, /--storage newdir\/deep\/s\.json: no directory .*newdir\/deep/);
    expect(existsSync(path.join(dir, 'newdir'))).toBe(false);
    // sim:FILE words it the same way.
    expectClean(await run(['config', '-p', 'sim:newdir/deep/s.json'], dir), 6, /no directory .*newdir\/deep/);
  });

  it('--pty in a folder that does not exist is exit 6 naming the folder (it was exit 2, "socat exited (1)")', async () => {
    const r = await run(['sim', '--headless', '--pty', '/nonexistent-dt/dir/tty'], dir, 20_000);
    expectClean(r, 6, /--pty \/nonexistent-dt\/dir\/tty: no directory \/nonexistent-dt\/dir/);
    expect(r.err).not.toMatch(/socat exited/);
  });

  it('--pty on a file or folder that is there is refused (exit 6): the file is not deleted by the pty\'s link', async () => {
    writeFileSync(path.join(dir, 'notes.txt'), 'keep me');
    mkdirSync(path.join(dir, 'adir'));
    expectClean(await run(['sim', '--headless', '--pty', 'notes.txt', '--storage', 'a.json'], dir, 20_000), 6, /--pty notes\.txt: a file is there already/);
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('keep me');
    expect(existsSync(path.join(dir, 'notes.txt.lock'))).toBe(false);
    expectClean(await run(['sim', '--headless', '--pty', 'adir', '--storage', 'a.json'], dir, 20_000), 6, /--pty adir: a directory is there already/);
  });

  it('without socat, --pty says socat is not installed and how to install it', async () => {
    // No PATH: socat is not found (node itself runs by its full path).
    const r = await run(['sim', '--headless', '--pty', 'tty0', '--storage', 'b.json'], dir, 20_000, { PATH: path.join(dir, 'no-bin') });
    expectClean(r, 2, /socat is not installed/);
    expect(r.err).toMatch(/hint: install socat \(apt-get install socat\)/);
  });
});
