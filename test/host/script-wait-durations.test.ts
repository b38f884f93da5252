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
  });

  it('wait: a space between number and unit, as people write a quantity', () => {
    expect(waitMs('8 s')).toBe(8000);
    expect(waitMs('1.5 s')).toBe(1500);
    expect(waitMs('500 ms')).toBe(500);
    expect(waitMs('30 min')).toBe(1_800_000);
    expect(waitMs('8 S')).toBe(8000);
  });

  it('wait: still refuses junk after the time, saying why where it looks like a unit or a part', () => {
    expect(() => parseScript('wait 8 secs\n')).toThrow(/^line 1: 8 secs: no unit is called secs \(ms, s, sec, m, min, h; write: wait 8000 or wait 8s\)$/);
    expect(() => parseScript('wait 1m 30s\n')).toThrow(/^line 1: 1m 30s: a time's parts go together, without a space \(1m30s\)$/);
    expect(() => parseScript('wait 8000 9000\n')).toThrow(/^line 1: unexpected 9000 \(write: wait 8000 or wait 8s\)$/);
    expect(() => parseScript('wait 8 s now\n')).toThrow(/^line 1: unexpected now \(write: wait 8000 or wait 8s\)$/);
    expect(() => parseScript('wait 8 000\n')).toThrow(/^line 1: unexpected 000/);
    expect(() => parseScript('wait s 8\n')).toThrow(/^line 1: wait needs a time: .*, got s 8$/);
  });

  it('wait: the bounds hold in any unit', () => {
    expect(() => parseScript('wait 2h\n', { realTime: true })).toThrow(/^line 1: wait 7200000 ms is 2 h: a board on real time/);
    expect(() => parseScript('wait 25h\n')).toThrow(/wait 90000000 ms is 25 h: longer than any timer/);
  });

  it('chord: digits or a unit', () => {
    expect(parseScript('chord OK BK 3500\n')[0]).toMatchObject({ ms: 3500 });
    expect(parseScript('chord OK BK 3.5s\n')[0]).toMatchObject({ ms: 3500 });
    expect(() => parseScript('chord OK BK 3.5x\n')).toThrow(/^line 1: chord needs two or more buttons and a time: milliseconds as digits \(3500\) or with a unit \(3\.5s\), got OK BK 3\.5x$/);
  });

  it('chord: a space between number and unit too; junk still refused', () => {
    expect(parseScript('chord OK BK 3.5 s\n')[0]).toMatchObject({ buttons: ['OK', 'BK'], ms: 3500 });
    expect(parseScript('chord S1 S2 OK 500 ms\n')[0]).toMatchObject({ buttons: ['S1', 'S2', 'OK'], ms: 500 });
    expect(() => parseScript('chord OK BK 3 secs\n')).toThrow(/^line 1: 3 secs: no unit is called secs/);
    expect(() => parseScript('chord OK BX 3 s\n')).toThrow(/^line 1: unknown button BX \(S1\.\.S7, K1\.\.K6, OK, BK\)$/);
    expect(() => parseScript('chord OK 3 s\n')).toThrow(/^line 1: chord needs two or more buttons and a time: .*, got OK 3 s$/);
    expect(() => parseScript('chord OK BK 3s later\n')).toThrow(/^line 1: unexpected later \(write: chord OK BK 3500 or chord OK BK 3\.5s\)$/);
  });
});
