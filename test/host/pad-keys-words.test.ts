/**
 * The pad keys and dice counts the table words name, at the sizes the other tests did not reach
 * (a mutation round found them unchecked): a first throw showing two numbers ("3 or 5", not
 * "35"), and a reroll's own count in the half-typed prompt (not the first throw's 7).
 */
import { describe, expect, it } from 'vitest';
import { run, start, ui } from '../support/pv-states';
import { promptText, tableRefusal } from '../../host/src/view/table-text';
import { seedRng } from '../../shared/engine/rng';

describe('pad keys and dice counts in the table words', () => {
  it('a first throw showing two numbers: the prompt and the refusals say "pad 3 or 5"', () => {
    const s = run(start(), [{ do: 'throw', faces: [3, 5, 5, 3, 'R', 'R', 3] }]);
    expect(s.phase).toBe('await_target');
    expect(promptText(s, ui(), 0)[0]).toBe('Ann: choose the target, pad 3 or 5 (the throw: 3 3 3 5 5 + 2 ravens)');
    expect(tableRefusal('enter_dice', s, ui())).toBe('Refused: choose the target first (pad 3 or 5)');
    expect(tableRefusal('target_not_rolled', s, ui())).toBe('Refused: the target is a number the first throw shows: 3 or 5');
  });

  it("a reroll half-typed with virtual dice names the reroll's dice, not the first throw's 7", () => {
    const s = run(start([1, 1, 0]), [{ do: 'throw', faces: [3, 3, 'R', 4, 5, 6, 7] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 'R', 4, 5] }, { do: 'reduce' }]);
    expect(s.phase).toBe('await_reroll');
    s.rng = seedRng(7);
    const n = s.turn.reroll;
    expect(n).toBeLessThan(7);
    expect(promptText(s, ui({ e: [4] }), 0)).toEqual([`Ann: reroll ${n} dice (enter all ${n}, then OK; hold BACK to clear)`]);
  });
});
