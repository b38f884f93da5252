/**
 * Inside double quotes a backslash escapes the next character, as in JSON's strings and as the
 * comment rule reads it (strip-comment.ts): \" is a quote, \\ a backslash. "Ann\" was a name to the
 * words but an open quote to the comment rule, which then kept "# comment" as more names.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseScript } from '../../host/src/script/parse-script';
import { cli } from '../support/cli';
import { scratchDir } from '../support/host-harness';

describe('backslashes in quoted script text', () => {
  it('a quote ending in \\" is left open: refused, saying how to write a backslash', () => {
    for (const line of ['new "Ann\\" Ben', 'new "Ann\\" Ben   # two players', 'expect state active="Ann\\"']) {
      expect(() => parseScript(line + '\n'), line).toThrow(/^line 1: a " is not closed: inside quotes \\" is a quote, not the end \(a backslash is written \\\\: "Ann\\\\"\)$/);
    }
  });

  it('a quote left open elsewhere is said as before, escapes or not', () => {
    expect(() => parseScript('new "Ann \\"Bo\\"" "Cleo\n')).toThrow(/^line 1: a " is not closed \(a name or text with spaces goes in double quotes: "Ann Lee"\)$/);
  });

  it('\\\\ is a backslash, \\" a quote, in a name as in an expected value', () => {
    expect(parseScript('new "Ann\\\\" Ben # two\n')[0]).toMatchObject({ names: ['Ann\\', 'Ben'] });
    expect(parseScript('new "Ann \\"Bo\\"" Ben\n')[0]).toMatchObject({ names: ['Ann "Bo"', 'Ben'] });
    expect(parseScript('expect state active="Ann\\\\"\n')[0]).toMatchObject({ pairs: [['active', 'Ann\\']] });
    // Unquoted, a backslash is just a character.
    expect(parseScript('new Ann\\ Ben\n')[0]).toMatchObject({ names: ['Ann\\', 'Ben'] });
  });

  it('refuses an escape JSON has not', () => {
    expect(() => parseScript('new "Ann\\x" Ben\n')).toThrow(/^line 1: the name "Ann\\x" is no JSON string: inside quotes a backslash escapes the next character \(\\" a quote, \\\\ a backslash\)$/);
  });

  it('the CLI says FILE:LINE', async () => {
    const f = path.join(scratchDir('dt-script-escapes-'), 'names.table');
    writeFileSync(f, '# players\nnew "Ann\\" Ben\n');
    const r = await cli(['script', f, '--board', 'tcp://127.0.0.1:1']);
    expect(r.code).toBe(6);
    expect(r.err[0]).toMatch(/^dicetray: \S*names\.table:2: a " is not closed: inside quotes \\" is a quote/);
  });
});
