/**
 * The rough width of a line of text in Arial / Liberation Sans (the plots ask for them first), so
 * an SVG can wrap and place its text without a browser to measure it: Arial's advance widths in
 * thousandths of an em, anything not listed (e.g. −, ·) as 0.6 em.
 */
const GROUPS: [number, string][] = [
  [191, "'"],
  [222, 'ijl'],
  [260, '|'],
  [278, ' !,./:;I[\\]ft'],
  [333, '()-r`{}'],
  [355, '"'],
  [389, '*'],
  [469, '^'],
  [500, 'Jcksvxyz'],
  [556, '0123456789abdeghnopquL#$?_'],
  [584, '+<=>~'],
  [611, 'FTZ'],
  [667, 'ABEKPSVXY&'],
  [722, 'CDHNRUw'],
  [778, 'GOQ'],
  [833, 'Mm'],
  [889, '%'],
  [944, 'W'],
  [1015, '@'],
];
const ADVANCE = new Map<string, number>(GROUPS.flatMap(([w, chars]) => [...chars].map((c) => [c, w] as [string, number])));

export function textWidth(text: string, size: number): number {
  let w = 0;
  for (const ch of text) w += ADVANCE.get(ch) ?? 600;
  return (w / 1000) * size;
}
