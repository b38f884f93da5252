/**
 * Words on the terminal table read again with Pechvogel's rulebook beside them, for newcomers:
 *  - the steal's offer named pad 3–7 for the box whatever the middle held (keys it lacks are refused);
 *  - "frustrations N" meant a player's frustrations in hand on one line and the frustrations on the
 *    board this turn on the next;
 *  - what Murphy costs was said only at game over, not where it changes hands.
 */
import { describe, expect, it } from 'vitest';
import type { PvState } from '../../shared/games/pechvogel/types';
import { step } from '../../shared/engine/step';
import { run, start, ui } from '../support/pv-states';
import { actionText } from '../../host/src/view/action-text';
import { describeGame } from '../../host/src/view/terminal-view';
import { promptText } from '../../host/src/view/table-text';

/** Ann's marker step on four 3s, no 3 in the middle, Ben holding one: only a steal. */
function stealStep(middle: number[]): PvState {
  const s = start();
  s.middle = [0, 0, 2, 1, 3];
  s.players[1].markers = [3];
  const m = run(s, [{ do: 'throw', faces: [3, 3, 3, 3, 4, 5, 6] }, { do: 'choose_target', value: 3 }]);
  m.middle = middle;
  return m;
}

describe("the steal's offer, before the opponent is chosen", () => {
  it('names the pad keys the middle has for the box, not 3–7', () => {
    expect(promptText(stealStep([0, 0, 2, 1, 3]), ui(), 0)).toEqual(['Ann: steal: seat button of Ben, then pad 5, 6 or 7 for the box']);
    expect(promptText(stealStep([0, 1, 0, 0, 0]), ui(), 0)).toEqual(['Ann: steal: seat button of Ben, then pad 4 for the box']);
    // Beside a take, with every value in the middle: 3–7 is the truth there.
    const s = stealStep([1, 1, 1, 1, 1]);
    expect(promptText(s, ui(), 0)).toEqual(['Ann: OK takes a 3 from the middle', '  or steal: seat button of Ben, then pad 3–7 for the box']);
  });

  it('with the middle empty (never in play: the game ends first; a loaded state) it says there is no steal, as the engine refuses every one', () => {
    const s = stealStep([0, 0, 0, 0, 0]);
    for (const v of [3, 4, 5, 6, 7]) {
      const r = step(s, { do: 'steal', from: 'Ben', return_to_box: v });
      expect(r.ok ? 'ok' : r.error.code).toBe('return_marker_not_in_middle');
    }
    expect(promptText(s, ui(), 0)).toEqual(['Ann: no steal: the middle has no marker for the box']);
  });
});

describe('frustrations on the terminal table', () => {
  it("a player's are in hand, the turn's are on the board: neither reads a bare 'frustrations N'", () => {
    // Ben and Cleo frustrate Ann's second throw: one frustration each goes onto the board (its 3 comes off it).
    const s0 = run(start([0, 2, 1]), [{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 4, 5, 6] }]);
    expect(s0.phase).toBe('reroll_window');
    const s = run(s0, [{ do: 'frustrate', by: ['Ben', 'Cleo'] }]);
    const lines = describeGame(s, ui(), 0);
    expect(lines.find((l) => l.includes(' Ann '))).toMatch(/markers \[\]  0 frustrations in hand$/);
    expect(lines.find((l) => l.includes(' Ben '))).toMatch(/markers \[\]  1 frustration in hand$/);
    expect(lines.find((l) => l.includes(' Cleo '))).toMatch(/markers \[\]  0 frustrations in hand$/);
    expect(lines).toContain('reroll · target 3: 2 on the board, ravens 1, frustrations on the board 2');
    expect(lines.filter((l) => /frustrations \d/.test(l))).toEqual([]);
  });
});

describe('Murphy changing hands', () => {
  it('says what holding it costs, where it moves; not where it stays', () => {
    // Ann's first throw: four ravens, greedy: a frustration and Murphy.
    const f0 = run(start(), [{ do: 'throw', faces: ['R', 'R', 'R', 'R', 3, 4, 5] }]);
    const f1 = run(f0, [{ do: 'choose_target', value: 4 }]);
    expect(actionText({ do: 'choose_target', value: 4 }, f0, f1)).toBe("Ann chose 4 as the target · 4 ravens: Ann +1 frustration · Murphy to Ann (held at the end: −7 per frustration, not −3) · Ben's turn");
    // Cleo greedy too, holding Murphy already: it does not change hands, nothing about it is said.
    const g0 = run(f1, [{ do: 'throw', faces: ['R', 'R', 'R', 'R', 3, 4, 5] }, { do: 'choose_target', value: 4 }, { do: 'throw', faces: ['R', 'R', 'R', 'R', 3, 4, 5] }]);
    g0.murphy = 2;
    const g1 = run(g0, [{ do: 'choose_target', value: 4 }]);
    expect(g1.murphy).toBe(2);
    expect(actionText({ do: 'choose_target', value: 4 }, g0, g1)).not.toMatch(/Murphy|−7/);
  });
});
