/**
 * Every CSV file dicetray writes starts with a UTF-8 byte order mark (host/src/csv-table.ts,
 * CSV_BOM): Excel on Windows reads a file without one in the local code page, and the mirror's
 * player names ("Jürgen") came out as "JÃ¼rgen". Standard output (`--csv -`) gets none.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cli } from '../support/cli';
import { scratchDir } from '../support/host-harness';
import { fakeTable } from '../support/fake-table';
import { ActionLogWriter, THROW_CSV_HEADER } from '../../host/src/mirror/action-log-writer';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

const BOM = '\uFEFF';

describe('CSV files start with a UTF-8 BOM', () => {
  it('odds and simulate, in every game and with --decimal-comma; not on standard output', async () => {
    const dir = scratchDir('dt-bom-');
    const runs = [['odds'], ['odds', '--from', '3,2', '--frustrate'], ['odds', 'seventh_dwarf'], ['odds', 'thats_life'], ['simulate', '--turns', '20'], ['simulate', '--reduce', '--turns', '20'], ['simulate', 'seventh_dwarf', '--turns', '5'], ['simulate', 'thats_life', '--turns', '20', '--decimal-comma']];
    for (const args of runs) {
      const file = path.join(dir, 'x.csv');
      expect((await cli([...args, '--csv', file])).code, args.join(' ')).toBe(0);
      const bytes = readFileSync(file);
      expect([...bytes.subarray(0, 3)], args.join(' ')).toEqual([0xef, 0xbb, 0xbf]);
      // One BOM, then the header.
      expect(bytes.toString('utf8').slice(1), args.join(' ')).toMatch(/^[a-z]/);
      const out = (await cli([...args, '--csv', '-'])).out.join('\n');
      expect(out.charAt(0), args.join(' ')).not.toBe(BOM);
      expect(out, args.join(' ')).toBe(bytes.toString('utf8').slice(1).replace(/\n$/, ''));
    }
  });

  it("mirror --csv: a new or empty file starts with the BOM and the header; an older dicetray's file goes on without one", () => {
    const dir = scratchDir('dt-bom-');
    const s = setupPechvogel({ players: ['Jürgen', 'Zoë'], seed: 11 });
    if (!s.ok) throw new Error('setup');
    const play = (csv: string) => {
      const f = fakeTable(s.state);
      new ActionLogWriter({ dir: null, csv }).attach(f.table);
      f.sync();
      f.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
      f.act({ do: 'choose_target', value: 6 });
    };
    const fresh = path.join(dir, 'new.csv');
    play(fresh);
    const text = readFileSync(fresh, 'utf8');
    expect(text.startsWith(BOM + THROW_CSV_HEADER + '\n')).toBe(true);
    expect(text.split('\n')[1].split(',')[4]).toBe('Jürgen');
    // Continued: no second BOM.
    play(fresh);
    expect(readFileSync(fresh, 'utf8').split(BOM).length).toBe(2);
    // An empty file (touched beforehand) got rows without a header.
    const empty = path.join(dir, 'empty.csv');
    writeFileSync(empty, '');
    play(empty);
    expect(readFileSync(empty, 'utf8').startsWith(BOM + THROW_CSV_HEADER + '\n')).toBe(true);
    // A file begun without a BOM is continued as it is (a BOM mid-file would be part of a cell).
    const old = path.join(dir, 'old.csv');
    writeFileSync(old, THROW_CSV_HEADER + '\n');
    play(old);
    const oldText = readFileSync(old, 'utf8');
    expect(oldText).not.toContain(BOM);
    expect(oldText.trim().split('\n')).toHaveLength(2);
  });
});
