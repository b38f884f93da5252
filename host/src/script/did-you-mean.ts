import { editDistance } from '../../../shared/text/edit-distance';

/**
 * ` (did you mean X?)` for a word one or two letters off a known one (one, for a word of up to
 * three letters), or else a known one it is part of (`window`: window_open or window_closed); ''.
 */
export function didYouMean(word: string, known: string[]): string {
  const w = word.toLowerCase();
  // Two letters off a short word make another word (no → ui).
  let best = w.length <= 3 ? 2 : 3;
  let near: string[] = [];
  for (const k of known) {
    const d = editDistance(w, k);
    if (d < best) {
      best = d;
      near = [k];
    } else if (d === best && near.length) near.push(k);
  }
  if (!near.length && w.length >= 4) near = known.filter((k) => k.indexOf(w) >= 0).slice(0, 3);
  return near.length ? ` (did you mean ${near.join(' or ')}?)` : '';
}
