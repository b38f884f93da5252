/**
 * Five players with 16-character names on an 80-column terminal: the reroll window's lines ran
 * past the edge and were cut ("… 1 frustration each: Friederike-"), losing who rerolls; the game's
 * lines are now broken at spaces on the sim's screen and the mirror's, every word kept.
 */
import { describe, expect, it } from 'vitest';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { PvState } from '../../shared/games/pechvogel/types';
import { run, ui } from '../support/pv-states';
import { describeGame } from '../../host/src/view/terminal-view';
import { fitScreen } from '../../host/src/view/fit-screen';
import { simScreenParts } from '../../host/src/view/sim-screen';
import { mirrorScreenParts } from '../../host/src/view/mirror-screen';

const NAMES = ['Alexandra-Sophie', 'Maximilian-Georg', 'Friederike-Marie', 'Konstantin-Wolfg', 'Bartholomew-John'];
const plain = (screen: string) => screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').split('\n').slice(0, -1);
/** The screen's words run together (lines joined, their indents dropped), to find a text broken over lines. */
const words = (lines: string[]) => lines.map((l) => l.trim()).join(' ');

/** Friederike-Marie's reroll window, the two players before her with a frustration each. */
function window(): PvState {
  const r = setupPechvogel({ players: NAMES, start: 2 });
  if (!r.ok) throw new Error(r.error.message);
  const s = JSON.parse(JSON.stringify(r.state)) as PvState;
  s.players[0].frustrations = 1;
  s.players[1].frustrations = 1;
  return run(s, [{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 4, 5, 6] }]);
}

describe('16-character names on an 80-column terminal', () => {
  const s = window();
  const game = describeGame(s, ui({ dl: 8000, at: 0 }), 0);
  const whole = game.find((l) => l.includes('frustrate: '))!;

  it('the reroll window says who may frustrate and who rerolls, on lines that fit', () => {
    expect(s.phase).toBe('reroll_window');
    expect(whole).toContain('Friederike-Marie rerolls)');
    expect(whole.length).toBeGreaterThan(80);
    const sim = plain(fitScreen(simScreenParts({ title: 't', board: [], game, events: [], long: false }, 40, 80), 80, 40));
    const mirror = plain(fitScreen(mirrorScreenParts([{ header: 'h', down: '', board: [], game, notes: [] }], null, 40, 80), 80, 40));
    for (const screen of [sim, mirror]) {
      for (const l of screen) expect(l.length, l).toBeLessThan(80);
      expect(words(screen)).toContain(words([whole]));
    }
  });
});
