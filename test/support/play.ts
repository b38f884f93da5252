import { step } from '../../shared/engine/step';
import { entryLine, headerLine, LOG_FORMAT } from '../../shared/engine/log';
import type { Action } from '../../shared/engine/types';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import { legalActions } from '../../shared/games/pechvogel/legal-actions';
import type { PvState } from '../../shared/games/pechvogel/types';
import { mulberry32 } from './random';

export interface PlayedGame {
  states: PvState[];
  actions: Action[];
  log: string;
}

/** Plays a random legal Pechvogel game (entered dice), recording every state and the log. */
export function playRandomGame(seed: number, players: number, maxActions = 5000, names = ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn', 'Gus'].slice(0, players)): PlayedGame {
  const rand = mulberry32(seed);
  const setup = { players: names, start: rand(players), config: { reduce_reroll_immune_to_frustrate: rand(4) === 0 } };
  const r = setupPechvogel(setup);
  if (!r.ok) throw new Error(r.error.message);
  let s = r.state;
  const states = [s];
  const actions: Action[] = [];
  const lines = [headerLine({ log: LOG_FORMAT, game: 'pechvogel', setup })];
  while (s.phase !== 'game_over' && actions.length < maxActions) {
    const options = legalActions(s, rand);
    const a = options[rand(options.length)];
    const res = step(s, a);
    if (!res.ok) throw new Error(`legal action refused: ${JSON.stringify(a)} in ${s.phase}: ${res.error.code}`);
    s = res.state;
    states.push(s);
    actions.push(a);
    lines.push(entryLine(s, a, res.effects));
  }
  return { states, actions, log: lines.join('\n') + '\n' };
}
