/**
 * The classroom's CSV files (`odds --csv`, `simulate --csv`), written for spreadsheets:
 *  - an exact fraction is written "1 / 6": as "1/6" LibreOffice and Excel turn it into a date
 *    (6 January); with the spaces both keep it as text;
 *  - `--decimal-comma`: fields separated by ';' and decimals with a comma, as a German (or French,
 *    Italian…) spreadsheet reads numbers; with '.' it imports them as text that cannot be plotted;
 *  - `--csv -` writes the table to standard output instead of a file;
 *  - every row ends with how the file was made (recipe.ts): extra columns, not '#' comment lines,
 *    which LibreOffice and Excel show as rows of data above the header (and pandas or R stumble
 *    on); the columns before them stay where they were, and a row pasted into another sheet
 *    still says which run it came from;
 *  - a file starts with a UTF-8 byte order mark (CSV_BOM).
 */
import { fractionText, type Fraction } from '../../shared/odds/fraction';
import { EXIT, HostError } from './errors';
import { checkOutputFolder, writeOutputFile, type Output } from './output';
import type { Recipe } from './recipe';

export type Cell = string | number;

/** An exact value (or its text, "11/20") as a CSV cell: "11 / 20" (a whole number as it is). */
export function exactCell(f: Fraction | string): string {
  return (typeof f === 'string' ? f : fractionText(f)).replace('/', ' / ');
}

/**
 * A That's Life! card as a CSV cell: "+8" is a number to LibreOffice and Excel (8, the sign lost,
 * checked with LibreOffice 7.4), so the signed cards are written in words: "plus 8", "minus 1a";
 * the fortunes ("F1") stay as they are.
 */
export function cardCell(card: string): string {
  const m = /^([+-])(\d.*)$/.exec(card);
  return m ? `${m[1] === '+' ? 'plus' : 'minus'} ${m[2]}` : card;
}

/** A text cell, quoted when it holds the separator, a quote or a line break. */
export function csvText(s: string, sep: string): string {
  return s.indexOf(sep) >= 0 || s.indexOf('"') >= 0 || /[\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The table as CSV text: numbers in full precision, text cells quoted where they must be. */
export function csvTable(rows: Cell[][], decimalComma: boolean): string {
  const sep = decimalComma ? ';' : ',';
  const cell = (c: Cell): string => csvText(typeof c === 'number' ? (decimalComma ? String(c).replace('.', ',') : String(c)) : c, sep);
  return rows.map((r) => r.map(cell).join(sep)).join('\n') + '\n';
}

/**
 * Refuses an empty `--csv` before any work is done (an empty name used to write nothing and say
 * nothing), one in a folder that does not exist, and --decimal-comma without a CSV to apply it to.
 */
export function checkCsvTarget(file: string | undefined, json: boolean | undefined, decimalComma?: boolean): void {
  // Only the CSV has a decimal comma: the terminal and JSON keep the point (said, not ignored).
  if (file === undefined && decimalComma) throw new HostError('--decimal-comma is for the CSV file', EXIT.usage, 'add --csv FILE (or --csv - for standard output)');
  if (file === undefined) return;
  if (!file.trim()) throw new HostError('--csv needs a file name', EXIT.usage, 'e.g. --csv odds.csv, or --csv - for standard output');
  // `--csv --json` took the next option as the file's name (and wrote a file called "--json").
  if (file !== '-' && file.startsWith('-')) throw new HostError(`--csv ${JSON.stringify(file)}: that is an option, not a file name`, EXIT.usage, `give --csv a file name first, e.g. --csv odds.csv ${file}, or ./${file} for a file really called so`);
  if (file === '-' && json) throw new HostError('--csv - and --json both write to standard output', EXIT.usage, 'give --csv a file name, or leave out --json');
  // A folder that does not exist: said now, not after the run.
  if (file !== '-') checkOutputFolder(file);
}

/**
 * Starts every CSV file dicetray writes (odds, simulate, mirror): without it Excel on Windows reads
 * UTF-8 as the local code page, and a player "Jürgen" in the mirror's CSV shows as "JÃ¼rgen".
 * LibreOffice, Google Sheets and pandas take it as UTF-8. Standard output gets none: it goes to
 * programs (cut, a script), where a BOM is a stray character in the first column's name.
 */
export const CSV_BOM = '\uFEFF';

/** The table with the recipe's columns after its own: `seed` (simulate), `version`, `command`, on every row. */
export function withRecipe(rows: Cell[][], r: Recipe): Cell[][] {
  const head: Cell[] = r.seed === undefined ? ['version', 'command'] : ['seed', 'version', 'command'];
  const cells: Cell[] = r.seed === undefined ? [r.version, r.command] : [r.seed, r.version, r.command];
  return rows.map((row, i) => row.concat(i ? cells : head));
}

/** Writes the table, with how it was made, to `file`, or to standard output for '-'. Returns whether it went to standard output. */
export function writeTable(file: string, rows: Cell[][], decimalComma: boolean | undefined, io: Output, made: Recipe): boolean {
  const text = csvTable(withRecipe(rows, made), !!decimalComma);
  if (file === '-') {
    io.out(text.replace(/\n$/, ''));
    return true;
  }
  writeOutputFile(file, CSV_BOM + text);
  return false;
}

/**
 * A cell: text that a spreadsheet would take for a formula (=, +, -, @, or a tab or return before
 * one) gets a leading apostrophe. Player names come from the board, and a kiosk board takes
 * `new` and `load` from anyone on its USB port: `=HYPERLINK(…)` as a name ran in the staff's
 * spreadsheet. Numbers (counts, steps) are written as they are.
 */
export function csvField(v: unknown, sep: string): string {
  const s = v === null || v === undefined ? '' : String(v);
  return csvText(typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? "'" + s : s, sep);
}
