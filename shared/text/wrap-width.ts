/**
 * Greedy word wrap at spaces into lines at most `maxWidth` wide in `size` px text (textWidth's
 * estimate; a longer word stays whole): the plots' titles, labels and captions, whose room is in
 * px, not characters.
 */
import { textWidth } from './text-width';

export function wrapWidth(text: string, maxWidth: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const joined = line ? line + ' ' + word : word;
    if (line && textWidth(joined, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = joined;
    }
  }
  if (line) lines.push(line);
  return lines;
}
