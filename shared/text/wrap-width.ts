/**
 * Word wrap into lines at most `maxWidth` wide in `size` px text (textWidth's estimate; a longer
 * word stays whole): the plots' titles, labels and captions, whose room is in px, not characters.
 */
import { textWidth } from './text-width';
import { wrap } from './wrap';

export function wrapWidth(text: string, maxWidth: number, size: number): string[] {
  return wrap(text, maxWidth, maxWidth, (line) => textWidth(line, size));
}
