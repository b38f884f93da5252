/**
 * A figure of That's Life! walking alone from the Start to the Finish, played by the real engine
 * with its own dice: every other figure is home, so the cards ahead stay as laid out. Reports the
 * route positions (1 = first card) it stopped on.
 */
import { thatsLifeFromGiven } from '../games/thats-life/setup';
import { standardPath } from '../games/thats-life/cards';
import type { TlState } from '../games/thats-life/types';
import { mustStep } from './must-step';

/** One walk after another from `seed` (the dice's stream runs on): each call walks the next figure. */
export function walkFigures(seed: number): () => number[] {
  const route = standardPath();
  const start = thatsLifeFromGiven(
    { players: [{ name: 'Red', figures: ['start', 'finish', 'finish'], collected: [] }, { name: 'Blue', figures: ['finish', 'finish', 'finish'], collected: [] }], active: 'Red', seed },
    {},
  );
  if (!start.ok) throw new Error(start.error.code);
  let rng = start.state.rng as number[];
  return () => {
    let s: TlState = Object.assign({}, start.state, { rng });
    const stops: number[] = [];
    while (s.phase !== 'game_over') {
      s = mustStep(s, { do: 'roll' }).state;
      s = mustStep(s, { do: 'move', piece: 'Red#0' }).state;
      const at = s.players[0].figures[0];
      if (at !== 'finish') stops.push(route.indexOf(at) + 1);
    }
    rng = s.rng as number[];
    return stops;
  };
}

export function simulateWalks(walks: number, seed: number, each: (stops: number[], i: number) => void): void {
  const next = walkFigures(seed);
  for (let i = 0; i < walks; i++) each(next(), i);
}
