/** Pechvogel states for the screens' wording tests: a 3-player start, actions applied, a mirror's ui. */
import { step } from '../../shared/engine/step';
import type { Action } from '../../shared/engine/types';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { PvState } from '../../shared/games/pechvogel/types';
import type { MirrorUi } from '../../host/src/mirror/mirror-model';
import { scoreOf } from '../../shared/games/pechvogel/rules';

/** Applies the actions; throws on the first one the rules turn down. */
export function run(s: PvState, actions: Action[]): PvState {
  for (const a of actions) {
    const r = step(s, a);
    if (!r.ok) throw new Error(`${a.do}: ${r.error.code}`);
    s = r.state;
  }
  return s;
}

/** Ann, Ben and Cleo at their first throw, with these frustrations (a copy to change freely). */
export function start(frustrations: number[] = [0, 0, 0]): PvState {
  const r = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo'] });
  if (!r.ok) throw new Error(r.error.message);
  const s = JSON.parse(JSON.stringify(r.state)) as PvState;
  frustrations.forEach((f, i) => (s.players[i].frustrations = f));
  return s;
}

/** A mirror's ui line in play, with these fields. */
export const ui = (o: Partial<MirrorUi> = {}): MirrorUi => ({ m: 'play', e: [], c: false, v: [], dl: 0, vic: -1, err: '', at: 0, ...o });

/** `s` ended as the rules end it: the middle empty, scored, the best score's players the winners (changes `s`). */
export function endedGame(s: PvState): PvState {
  s.middle = [0, 0, 0, 0, 0];
  s.phase = 'game_over';
  s.scores = s.players.map((_, i) => scoreOf(s, i));
  const best = Math.max(...s.scores);
  s.winners = s.scores.map((v, i) => (v === best ? i : -1)).filter((i) => i >= 0);
  return s;
}
