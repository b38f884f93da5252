/**
 * How a classroom file (`odds`/`simulate` CSV, `simulate` plot) was made: the command that makes
 * the same numbers again, every setting spelled out (defaults too: a later dicetray may change
 * them), and the dicetray that ran it. A teacher hands students the file; they can redo it.
 */
import { packageVersion } from '../../firmware/build/paths';

export interface Recipe {
  /** e.g. "dicetray simulate pechvogel --policy most --turns 100000 --seed 1". */
  command: string;
  /** "dicetray 0.1.0": with its name, as "1.2.0" alone is a date to a German spreadsheet. */
  version: string;
  /** The dice's seed (simulate only), also a column of its own so a sheet of several runs can be sorted by it. */
  seed?: number;
}

/**
 * A recipe from the command's words; an empty or false word is left out. The words are the
 * options as parsed (validated values, "2,1" for "02, 01"), so none needs shell quoting. File
 * options (--csv, --svg, --decimal-comma) are left out: they change where and how, not what.
 */
export function recipe(words: (string | false | null | undefined)[], seed?: number): Recipe {
  const command = ['dicetray', ...words.filter((w): w is string => !!w)].join(' ');
  return seed === undefined ? { command, version: `dicetray ${packageVersion()}` } : { command, version: `dicetray ${packageVersion()}`, seed };
}

/** The recipe as one line, for a plot's caption. */
export const recipeText = (r: Recipe): string => `made with ${r.version}: ${r.command}`;

/**
 * The recipe in `--json` output: the command and the dicetray that ran it, as the CSV's columns
 * and the plot's caption carry them (`seed` is a field of simulate's JSON already).
 */
export const recipeJson = (r: Recipe): { version: string; command: string } => ({ version: r.version, command: r.command });
