import { describe, expect, it } from 'vitest';
import { run, start, ui } from '../support/pv-states';
import { describeGame } from '../../host/src/view/terminal-view';
import { promptText, refusalText, tableRefusal, TURN_GOAL } from '../../host/src/view/table-text';
import { actionText } from '../../host/src/view/action-text';

// Wording found confusing while playing at a simulated table (an audit as players).

describe('table wording found confusing at play', () => {
  it('an eighth key on a first throw: not "7 dice are due, 7 entered"', () => {
    const s = start();
    const lines = describeGame(s, ui({ e: [3, 3, 3, 3, 4, 4, 5], err: 'wrong_dice_count' }), 0);
    expect(lines).toContain('Refused: all 7 dice are entered (OK confirms, BACK removes the last)');
    expect(lines.join('\n')).not.toMatch(/7 dice are due, 7 entered/);
    // A real miscount still says both numbers.
    expect(tableRefusal('wrong_dice_count', s, ui({ e: [3, 4] }))).toBe('Refused: 7 dice are due, 2 entered');
  });

  it('three ravens on the first throw: the turn ends, and what the target choice still does', () => {
    let s = run(start(), [{ do: 'throw', faces: ['R', 'R', 'R', 3, 4, 5, 6] }]);
    expect(promptText(s, ui(), 0)).toEqual(['Ann: choose the target, pad 3, 4, 5 or 6 (the throw: 3 4 5 6 + 3 ravens)', '  3 ravens end the turn: any number, the choice changes nothing']);
    s = run(start(), [{ do: 'throw', faces: ['R', 'R', 'R', 5, 5, 5, 5] }]);
    expect(promptText(s, ui(), 0)[1]).toBe('  3 ravens end the turn: choosing 5 also wins a 5 marker, if one is left');
    // Fewer ravens: no ravens line, only what the turn is for (TURN_GOAL).
    s = run(start(), [{ do: 'throw', faces: ['R', 'R', 3, 4, 5, 6, 7] }]);
    expect(promptText(s, ui(), 0)).toEqual(['Ann: choose the target, pad 3–7 (the throw: 3 4 5 6 7 + 2 ravens)', TURN_GOAL]);
  });

  it('the marker step: OK with the middle out of the value says to steal, a seat without the value says so', () => {
    // Ben holds a 4; the middle has none left; Cleo collects four 4s.
    let s = start();
    s.middle[4 - 3] = 0;
    s.players[1].markers = [4];
    s.active = 2;
    s = run(s, [{ do: 'throw', faces: [4, 4, 4, 4, 'R', 3, 5] }, { do: 'choose_target', value: 4 }]);
    expect(s.phase).toBe('await_marker_choice');
    expect(tableRefusal('marker_not_available', s, ui())).toBe("Refused: the middle has no 4 left: steal one (a holder's seat button)");
    // The middle has the value: the refusal can only be a seat of a player without it.
    let t = start();
    t.players[1].markers = [4];
    t = run(t, [{ do: 'throw', faces: [4, 4, 4, 4, 'R', 3, 5] }, { do: 'choose_target', value: 4 }]);
    expect(tableRefusal('marker_not_available', t, ui())).toBe('Refused: that player has no 4');
    // The seat pressed is known (the board's btn line): named, for whoever reads slowly.
    expect(tableRefusal('marker_not_available', t, ui({ ep: 0 }))).toBe('Refused: Ann has no 4');
    // The active player's own seat: what to press instead ("not an opponent of the active player" did not say).
    expect(tableRefusal('not_an_opponent', t, ui())).toBe("Refused: a 4 is stolen from another player (a holder's seat button); OK takes one from the middle");
    expect(tableRefusal('not_an_opponent', s, ui())).toBe("Refused: a 4 is stolen from another player (a holder's seat button)");
  });
});

describe('correcting a throw', () => {
  it('says what BACK does now: with faces entered it takes the last one back, only then it leaves', () => {
    const s = run(start(), [{ do: 'throw', faces: [3, 3, 'R', 4, 5, 6, 7] }]);
    expect(promptText(s, ui({ c: true }), 0)).toEqual(["Correcting Ann's last throw (7 dice): enter its faces, OK", '  (BACK: leave it as it was)']);
    expect(promptText(s, ui({ c: true, e: [3, 3] }), 0)[1]).toBe('  (BACK removes the last face, held clears them; then BACK leaves it as it was)');
  });
});

describe('refusals the table state explains better than the code', () => {
  it('OK with nothing entered while the target is due asks for the target, not dice', () => {
    const s = run(start(), [{ do: 'throw', faces: [3, 3, 'R', 4, 5, 6, 7] }]);
    expect(tableRefusal('enter_dice', s, ui())).toBe('Refused: choose the target first (pad 3–7)');
    expect(tableRefusal('enter_dice', run(s, [{ do: 'choose_target', value: 3 }]), ui())).toBe('Refused: enter the dice on the pad first');
  });

  it("the active player's own seat with votes in: no frustration to spend, if that is so", () => {
    let s = start();
    s.players[1].frustrations = 1;
    s = run(s, [{ do: 'throw', faces: [3, 3, 'R', 4, 5, 6, 7] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 'R', 4, 5] }]);
    expect(s.phase).toBe('reroll_window');
    expect(tableRefusal('frustration_started', s, ui({ v: [1] }))).toBe('Refused: Ann has no frustration to spend');
    // An opponent's seat without one: named when the seat is known, the code's words when not.
    expect(tableRefusal('no_frustration_to_spend', s, ui({ ep: 2 }))).toBe('Refused: Cleo has no frustration to spend');
    expect(tableRefusal('no_frustration_to_spend', s, ui())).toBe('Refused: no frustration to spend');
    s.players[0].frustrations = 2;
    expect(tableRefusal('frustration_started', s, ui({ v: [1] }))).toBe('Refused: a frustration has started: the active player can no longer reduce on this throw');
  });
});

describe('a seat pressed with no window', () => {
  it('says why a first or an empty throw cannot be rerolled instead of "the window is closed"', () => {
    let s = start();
    s.players[1].frustrations = 1;
    // Pressed while the first throw is being entered: about that throw too.
    expect(tableRefusal('window_closed', s, ui({ e: [3, 4] }))).toBe('Refused: the first throw of a turn can never be rerolled');
    s = run(s, [{ do: 'throw', faces: [3, 3, 'R', 4, 5, 6, 7] }]);
    expect(tableRefusal('window_closed', s, ui())).toBe('Refused: the first throw of a turn can never be rerolled');
    s = run(s, [{ do: 'choose_target', value: 3 }]);
    expect(tableRefusal('window_closed', s, ui())).toBe('Refused: the first throw of a turn can never be rerolled');
    s = run(s, [{ do: 'throw', faces: [4, 5, 6, 7] }]);
    expect(s.phase).toBe('await_throw');
    expect(tableRefusal('window_closed', s, ui())).toBe('Refused: a throw with no target and no raven cannot be rerolled');
    // A window that was open and passed: closed it is.
    s = run(s, [{ do: 'throw', faces: [3, 4, 5, 6] }]);
    expect(s.phase).toBe('reroll_window');
    s = run(s, [{ do: 'pass' }]);
    expect(tableRefusal('window_closed', s, ui())).toBe('Refused: the reroll window for this throw is closed');
  });

  it('a seat pressed while a reroll is due: wait for the reroll, not "the window is closed"', () => {
    let s = start([1, 1, 0]);
    s = run(s, [{ do: 'throw', faces: [3, 3, 'R', 4, 5, 6, 7] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 'R', 4, 5] }, { do: 'frustrate', by: ['Ben'] }]);
    expect(s.phase).toBe('await_reroll');
    // The same code as a passed window (the firmware's seat button, the engine's reroll()): the phase tells them apart.
    expect(tableRefusal('window_closed', s, ui({ ep: 0 }))).toBe('Refused: wait for the reroll: Ann throws 4 dice again first');
    const r = run(start([1, 1, 0]), [{ do: 'throw', faces: [3, 3, 'R', 4, 5, 6, 7] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 'R', 4, 5] }, { do: 'reduce' }]);
    expect(r.phase).toBe('await_reroll');
    expect(tableRefusal('window_closed', r, ui({ ep: 1 }))).toBe('Refused: wait for the reroll: Ann throws 4 dice again first');
  });

  it('a pad key in a window that takes no throw says that OK passes (or frustrates with the votes)', () => {
    // Without the state: the table's words, not the engine's "pass, reduce or frustrate first".
    expect(refusalText('window_open')).toBe('Refused: the reroll window is open: OK passes (with votes in: frustrates); seat buttons reduce or frustrate');
    expect(tableRefusal('window_open', null, null)).toBe(refusalText('window_open'));
    // A throw that ended the turn (four 3s): no next throw to start, so a face is no pass.
    let s = run(start([1, 1, 0]), [{ do: 'throw', faces: [3, 3, 'R', 4, 5, 6, 7] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 3, 4, 5] }]);
    expect(s.phase).toBe('reroll_window');
    expect(s.turn.last!.ends).toBe(true);
    expect(tableRefusal('window_open', s, ui())).toBe('Refused: the reroll window is open: OK = pass, or a seat button to reduce or frustrate');
    // Only the opponents can reroll it: only frustrating is offered.
    s = run(start([0, 1, 0]), [{ do: 'throw', faces: [3, 3, 'R', 4, 5, 6, 7] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 3, 4, 5] }]);
    expect(tableRefusal('window_open', s, ui())).toBe('Refused: the reroll window is open: OK = pass, or a seat button to frustrate');
    // Votes in: OK frustrates with them.
    expect(tableRefusal('window_open', s, ui({ v: [1] }))).toBe('Refused: 1 vote in the reroll window: OK = frustrate, then the reroll');
    expect(describeGame(s, ui({ v: [1], err: 'window_open' }), 0).join('\n')).not.toMatch(/pass, reduce or frustrate first/);
  });

  it("option R-PV-06b: a reduce's reroll gave the opponents no window, and the refusal says why", () => {
    let s = start();
    s.config.reduce_reroll_immune_to_frustrate = true;
    s.players[0].frustrations = 1;
    s.players[1].frustrations = 1;
    s = run(s, [{ do: 'throw', faces: [3, 3, 'R', 4, 5, 6, 7] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 'R', 4, 5] }, { do: 'reduce' }, { do: 'throw', faces: [3, 'R', 4, 5] }]);
    expect(s.phase).toBe('await_throw');
    expect(tableRefusal('window_closed', s, ui())).toBe("Refused: a reduce's reroll cannot be frustrated (option K2)");
  });
});

describe('a turn that completes its target with no marker to win', () => {
  it('says why no marker came (the table saw the turn pass without a word)', () => {
    const s = start();
    s.middle[7 - 3] = 0;
    s.players[0].markers = [7]; // Ann's own 7 is no option; nobody else holds one
    const before = run(s, [{ do: 'throw', faces: [7, 7, 7, 'R', 3, 4, 5] }, { do: 'choose_target', value: 7 }]);
    const a = { do: 'throw', faces: [7, 3, 4] };
    const after = run(before, [a]);
    expect(after.active).toBe(1);
    expect(actionText(a, before, after)).toBe("Ann threw 7 3 4 · four 7s, but no 7 left to win: no marker · Ben's turn");
    // Four on the first throw: said at the target choice.
    const first = run(s, [{ do: 'throw', faces: [7, 7, 7, 7, 3, 4, 5] }]);
    const c = { do: 'choose_target', value: 7 };
    expect(actionText(c, first, run(first, [c]))).toBe("Ann chose 7 as the target · four 7s, but no 7 left to win: no marker · Ben's turn");
    // Three ravens end a turn short of four: nothing about markers.
    const r = { do: 'throw', faces: ['R', 'R', 3] };
    expect(actionText(r, before, run(before, [r]))).not.toMatch(/marker/);
  });
});
