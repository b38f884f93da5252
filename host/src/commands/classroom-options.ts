/** The options `odds` and `simulate` share: which game, which target or placing policy, which board. */
import type { TargetPolicy } from '../../../shared/odds/pechvogel-odds';
import type { DwPolicy } from '../../../shared/odds/seventh-dwarf-odds';
import { EXIT, HostError } from '../errors';
import { didYouMean } from '../script/did-you-mean';

export type ClassroomGame = 'pechvogel' | 'seventh_dwarf' | 'thats_life';
const GAMES: ClassroomGame[] = ['pechvogel', 'seventh_dwarf', 'thats_life'];

/** The game a classroom command is about: pechvogel (default), seventh_dwarf or thats_life. */
export function parseGame(g: string | undefined): ClassroomGame {
  // As a person types it: Pechvogel, 7th_Dwarf, "That's Life!", Verflixxt!.
  const k = g === undefined ? 'pechvogel' : g.trim().toLowerCase().replace(/['’]/g, '').replace(/[\s-]+/g, '_').replace(/[^a-z0-9_]/g, '');
  // With or without the underscore: "thatslife", "7thdwarf" are the same names run together.
  const bare = k.replace(/_/g, '');
  if (bare === 'pechvogel') return 'pechvogel';
  if (bare === 'seventhdwarf' || bare === '7thdwarf' || bare === 'the7thdwarf') return 'seventh_dwarf';
  if (bare === 'thatslife' || bare === 'verflixxt') return 'thats_life';
  // A typo ("thats_lfe", "pechvogl") or a part ("dwarf") gets the name meant, as table scripts' words do.
  throw new HostError(`unknown game ${JSON.stringify(g)}${didYouMean(k, GAMES)}`, EXIT.usage, 'give pechvogel, seventh_dwarf or thats_life after the command (none: pechvogel)');
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

/** Pechvogel's `--from T,R`: the board a turn goes on from, [targets, ravens]. */
export function parseFrom(s: string): [number, number] {
  // Spaces and leading zeros are spelling ("2, 1", "02,01"), not another state.
  const m = /^\s*0*(\d)\s*,\s*0*(\d)\s*$/.exec(s);
  if (!m) throw new HostError(`--from ${JSON.stringify(s)}: expected targets,ravens`, EXIT.usage, 'e.g. --from 2,1 (2 targets and 1 raven on the board)');
  const t = Number(m[1]);
  const r = Number(m[2]);
  // The first throw puts at least one target on the board (the target is a number it rolled), so
  // a turn is never at 0 targets: its start is the first throw, which --from left out gives.
  if (t === 0) throw new HostError(`--from ${JSON.stringify(s)}: a turn never has 0 targets on the board (the first throw places at least one)`, EXIT.usage, 'leave out --from to start at the first throw; --from takes 1..3 targets and 0..2 ravens');
  if (t > 3 || r > 2) throw new HostError(`--from ${JSON.stringify(s)} is no state a turn goes on from (4 targets or 3 ravens end it)`, EXIT.usage, 'give targets,ravens on the board with 1..3 targets and 0..2 ravens, e.g. --from 2,1');
  return [t, r];
}

/** From a board the target is already chosen: a --policy there changed nothing and said nothing. */
export function checkFromPolicy(from: string | undefined, policy: string | undefined, command: 'odds' | 'simulate'): void {
  if (from !== undefined && policy !== undefined) {
    throw new HostError('--policy chooses the target after the first throw; from a board (--from) the target is already chosen', EXIT.usage, `dicetray ${command} --policy fewest, or dicetray ${command} --from 2,1`);
  }
}

/** A board in words: "3 targets and 1 raven". */
export const boardText = (t: number, r: number): string => `${t} target${t === 1 ? '' : 's'} and ${r} raven${r === 1 ? '' : 's'}`;
