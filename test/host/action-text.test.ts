import { describe, expect, it } from 'vitest';
import { step } from '../../shared/engine/step';
import type { Action } from '../../shared/engine/types';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { PvState } from '../../shared/games/pechvogel/types';
import { actionText } from '../../host/src/view/action-text';
import { onlyChoiceText, tableRefusal } from '../../host/src/view/table-text';
import { playRandomGame } from '../support/play';
import { start } from '../support/pv-states';

// The screen's last-event line says how a turn ended (a café owner saw "Ben threw raven raven 6"
// and the next player's turn, with nothing about the frustration Ben had just taken).
function play(actions: Action[], from: PvState = start()): { before: PvState; after: PvState; a: Action } {
  let s = from;
  let before = s;
  for (const a of actions) {
    const res = step(s, a);
    if (!res.ok) throw new Error(`${JSON.stringify(a)}: ${res.error.code}`);
    before = s;
    s = res.state;
  }
  return { before, after: s, a: actions[actions.length - 1] };
}

describe('the last-event line', () => {
  it('a turn ended by three ravens: who takes the frustration, and whose turn it is', () => {
    const { before, after, a } = play([
      { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] },
      { do: 'choose_target', value: 3 },
      { do: 'throw', faces: ['R', 'R', 6, 7] },
    ]);
    expect(after.active).not.toBe(before.active);
    expect(actionText(a as Record<string, unknown>, before, after)).toBe("Ann threw raven raven 6 7 · 3 ravens: Ann +1 frustration · Ben's turn");
  });

  it('mid-turn nothing is added; over random games every turn end names the next player', () => {
    const mid = play([{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] }]);
    expect(actionText(mid.a as Record<string, unknown>, mid.before, mid.after)).toBe('Ann threw 3 3 4 5 6 7 raven');
    let ends = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const g = playRandomGame(seed, 3);
      for (let i = 0; i < g.actions.length; i++) {
        const b = g.states[i];
        const n = g.states[i + 1];
        const t = actionText(g.actions[i] as unknown as Record<string, unknown>, b, n);
        if (n.phase !== 'game_over' && n.active !== b.active) {
          ends++;
          expect(t).toContain(`${n.players[n.active].name}'s turn`);
        }
        if (n.murphy !== b.murphy && n.murphy >= 0) expect(t).toContain(`Murphy to ${n.players[n.murphy].name}`);
      }
    }
    expect(ends).toBeGreaterThan(50);
  });

  it("the board's only marker choice is said in full: a take, or a steal with the marker boxed", () => {
    const r = setupPechvogel({ players: ['Ann', 'Ben'] });
    if (!r.ok) throw new Error('setup');
    const s: PvState = JSON.parse(JSON.stringify(r.state));
    s.phase = 'await_marker_choice';
    s.turn.target = 4;
    s.middle = [1, 0, 0, 0, 0];
    s.players[1].markers = [4];
    expect(onlyChoiceText(s)).toBe('Ann steals a 4 from Ben, and a 3 from the middle goes to the box');
    s.middle = [1, 1, 0, 0, 0];
    s.players[1].markers = [];
    expect(onlyChoiceText(s)).toBe('Ann takes a 4 from the middle');
  });

  it('a target that was not rolled is refused with the numbers that were', () => {
    const { after } = play([{ do: 'throw', faces: [3, 3, 5, 5, 7, 'R', 'R'] }]);
    expect(after.phase).toBe('await_target');
    expect(tableRefusal('target_not_rolled', after, null)).toBe('Refused: the target is a number the first throw shows: 3, 5 or 7');
  });
});

describe('a turn end after a frustration (R-PV-20)', () => {
  it("the frustraters get their own token back and one more; the active player's payment is named", () => {
    // Ann throws, Ben and Cleo frustrate the second throw; the reroll reaches four 3s with fewer
    // than 3 ravens: each frustrater ends at +1, Ann pays what she has (1), the supply the rest.
    const { before, after: s } = play(
      [
        { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] },
        { do: 'choose_target', value: 3 },
        { do: 'throw', faces: [3, 4, 5, 6] },
        { do: 'frustrate', by: ['Ben', 'Cleo'] },
        { do: 'throw', faces: [3, 3, 4, 5] },
        // Ann could still reduce that turn-ending throw: she passes, then takes the marker.
        { do: 'pass' },
        { do: 'take_marker' },
      ],
      start([1, 1, 1]),
    );
    expect(s.players.map((p) => p.frustrations)).toEqual([0, 2, 2]);
    const t = actionText({ do: 'take_marker' }, before, s);
    // Who gives whom, in the order they joined (R-PV-20: "Kelly pays Diego first"): Ann's one to
    // Ben, Cleo's from the supply.
    expect(t).toBe("Ann took a 3 from the middle · Ben and Cleo get their frustrations back · Ann gives 1 to Ben; Cleo gets 1 from the supply · Ben's turn");
    expect(t).not.toMatch(/\+2/);
  });

  it('pays in joining order, not seat order; the active player pays all, or none; three ravens keep the old words', () => {
    const frustrated = (by: string[], fr: number[], end: Action[]) =>
      play([{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 4, 5, 6] }, { do: 'frustrate', by }, ...end], start(fr));
    // Cleo started it, Ben joined: Ann's only frustration goes to Cleo.
    let r = frustrated(['Cleo', 'Ben'], [1, 1, 1], [{ do: 'throw', faces: [3, 3, 4, 5] }, { do: 'pass' }, { do: 'take_marker' }]);
    expect(r.before.turn.frustraters).toEqual([2, 1]);
    expect(r.after.players.map((p) => p.frustrations)).toEqual([0, 2, 2]);
    expect(actionText(r.a as Record<string, unknown>, r.before, r.after)).toContain('Cleo and Ben get their frustrations back · Ann gives 1 to Cleo; Ben gets 1 from the supply');
    // Ann has two: she gives one to each.
    r = frustrated(['Ben', 'Cleo'], [2, 1, 1], [{ do: 'throw', faces: [3, 3, 4, 5] }, { do: 'pass' }, { do: 'take_marker' }]);
    expect(actionText(r.a as Record<string, unknown>, r.before, r.after)).toContain('Ben and Cleo get their frustrations back · Ann gives 1 each to Ben and Cleo ·');
    // Ann has none: both from the supply.
    r = frustrated(['Ben', 'Cleo'], [0, 1, 1], [{ do: 'throw', faces: [3, 3, 4, 5] }, { do: 'take_marker' }]);
    expect(actionText(r.a as Record<string, unknown>, r.before, r.after)).toContain('Ben and Cleo get their frustrations back · Ben and Cleo get 1 each from the supply ·');
    // One frustrater, the turn ended by a throw that continues no window: said the same way.
    r = frustrated(['Ben'], [0, 1, 0], [{ do: 'throw', faces: [3, 3, 4, 5] }, { do: 'take_marker' }]);
    expect(actionText(r.a as Record<string, unknown>, r.before, r.after)).toContain('Ben gets the frustration back · Ben gets 1 from the supply ·');
    // Three ravens: Ann takes the board's frustrations; nobody gets one back.
    r = frustrated(['Ben', 'Cleo'], [0, 1, 1], [{ do: 'throw', faces: ['R', 'R', 4, 5] }]);
    const t = actionText(r.a as Record<string, unknown>, r.before, r.after);
    expect(t).toContain('Ann +2 frustrations');
    expect(t).not.toMatch(/back|gives|supply/);
    // A frustration of unknown origin (a scenario's given): nobody known to get it, the old words.
    const g = start([1, 1, 1]);
    const mid = play([{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] }, { do: 'choose_target', value: 3 }], g).after;
    mid.turn.frustraters = [-1];
    mid.turn.frustrate_used = true;
    const end = play([{ do: 'throw', faces: [3, 3, 4, 5] }], mid);
    expect(actionText(end.a as Record<string, unknown>, end.before, end.after)).not.toMatch(/gives|supply/);
  });
});

describe('a virtual-dice game', () => {
  it('says when a throw was typed in instead of rolled', () => {
    const r = setupPechvogel({ players: ['Ann', 'Ben'], seed: 7 });
    if (!r.ok) throw new Error('setup');
    const before = r.state;
    expect(before.rng).toBeTruthy();
    const a: Action = { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] };
    const res = step(before, a);
    if (!res.ok) throw new Error(res.error.code);
    expect(actionText(a as Record<string, unknown>, before, res.state)).toBe('Ann threw 3 3 4 5 6 7 raven (typed in, not rolled)');
    const plain = setupPechvogel({ players: ['Ann', 'Ben'] });
    if (!plain.ok) throw new Error('setup');
    expect(actionText(a as Record<string, unknown>, plain.state, null)).toBe('Ann threw 3 3 4 5 6 7 raven');
  });
});

describe('a correction in a reroll window', () => {
  it('says the window starts again, so voters know to vote again', () => {
    const { before, after, a } = play(
      [
        { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] },
        { do: 'choose_target', value: 3 },
        { do: 'throw', faces: [3, 4, 5, 6] },
        { do: 'correct', faces: [3, 3, 5, 6] },
      ],
      start([0, 1, 1]),
    );
    expect(after.phase).toBe('reroll_window');
    expect(actionText(a as Record<string, unknown>, before, after)).toBe('Throw corrected to 3 3 5 6 · a new reroll window: vote again');
  });
});
