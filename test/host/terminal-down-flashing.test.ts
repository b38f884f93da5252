import { describe, expect, it } from 'vitest';
import { DOWN_LINE } from '../../host/src/view/terminal-view';

// A kiosk board whose staff held K4: the mirror's red line was 'Staff: console open for flashing
// (restart the board to play on, or wait 5 minutes)', cut at 80 columns, and how to flash was only
// in a note that the terminal's edge cut before its first instruction.
describe('terminal view, the down lines', () => {
  it('each fits 80 columns with the indent of 2', () => {
    for (const [k, v] of Object.entries(DOWN_LINE)) expect(v.length + 2, k).toBeLessThanOrEqual(79);
  });

  it('a board open for flashing says what to run', () => {
    expect(DOWN_LINE.flashing).toMatch(/stop this mirror, then dicetray flash --unlock PASSWORD/);
  });
});
