/** `dicetray conform` on malformed files and scenarios: every file reported, one exit-code rule. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../support/cli';

const REFERENCE = join(process.cwd(), '..', 'shared', 'scenarios');
const dir = mkdtempSync(join(tmpdir(), 'dt-conform-errors-'));
const write = (name: string, doc: unknown) => {
  const f = join(dir, name);
  writeFileSync(f, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return f;
};
const good = JSON.parse(readFileSync(join(REFERENCE, 'pechvogel.json'), 'utf8'));
const one = (sc: unknown) => ({ schema: 'tabletop-rules-scenarios/1', scenarios: [sc] });

describe('dicetray conform with bad input', () => {
  it('scenarios that are not objects, or events that are not actions, fail with the reason (no crash)', async () => {
    const f = write('nulls.json', { schema: 'tabletop-rules-scenarios/1', scenarios: [null, 5, { id: 'E', game: 'pechvogel', given: {}, events: [null] }] });
    const r = await cli(['conform', '--json', f]);
    expect(r.err.join('\n')).not.toMatch(/unexpected error/);
    const j = JSON.parse(r.out[0]);
    expect(j.failed).toBe(3);
    expect(j.results[0].problems[0]).toMatch(/scenario 1: not a scenario object: null/);
    expect(j.results[2].problems[0]).toMatch(/event 1 is not an action/);
    expect(r.code).toBe(1);
  });

  it('a game dicetray does not know fails; the known games pass', async () => {
    const base = good.scenarios[0];
    const r = await cli(['conform', '--json', write('monopoly.json', one(Object.assign({}, base, { id: 'M-1', game: 'monopoly' })))]);
    const j = JSON.parse(r.out[0]);
    expect(j.results[0].status).toBe('failed');
    expect(j.results[0].problems[0]).toMatch(/unknown game "monopoly"/);
    expect(r.code).toBe(1);
    const planned = await cli(['conform', '--json', join(REFERENCE, 'seventh-dwarf.json'), join(REFERENCE, 'thats-life.json')]);
    const p = JSON.parse(planned.out[0]);
    expect(p.results.length).toBeGreaterThan(0);
    for (const x of p.results) expect(x.status).toBe('passed');
    expect(p.failed).toBe(0);
    expect(planned.code).toBe(0);
  });

  it('reports every file: good results and the unreadable ones; exit 6 if any file cannot be used', async () => {
    const garbage = write('garbage.json', 'garbage!!');
    const wrong = write('wrong.json', { schema: 'something/else', items: [] });
    const r = await cli(['conform', join(REFERENCE, 'pechvogel.json'), garbage, wrong, join(dir, 'missing.json')]);
    expect(r.out[r.out.length - 1]).toBe('22 passed, 0 failed; 3 files unreadable');
    const err = r.err.join('\n');
    expect(err).toMatch(/cannot read scenarios from .*garbage\.json: not JSON/);
    expect(err).toMatch(/wrong\.json: not a tabletop-rules-scenarios\/1 file/);
    expect(err).toMatch(/missing\.json: no such file/);
    expect(err).toMatch(/hint: /);
    expect(r.code).toBe(6);
    const j = await cli(['conform', '--json', join(REFERENCE, 'pechvogel.json'), wrong]);
    const o = JSON.parse(j.out[0]);
    expect(o.passed).toBe(22);
    expect(o.unreadable).toHaveLength(1);
    expect(o.error.exit).toBe(6);
    expect(j.code).toBe(6);
  });

  it('a failed scenario beside an unreadable file is still exit 6; --json says ok: false for either', async () => {
    const base = good.scenarios[0];
    // The reference scenario with an expectation it cannot meet: a plain failure (exit 1 alone).
    const failing = write('failing.json', one(Object.assign({}, base, { id: 'F-1', expect: { n: 999 } })));
    const alone = await cli(['conform', '--json', failing]);
    expect(JSON.parse(alone.out[0])).toMatchObject({ ok: false, passed: 0, failed: 1 });
    expect(alone.code).toBe(1);
    // Every file is reported, and a file that cannot be used decides the exit code.
    const both = await cli(['conform', failing, write('garbage2.json', 'garbage!!')]);
    expect(both.out[both.out.length - 1]).toBe('0 passed, 1 failed; 1 file unreadable');
    expect(both.code).toBe(6);
    // Every scenario read passed, but a file could not be used: not ok.
    const j = JSON.parse((await cli(['conform', '--json', join(REFERENCE, 'pechvogel.json'), write('wrong3.json', { hello: 1 })])).out[0]);
    expect(j).toMatchObject({ ok: false, passed: 22, failed: 0 });
    const clean = JSON.parse((await cli(['conform', '--json', join(REFERENCE, 'pechvogel.json')])).out[0]);
    expect(clean).toMatchObject({ ok: true, passed: 22, failed: 0, skipped: 0 });
    expect(clean.error).toBeUndefined();
  });

  it('a wrong-format file alone is exit 6 like garbage (was 1)', async () => {
    expect((await cli(['conform', write('wrong2.json', { hello: 1 })])).code).toBe(6);
  });
});
