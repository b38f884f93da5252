/** The classroom CSV cells (host/src/csv-table.ts): quoting as spreadsheets read it, the decimal comma. */
import { describe, expect, it } from 'vitest';
import { csvTable, exactCell } from '../../host/src/csv-table';
import { frac } from '../../shared/odds/fraction';

describe('csvTable', () => {
  it('quotes a cell holding the separator, a quote (doubled) or a line break, and no other', () => {
    expect(csvTable([['plain', 'a,b', 'say "hi"', 'two\nlines', 1.5]], false)).toBe('plain,"a,b","say ""hi""","two\nlines",1.5\n');
    // With the decimal comma the separator is ';': a comma in a text cell needs no quotes, a ';' does.
    expect(csvTable([['a,b', 'a;b', 'x"y', 0.25]], true)).toBe('a,b;"a;b";"x""y";0,25\n');
  });

  it('writes an exact fraction with spaces around the slash', () => {
    expect(exactCell(frac(11, 20))).toBe('11 / 20');
    expect(csvTable([[exactCell('1/6')]], false)).toBe('1 / 6\n');
  });
});
