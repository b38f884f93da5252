/**
 * Route cards (RULES.md §2, R-TL-11): '-4a' is −4 of the first minus block, '-4b' of the second,
 * '+8'…'+1' plus cards, 'F1'…'F6' fortune cards.
 */

export const FORTUNES = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6'];

/** A card's points: −10…+8, or 0 for a fortune card. */
export function cardValue(card: string): number {
  return card.charAt(0) === 'F' ? 0 : parseInt(card, 10);
}

export const isFortune = (card: string): boolean => card.charAt(0) === 'F';
export const isMinus = (card: string): boolean => card.charAt(0) === '-';

function range(from: number, to: number, f: (i: number) => string): string[] {
  const out: string[] = [];
  for (let i = from; from <= to ? i <= to : i >= to; from <= to ? i++ : i--) out.push(f(i));
  return out;
}

const minusA = () => range(1, 8, (i) => '-' + i + 'a');
const minusB = () => range(1, 10, (i) => '-' + i + 'b');
const plusDown = () => range(8, 1, (i) => '+' + i);
const plusUp = () => range(1, 8, (i) => '+' + i);

/** The standard layout: −1…−8, six fortunes, +8…+1, −1…−10. */
export function standardPath(): string[] {
  return minusA().concat(FORTUNES, plusDown(), minusB());
}

/** Variant 1 layouts (R-TL-V1): (a) plus cards ascending before the fortunes, (b) fortunes at the end. */
export function variantPath(layout: 'v1a' | 'v1b'): string[] {
  return layout === 'v1a' ? minusA().concat(plusUp(), FORTUNES, minusB()) : minusA().concat(plusDown(), minusB(), FORTUNES);
}

/** Where the 8 guards start (R-TL-11, R-TL-V1): on the fortunes, +8 and +7, or on the plus cards. */
export function guardCards(layout: string): string[] {
  return layout === 'v1a' || layout === 'v1b' ? plusUp() : FORTUNES.concat(['+8', '+7']);
}

/**
 * Final score (R-TL-05): each fortune turns the largest remaining minus card positive; fortunes
 * themselves and surplus fortunes are worth 0. A Variant 5 penalty card (among the cards, or not)
 * counts against, unconverted.
 */
export function scoreCards(cards: string[], penalty?: string | null): number {
  let fortunes = 0;
  const minus: number[] = [];
  let sum = 0;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i];
    if (c === penalty) continue;
    if (isFortune(c)) fortunes++;
    else if (isMinus(c)) minus.push(-cardValue(c));
    else sum += cardValue(c);
  }
  minus.sort((a, b) => b - a);
  for (let i = 0; i < minus.length; i++) sum += i < fortunes ? minus[i] : -minus[i];
  if (penalty) sum += cardValue(penalty);
  return sum;
}
