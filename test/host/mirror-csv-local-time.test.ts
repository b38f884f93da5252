/**
 * The mirror CSV's `local_time`: the local time to the second without offset, beside the exact
 * `time` (local with its offset), which LibreOffice Calc keeps as text. Read as a date-time by
 * LibreOffice when installed (its CSV import's default options, and a German one with ';').
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { localIsoTime } from '../../host/src/local-iso-time';
import { spreadsheetTime } from '../../host/src/spreadsheet-time';
import { ActionLogWriter, THROW_CSV_HEADER, THROW_CSV_HEADER_NO_LOCAL_TIME } from '../../host/src/mirror/action-log-writer';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import { fakeTable } from '../support/fake-table';
import { scratchDir } from '../support/host-harness';

const T = Date.UTC(2025, 2, 14, 13, 9, 26, 935);
const SOFFICE = ['/usr/bin/soffice', '/usr/local/bin/soffice'].find((f) => existsSync(f));

/** Two throw rows written at T into `csv` (which may hold a header already). */
function twoRows(csv: string, decimalComma = false, now: () => number = () => T): string[][] {
  const s = setupPechvogel({ players: ['Ann', 'Ben'], seed: 11 });
  if (!s.ok) throw new Error('setup');
  const f = fakeTable(s.state);
  new ActionLogWriter({ dir: null, csv, now, decimalComma }).attach(f.table);
  f.sync();
  f.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
  f.act({ do: 'choose_target', value: 6 });
  f.act({ do: 'throw', faces: [3, 7, 6, 4] });
  return readFileSync(csv, 'utf8').replace(/^\uFEFF/, '').trim().split('\n').map((l) => l.split(decimalComma ? ';' : ','));
}

describe('spreadsheetTime', () => {
  it('is the local wall-clock time to the second, cut (the same second as the exact time), no offset', () => {
    expect(spreadsheetTime(T, 60)).toBe('2025-03-14T14:09:26');
    expect(spreadsheetTime(T, -210)).toBe('2025-03-14T09:39:26');
    expect(spreadsheetTime(T)).toBe(localIsoTime(T).slice(0, 19));
  });
});

describe('mirror --csv: local_time', () => {
  it('ends every row, the exact time staying first and the other columns where they were', () => {
    const csv = path.join(scratchDir('dt-lt-'), 'throws.csv');
    const [head, ...rows] = twoRows(csv);
    expect(head).toEqual(THROW_CSV_HEADER.split(','));
    expect(head.slice(0, -1).join(',')).toBe('time,table,log,n,player,kind,source,dice,faces,target,targets,ravens,phase,corrects');
    expect(head[head.length - 1]).toBe('local_time');
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toHaveLength(head.length);
      expect(r[0]).toBe(localIsoTime(T));
      expect(r[r.length - 1]).toBe(spreadsheetTime(T));
    }
  });

  it('is the second of the row\'s own time, not of when the row was written', () => {
    // A clock that moves 1.5 s on each reading: a first throw's row is written only when its target
    // is chosen, later than the throw it records.
    let t = T;
    const [, ...rows] = twoRows(path.join(scratchDir('dt-lt-'), 'moving.csv'), false, () => (t += 1500));
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r[r.length - 1]).toBe(r[0].slice(0, 19));
  });

  it("an older dicetray's file with the other separator is refused as one, not as other columns", () => {
    const csv = path.join(scratchDir('dt-lt-'), 'old-semicolons.csv');
    writeFileSync(csv, THROW_CSV_HEADER_NO_LOCAL_TIME.replace(/,/g, ';') + '\n');
    expect(() => twoRows(csv)).toThrow(/separates its fields with ';'/);
  });

  it("an older dicetray's file, without local_time, goes on in its own columns", () => {
    const csv = path.join(scratchDir('dt-lt-'), 'old.csv');
    writeFileSync(csv, THROW_CSV_HEADER_NO_LOCAL_TIME + '\n');
    const [head, ...rows] = twoRows(csv);
    expect(head.join(',')).toBe(THROW_CSV_HEADER_NO_LOCAL_TIME);
    for (const r of rows) expect(r).toHaveLength(head.length);
  });

  it.skipIf(!SOFFICE)('LibreOffice Calc reads local_time as a date-time, with its default import options and a German one', () => {
    const dir = scratchDir('dt-lt-lo-');
    // filter options: separator, quote, UTF-8, from line 1, no column formats, language, quoted as text no, detect special numbers no.
    for (const [name, decimalComma, opts] of [
      ['en.csv', false, 'CSV:44,34,76,1,,1033,false,false'],
      ['de.csv', true, 'CSV:59,34,76,1,,1031,false,false'],
    ] as const) {
      const csv = path.join(dir, name);
      const [head, row] = twoRows(csv, decimalComma);
      const r = spawnSync(SOFFICE!, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', `--infilter=${opts}`, '--convert-to', 'fods', '--outdir', dir, csv], { encoding: 'utf8', timeout: 120_000 });
      expect(r.status, r.stderr).toBe(0);
      const sheet = readFileSync(csv.replace(/\.csv$/, '.fods'), 'utf8');
      const cells = [...sheet.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)][1][1].match(/<table:table-cell[^>]*>/g)!;
      const at = (col: string) => cells[head.indexOf(col)];
      expect(at('local_time'), name).toContain(`office:value-type="date" office:date-value="${row[head.length - 1]}"`);
      // The exact time beside it: text to Calc, which is why local_time is there.
      expect(at('time'), name).toContain('office:value-type="string"');
    }
  });
});
