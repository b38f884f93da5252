/**
 * Enumerates actions the rules accept now (a roll gets a random value from `rand`), for random
 * games in property tests.
 */
import type { Action } from '../../engine/types';
import type { TlState } from './types';
import { moveError, parsePiece } from './rules';

export function legalActions(s: TlState, rand: (n: number) => number): Action[] {
  if (s.phase === 'await_roll') return [{ do: 'roll', value: 1 + rand(6) }];
  if (s.phase !== 'await_move') return [];
  const out: Action[] = [];
  const ids: string[] = [];
  const p = s.players[s.active];
  for (let k = 0; k < p.figures.length; k++) ids.push(p.name + '#' + k);
  for (const g in s.guards) ids.push(g);
  const back = s.config.variant2_roll_one && s.roll === 1;
  for (let i = 0; i < ids.length; i++) {
    const pc = parsePiece(s, ids[i])!;
    if (!moveError(s, pc, s.roll, [])) out.push({ do: 'move', piece: ids[i] });
    if (back && !moveError(s, pc, -1, [])) out.push({ do: 'move', piece: ids[i], direction: 'back' });
  }
  if (back) out.push({ do: 'stay' });
  return out;
}
