/** wait and chord take a time as config does (8s, 1m30s, 500ms); plain digits stay milliseconds. */
import { describe, expect, it } from 'vitest';
import { parseScript } from '../../host/src/script/parse-script';

const waitMs = (w: string) => (parseScript(`wait ${w}\n`)[0] as { ms: number }).ms;

describe('table-script durations', () => {
  it('wait: digits are ms, and the units config reads', () => {
    expect(waitMs('9000')).toBe(9000);
    expect(waitMs('500ms')).toBe(500);
    expect(waitMs('10s')).toBe(10_000);
    expect(waitMs('1.5s')).toBe(1500);
    expect(waitMs('30m')).toBe(1_800_000);
    expect(waitMs('1h30m')).toBe(5_400_000);
    expect(waitMs('8S')).toBe(8000);
  });

  it('wait: refuses what is no time, saying both forms', () => {
    for (const w of ['8x', '1.5', '0.5ms', 's', '-5']) {
      expect(() => parseScript(`wait ${w}\n`), w).toThrow(new RegExp(`^line 1: wait needs a time: milliseconds as digits \\(wait 8000\\) or with a unit \\(wait 8s, 1m30s, 500ms\\), got ${w.replace('.', '\\.')}$`));
    }
    expect(() => parseScript('wait 8 s\n')).toThrow(/^line 1: unexpected s \(write: wait 8000 or wait 8s\)$/);
  });

  it('wait: the bounds hold in any unit', () => {
    expect(() => parseScript('wait 2h\n', { realTime: true })).toThrow(/^line 1: wait 7200000 ms is 2 h: a board on real time/);
    expect(() => parseScript('wait 25h\n')).toThrow(/wait 90000000 ms is 25 h: longer than any timer/);
  });

  it('chord: digits or a unit', () => {
    expect(parseScript('chord OK BK 3500\n')[0]).toMatchObject({ ms: 3500 });
    expect(parseScript('chord OK BK 3.5s\n')[0]).toMatchObject({ ms: 3500 });
    expect(() => parseScript('chord OK BK 3.5x\n')).toThrow(/^line 1: chord needs two or more buttons and a time: milliseconds as digits \(3500\) or with a unit \(3\.5s\)$/);
  });
});
