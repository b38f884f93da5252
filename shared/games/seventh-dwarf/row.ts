/**
 * The dice row of The 7th Dwarf (RULES.md R-DW-02, R-DW-03, R-DW-06, R-DW-10): where a die may
 * go, which direction a placement fixes, and the colour points. Pure helpers on plain arrays,
 * shared by the rules, the views and the odds.
 */
import type { DwDie, DwDirection } from './types';

export const SPOTS = 9;

/**
 * Whether a die of `v` pips fits empty spot `s`: the filled spots, read left to right, stay
 * non-decreasing (asc) or non-increasing (desc); either will do while the direction is open.
 * The row is always monotone already, so the nearest filled spot on each side decides.
 */
export function fits(row: (DwDie | null)[], dir: DwDirection, s: number, v: number): boolean {
  if (row[s]) return false;
  let l = 0;
  let r = 0;
  for (let i = s - 1; i >= 0 && !l; i--) if (row[i]) l = (row[i] as DwDie)[1];
  for (let i = s + 1; i < SPOTS && !r; i++) if (row[i]) r = (row[i] as DwDie)[1];
  const asc = (!l || l <= v) && (!r || v <= r);
  const desc = (!l || l >= v) && (!r || v >= r);
  return dir === 'asc' ? asc : dir === 'desc' ? desc : asc || desc;
}

/** Every spot a die of `v` pips may go to, left to right. */
export function legalSpots(row: (DwDie | null)[], dir: DwDirection, v: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < SPOTS; s++) if (fits(row, dir, s, v)) out.push(s);
  return out;
}

/**
 * The direction of a row (R-DW-03): null while every placed value is equal, else the order the
 * placed values show (the placement that broke the tie decided it).
 */
export function directionOf(row: (DwDie | null)[]): DwDirection {
  let prev = 0;
  for (let i = 0; i < SPOTS; i++) {
    const d = row[i];
    if (!d) continue;
    if (prev && d[1] !== prev) return d[1] > prev ? 'asc' : 'desc';
    prev = d[1];
  }
  return null;
}

/** Whether the placed values are in the given order (null: all equal or either order). */
export function isMonotone(row: (DwDie | null)[], dir: DwDirection): boolean {
  let prev = 0;
  for (let i = 0; i < SPOTS; i++) {
    const d = row[i];
    if (!d) continue;
    if (prev && (dir === 'asc' ? d[1] < prev : dir === 'desc' ? d[1] > prev : d[1] !== prev)) return false;
    prev = d[1];
  }
  return true;
}

/** Dwarf spots whose die has the spot's colour on side `side` (D1..D7 = spots 1..7). */
export function colourMatches(row: (DwDie | null)[], side: string[]): number {
  let n = 0;
  for (let i = 1; i < SPOTS - 1; i++) if (row[i] && (row[i] as DwDie)[0] === side[i - 1]) n++;
  return n;
}
