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

describe('dicetray conform says what a scenario writer needs', () => {
  const pv = (extra: Record<string, unknown>) => Object.assign({ game: 'pechvogel', given: { players: [{ name: 'Ann' }, { name: 'Ben' }] } }, extra);

  it('a refusal in words, every mismatch at once (the final expect after a wrong expect_error), file names for several files', async () => {
    const f = write('words.json', one(pv({ id: 'W-1', events: [{ do: 'throw', faces: [3, 3, 4, 4, 5, 5, 6] }, { do: 'choose_target', value: 7, expect_error: 'wrong_dice_count' }], expect: { phase: 'game_over' } })));
    const r = await cli(['conform', f, join(REFERENCE, 'thats-life.json')]);
    const out = r.out.join('\n');
    expect(out).toMatch(/event 2 \(choose_target\) refused with target_not_rolled \(the target is a number shown by the first throw, chosen right after it\), expected wrong_dice_count/);
    expect(out).toMatch(/at the end: phase/);
    expect(r.out[0]).toBe(f + ':');
    expect(out).toContain('\n' + join(REFERENCE, 'thats-life.json') + ':\n');
    // One file: no file line.
    expect((await cli(['conform', f])).out[0]).toMatch(/^FAIL W-1/);
  });

  it('warns of a misspelt check key, a scenario that checks nothing and an id used twice in a file; they still pass', async () => {
    const f = write('slips.json', {
      schema: 'tabletop-rules-scenarios/1',
      scenarios: [
        pv({ id: 'S-1', events: [{ do: 'throw', faces: [3, 3, 4, 4, 5, 5, 6], expect_afer: { phase: 'x' } }], expected: { phase: 'nonsense' } }),
        pv({ id: 'S-1', events: [{ do: 'throw', faces: [3, 3, 4, 4, 5, 5, 6] }], note: 'a note is fine' }),
      ],
    });
    const r = await cli(['conform', f]);
    const out = r.out.join('\n');
    expect(out).toContain('warning: key "expected" is not read: did you mean "expect"?');
    expect(out).toContain('warning: event 1: key "expect_afer" is taken as part of the action: did you mean "expect_after"?');
    expect(out).toContain('warning: checks nothing');
    expect(out).toContain('warning: id "S-1" is used by an earlier scenario in this file');
    expect(out).not.toMatch(/"note"/);
    expect(r.out[r.out.length - 1]).toBe('2 passed, 0 failed');
    expect(r.code).toBe(0);
    // JSON has them too, as warnings beside the result.
    const j = JSON.parse((await cli(['conform', '--json', f])).out[0]);
    expect(j.results[0].status).toBe('passed');
    expect(j.results[0].warnings).toHaveLength(3);
  });

  it('an impossible given is refused, not played (a billion frustrations on the board ran out of memory)', async () => {
    const bad: [string, Record<string, unknown>][] = [
      ['frustrations of Ann', { players: [{ name: 'Ann', frustrations: -3 }, { name: 'Ben' }] }],
      ['markers of Ann', { players: [{ name: 'Ann', markers: [99] }, { name: 'Ben' }] }],
      ['given.turn.target', { players: [{ name: 'Ann' }, { name: 'Ben' }], turn: { target: 9 } }],
      ['given.turn.board.targets', { players: [{ name: 'Ann' }, { name: 'Ben' }], turn: { target: 5, board: { targets: -1 } } }],
      ['given.turn.board_frustrations', { players: [{ name: 'Ann' }, { name: 'Ben' }], turn: { target: 5, board_frustrations: 1e9 } }],
    ];
    const f = write('impossible.json', { schema: 'tabletop-rules-scenarios/1', scenarios: bad.map(([, given], i) => ({ id: 'I-' + i, game: 'pechvogel', given, expect: {} })).concat([{ id: 'I-dw', game: 'seventh_dwarf', given: { players: [{ name: 'A', score: 'abc' }] }, expect: {} } as never]) });
    const j = JSON.parse((await cli(['conform', '--json', f])).out[0]);
    bad.forEach(([why], i) => expect(j.results[i].problems[0], why).toContain('given refused: bad_setup: ' + (why.startsWith('given') ? why : 'given.players: ' + why)));
    expect(j.results[bad.length].problems[0]).toContain('given.players: score of A');
  });
});

describe('dicetray conform: an expectation of the wrong kind', () => {
  it('an expect_after that is no object, an expect_error that is no code: the scenario fails with why (it dumped the whole state)', async () => {
    const f = write('kinds.json', { schema: 'tabletop-rules-scenarios/1', scenarios: [
      { id: 'K-1', game: 'pechvogel', given: { players: [{ name: 'A' }, { name: 'B' }] }, events: [{ do: 'throw', faces: [3, 3, 4, 4, 5, 5, 6], expect_after: 'phase' }] },
      { id: 'K-2', game: 'pechvogel', given: { players: [{ name: 'A' }, { name: 'B' }] }, events: [{ do: 'throw', faces: [3], expect_error: 5 }] },
    ] });
    const j = JSON.parse((await cli(['conform', '--json', f])).out[0]);
    expect(j.results[0].problems).toEqual(['scenario 1: event 1: "expect_after" is not an object']);
    expect(j.results[1].problems).toEqual(['scenario 2: event 1: "expect_error" is not an error code']);
  });
});
