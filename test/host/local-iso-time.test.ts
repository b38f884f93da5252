/** The mirror CSV's `time`: local time with its UTC offset (host/src/local-iso-time.ts), one exact instant. */
import { describe, expect, it } from 'vitest';
import { localIsoTime } from '../../host/src/local-iso-time';
import { ActionLogWriter } from '../../host/src/mirror/action-log-writer';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import { fakeTable } from '../support/fake-table';
import { scratchDir } from '../support/host-harness';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const T = Date.UTC(2025, 2, 14, 13, 9, 26, 535);

describe('localIsoTime', () => {
  it('writes the wall-clock time of the offset given, and the offset', () => {
    expect(localIsoTime(T, 60)).toBe('2025-03-14T14:09:26.535+01:00');
    expect(localIsoTime(T, 0)).toBe('2025-03-14T13:09:26.535+00:00');
    expect(localIsoTime(T, -300)).toBe('2025-03-14T08:09:26.535-05:00');
    expect(localIsoTime(T, 330)).toBe('2025-03-14T18:39:26.535+05:30');
    // Across midnight, and a half-hour west of UTC (Newfoundland).
    expect(localIsoTime(T, -(13 * 60 + 30))).toBe('2025-03-13T23:39:26.535-13:30');
    expect(localIsoTime(T, -210)).toBe('2025-03-14T09:39:26.535-03:30');
  });

  it("by default the computer's own offset at that instant: the same instant to a program, the local clock to a reader", () => {
    for (const t of [T, Date.UTC(2025, 6, 1, 0, 30), Date.UTC(2025, 11, 31, 23, 59, 59, 999)]) {
      const s = localIsoTime(t);
      expect(s).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
      expect(Date.parse(s)).toBe(t);
      const d = new Date(t);
      expect(Number(s.slice(11, 13))).toBe(d.getHours());
      expect(Number(s.slice(14, 16))).toBe(d.getMinutes());
    }
  });

  it("in a café in Berlin: winter's +01:00 and summer's +02:00 (the offset in force at each instant)", () => {
    const code = `import('./host/src/local-iso-time.ts').then((m) => console.log(m.localIsoTime(${Date.UTC(2025, 0, 10, 12)}), m.localIsoTime(${Date.UTC(2025, 6, 10, 12)})))`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd: path.join(__dirname, '..', '..'), env: { ...process.env, TZ: 'Europe/Berlin' }, encoding: 'utf8' });
    expect(r.stdout.trim(), r.stderr).toBe('2025-01-10T13:00:00.000+01:00 2025-07-10T14:00:00.000+02:00');
  });

  it('is what the mirror CSV writes in its time column (it was UTC, "…Z")', () => {
    const csv = path.join(scratchDir('dt-time-'), 'throws.csv');
    const s = setupPechvogel({ players: ['Ann', 'Ben'], seed: 11 });
    if (!s.ok) throw new Error('setup');
    const f = fakeTable(s.state);
    new ActionLogWriter({ dir: null, csv, now: () => T }).attach(f.table);
    f.sync();
    f.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    f.act({ do: 'choose_target', value: 6 });
    const time = readFileSync(csv, 'utf8').trim().split('\n')[1].split(',')[0];
    expect(time).toBe(localIsoTime(T));
    expect(Date.parse(time)).toBe(T);
  });
});
