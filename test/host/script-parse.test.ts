/**
 * The table-script format read on its own (parseScript): the bounds of numbers, the words each
 * step takes, and what is not a step.
 */
import { describe, expect, it } from 'vitest';
import { parseScript } from '../../host/src/script/parse-script';
import { freshSimRunner } from '../support/sim-runner';

describe('table-script steps', () => {
  it('takes seed and start as whole numbers up to 2^31 - 1 only', () => {
    expect(parseScript('new Ann Ben seed=2147483647\n')[0]).toMatchObject({ seed: 2147483647 });
    expect(() => parseScript('new Ann Ben seed=2147483648\n')).toThrow(/line 1: seed needs a whole number/);
  });

  it('needs a button for press, hold and bounce', () => {
    for (const op of ['press', 'hold', 'bounce']) expect(() => parseScript(op + '\n'), op).toThrow(new RegExp(`line 1: ${op} needs a button`));
  });

  it('needs two buttons and a time above 0 for a chord', () => {
    expect(() => parseScript('chord OK 3500\n')).toThrow(/chord needs two or more buttons/);
    expect(() => parseScript('chord OK BK 0\n')).toThrow(/chord needs two or more buttons and a time/);
  });

  it('needs a time for wait: milliseconds as digits, or with a unit', () => {
    expect(parseScript('wait 9000\n')).toEqual([{ line: 1, op: 'wait', ms: 9000 }]);
    expect(parseScript('wait 9s\n')).toEqual([{ line: 1, op: 'wait', ms: 9000 }]);
    expect(() => parseScript('wait 9x\n')).toThrow(/line 1: wait needs a time/);
  });

  it('takes one refusal code, and an LED inside the board with one palette letter', () => {
    expect(() => parseScript('expect rej window_open game_over\n')).toThrow(/line 1: unexpected game_over/);
    expect(parseScript('expect led 15 7 Y\n')).toEqual([{ line: 1, op: 'expect_led', x: 15, y: 7, letter: 'Y' }]);
    expect(() => parseScript('expect led 16 0 Y\n')).toThrow(/expect led needs X/);
    expect(() => parseScript('expect led 4 0 RG\n')).toThrow(/palette letter/);
  });

  it('reads expect no act only as those words, and a path before every =', () => {
    expect(parseScript('expect no act\n')).toEqual([{ line: 1, op: 'expect_no_act' }]);
    expect(() => parseScript('expect no rej\n')).toThrow(/line 1: unknown expectation no/);
    expect(() => parseScript('expect state =3\n')).toThrow(/line 1: expected path=value, got =3/);
  });
});

describe('table-script expectations', () => {
  it('do not see an action from before a new game', async () => {
    const { runner } = await freshSimRunner();
    const steps = parseScript('new Ann Ben seed=1\nact {"do":"throw","faces":[3,3,4,4,5,5,6]}\nnew Cleo Dan seed=2\nexpect act throw\n');
    const results = await runner.run(steps);
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
    expect(results[3].problem).toMatch(/^no accepted throw/);
  });
});
