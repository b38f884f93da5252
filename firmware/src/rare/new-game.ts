/** New games (from the table's set-up, a rematch or the host) and adopting a loaded one. */
import type { RuleError } from '../../../shared/engine/types';
import { LOG_FORMAT } from '../../../shared/engine/log';
import { setupPechvogel } from '../../../shared/games/pechvogel/setup';
import type { PvState } from '../../../shared/games/pechvogel/types';
import type { App, DeviceHeader } from '../app';
import type { EspruinoGlobals } from '../espruino-types';

declare const getTime: EspruinoGlobals['getTime'];

export function newGame(app: App, seats: number[], names: string[] | null, start: number, config: Record<string, unknown>, seed: number | undefined): RuleError | null {
  const players: string[] = [];
  for (let i = 0; i < seats.length; i++) players.push(names ? names[i] : 'Seat ' + (seats[i] + 1));
  const setup = { players: players, start: start < 0 ? 0 : start, config: config, seed: seed };
  const r = setupPechvogel(setup);
  if (!r.ok) return r.error;
  return adopt(app, { log: LOG_FORMAT, game: 'pechvogel', setup: setup, seats: seats }, r.state);
}

/** Makes `st` the game in play: checkpointed at once, announced to the host. */
export function adopt(app: App, h: DeviceHeader, st: PvState): RuleError | null {
  // A game starting is use, whoever starts it: a host's new game on an idle kiosk table was
  // abandoned at once (the idle clock ran from the last press).
  app.lastInput = getTime() * 1000;
  try {
    app.journal.checkpoint(h, st, true);
  } catch (e) {
    // Not journaled: no game (the old one's lines are gone, its checkpoint must not take the new one's).
    app.abandon('storage_full');
    return { code: 'storage_full' } as RuleError;
  }
  app.setGame(h, st);
  app.send({ t: 'new', n: st.n });
  return null;
}
