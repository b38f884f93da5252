/** The options `odds` and `simulate` share: which game, which target or placing policy. */
import type { TargetPolicy } from '../../../shared/odds/pechvogel-odds';
import type { DwPolicy } from '../../../shared/odds/seventh-dwarf-odds';
import { EXIT, HostError } from '../errors';

/** The game a classroom command is about: pechvogel (default), seventh_dwarf or thats_life. */
export function parseGame(g: string | undefined): 'pechvogel' | 'seventh_dwarf' | 'thats_life' {
  // As a person types it: Pechvogel, 7th_Dwarf, "That's Life!", Verflixxt!.
  const k = g === undefined ? 'pechvogel' : g.trim().toLowerCase().replace(/['’]/g, '').replace(/[\s-]+/g, '_').replace(/[^a-z0-9_]/g, '');
  if (k === 'pechvogel') return 'pechvogel';
  if (k === 'seventh_dwarf' || k === '7th_dwarf' || k === 'the_7th_dwarf') return 'seventh_dwarf';
  if (k === 'thats_life' || k === 'verflixxt') return 'thats_life';
  throw new HostError(`unknown game ${JSON.stringify(g)}`, EXIT.usage, 'games: pechvogel, seventh_dwarf, thats_life');
}

export const DW_POLICIES: [DwPolicy, string][] = [
  ['best', 'best play (the spot with the best chance)'],
  ['spread', 'spread by value (1 far left … 6 far right)'],
  ['leftmost', 'always the leftmost spot that fits'],
];

export function parseDwPolicy(p: string | undefined): DwPolicy | null {
  if (p === undefined) return null;
  if (DW_POLICIES.some(([k]) => k === p)) return p as DwPolicy;
  throw new HostError(`unknown placing policy ${JSON.stringify(p)}`, EXIT.usage, 'use --policy best, spread or leftmost');
}

/** How a target policy chooses, for headings: "the number shown by the most dice", ... */
export function policyText(p: TargetPolicy): string {
  // Ties go to the highest number (pickTarget); it moves the points figure (1.74 against 1.33 with 'most').
  return p === 'points' ? 'the number with the most points expected' : `the number shown by the ${p} dice, the highest on a tie`;
}

export function parsePolicy(p: string | undefined): TargetPolicy {
  if (p === undefined || p === 'most' || p === 'fewest' || p === 'points') return p || 'most';
  throw new HostError(`unknown target policy ${JSON.stringify(p)}`, EXIT.usage, 'use --policy most (the number shown by the most dice), fewest, or points (the most points expected)');
}
