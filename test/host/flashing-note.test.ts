import { describe, expect, it } from 'vitest';
import { flashingNote } from '../../host/src/mirror/flashing-note';

// The terminal shows a note as '  · ' and as much as fits: at 80 columns the old note
// ('PORT: staff opened the console for flashing (staff menu, K4 held). To flash: …') showed
// neither what to do to flash nor to play on.
describe('the mirror note when staff open a kiosk console for flashing', () => {
  it('says how to play on within 76 characters, and how to flash', () => {
    for (const port of ['/dev/ttyACM0', '/dev/serial/by-id/usb-Espruino.com_Espruino_Pico_4B0037000251343034353331-if01']) {
      const note = flashingNote(port);
      expect(note.slice(0, 76)).toContain('To play on: restart the board or wait 5 min');
      expect(note).toContain(`(${port} is open for flashing: staff menu, K4 held)`);
      expect(note).toContain(`To flash: stop this mirror, then \`dicetray flash -p ${port} --unlock PASSWORD\``);
    }
  });
});
