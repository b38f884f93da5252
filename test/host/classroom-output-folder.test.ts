/**
 * `dicetray simulate` / `odds`: a --csv or --svg in a folder that does not exist is refused before
 * any turn is played. It was found only when the file was written, after the run: 10 million turns
 * (about 50 s) played and then nothing shown but the error, and with a good --csv and a bad --svg
 * the table was written and the command still failed.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cli } from '../support/cli';
import { scratchDir } from '../support/host-harness';
import { checkCsvTarget } from '../../host/src/csv-table';
import { HostError } from '../../host/src/errors';

describe('classroom output files in a folder that does not exist', () => {
  const dir = scratchDir('dt-out-folder-');
  const missing = path.join(dir, 'typo');

  it('checkCsvTarget refuses the CSV before any work, naming the missing folder', () => {
    const file = path.join(missing, 'conv.csv');
    let e: unknown;
    try {
      checkCsvTarget(file, false);
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(HostError);
    expect((e as HostError).message).toBe(`cannot write ${file}: no directory ${missing}`);
    // Standard output and a file in an existing folder stay fine.
    expect(() => checkCsvTarget('-', false)).not.toThrow();
    expect(() => checkCsvTarget(path.join(dir, 'ok.csv'), false)).not.toThrow();
  });

  it('simulate: a bad --svg folder is exit 6 before the good --csv is written', async () => {
    const csv = path.join(dir, 'conv.csv');
    const r = await cli(['simulate', '--turns', '100', '--csv', csv, '--svg', path.join(missing, 'conv.svg')]);
    expect(r.code).toBe(6);
    expect(r.err[0]).toBe(`dicetray: cannot write ${path.join(missing, 'conv.svg')}: no directory ${missing}`);
    expect(existsSync(csv)).toBe(false);
  });

  it('simulate and odds: a bad --csv folder is exit 6 with the same words', async () => {
    for (const args of [['simulate', '--turns', '100'], ['odds'], ['odds', 'thats_life'], ['simulate', 'seventh_dwarf', '--turns', '10']]) {
      const r = await cli([...args, '--csv', path.join(missing, 'x.csv')]);
      expect(r.code).toBe(6);
      expect(r.err[0]).toBe(`dicetray: cannot write ${path.join(missing, 'x.csv')}: no directory ${missing}`);
      expect(r.out).toEqual([]);
    }
  });
});
