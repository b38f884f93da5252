/** The classroom CSV cells (host/src/csv-table.ts): quoting as spreadsheets read it, the decimal comma. */
import { describe, expect, it } from 'vitest';
import { cardCell, checkCsvTarget, csvField, csvTable, exactCell } from '../../host/src/csv-table';
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

  it("writes That's Life! cards so a spreadsheet keeps them as text ('+8' would import as the number 8)", () => {
    expect(['+8', '+1', '-1a', '-10b', 'F1'].map(cardCell)).toEqual(['plus 8', 'plus 1', 'minus 1a', 'minus 10b', 'F1']);
  });

  it('keeps as text a name a spreadsheet would run as a formula, by each of its first characters, and no other cell', () => {
    // A tab or a return before a formula is skipped by some spreadsheets, so it starts one too.
    expect(['=', '+', '-', '@', '\t', '\r'].map((c) => csvField(c + 'SUM(A1)', ','))).toEqual(["'=SUM(A1)", "'+SUM(A1)", "'-SUM(A1)", "'@SUM(A1)", "'\tSUM(A1)", '"\'\rSUM(A1)"']);
    // Numbers are written as they are (a negative one too), a formula character later in a name is harmless.
    expect([-3, 0, 'Ann=Bob', 'Ann', null, undefined].map((v) => csvField(v, ','))).toEqual(['-3', '0', 'Ann=Bob', 'Ann', '', '']);
    // The separator the table is written with decides the quoting.
    expect([csvField('a;b', ';'), csvField('a;b', ','), csvField('a,b', ';')]).toEqual(['"a;b"', 'a;b', 'a,b']);
  });

  it('refuses an option taken for the --csv file name (--csv --json wrote a file called "--json")', () => {
    expect(() => checkCsvTarget('--json', false)).toThrow(/an option, not a file name/);
    expect(() => checkCsvTarget('-', false)).not.toThrow();
    expect(() => checkCsvTarget('./-odd.csv', false)).not.toThrow();
  });
});
