/**
 * How commands word what they print: wrapped headings (a list separator stays at the end of its
 * line, continuation lines indented) and a file that cannot be used, in plain words with exit 6.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { outRow, outWrapped, proseWidth } from '../../host/src/output';
import { EXIT, fileError } from '../../host/src/errors';
import { scratchDir } from '../support/host-harness';

function wrapped(text: string, indent: string, width: number): string[] {
  const out: string[] = [];
  outWrapped({ out: (l) => out.push(l), err: () => undefined }, text, indent, width);
  return out;
}

/** The error `f` throws. */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('no error');
}

describe('outWrapped', () => {
  it('keeps " · " at the end of a line, indents the lines after the first, and keeps the leading spaces of the first', () => {
    expect(wrapped('after a throw to: 4,2 · 4,3 · 5,1 · 5,2', '    ', 24)).toEqual(['after a throw to: 4,2 ·', '    4,3 · 5,1 · 5,2']);
    // Where "4,2" would fit but its " ·" would not, the two go to the next line together (no line starts with "·").
    expect(wrapped('after a throw to: 4,2 · 4,3 · 5,1 · 5,2', '    ', 22)).toEqual(['after a throw to:', '    4,2 · 4,3 · 5,1 ·', '    5,2']);
    expect(wrapped('  (one alone: --policy best, spread, leftmost, the rows above)', '    ', 30)).toEqual(['  (one alone: --policy best,', '    spread, leftmost, the rows', '    above)']);
  });

  it('wraps to a terminal narrower than 80 columns (the terminal broke 79-wide lines again mid-word); pipes keep 79', () => {
    expect(proseWidth({ isTTY: true, columns: 50 })).toBe(49);
    expect(proseWidth({ isTTY: true, columns: 200 })).toBe(79);
    expect(proseWidth({ isTTY: true, columns: 8 })).toBe(20);
    expect(proseWidth({ isTTY: false, columns: 50 })).toBe(79);
    expect(proseWidth({})).toBe(79);
  });
});

describe('outRow', () => {
  const rows = (head: string, last: string, width: number) => {
    const out: string[] = [];
    outRow({ out: (l) => out.push(l), err: () => undefined }, head, last, width);
    return out;
  };
  it('keeps a row that fits on one line, its last cell after three spaces', () => {
    expect(rows('  a marker (4+ targets)   0.5822', '2831321417/4863141504', 79)).toEqual(['  a marker (4+ targets)   0.5822   2831321417/4863141504']);
  });
  it('puts the last cell on a line of its own under a row too wide for the terminal (the terminal broke the fraction mid-number)', () => {
    expect(rows('  a marker (4+ targets)   0.5822', '2831321417/4863141504', 50)).toEqual(['  a marker (4+ targets)   0.5822', '      2831321417/4863141504']);
    // Narrower still: the cell moves left rather than wrap.
    expect(rows('  a marker   0.5822', '2831321417/4863141504', 24)).toEqual(['  a marker   0.5822', '   2831321417/4863141504']);
  });
});

describe('fileError', () => {
  const dir = scratchDir('dt-file-errors-');
  const file = path.join(dir, 'plain.txt');
  writeFileSync(file, 'x');
  const said = (e: unknown) => fileError('write', 'F', e, 'the hint');

  it('names the cause of real file-system failures in plain words (exit 6, the hint kept)', () => {
    const cases: [unknown, string][] = [
      [thrown(() => readFileSync(path.join(dir, 'missing', 'f'))), 'no such file or directory'],
      [thrown(() => writeFileSync(path.join(file, 'under-a-file'), 'x')), 'a part of the path is not a directory'],
      [thrown(() => readFileSync(dir)), 'it is a directory'],
      [thrown(() => mkdirSync(file)), 'a file of that name is in the way'],
    ];
    for (const [e, why] of cases) {
      const h = said(e);
      expect(h.message).toBe(`cannot write F: ${why}`);
      expect([h.exitCode, h.hint]).toEqual([EXIT.input, 'the hint']);
    }
  });

  it('says "permission denied" for EPERM as for EACCES, and names a read-only file system, an I/O error and a full disk', () => {
    const err = (code: string) => Object.assign(new Error(`${code}: raw text`), { code });
    expect(said(err('EACCES')).message).toBe('cannot write F: permission denied');
    expect(said(err('EPERM')).message).toBe('cannot write F: permission denied');
    expect(said(err('EROFS')).message).toBe('cannot write F: read-only file system');
    expect(said(err('EIO')).message).toMatch(/^cannot write F: input\/output error/);
    expect(said(err('ENOSPC')).message).toBe('cannot write F: no space left on device');
    // Any other cause: the system's own words.
    expect(said(err('EMFILE')).message).toBe('cannot write F: EMFILE: raw text');
  });
});
