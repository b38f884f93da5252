/**
 * The mirror's notes on the terminal: wrapped to its width, not cut at its edge (a kiosk's K4 note
 * ends with the flash command, which was lost below ~200 columns), and on a short terminal the
 * oldest note goes whole, a note that must lose lines losing its last.
 */
import { describe, expect, it } from 'vitest';
import { mirrorScreenParts, type TableScreen } from '../../host/src/view/mirror-screen';
import { fitScreen } from '../../host/src/view/fit-screen';
import { flashingNote } from '../../host/src/mirror/flashing-note';

const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
const PORT = '/dev/serial/by-id/usb-Espruino.com_Espruino_Pico_4B0037000251343034353331-if01';

function view(notes: string[]): TableScreen {
  return { header: 'Table 1  live', down: '', board: [], game: ['Ann: first throw, 7 dice'], notes };
}

describe('the mirror terminal\u2019s notes', () => {
  it('wraps a long note to the width: the flash command is there whole', () => {
    const lines = plain(fitScreen(mirrorScreenParts([view(['in sync', flashingNote(PORT)])], null, 40, 80), 80, 40)).split('\n');
    for (const l of lines) expect(l.replace(/\x1b\[K/g, '').length).toBeLessThanOrEqual(79);
    const text = lines.map((l) => l.trim()).join(' ');
    // A word longer than the width (the by-id path) goes on in pieces: compared without spaces.
    expect(text.replace(/\s+/g, '')).toContain(`dicetrayflash-p${PORT}--unlockPASSWORD`);
    expect(text).toContain('To play on: restart the board');
  });

  it('on a short terminal drops the oldest note whole and keeps the newest note\u2019s first line', () => {
    const notes = ['old note ' + 'x '.repeat(50), 'newest note ' + 'y '.repeat(60)];
    const screen = plain(fitScreen(mirrorScreenParts([view(notes)], null, 6, 40), 40, 6));
    expect(screen).not.toContain('x x');
    expect(screen).toContain('· newest note');
    expect(screen).toContain('Ann: first throw');
  });
});
