import type { DwDie, DwState } from './types';
import { betsMissing, diceLeft, diceResolved, legalNow } from './rules';
import { setOwn } from '../../engine/set-own';

function dieView(d: DwDie | null): [string, number] | null {
  return d ? [d[0], d[1]] : null;
}

/**
 * The state as the scenarios' conventions name it (scores and turns by name, row entries as
 * [colour, value]). Bets stay secret until the turn is scored (R-DW-07): the view says who has
 * bet, and last_turn says what.
 */
export function seventhDwarfView(s: DwState): Record<string, unknown> {
  const scores: Record<string, number> = {};
  const turns: Record<string, number> = {};
  for (let i = 0; i < s.players.length; i++) {
    setOwn(scores, s.players[i].name, s.players[i].score);
    setOwn(turns, s.players[i].name, s.players[i].turns_taken);
  }
  const T = s.turn;
  const placed: string[] = [];
  for (let i = 0; i < s.players.length; i++) if (T.bets[i]) placed.push(s.players[i].name);
  const v: Record<string, unknown> = {
    scores: scores,
    // At game over still the player who ended it (README: as implementations written blind from RULES.md chose).
    active: s.players[s.active].name,
    phase: s.phase,
    row: T.row.map(dieView),
    lair: T.lair.map(dieView),
    direction: T.direction,
    turns_taken: turns,
    legal_spots: legalNow(s),
    last_turn: s.last_turn ? JSON.parse(JSON.stringify(s.last_turn)) : null,
    // RULES.md §4.1's names for the rest of the turn.
    pending: dieView(T.pending),
    remaining: diceLeft(s),
    dice_resolved: diceResolved(T),
    bets_placed: placed,
    bets_missing: s.phase === 'await_bets' ? betsMissing(s).map((i) => s.players[i].name) : [],
    game_over: s.phase === 'game_over',
  };
  if (s.winners) {
    const w: string[] = [];
    for (let i = 0; i < s.winners.length; i++) w.push(s.players[s.winners[i]].name);
    w.sort();
    v.final_scores = scores;
    v.winners = w;
  }
  return v;
}
