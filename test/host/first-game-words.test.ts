/**
 * Words a newcomer's first game on the sim asked for (README "Your first game"): what waiting out
 * the reroll window does, what OK does once faces are on the pad, and what to hold when the game
 * is over and a short press is refused.
 */
import { describe, expect, it } from 'vitest';
import { run, start, ui } from '../support/pv-states';
import { describeGame } from '../../host/src/view/terminal-view';
import { promptText, refusalText, tableRefusal } from '../../host/src/view/table-text';
import { seedRng } from '../../shared/engine/rng';

describe("a first game's questions are answered on the screen", () => {
  it('the reroll window says that its time running out does what OK does (a pass, or the votes frustrate)', () => {
    const s = run(start([1, 1, 0]), [{ do: 'throw', faces: [6, 6, 3, 4, 5, 7, 'R'] }, { do: 'choose_target', value: 6 }, { do: 'throw', faces: [6, 3, 4, 5] }]);
    expect(s.phase).toBe('reroll_window');
    expect(promptText(s, ui({ dl: 5000, at: 1000 }), 2000)[0]).toBe('Reroll window, 4.0 s left: OK (or time running out) = pass');
    expect(promptText(s, ui({ dl: 5000, at: 1000, v: [1] }), 2000)[0]).toBe('Reroll window, 4.0 s left: OK (or time running out) = frustrate (1 vote)');
    // The page shows no time in the words (its own box counts down): nothing to run out there.
    expect(promptText(s, ui({ dl: 5000, at: 1000 }), 2000, { seconds: false })[0]).toBe('Reroll window: OK = pass');
  });

  it('with faces entered on the pad the prompt says OK confirms them and held BACK clears them, not that a long OK rolls', () => {
    const s = start();
    s.rng = seedRng(7);
    expect(promptText(s, ui(), 0)).toEqual(['Ann: first throw, 7 dice (long OK rolls them)']);
    expect(promptText(s, ui({ e: [3, 4] }), 0)).toEqual(['Ann: first throw, 7 dice (enter all 7, then OK; hold BACK to clear)']);
    const t = run(s, [{ do: 'throw', faces: [7, 7, 3, 4, 5, 6, 'R'] }, { do: 'choose_target', value: 7 }]);
    expect(promptText(t, ui({ e: [3] }), 0)).toEqual(['Ann: throw 4 dice (enter all 4, then OK; hold BACK to clear)']);
    // Real dice: the pad is the only way in, and an empty entry says what it is for (a stranger at
    // a kiosk waited for the board); a half-typed one says to finish or clear it, as with virtual dice.
    const real = start();
    expect(promptText(real, ui(), 0)).toEqual(['Ann: first throw, 7 dice (type their faces, then OK)']);
    expect(promptText(real, ui({ e: [3] }), 0)).toEqual(['Ann: first throw, 7 dice (enter all 7, then OK; hold BACK to clear)']);
    const t2 = run(real, [{ do: 'throw', faces: [7, 7, 3, 4, 5, 6, 'R'] }, { do: 'choose_target', value: 7 }]);
    expect(promptText(t2, ui(), 0)).toEqual(['Ann: throw 4 dice (type their faces, then OK)']);
  });

  it('a short press at game over is refused with what to hold instead', () => {
    const over = start();
    over.phase = 'game_over';
    over.scores = [0, 0, 0];
    over.winners = [0, 1, 2];
    const text = 'Refused: the game is over: hold OK for a rematch, hold BACK for a new set-up';
    expect(tableRefusal('game_over', over, ui())).toBe(text);
    expect(describeGame(over, ui({ err: 'game_over', at: 0 }), 0)).toContain(text);
  });

  it('the target prompt and its refusals name the numbers the first throw shows, not pad 3–7', () => {
    const s = run(start(), [{ do: 'throw', faces: [3, 5, 5, 7, 'R', 'R', 3] }]);
    expect(s.phase).toBe('await_target');
    expect(promptText(s, ui(), 0)[0]).toBe('Ann: choose the target, pad 3, 5 or 7 (the throw: 3 3 5 5 7 + 2 ravens)');
    expect(tableRefusal('enter_dice', s, ui())).toBe('Refused: choose the target first (pad 3, 5 or 7)');
    const all = run(start(), [{ do: 'throw', faces: [3, 4, 5, 6, 7, 'R', 3] }]);
    expect(promptText(all, ui(), 0)[0]).toMatch(/pad 3–7 \(/);
  });

  it("a refused correction says a rolled throw cannot be corrected (an 'entered' throw read as any throw)", () => {
    expect(refusalText('nothing_to_correct')).toBe('Refused: only the last throw typed in can be corrected (not one the board rolled), before any decision');
  });
});
