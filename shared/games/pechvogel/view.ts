import type { PvState } from './types';
import { diceDue } from './rules';

function countsView(c: number[]): Record<string, number> {
  const o: Record<string, number> = {};
  for (let i = 0; i < 5; i++) if (c[i] > 0) o[String(i + 3)] = c[i];
  return o;
}

/** The state as the scenarios' conventions name it (players by name, counts per value, names not seats). */
export function pechvogelView(s: PvState): Record<string, unknown> {
  const players: Record<string, unknown> = {};
  for (let i = 0; i < s.players.length; i++) {
    const p = s.players[i];
    players[p.name] = { markers: p.markers.slice(), frustrations: p.frustrations };
  }
  const T = s.turn;
  const v: Record<string, unknown> = {
    players: players,
    middle: countsView(s.middle),
    box: countsView(s.box),
    murphy: s.murphy < 0 ? null : s.players[s.murphy].name,
    active: s.players[s.active].name,
    phase: s.phase,
    turn: {
      target: T.target,
      board: { targets: T.targets, ravens: T.ravens },
      reduce_used: T.reduce_used,
      frustrate_used: T.frustrate_used,
      board_frustrations: T.frustraters.length,
      dice_to_throw: diceDue(s),
    },
  };
  if (s.scores && s.winners) {
    const fs: Record<string, number> = {};
    const w: string[] = [];
    for (let i = 0; i < s.players.length; i++) fs[s.players[i].name] = s.scores[i];
    for (let i = 0; i < s.winners.length; i++) w.push(s.players[s.winners[i]].name);
    w.sort();
    v.final_scores = fs;
    v.winners = w;
  }
  return v;
}
