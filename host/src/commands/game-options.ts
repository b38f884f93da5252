/**
 * Which game each classroom option is about: given to another game it changed nothing, so it is
 * refused, naming the option typed and the games it is for (a list of every option belonging
 * elsewhere left a teacher to find the one they had typed).
 */
import { EXIT, HostError } from '../errors';
import type { ClassroomGame } from './classroom-options';

const GAMES_OF: Record<string, ClassroomGame[]> = {
  from: ['pechvogel'],
  all: ['pechvogel'],
  reduce: ['pechvogel'],
  frustrate: ['pechvogel'],
  row: ['seventh_dwarf'],
  die: ['seventh_dwarf'],
  policy: ['pechvogel', 'seventh_dwarf'],
};

/** Refuses the options in `given` (as commander parsed them: undefined when absent) that are not for `game`. */
export function checkGameOptions(game: ClassroomGame, given: object, hint: string): void {
  const set = given as Record<string, unknown>;
  const wrong = Object.keys(GAMES_OF).filter((k) => set[k] !== undefined && set[k] !== false && !GAMES_OF[k].includes(game));
  if (!wrong.length) return;
  const names = wrong.map((k) => `--${k}`);
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const forWhom = wrong.length === 1 ? `it is for ${GAMES_OF[wrong[0]].join(' and ')}` : wrong.map((k) => `--${k} is for ${GAMES_OF[k].join(' and ')}`).join('; ');
  throw new HostError(`${listed} ${wrong.length === 1 ? 'is' : 'are'} not for ${game}: ${forWhom}`, EXIT.usage, hint);
}
