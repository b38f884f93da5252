import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli';
import { promptText } from '../../host/src/view/table-text';
import { run, start, ui } from '../support/pv-states';

// What a class reads off the projector: labels a 14-year-old can take at their word.
describe('classroom labels', () => {
  it("odds thats_life names its columns, as simulate thats_life does (a bare '1 -1a 0.1667' read as minus 1)", async () => {
    const r = await cli(['odds', 'thats_life']);
    expect(r.code).toBe(0);
    const head = r.out.findIndex((l) => /^\s+k\s+card\s+chance\s+exact$/.test(l));
    expect(head).toBeGreaterThan(0);
    expect(r.out[head + 1]).toMatch(/^\s+1 -1a\s+0\.1667\s+1\/6$/);
  });

  it('choosing the target: the points are an average (they read "pick 3, get −2.2 points"), on one line with five numbers', () => {
    const s = run(start(), [{ do: 'throw', faces: [5, 5, 5, 'R', 'R', 3, 4] }]);
    expect(promptText(s, ui(), 0, { odds: true }).slice(2)).toEqual(['  marker, no rerolls: 3: 14 % · 4: 14 % · 5: 55 %', '  average points, no rerolls: 3: −2.2 · 4: −2.1 · 5: +1.1']);
    // All five numbers rolled: still within the terminal's 78 columns (80 less the mirror's indent).
    const five = run(start(), [{ do: 'throw', faces: [3, 4, 5, 6, 7, 7, 'R'] }]);
    const lines = promptText(five, ui(), 0, { odds: true }).slice(2);
    expect(lines[1]).toMatch(/^ {2}average points, no rerolls: 3: .* · 7: /);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(78);
  });

  it('7th Dwarf --die: the spots it names are found on the row (counted from 0: "spot 5" read as the fifth, the 4)', async () => {
    const r = await cli(['odds', 'seventh_dwarf', '--row', '0,1,2,3,4,0,6,0,0', '--die', '6']);
    expect(r.code).toBe(0);
    const at = r.out.findIndex((l) => /^ {2}row {3}_ 1 2 3 4 _ 6 _ _$/.test(l));
    expect(at).toBeGreaterThan(0);
    expect(r.out[at + 1]).toMatch(/^ {2}spot {2}0 1 2 3 4 5 6 7 8 {2}\(0 and 8: the evasion spots\)$/);
    // The spots listed below it are the numbers under the empty places.
    expect(r.out.slice(at + 2).filter((l) => /^ {4} ?\d  0\.\d{4}/.test(l)).map((l) => Number(l.trim().split(/\s+/)[0]))).toEqual([5, 7, 8]);
  });
});
