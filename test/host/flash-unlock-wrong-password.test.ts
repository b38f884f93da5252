import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Cli, holdStaffK4, kioskPtyBoard, REPO, scratchDir, sleep } from '../support/host-harness';

// A café owner who forgot the kiosk password was told to "use the kiosk password set at the last
// flash" and nothing else: the hint now says where the way round it is written down.
describe('dicetray flash --unlock with a password the board does not take', () => {
  it('fails with exit 5, writes nothing, and the hint names the forgotten-password recovery', async () => {
    const pb = await kioskPtyBoard(scratchDir(), 'ttyFLW');
    try {
      await holdStaffK4(pb.board);
      await sleep(1500);
      const before = pb.board.storage.files['.bootcde'];
      const cli = new Cli(['flash', '--port', pb.path, '--unlock', 'not-the-one']);
      expect(await cli.exited).toBe(5);
      const err = cli.err.join('\n');
      expect(err).toMatch(/did not take the password given with --unlock/);
      expect(err).toMatch(/hint: .*forgotten.*README.md, Kiosk/);
      // The entry the hint names is there, by that name.
      const entry = err.match(/hint: .*README\.md, Kiosk, staff sheet, "([^"]+)"/);
      expect(entry?.[1]).toBe('Forgotten password');
      expect(readFileSync(path.join(REPO, 'README.md'), 'utf8')).toContain(`*${entry![1]}*`);
      expect(pb.board.storage.files['.bootcde']).toBe(before);
      expect(JSON.parse(pb.board.storage.files['dt.kiosk'])).toEqual({ pw: 'staff42' });
    } finally {
      pb.stop();
    }
  }, 60_000);
});
