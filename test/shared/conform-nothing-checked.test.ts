/** `dicetray conform` on input that checks nothing, or holds numbers JSON.parse cannot keep. */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../support/cli';

const REFERENCE = join(process.cwd(), '..', 'shared', 'scenarios');
const dir = mkdtempSync(join(tmpdir(), 'dt-conform-nothing-'));
const write = (name: string, text: string) => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};
const good = JSON.parse(readFileSync(join(REFERENCE, 'pechvogel.json'), 'utf8'));

describe('dicetray conform: a run that checked nothing is not a pass', () => {
  it('a file with no scenarios is exit 6 like an empty folder, alone or beside a good file', async () => {
    const zero = write('zero.json', '{"schema":"tabletop-rules-scenarios/1","scenarios":[]}');
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    for (const f of [zero, empty]) {
      const r = await cli(['conform', f]);
      expect(r.code).toBe(6);
      expect(r.err.join('\n')).toMatch(/^dicetray: cannot read scenarios from .*: .*nothing was checked\nhint: /);
      expect(r.out[r.out.length - 1]).toBe('0 passed, 0 failed; 1 file unreadable');
      const j = JSON.parse((await cli(['conform', '--json', f])).out[0]);
      expect(j).toMatchObject({ ok: false, passed: 0, failed: 0, error: { exit: 6 } });
    }
    expect(JSON.parse((await cli(['conform', '--json', zero, join(REFERENCE, 'pechvogel.json')])).out[0])).toMatchObject({ ok: false, passed: 22, error: { exit: 6 } });
  });

  it('a number beyond JSON\'s range (1e400, read as Infinity) fails its scenario and says where, not "expected null"', async () => {
    const sc = good.scenarios[0];
    // The reference scenario's final middle count and a throw's face written as 1e400.
    const text = JSON.stringify({ schema: 'tabletop-rules-scenarios/1', scenarios: [Object.assign({}, sc, { id: 'INF-1', expect: Object.assign({}, sc.expect, { middle: { '7': 'INF' } }) }), Object.assign({}, sc, { id: 'INF-2', events: [{ do: 'throw', faces: [7, 7, 'R', 'R', 3, 4, 'INF'] }] })] });
    const r = await cli(['conform', write('inf.json', text.split('"INF"').join('1e400'))]);
    const out = r.out.join('\n');
    expect(out).toMatch(/FAIL INF-1 .*\n\s+scenario 1: expect\.middle\.7 is a number beyond JSON's range/);
    expect(out).toMatch(/FAIL INF-2 .*\n\s+scenario 2: event 1: faces\[6\] is a number beyond JSON's range/);
    expect(out).not.toMatch(/expected null/);
    expect(r.out[r.out.length - 1]).toBe('0 passed, 2 failed');
    expect(r.code).toBe(1);
  });
});
