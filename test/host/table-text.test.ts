import { describe, expect, it } from 'vitest';
import { step } from '../../shared/engine/step';
import type { Action } from '../../shared/engine/types';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { PvState } from '../../shared/games/pechvogel/types';
import type { MirrorUi } from '../../host/src/mirror/mirror-model';
import { describeGame } from '../../host/src/view/terminal-view';
import { promptText, setupText } from '../../host/src/view/table-text';

function run(s: PvState, actions: Action[]): PvState {
  for (const a of actions) {
    const r = step(s, a);
    if (!r.ok) throw new Error(`${a.do}: ${r.error.code}`);
    s = r.state;
  }
  return s;
}

function start(frustrations: number[] = [0, 0, 0]): PvState {
  const r = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo'] });
  if (!r.ok) throw new Error(r.error.message);
  const s = JSON.parse(JSON.stringify(r.state)) as PvState;
  frustrations.forEach((f, i) => (s.players[i].frustrations = f));
  return s;
}

const ui = (o: Partial<MirrorUi> = {}): MirrorUi => ({ m: 'play', e: [], c: false, v: [], dl: 0, vic: -1, err: '', at: 0, ...o });

describe('what the screens say the table should do', () => {
  it('set-up: who joined, who starts, the options; a refusal stays with the set-up', () => {
    expect(setupText({ in: [true, false, true, false, false, false, false], st: 2, vd: true, im: false, so: false })).toEqual([
      'Set-up: 2–5 seat buttons join (long press: start player), K1–K3 options, OK starts.',
      'Joined: Seat 1, Seat 3 · starts: Seat 3',
      'Options: K1 virtual dice on · K2 reroll immune off · K3 steal only off',
    ]);
    expect(setupText({ in: [false, true, false, false, false, false, false], st: -1, vd: false, im: false, so: false })[1]).toBe('Joined: Seat 2 · starts: Seat 2');
    const text = describeGame(null, ui({ m: 'setup', err: 'bad_setup' }), 0, null);
    expect(text[0]).toMatch(/^Set-up: /);
    expect(text[text.length - 1]).toMatch(/^Refused: /);
  });

  it('a wrong count says what is due and what was entered; an impossible set-up how many joined; the staff menu says play waits', () => {
    let s = start();
    const lines = (st: PvState | null, u: MirrorUi, setup: Parameters<typeof describeGame>[3] = null) => describeGame(st, u, 0, setup);
    expect(lines(s, ui({ e: [3, 4], err: 'wrong_dice_count' }))).toEqual(expect.arrayContaining(['Entering: 3 4 (2 entered, 7 due)', 'Refused: 7 dice are due, 2 entered']));
    s = run(s, [{ do: 'throw', faces: [7, 7, 7, 3, 4, 'R', 6] }]);
    // A long OK while the target is to be chosen: no throw now. Correcting that first throw: its 7 dice are due.
    expect(lines(s, ui({ err: 'wrong_dice_count' })).pop()).toBe('Refused: no throw now: choose the target first (pad 3–7)');
    expect(lines(s, ui({ e: [3], c: true, err: 'wrong_dice_count' }))).toEqual(expect.arrayContaining(['Entering: 3 (1 entered, 7 due)  (correcting the last throw)', 'Refused: 7 dice are due, 1 entered']));
    s = run(s, [{ do: 'choose_target', value: 7 }]);
    expect(lines(s, ui({ e: [3, 4, 5, 6], err: 'wrong_dice_count' }))).toEqual(expect.arrayContaining(['Entering: 3 4 5 6 (4 entered, 3 due)', 'Refused: 3 dice are due, 4 entered']));
    const six = { in: [true, true, true, true, true, true, false], st: -1, vd: false, im: false, so: false };
    expect(lines(null, ui({ m: 'setup', err: 'bad_setup' }), six).pop()).toBe('Refused: Pechvogel is for 2 to 5 players (6 joined)');
    expect(lines(null, ui({ m: 'setup', err: 'bad_setup' }), Object.assign({}, six, { in: [true, false, false, false, false, false, false] })).pop()).toBe('Refused: Pechvogel is for 2 to 5 players (1 joined)');
    // Under the staff menu: no buttons for the game, and why its countdowns stop.
    const staff = lines(run(s, [{ do: 'throw', faces: [7, 3, 4] }]), ui({ m: 'staff' }));
    expect(staff.join('\n')).not.toMatch(/OK closes|own seat button/);
    expect(staff[staff.length - 1]).toMatch(/^Play waits while the menu is open/);
  });

  it('the throw, the target with what was rolled, and a correction of the last turn’s throw with its own dice', () => {
    let s = start();
    expect(promptText(s, ui(), 0)).toEqual(['Ann: first throw, 7 dice']);
    s = run(s, [{ do: 'throw', faces: [7, 7, 7, 3, 4, 'R', 6] }]);
    expect(promptText(s, ui(), 0)).toEqual(['Ann: choose the target, pad 3–7 (rolled 3 4 6 7 7 7 + 1 raven)']);
    s = run(s, [{ do: 'choose_target', value: 7 }]);
    expect(promptText(s, ui(), 0)).toEqual(['Ann: throw 3 dice']);
    // Two more ravens: three, the turn ends; Ben's turn, and BACK corrects Ann's 3-dice throw.
    s = run(s, [{ do: 'throw', faces: ['R', 'R', 3] }]);
    expect(s.players[s.active].name).toBe('Ben');
    expect(promptText(s, ui({ c: true }), 0)[0]).toBe("Correcting Ann's last throw (3 dice): enter its faces, OK");
  });

  it('the reroll window says who may frustrate and whether the player may reduce, with the time left', () => {
    const throwOne = (s: PvState) => run(s, [{ do: 'throw', faces: [6, 6, 3, 4, 5, 7, 'R'] }, { do: 'choose_target', value: 6 }, { do: 'throw', faces: [6, 3, 4, 5] }]);
    let s = throwOne(start([1, 1, 0]));
    expect(s.phase).toBe('reroll_window');
    expect(promptText(s, ui({ dl: 5000, at: 1000, v: [1] }), 2000)).toEqual(['Reroll window, 4.0 s left (OK closes it) · votes: Ben', '  frustrate: Ben (own seat button)', '  reduce: Ann (own seat button)']);
    // Only the player can reroll: nobody is asked to frustrate.
    s = throwOne(start([1, 0, 0]));
    expect(promptText(s, ui({ dl: 5000, at: 0 }), 0)).toEqual(['Reroll window, 5.0 s left (OK closes it)', '  reduce: Ann (own seat button)']);
  });
});

describe('classroom mode (--odds): the exact odds under the prompt', () => {
  it('before the first throw, and from the board whenever the active player throws; nowhere else; off by default', () => {
    let s = start();
    expect(promptText(s, ui(), 0)).toEqual(['Ann: first throw, 7 dice']);
    expect(promptText(s, ui(), 0, { odds: true })).toEqual(['Ann: first throw, 7 dice', '  odds, no rerolls (target: most dice): marker 58 % · 3+ ravens 46 % · both 4 % · Murphy 15 %']);
    s = run(s, [{ do: 'throw', faces: [5, 5, 5, 'R', 'R', 3, 4] }]);
    // Choosing the target: each number's chance of a marker and points expected (5: 3,2 → 11/20, +1.1).
    expect(promptText(s, ui(), 0, { odds: true }).slice(1)).toEqual(['  marker by target: 3: 14 % · 4: 14 % · 5: 55 %', '  points by target: 3: −2.2 · 4: −2.1 · 5: +1.1']);
    s = run(s, [{ do: 'choose_target', value: 5 }]);
    expect(s.phase).toBe('await_throw');
    // 3 targets and 2 ravens, two dice left: 11/20, 11/20, 1/10, 1/10 (test/shared/pechvogel-odds.test.ts).
    expect(promptText(s, ui(), 0, { odds: true })[1]).toBe('  odds, no rerolls: marker 55 % · 3+ ravens 55 % · both 10 % · Murphy 10 %');
    expect(describeGame(s, ui(), 0, null, true).some((l) => /^ {2}odds, no rerolls: marker 55 %/.test(l))).toBe(true);
    expect(describeGame(s, ui(), 0, null).some((l) => /odds/.test(l))).toBe(false);
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
    expect(promptText(s, ui(), 0, { odds: true }).pop()).toBe('  odds of a marker, reduce only: keep 0 % · reduce 55 %');
    expect(promptText(s, ui(), 0).some((l) => /odds/.test(l))).toBe(false);
  });

  it('in a reroll window where an opponent may frustrate: marker and 3+ ravens, kept → rerolled', () => {
    // Ben holds a frustration, Ann too: the lone raven from 3,2 kept is the third raven for sure;
    // rerolled, 11/20 for the marker and for 3+ ravens (test/shared/pechvogel-odds.test.ts).
    let s = start([1, 1, 0]);
    s = run(s, [{ do: 'throw', faces: [5, 5, 5, 'R', 'R', 3, 4] }, { do: 'choose_target', value: 5 }, { do: 'throw', faces: ['R', 3] }]);
    expect(promptText(s, ui(), 0, { odds: true }).slice(-2)).toEqual([
      '  odds of a marker, reduce only: keep 0 % · reduce 55 %',
      '  if frustrated: marker 0 % → 55 % · 3+ ravens 100 % → 55 %',
    ]);
    // Once frustrated, the reroll's own window offers no second frustration: no such line.
    s = run(s, [{ do: 'frustrate', by: ['Ben'] }, { do: 'throw', faces: ['R', 3] }]);
    expect(s.phase).toBe('reroll_window');
    expect(promptText(s, ui(), 0, { odds: true }).some((l) => /if frustrated/.test(l))).toBe(false);
  });
});
