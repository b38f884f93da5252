import type { PvState } from './types';
import { diceDue } from './rules';
import { setOwn } from '../../engine/set-own';

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
    setOwn(players, p.name, { markers: p.markers.slice(), frustrations: p.frustrations });
  }
  const T = s.turn;
  const L = T.last;
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
      // RULES.md §3.2's own names for the rest of the turn (the conventions above are what
      // scenarios check; these cost nothing and answer a check written in the rules' terms).
      dice_off_board: 7 - T.targets - T.ravens,
      frustraters: T.frustraters.map((i) => (i < 0 ? null : s.players[i].name)),
      last_throw: L ? { n_dice: L.n, targets_added: L.t, ravens_added: L.r, is_first: L.first, is_greedy: L.greedy, is_empty: L.empty, ends_turn: L.ends } : null,
      pending_reroll: s.phase === 'await_reroll' ? { n_dice: T.reroll, kind: T.reroll_by } : null,
    },
    game_over: s.phase === 'game_over',
  };
  if (s.scores && s.winners) {
    const fs: Record<string, number> = {};
    const w: string[] = [];
    for (let i = 0; i < s.players.length; i++) setOwn(fs, s.players[i].name, s.scores[i]);
    for (let i = 0; i < s.winners.length; i++) w.push(s.players[s.winners[i]].name);
    w.sort();
    v.final_scores = fs;
    v.winners = w;
  }
  return v;
}
