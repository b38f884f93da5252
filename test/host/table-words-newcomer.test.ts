import { describe, expect, it } from 'vitest';
import type { PvState } from '../../shared/games/pechvogel/types';
import { run, start, ui } from '../support/pv-states';
import { actionText } from '../../host/src/view/action-text';
import { describeGame } from '../../host/src/view/terminal-view';
import { middleValuesText, promptText, SCORE_RULE, tableRefusal, TURN_GOAL } from '../../host/src/view/table-text';

// Two newcomers played whole games from the sim's screen alone; these are the places where the
// words left them guessing.

/** Ann's marker step on four 3s, with no 3 in the middle and Ben holding one: a steal. */
function stealStep(): PvState {
  const s = start();
  s.middle = [0, 0, 2, 1, 3];
  s.players[1].markers = [3];
  return run(s, [{ do: 'throw', faces: [3, 3, 3, 3, 4, 5, 6] }, { do: 'choose_target', value: 3 }]);
}

describe('the steal, once the opponent is chosen', () => {
  it('the prompt lists the pad keys the middle allows for the box', () => {
    const s = stealStep();
    expect(s.phase).toBe('await_marker_choice');
    expect(promptText(s, ui({ vic: 1 }), 0)).toEqual(['Ann steals a 3 from Ben: now pad 5, 6 or 7', '  (that middle marker goes out of the game, to the box; BACK: choose again)']);
    expect(middleValuesText(s)).toBe('5, 6 or 7');
    s.middle = [0, 0, 0, 0, 1];
    expect(promptText(s, ui({ vic: 1 }), 0)[0]).toBe('Ann steals a 3 from Ben: now pad 7');
  });

  it("OK, or the stolen value on the pad, is refused with the marker for the box still to choose, not 'steal one'", () => {
    const s = stealStep();
    // OK after the victim: the board says marker_not_available (firmware); it used to read "the
    // middle has no 3 left: steal one (a holder's seat button)", the button just pressed.
    expect(tableRefusal('marker_not_available', s, ui({ vic: 1 }))).toBe('Refused: the steal from Ben wants the marker for the box first: pad 5, 6 or 7');
    expect(tableRefusal('return_marker_not_in_middle', s, ui({ vic: 1 }))).toBe('Refused: the box gets a marker from the middle: pad 5, 6 or 7');
    // No victim yet: the old words, which are right there.
    expect(tableRefusal('marker_not_available', s, ui())).toBe("Refused: the middle has no 3 left: steal one (a holder's seat button)");
  });
});

describe('why a turn gave a frustration', () => {
  it('a turn ended by ravens says so on the last-event line', () => {
    const s0 = run(start(), [{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] }, { do: 'choose_target', value: 3 }]);
    const a = { do: 'throw', faces: ['R', 'R', 4, 5] };
    const s1 = run(s0, [a as never]);
    expect(actionText(a, s0, s1)).toBe("Ann threw raven raven 4 5 · 3 ravens: Ann +1 frustration · Ben's turn");
    // Passed window on a throw of three ravens: the ravens were already on the board.
    const w0 = run(start([0, 1, 0]), [{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: ['R', 'R', 4, 5] }]);
    expect(w0.phase).toBe('reroll_window');
    const w1 = run(w0, [{ do: 'pass' }]);
    expect(actionText({ do: 'pass' }, w0, w1)).toBe("Reroll window passed · 3 ravens: Ann +1 frustration · Ben's turn");
    // Four ravens on the first throw, the turn ended by the target chosen.
    const f0 = run(start(), [{ do: 'throw', faces: ['R', 'R', 'R', 'R', 3, 4, 5] }]);
    const f1 = run(f0, [{ do: 'choose_target', value: 4 }]);
    expect(actionText({ do: 'choose_target', value: 4 }, f0, f1)).toMatch(/^Ann chose 4 as the target · 4 ravens: Ann \+1 frustration · Murphy to Ann \(held at the end: −7 per frustration, not −3\) · Ben's turn$/);
  });
});

describe('what the counts are for, and how the scores come', () => {
  it('choosing the target says what 4 targets and 3 ravens do; fewer than 3 ravens only', () => {
    const s = run(start(), [{ do: 'throw', faces: [7, 7, 7, 3, 4, 'R', 6] }]);
    expect(promptText(s, ui(), 0)).toEqual(['Ann: choose the target, pad 3, 4, 6 or 7 (the throw: 3 4 6 7 7 7 + 1 raven)', TURN_GOAL]);
    expect(TURN_GOAL).toBe('  4 of the target win a marker · 3 ravens end the turn with a frustration');
    const r = run(start(), [{ do: 'throw', faces: [3, 4, 5, 6, 'R', 'R', 'R'] }]);
    expect(promptText(r, ui(), 0)).not.toContain(TURN_GOAL);
  });

  it('game over says how the scores are counted, Murphy too', () => {
    const over = start();
    over.phase = 'game_over';
    over.scores = [10, 3, 0];
    over.winners = [0];
    const lines = describeGame(over, ui(), 0);
    expect(lines.slice(-2)).toEqual(['Game over: hold OK for a rematch, hold BACK for a new set-up', SCORE_RULE]);
    expect(SCORE_RULE).toBe('  scores: the markers added up, −3 per frustration (−7 each with Murphy)');
  });

  it('a tie of every player says nobody loses, not "everyone else loses"', () => {
    const over = start();
    over.phase = 'game_over';
    over.scores = [22, 22, 22];
    over.winners = [0, 1, 2];
    expect(describeGame(over, ui(), 0)).toContain('game over · Ann & Ben & Cleo tie at 22: nobody loses');
    over.scores = [22, 22, 9];
    over.winners = [0, 1];
    expect(describeGame(over, ui(), 0)).toContain('game over · Ann & Ben tie at 22: non-losers, everyone else loses');
  });
});

describe('the reroll window says what its buttons do', () => {
  it('frustrating costs each voter a frustration and makes the player reroll; reducing pays one and rerolls', () => {
    const s = run(start([1, 1, 0]), [{ do: 'throw', faces: [6, 6, 3, 4, 5, 7, 'R'] }, { do: 'choose_target', value: 6 }, { do: 'throw', faces: [6, 3, 4, 5] }]);
    expect(s.phase).toBe('reroll_window');
    expect(promptText(s, ui(), 0).slice(1)).toEqual(['  frustrate: Ben (own seat button, 1 frustration each: Ann rerolls)', '  reduce: Ann (own seat button, pays 1 frustration: rerolls)']);
  });
});
