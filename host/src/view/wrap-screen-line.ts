import { wrap } from '../../../shared/text/wrap';

/**
 * A line of words as terminal lines of at most `cols - 1` characters (fitScreen's width), broken
 * at spaces, the rest indented 2 more than the line: with 16-character names the reroll window's
 * `frustrate: …` line ran past 80 columns and was cut before what the seat buttons do and who
 * rerolls. A line with colour sequences (the LED board, headers) is left whole, to be cut as before.
 */
export function wrapScreenLine(line: string, cols?: number): string[] {
  const width = cols && cols > 1 ? cols - 1 : Infinity;
  if (line.length <= width || line.includes('\x1b')) return [line];
  const lead = line.length - line.trimStart().length;
  const pad = ' '.repeat(lead);
  return wrap(line.slice(lead), width - lead, width - lead - 2).map((l, i) => (i ? pad + '  ' : pad) + l);
}
