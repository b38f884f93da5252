import { describe, expect, it } from 'vitest';
import type { PvState } from '../../shared/games/pechvogel/types';
import { run, start, ui } from '../support/pv-states';
import type { MirrorSetup, MirrorUi } from '../../host/src/mirror/mirror-model';
import { describeGame } from '../../host/src/view/terminal-view';
import { greedyMurphyText, lostVictim, markerStepText, NEW_GAME_EVENT, optionsText, promptText, restartNote, RESTART_NOTE, SCORE_RULE, setupText, staffSettings, TURN_GOAL } from '../../host/src/view/table-text';
import { RefusalClock, REFUSAL_SHOW_MS } from '../../host/src/view/refusal-clock';

describe('what the screens say the table should do', () => {
  it('set-up: who joined, who starts, the options; a refusal stays with the set-up', () => {
    expect(setupText({ in: [true, false, true, false, false, false, false], st: 2, vd: true, im: false, so: false })).toEqual([
      'Set-up: 2–5 seat buttons join (held: start player), K1–K3 options, OK starts.',
      'Joined: Seat 1, Seat 3 · starts: Seat 3',
      'Options: K1 virtual dice on · K2 reroll immune off · K3 steal only off',
      "K2: a reduce's reroll cannot be frustrated",
      'K3: steal only when the middle has no marker of the target',
    ]);
    // Each line fits an 80-column terminal.
    for (const l of setupText({ in: [true, true, true, true, true, true, true], st: 6, vd: true, im: true, so: true })) expect(l.length, l).toBeLessThanOrEqual(80);
    expect(setupText({ in: [false, true, false, false, false, false, false], st: -1, vd: false, im: false, so: false })[1]).toBe('Joined: Seat 2 · starts: Seat 2');
    const text = describeGame(null, ui({ m: 'setup', err: 'bad_setup' }), 0);
    expect(text[0]).toMatch(/^Set-up: /);
    expect(text[text.length - 1]).toMatch(/^Refused: /);
  });

  it('a wrong count says what is due and what was entered; an impossible set-up how many joined; the staff menu says play waits', () => {
    let s = start();
    const lines = (st: PvState | null, u: MirrorUi, setup: MirrorSetup | null = null) => describeGame(st, u, 0, { setup });
    expect(lines(s, ui({ e: [3, 4], err: 'wrong_dice_count' }))).toEqual(expect.arrayContaining(['Entering: 3 4 (2 entered, 7 due)', 'Refused: 7 dice are due, 2 entered']));
    s = run(s, [{ do: 'throw', faces: [7, 7, 7, 3, 4, 'R', 6] }]);
    // A long OK while the target is to be chosen: no throw now. Correcting that first throw: its 7 dice are due.
    expect(lines(s, ui({ err: 'wrong_dice_count' })).pop()).toBe('Refused: no throw now: choose the target first (pad 3, 4, 6 or 7)');
    expect(lines(s, ui({ e: [3], c: true, err: 'wrong_dice_count' }))).toEqual(expect.arrayContaining(['Entering: 3 (1 entered, 7 due)  (correcting the last throw)', 'Refused: 7 dice are due, 1 entered']));
    s = run(s, [{ do: 'choose_target', value: 7 }]);
    expect(lines(s, ui({ e: [3, 4, 5, 6], err: 'wrong_dice_count' }))).toEqual(expect.arrayContaining(['Entering: 3 4 5 6 (4 entered, 3 due)', 'Refused: 3 dice are due, 4 entered']));
    const six = { in: [true, true, true, true, true, true, false], st: -1, vd: false, im: false, so: false };
    // What to do, too: a table of 7 (the board has 7 seats) was told only what was wrong.
    expect(lines(null, ui({ m: 'setup', err: 'bad_setup' }), six).pop()).toBe('Refused: Pechvogel is for 2 to 5 players (6 joined): press 1 of the lit seat buttons again to take them out (6 or 7 players: a house rule, started from the computer, README "Six or seven players")');
    expect(lines(null, ui({ m: 'setup', err: 'bad_setup' }), Object.assign({}, six, { in: [true, true, true, true, true, true, true] })).pop()).toMatch(/^Refused: Pechvogel is for 2 to 5 players \(7 joined\): press 2 of the lit seat buttons again/);
    expect(lines(null, ui({ m: 'setup', err: 'bad_setup' }), Object.assign({}, six, { in: [true, false, false, false, false, false, false] })).pop()).toBe('Refused: Pechvogel is for 2 to 5 players (1 joined): each player presses their own seat button, then OK');
    // Under the staff menu: no buttons for the game, and why its countdowns stop.
    const staff = lines(run(s, [{ do: 'throw', faces: [7, 3, 4] }]), ui({ m: 'staff' }));
    expect(staff.join('\n')).not.toMatch(/Reroll window|OK = |own seat button/);
    expect(staff[staff.length - 1]).toMatch(/^Play waits while the menu is open/);
  });

  it('a refusal shows for REFUSAL_SHOW_MS after it came, then goes by itself (in play and at set-up); a new one shows again', () => {
    expect(REFUSAL_SHOW_MS).toBeGreaterThanOrEqual(10_000);
    expect(REFUSAL_SHOW_MS).toBeLessThanOrEqual(15_000);
    const over = start();
    over.phase = 'game_over';
    over.scores = [0, 0, 0];
    over.winners = [0, 1, 2];
    const at = 50_000;
    const OVER = 'Refused: the game is over: hold OK for a rematch, hold BACK for a new set-up';
    const refused = (now: number, u = ui({ err: 'game_over', at })) => describeGame(over, u, now).filter((l) => /^Refused/.test(l));
    expect(refused(at)).toEqual([OVER]);
    expect(refused(at + REFUSAL_SHOW_MS - 1)).toEqual([OVER]);
    // Three minutes later (nobody pressed again): gone; the rest of the screen stays.
    expect(refused(at + REFUSAL_SHOW_MS)).toEqual([]);
    expect(refused(at + 180_000)).toEqual([]);
    expect(describeGame(over, ui({ err: 'game_over', at }), at + 180_000).slice(-2)).toEqual(['Game over: hold OK for a rematch, hold BACK for a new set-up', SCORE_RULE]);
    // A new refusal (its own ui line, so its own time) shows again.
    expect(refused(at + 180_000, ui({ err: 'game_over', at: at + 179_000 }))).toEqual([OVER]);
    const setup = { in: [true, false, false, false, false, false, false], st: -1, vd: false, im: false, so: false };
    expect(describeGame(null, ui({ m: 'setup', err: 'bad_setup', at }), at + 1000, { setup }).pop()).toMatch(/^Refused: /);
    expect(describeGame(null, ui({ m: 'setup', err: 'bad_setup', at }), at + REFUSAL_SHOW_MS, { setup }).some((l) => /^Refused/.test(l))).toBe(false);
  });

  it('the refusal clock: the same refusal pressed again shows again; the staff menu does not bring an old one back', () => {
    const over = start();
    over.phase = 'game_over';
    over.scores = [0, 0, 0];
    over.winners = [0, 1, 2];
    const clock = new RefusalClock();
    const refused = (u: MirrorUi, now: number) => describeGame(over, u, now, { refusalSince: clock.since(u) }).some((l) => /^Refused/.test(l));
    const first = ui({ err: 'game_over', at: 1000 });
    clock.seen(first);
    expect(refused(first, 1000 + REFUSAL_SHOW_MS)).toBe(false);
    // OK again, refused alike: the board sends the press but no ui line (nothing in it changed).
    clock.pressed(first, 200_000);
    expect(refused(first, 200_000 + 1000)).toBe(true);
    expect(refused(first, 200_000 + REFUSAL_SHOW_MS)).toBe(false);
    // The staff menu opens and closes: the board repeats the game's ui line with the old refusal.
    const staff = ui({ m: 'staff', at: 300_000 });
    clock.seen(staff);
    clock.pressed(staff, 301_000);
    const back = ui({ err: 'game_over', at: 302_000 });
    expect(refused(back, 302_000)).toBe(false);
    // A press that is taken clears it; the next refusal is new, even with the same code.
    clock.seen(ui({ at: 303_000 }));
    const again = ui({ err: 'game_over', at: 304_000 });
    expect(refused(again, 304_500)).toBe(true);
  });

  it('the refusal clock: a refusal known only from a snapshot is not shown as new; pressed again, it is', () => {
    const over = start();
    over.phase = 'game_over';
    over.scores = [0, 0, 0];
    over.winners = [0, 1, 2];
    // A mirror started (or a board plugged back in) minutes after the press: the board still
    // keeps the refusal in its snapshot, and the snapshot's time is not the refusal's.
    let clock = new RefusalClock();
    const refused = (u: MirrorUi, now: number) => describeGame(over, u, now, { refusalSince: clock.since(u) }).some((l) => /^Refused/.test(l));
    const old = ui({ err: 'game_over', at: 500_000, snap: true });
    clock.seen(old);
    expect(refused(old, 500_000)).toBe(false);
    // The board's next ui line (a redraw) carries it on: still old.
    expect(refused(ui({ err: 'game_over', at: 501_000 }), 501_000)).toBe(false);
    // Pressed again and refused alike (no new ui line): shown, for its time.
    clock.pressed(old, 502_000);
    expect(refused(old, 502_500)).toBe(true);
    expect(refused(old, 502_000 + REFUSAL_SHOW_MS)).toBe(false);
    // A ui line lost on the line right after a press: the snapshot's refusal counts from that press.
    clock = new RefusalClock();
    clock.seen(ui({ at: 600_000 }));
    clock.pressed(ui({ at: 600_000 }), 601_000);
    const lost = ui({ err: 'game_over', at: 602_000, snap: true });
    expect(refused(lost, 602_000)).toBe(true);
    expect(refused(lost, 601_000 + REFUSAL_SHOW_MS)).toBe(false);
  });

  it('the rule options chosen at set-up are said in plain words during play; none by the book', () => {
    const s = start();
    expect(optionsText(s)).toBe('');
    expect(describeGame(s, ui(), 0).some((l) => /^Option/.test(l))).toBe(false);
    s.config = { ...s.config, reduce_reroll_immune_to_frustrate: true };
    expect(optionsText(s)).toBe("Option: a reduce's reroll cannot be frustrated");
    expect(describeGame(s, ui(), 0)).toContain("Option: a reduce's reroll cannot be frustrated");
    s.config = { ...s.config, steal_only_if_middle_lacks_value: true };
    expect(optionsText(s)).toBe("Options: a reduce's reroll cannot be frustrated · steal only when the middle has no marker of the target");
    // The terminal: one a line (80 columns), also under the staff menu.
    const lines = describeGame(s, ui(), 0);
    expect(lines).toEqual(expect.arrayContaining(["Option: a reduce's reroll cannot be frustrated", 'Option: steal only when the middle has no marker of the target']));
    expect(describeGame(s, ui({ m: 'staff' }), 0)).toContain('Option: steal only when the middle has no marker of the target');
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(78);
  });

  it('the staff menu: its keys (K3 and K4 held), the settings now, and that play waits', () => {
    const s = start();
    const lines = describeGame(s, ui({ m: 'staff', w: 8000, br: 32 }), 0);
    expect(lines.slice(0, 3)).toEqual(['Staff menu: K1 reroll-window time · K2 brightness · K3 held: end the game', '  K4 held: console for flashing · K5 self-test · OK leaves', '  now: reroll window 8 s · brightness full (level 32)']);
    expect(lines[lines.length - 1]).toBe('Play waits while the menu is open: countdowns run again in full after.');
  });

  it("the staff menu names a time or brightness set from the computer as it is, and what the next K1 or K2 press makes of it", () => {
    // The menu's own steps: 4/8/12 s, half (16) and full (32).
    expect(staffSettings(ui({ m: 'staff', w: 12000, br: 16 }))).toEqual({ K1: '12 s', K2: 'half' });
    expect(staffSettings(ui({ m: 'staff', w: 4000, br: 32 }))).toEqual({ K1: '4 s', K2: 'full' });
    // `dicetray config window=20s brightness=100`: "full" read as the menu's full, and one press of K2 made it half;
    // level 0 (a dark board) read "half".
    expect(staffSettings(ui({ m: 'staff', w: 20000, br: 100 }))).toEqual({
      K1: '20 s, set from the computer (K1 makes it 4 s)',
      K2: 'level 100, set from the computer (K2 makes it half)',
    });
    expect(staffSettings(ui({ m: 'staff', w: 8000, br: 0 }))!.K2).toBe('level 0, set from the computer (K2 makes it full)');
    expect(staffSettings(ui({ m: 'staff', w: 8000, br: 255 }))!.K2).toBe('level 255, set from the computer (K2 makes it half)');
    // The terminal: the whole of it within 80 columns (cut at the edge, what K2 does was lost).
    const lines = describeGame(start(), ui({ m: 'staff', w: 20000, br: 100 }), 0);
    const text = lines.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('reroll window 20 s, set from the computer (K1 makes it 4 s)');
    expect(text).toContain('brightness level 100, set from the computer (K2 makes it half)');
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(78);
  });

  it('the throw, the target with what was rolled, and a correction of the last turn’s throw with its own dice', () => {
    let s = start();
    expect(promptText(s, ui(), 0)).toEqual(['Ann: first throw, 7 dice (type their faces, then OK)']);
    s = run(s, [{ do: 'throw', faces: [7, 7, 7, 3, 4, 'R', 6] }]);
    expect(promptText(s, ui(), 0)).toEqual(['Ann: choose the target, pad 3, 4, 6 or 7 (the throw: 3 4 6 7 7 7 + 1 raven)', TURN_GOAL]);
    s = run(s, [{ do: 'choose_target', value: 7 }]);
    expect(promptText(s, ui(), 0)).toEqual(['Ann: throw 3 dice (type their faces, then OK)']);
    // Two more ravens: three, the turn ends; Ben's turn, and BACK corrects Ann's 3-dice throw.
    s = run(s, [{ do: 'throw', faces: ['R', 'R', 3] }]);
    expect(s.players[s.active].name).toBe('Ben');
    expect(promptText(s, ui({ c: true }), 0)[0]).toBe("Correcting Ann's last throw (3 dice): enter its faces, OK");
  });

  it('the reroll window says who may frustrate and whether the player may reduce, with the time left', () => {
    const throwOne = (s: PvState) => run(s, [{ do: 'throw', faces: [6, 6, 3, 4, 5, 7, 'R'] }, { do: 'choose_target', value: 6 }, { do: 'throw', faces: [6, 3, 4, 5] }]);
    let s = throwOne(start([1, 1, 0]));
    expect(s.phase).toBe('reroll_window');
    // What OK does now (the firmware's window closing, also when the time runs out): no votes, a pass.
    expect(promptText(s, ui({ dl: 5000, at: 1000 }), 2000)).toEqual(['Reroll window, 4.0 s left: OK (or time running out) = pass', '  frustrate: Ben (own seat button, 1 frustration each: Ann rerolls)', '  reduce: Ann (own seat button, pays 1 frustration: rerolls)']);
    // Once Ben has voted, Ann can no longer reduce (the board refuses it: frustration_started);
    // Ben is not asked again, but told how to take the vote back.
    // With votes in, OK frustrates with them.
    expect(promptText(s, ui({ dl: 5000, at: 1000, v: [1] }), 2000)).toEqual(['Reroll window, 4.0 s left: OK (or time running out) = frustrate (1 vote)', '  votes: Ben (press again: withdraw)']);
    // A window set to minutes counts as a clock does ("592.6 s left" had to be worked out), the last minute in tenths.
    expect(promptText(s, ui({ dl: 600_000, at: 1000 }), 8400)[0]).toBe('Reroll window, 9:53 left: OK (or time running out) = pass');
    expect(promptText(s, ui({ dl: 600_000, at: 1000 }), 1000)[0]).toBe('Reroll window, 10:00 left: OK (or time running out) = pass');
    expect(promptText(s, ui({ dl: 61_000, at: 0 }), 1000)[0]).toBe('Reroll window, 60.0 s left: OK (or time running out) = pass');
    s = throwOne(start([1, 1, 1]));
    expect(promptText(s, ui({ dl: 5000, at: 1000, v: [2] }), 2000)).toEqual(['Reroll window, 4.0 s left: OK (or time running out) = frustrate (1 vote)', '  votes: Cleo (press again: withdraw)', '  frustrate: Ben (own seat button, 1 frustration each: Ann rerolls)']);
    expect(promptText(s, ui({ dl: 5000, at: 1000, v: [2, 1] }), 2000)).toEqual(['Reroll window, 4.0 s left: OK (or time running out) = frustrate (2 votes)', '  votes: Cleo, Ben (press again: withdraw)']);
    // The page counts the seconds in its own box: the words without them.
    expect(promptText(s, ui({ dl: 5000, at: 1000 }), 2000, { seconds: false })[0]).toBe('Reroll window: OK = pass');
    // Only the player can reroll: nobody is asked to frustrate.
    s = throwOne(start([1, 0, 0]));
    expect(promptText(s, ui({ dl: 5000, at: 0 }), 0)).toEqual(['Reroll window, 5.0 s left: OK (or time running out) = pass', '  reduce: Ann (own seat button, pays 1 frustration: rerolls)']);
  });
});

describe('the marker step says what it offers, and a greedy turn that Murphy comes with it', () => {
  /** Ann ends her turn on 6s: `sixes` of them on the board (4: not greedy, 5+: greedy). */
  const markerStep = (sixes: number, edit: (s: PvState) => void = () => {}) => {
    const s = start([0, 0, 0]);
    edit(s);
    // Three 6s and a raven first; the last 3 dice bring the rest of the 6s.
    const t = run(s, [{ do: 'throw', faces: [6, 6, 6, 3, 4, 5, 'R'] }, { do: 'choose_target', value: 6 }, { do: 'throw', faces: [3, 4, 5].map((f, i) => (i < sixes - 3 ? 6 : f)) }]);
    expect(t.phase).toBe('await_marker_choice');
    return t;
  };
  const phaseLine = (s: PvState) => describeGame(s, ui(), 0).find((l) => /marker/.test(l) && /target 6/.test(l)) || '';

  it('take, steal, or both: only what is possible (markerOptions)', () => {
    // Both: the middle has a 6 and Ben holds one.
    let s = markerStep(4, (x) => (x.players[1].markers = [6]));
    expect(markerStepText(s)).toBe('take or steal a marker');
    expect(markerStepText(s, true)).toBe('takes or steals a marker');
    expect(phaseLine(s)).toMatch(/^take or steal a marker · target 6/);
    // Only the middle: nobody else holds a 6.
    s = markerStep(4);
    expect(markerStepText(s)).toBe('take a marker');
    expect(markerStepText(s, true)).toBe('takes a marker');
    expect(phaseLine(s)).toMatch(/^take a marker · target 6/);
    // Only a steal: no 6 left in the middle.
    s = markerStep(4, (x) => {
      x.players[1].markers = [6];
      x.players[2].markers = [6];
      x.middle[6 - 3] = 0;
    });
    expect(markerStepText(s)).toBe('steal a marker');
    expect(markerStepText(s, true)).toBe('steals a marker');
    // The steal-only option with the value in the middle: take it is.
    s = markerStep(4, (x) => {
      x.players[1].markers = [6];
      x.config.steal_only_if_middle_lacks_value = true;
    });
    expect(markerStepText(s)).toBe('take a marker');
  });

  it('a greedy turn (5+ targets): Murphy goes with the marker, or stays; four targets say nothing of Murphy', () => {
    let s = markerStep(4, (x) => (x.players[1].markers = [6]));
    expect(greedyMurphyText(s)).toBe('');
    expect(promptText(s, ui(), 0).join('\n')).not.toMatch(/Murphy/);
    s = markerStep(5, (x) => (x.players[1].markers = [6]));
    expect(s.turn.targets).toBe(5);
    expect(promptText(s, ui(), 0)).toEqual(['Ann: OK takes a 6 from the middle', '  or steal: seat button of Ben, then pad 3–7 for the box', '  greedy (5 × 6 on the board): Murphy goes to Ann with the marker']);
    // The victim chosen, and the board's own choice counting down: the warning stays.
    expect(promptText(s, ui({ vic: 1 }), 0).pop()).toBe('  greedy (5 × 6 on the board): Murphy goes to Ann with the marker');
    s = markerStep(6, (x) => (x.murphy = 0));
    expect(promptText(s, ui({ dl: 3000 }), 0)).toEqual(['Only choice: Ann takes a 6 from the middle in 3.0 s (OK: now; BACK: correct the throw)', '  greedy (6 × 6 on the board): Murphy stays with Ann']);
    // The engine agrees: Murphy is Ann's once the marker is taken.
    const after = run(markerStep(5), [{ do: 'take_marker' }]);
    expect(after.murphy).toBe(0);
    // Correcting the throw: no warning (the corrected throw decides).
    expect(promptText(s, ui({ c: true }), 0).join('\n')).not.toMatch(/Murphy/);
  });
});

describe('the marker step says what the turn end does with frustrations (R-PV-20)', () => {
  /** Ann reaches four 6s after Ben and Cleo frustrated her last throw (`by`), with `fr` frustrations each at the start. */
  const frustrated = (fr: number[], by: string[], last: (6 | 3 | 4 | 'R')[] = [6, 3, 4]) => {
    const s = run(start(fr), [
      { do: 'throw', faces: [6, 6, 6, 3, 4, 5, 'R'] },
      { do: 'choose_target', value: 6 },
      { do: 'throw', faces: [6, 3, 4] },
      { do: 'frustrate', by },
      { do: 'throw', faces: last },
    ]);
    return s.phase === 'reroll_window' ? run(s, [{ do: 'pass' }]) : s;
  };
  const then = (s: PvState, u = ui()) => promptText(s, u, 0).filter((l) => /^  then: |^    /.test(l));

  it('each frustrater gets theirs back and one more, from the active player while she has any, else from the supply', () => {
    let s = frustrated([1, 1, 1], ['Ben']);
    expect(s.phase).toBe('await_marker_choice');
    expect(then(s)).toEqual(['  then: Ben gets the frustration back', '    Ann gives 1 to Ben']);
    s = frustrated([1, 1, 1], ['Ben', 'Cleo']);
    expect(then(s)).toEqual(['  then: Ben and Cleo get their frustrations back', '    Ann gives 1 to Ben; Cleo gets 1 from the supply']);
    // The board's own choice counting down says it too; and the engine does what it said.
    expect(then(s, ui({ dl: 3000 }))).toHaveLength(2);
    const after = run(s, [{ do: 'take_marker' }]);
    expect(after.players.map((p) => p.frustrations)).toEqual([0, 2, 2]);
    s = frustrated([0, 1, 1], ['Cleo']);
    expect(then(s)).toEqual(['  then: Cleo gets the frustration back', '    Cleo gets 1 from the supply']);
  });

  it('with 3 ravens too, the active player takes the frustrations on the board; nobody frustrating: nothing said', () => {
    // Four 6s and the third raven in one throw.
    const s = frustrated([1, 1, 1], ['Ben', 'Cleo'], [6, 'R', 'R']);
    expect(s.phase).toBe('await_marker_choice');
    expect(then(s)).toEqual(['  then: Ann takes the 2 frustrations on the board']);
    expect(run(s, [{ do: 'take_marker' }]).players.map((p) => p.frustrations)).toEqual([3, 0, 0]);
    const plain = run(start([0, 0, 0]), [{ do: 'throw', faces: [6, 6, 6, 3, 4, 5, 'R'] }, { do: 'choose_target', value: 6 }, { do: 'throw', faces: [6, 3, 4] }]);
    expect(plain.phase).toBe('await_marker_choice');
    expect(then(plain)).toEqual([]);
  });
});

describe('a restart and a new game in the event lists', () => {
  it('the restart note names the steal whose victim was chosen before the power cut, only then', () => {
    const s = start();
    s.players[1].markers = [6];
    const t = run(s, [{ do: 'throw', faces: [6, 6, 6, 3, 4, 5, 'R'] }, { do: 'choose_target', value: 6 }, { do: 'throw', faces: [6, 3, 4] }]);
    expect(t.phase).toBe('await_marker_choice');
    expect(lostVictim(t, ui({ vic: 1 }))).toBe('Ben');
    expect(restartNote(t, ui({ vic: 1 }))).toBe(`${RESTART_NOTE}; the steal from Ben has to be chosen again too (Ben's seat button)`);
    // No victim chosen, another phase, nothing known: the general note.
    expect(restartNote(t, ui())).toBe(RESTART_NOTE);
    expect(restartNote(start(), ui({ vic: 1 }))).toBe(RESTART_NOTE);
    expect(restartNote()).toBe(RESTART_NOTE);
    expect(lostVictim(t, ui({ vic: 1, m: 'staff' }))).toBe('');
  });

  it('the restart note says what the table is back to where no game goes on: set-up, or the finished game', () => {
    // In set-up with no game: the board forgets who joined and starts it again.
    const setupNote = 'the set-up starts over: seats and options have to be chosen again';
    expect(restartNote(null, ui({ m: 'setup' }))).toBe(setupNote);
    // No game under the staff menu: the board comes back in set-up too.
    expect(restartNote(null, ui({ m: 'staff' }))).toBe(setupNote);
    // At game over the board keeps the finished game; a set-up opened from it (long BACK) gives way to it.
    const over = start();
    over.phase = 'game_over';
    over.scores = [0, 0, 0];
    over.winners = [0, 1, 2];
    expect(restartNote(over, ui())).toBe('the finished game is kept as it was');
    expect(restartNote(over, ui({ m: 'setup' }))).toBe('the finished game is back; the set-up begun has to be begun again (hold BACK)');
    for (const note of [restartNote(null, ui({ m: 'setup' })), restartNote(over, ui()), restartNote(over, ui({ m: 'setup' }))]) expect(note).not.toMatch(/goes on|half entered/);
    // A game in play still goes on.
    expect(restartNote(start(), ui({ m: 'staff' }))).toBe(RESTART_NOTE);
  });

  it('a new game has a line of its own', () => {
    expect(NEW_GAME_EVENT).toMatch(/^— new game —$/);
  });
});

describe('classroom mode (--odds): the exact odds under the prompt', () => {
  it('before the first throw, and from the board whenever the active player throws; nowhere else; off by default', () => {
    let s = start();
    expect(promptText(s, ui(), 0)).toEqual(['Ann: first throw, 7 dice (type their faces, then OK)']);
    expect(promptText(s, ui(), 0, { odds: true })).toEqual(['Ann: first throw, 7 dice (type their faces, then OK)', '  odds, no rerolls (target: most dice): marker 58 % · 3+ ravens 46 % · both 4 % · Murphy 15 %']);
    s = run(s, [{ do: 'throw', faces: [5, 5, 5, 'R', 'R', 3, 4] }]);
    // Choosing the target: each number's chance of a marker and points expected (5: 3,2 → 11/20, +1.1).
    expect(promptText(s, ui(), 0, { odds: true }).slice(2)).toEqual(['  marker, no rerolls: 3: 14 % · 4: 14 % · 5: 55 %', '  average points, no rerolls: 3: −2.2 · 4: −2.1 · 5: +1.1']);
    s = run(s, [{ do: 'choose_target', value: 5 }]);
    expect(s.phase).toBe('await_throw');
    // 3 targets and 2 ravens, two dice left: 11/20, 11/20, 1/10, 1/10 (test/shared/pechvogel-odds.test.ts).
    expect(promptText(s, ui(), 0, { odds: true })[1]).toBe('  odds, no rerolls: marker 55 % · 3+ ravens 55 % · both 10 % · Murphy 10 %');
    expect(describeGame(s, ui(), 0, { odds: true }).some((l) => /^ {2}odds, no rerolls: marker 55 %/.test(l))).toBe(true);
    expect(describeGame(s, ui(), 0).some((l) => /odds/.test(l))).toBe(false);
    // The turn ends (a fourth 5): the marker step has no odds line.
    s = run(s, [{ do: 'throw', faces: [5, 3] }]);
    expect(promptText(s, ui(), 0, { odds: true }).some((l) => /odds/.test(l))).toBe(false);
  });

  it('in a reroll window where the active player may reduce: the chance of a marker kept or reduced', () => {
    // Ann holds a frustration; 3 targets and 2 ravens, then a lone raven ends the turn without a
    // marker: keeping it gives 0 %, rerolling the two dice 11/20 (test/shared/pechvogel-odds.test.ts).
    let s = start([1, 0, 0]);
    s = run(s, [{ do: 'throw', faces: [5, 5, 5, 'R', 'R', 3, 4] }, { do: 'choose_target', value: 5 }, { do: 'throw', faces: ['R', 3] }]);
    expect(s.phase).toBe('reroll_window');
    expect(promptText(s, ui(), 0, { odds: true }).pop()).toBe("  Ann's marker, nobody frustrating: keep 0 % (reduce later) · reduce now 55 %");
    expect(promptText(s, ui(), 0).some((l) => /odds/.test(l))).toBe(false);
  });

  it('in a reroll window where an opponent may frustrate: marker and 3+ ravens, kept → rerolled', () => {
    // Ben holds a frustration, Ann too: the lone raven from 3,2 kept is the third raven for sure;
    // rerolled, 11/20 for the marker and for 3+ ravens (test/shared/pechvogel-odds.test.ts).
    let s = start([1, 1, 0]);
    s = run(s, [{ do: 'throw', faces: [5, 5, 5, 'R', 'R', 3, 4] }, { do: 'choose_target', value: 5 }, { do: 'throw', faces: ['R', 3] }]);
    expect(promptText(s, ui(), 0, { odds: true }).slice(-2)).toEqual([
      "  Ann's marker, nobody frustrating: keep 0 % (reduce later) · reduce now 55 %",
      "  frustrated, no later rerolls: Ann's marker 0 % → 55 % · 3+ ravens 100 % → 55 %",
    ]);
    // Frustrated: the reroll is about to be thrown from 3,2 again, so its odds are the "→" side above.
    s = run(s, [{ do: 'frustrate', by: ['Ben'] }]);
    expect(s.phase).toBe('await_reroll');
    expect(promptText(s, ui(), 0, { odds: true }).pop()).toBe('  odds, no rerolls: marker 55 % · 3+ ravens 55 % · both 10 % · Murphy 10 %');
    // Once frustrated, the reroll's own window offers no second frustration: no such line.
    s = run(s, [{ do: 'throw', faces: ['R', 3] }]);
    expect(s.phase).toBe('reroll_window');
    expect(promptText(s, ui(), 0, { odds: true }).some((l) => /frustrated,/.test(l))).toBe(false);
  });
});
