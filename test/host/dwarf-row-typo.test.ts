/** `dicetray odds seventh_dwarf --row`: a value left out between two commas is a typo, not an empty spot. */
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli';

describe('odds seventh_dwarf --row with a value left out', () => {
  it('refuses "0,1,,3,…" (Number("") is 0: it was read as an empty spot and answered)', async () => {
    for (const row of ['0,1,,3,0,0,5,0,0', '0,1,0,3,0,0,5,0, ', ',0,1,0,3,0,0,5,0']) {
      const r = await cli(['odds', 'seventh_dwarf', '--row', row]);
      expect(r.code).toBe(2);
      expect(r.err[0]).toBe(`dicetray: --row ${JSON.stringify(row)} is no 7th Dwarf row (a value left out)`);
    }
    // Spaces around the values stay spelling.
    expect((await cli(['odds', 'seventh_dwarf', '--row', '0, 1, 0, 3, 0, 0, 5, 0, 0', '--policy', 'leftmost'])).code).toBe(0);
  });
});
