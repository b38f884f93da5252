/**
 * Enumerates actions the rules accept now. Throws get random faces from `rand` (which
 * returns an integer in [0, n)), so random legal games can be played for property tests and
 * benchmarks (the board's attract mode is a sweep of its own, not a game).
 */
import type { Action } from '../../engine/types';
import type { Face, PvState } from './types';
import { canReduce, diceDue, FACES, markerOptions, possibleFrustraters } from './rules';

function randomFaces(n: number, rand: (n: number) => number): Face[] {
  const f: Face[] = [];
  for (let i = 0; i < n; i++) f.push(FACES[rand(6)]);
  return f;
}

export function legalActions(s: PvState, rand: (n: number) => number): Action[] {
  const out: Action[] = [];
  const T = s.turn;
  const due = diceDue(s);
  if (due > 0) out.push({ do: 'throw', faces: randomFaces(due, rand) });
  if (s.phase === 'await_target') {
    const seen: number[] = [];
    const ff = T.first_faces as Face[];
    for (let i = 0; i < ff.length; i++) {
      const f = ff[i];
      if (f !== 'R' && seen.indexOf(f) < 0) {
        seen.push(f);
        out.push({ do: 'choose_target', value: f });
      }
    }
  }
  if (s.phase === 'reroll_window') {
    out.push({ do: 'pass' });
    if (canReduce(s)) out.push({ do: 'reduce' });
    const v = possibleFrustraters(s);
    if (v.length > 0) {
      // One random non-empty group of voters, in seat order.
      const by: string[] = [];
      for (let i = 0; i < v.length; i++) if (rand(2) === 1) by.push(s.players[v[i]].name);
      if (by.length === 0) by.push(s.players[v[rand(v.length)]].name);
      out.push({ do: 'frustrate', by: by });
    }
  }
  if (s.phase === 'await_marker_choice') {
    const o = markerOptions(s);
    if (o.take) out.push({ do: 'take_marker' });
    for (let i = 0; i < o.stealFrom.length; i++) {
      for (let v = 3; v <= 7; v++) {
        if (s.middle[v - 3] > 0) out.push({ do: 'steal', from: s.players[o.stealFrom[i]].name, return_to_box: v });
      }
    }
  }
  return out;
}
