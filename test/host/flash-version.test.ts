import { describe, expect, it } from 'vitest';
import { olderThanTested, TESTED_ESPRUINO } from '../../host/src/commands/flash';

// flash warns when the board's Espruino is older than the one the firmware is made for (2v29).
describe('flash: the Espruino version check', () => {
  it('older releases and their cutting-edge builds warn; the tested one, newer ones and unknown strings do not', () => {
    expect(TESTED_ESPRUINO).toBe('2v29');
    for (const v of ['2v25', '2v28.104', '1v99', '2v9']) expect(olderThanTested(v), v).toBe(true);
    for (const v of ['2v29', '2v29.3', '2v30', '3v0', '', undefined, 'unknown']) expect(olderThanTested(v), String(v)).toBe(false);
  });
});
