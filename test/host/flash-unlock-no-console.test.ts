import { describe, expect, it } from 'vitest';
import { Cli, kioskPtyBoard, scratchDir } from '../support/host-harness';

// A café owner who forgot the staff menu's K4 step: the kiosk board's console is not on its port,
// so nothing answers the password. flash said the console "was not locked" and that the board
// "stays without a kiosk profile", then tried the upload and failed: two contradicting messages.
describe('dicetray flash --unlock on a kiosk board not put into flashing mode', () => {
  it('says the console is not on the port and how to open it, before building or uploading', async () => {
    const pb = await kioskPtyBoard(scratchDir(), 'ttyFLK');
    try {
      const cli = new Cli(['flash', '--port', pb.path, '--unlock', 'staff42']);
      expect(await cli.exited).toBe(5);
      const err = cli.err.join('\n');
      expect(err).not.toMatch(/was not locked|without a kiosk profile/);
      expect(err).not.toMatch(/connecting to/);
      expect(err).toMatch(/no console answered on \S*ttyFLK/);
      expect(err).toMatch(/hint: .*hold OK\+BACK for 3 s, then hold K4/);
      expect(JSON.parse(pb.board.storage.files['dt.kiosk'])).toEqual({ pw: 'staff42' });
    } finally {
      pb.stop();
    }
  }, 60_000);
});
