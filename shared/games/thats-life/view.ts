import type { TlState } from './types';
import { setOwn } from '../../engine/set-own';

/** The state as the scenarios' conventions name it: figures 'Name#i', collections by name. */
export function thatsLifeView(s: TlState): Record<string, unknown> {
  const figures: Record<string, string> = {};
  const collected: Record<string, string[]> = {};
  for (let i = 0; i < s.players.length; i++) {
    const p = s.players[i];
    for (let k = 0; k < p.figures.length; k++) figures[p.name + '#' + k] = p.figures[k];
    setOwn(collected, p.name, p.collected.slice());
  }
  const v: Record<string, unknown> = {
    figures: figures,
    guards: Object.assign({}, s.guards),
    collected: collected,
    path: s.path.slice(),
    // At game over still the player who ended it (README: as implementations written blind from RULES.md chose).
    active: s.players[s.active].name,
    phase: s.phase,
    figures_per_player: s.players[0].figures.length,
    roll: s.roll || null,
    game_over: s.phase === 'game_over',
  };
  if (s.scores && s.winners) {
    const fs: Record<string, number> = {};
    for (let i = 0; i < s.players.length; i++) setOwn(fs, s.players[i].name, s.scores[i]);
    v.final_scores = fs;
    v.winners = s.winners.map((i) => s.players[i].name).sort();
    v.penalty_card = s.penalty ? s.penalty.card : null;
  }
  return v;
}
