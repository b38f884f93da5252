import { describe, expect, it } from 'vitest';
import { start, ui } from '../support/pv-states';
import { describeGame } from '../../host/src/view/terminal-view';
import { SELFTEST_TEXT, STAFF_PAUSE } from '../../host/src/view/table-text';

// The terminal's self-test lines: how to leave it was one line of 119 characters, cut at the
// terminal's edge (at 120 columns "…then OK leaves the staff men"; at 80 the way back to the menu
// was gone). Every line fits 80 columns with the mirror's indent of 2, none of the words lost.
describe('the terminal view during the staff menu self-test', () => {
  it('says how to leave it in lines that fit 80 columns', () => {
    for (const s of [start(), null]) {
      const lines = describeGame(s, ui({ m: 'staff', w: 8000, br: 255 }), 0, { selfTest: true });
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(78);
      const text = lines.map((l) => l.trim()).join(' ');
      expect(text).toContain('To leave it: hold OK + BACK together for 3 s (it also ends after 5 minutes untouched); then OK leaves the staff menu');
      expect(lines[0]).toBe('Self-test running');
      // Every line of it, indented under the first; with a game, why the game does not run.
      for (const l of SELFTEST_TEXT) expect(text).toContain(l);
      expect(lines[1]).toMatch(/^  \S/);
      expect(lines).toContain(s ? STAFF_PAUSE : 'No game.');
    }
  });
});
