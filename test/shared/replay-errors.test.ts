/** `dicetray replay` on damaged logs: the line and a hint, exit 6 for no log at all, 1 for a line that does not replay. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../support/cli';
import { playRandomGame } from '../support/play';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

const dir = mkdtempSync(join(tmpdir(), 'dt-replay-errors-'));
const g = playRandomGame(4242, 3);
const lines = g.log.trim().split('\n');
const file = (name: string, text: string) => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};
const edit = (i: number, fn: (e: Record<string, unknown>) => unknown) => {
  const copy = lines.slice();
  copy[i] = JSON.stringify(fn(JSON.parse(copy[i])));
  return copy.join('\n') + '\n';
};

async function replayJson(text: string) {
  const r = await cli(['replay', '--json', file(`l${Math.random()}.jsonl`, text)]);
  expect(r.err.join('\n')).not.toMatch(/unexpected error/);
  if (r.code !== 0) expect(r.err.join('\n')).toMatch(/\nhint: /);
  return { code: r.code, j: JSON.parse(r.out[0]) };
}

describe('dicetray replay with damaged logs', () => {
  it('a null action line is bad_log at its line (was a TypeError)', async () => {
    const copy = lines.slice();
    copy[5] = 'null';
    const { code, j } = await replayJson(copy.join('\n'));
    expect(j.error).toMatchObject({ line: 6, code: 'bad_log', exit: 1 });
    expect(j.applied).toBe(4);
    expect(code).toBe(1);
  });

  it('a line without its hash, with a changed n, or a deleted line is caught at that line', async () => {
    expect((await replayJson(edit(5, (e) => ({ n: e.n, a: e.a })))).j.error).toMatchObject({ line: 6, code: 'bad_log' });
    expect((await replayJson(edit(5, (e) => Object.assign(e, { n: 99 })))).j.error).toMatchObject({ line: 6, code: 'sequence_gap' });
    const gone = lines.slice();
    gone.splice(7, 1);
    expect((await replayJson(gone.join('\n'))).j.error).toMatchObject({ line: 8, code: 'sequence_gap' });
  });

  it('a repeated line is a sequence_gap at the repeat; blank lines between lines are skipped and the lines after them replay', async () => {
    const repeated = lines.slice();
    repeated.splice(6, 0, lines[5]); // line 6 again as line 7
    const r = await replayJson(repeated.join('\n') + '\n');
    expect(r.j.error).toMatchObject({ line: 7, code: 'sequence_gap', exit: 1 });
    expect(r.j.error.message).toMatch(/expected 6 \(a line is repeated or out of order\)/);
    expect(r.j.applied).toBe(5);
    expect(r.code).toBe(1);
    const blank = lines.slice();
    blank.splice(4, 0, '', '  ');
    const b = await replayJson(blank.join('\n') + '\n');
    expect(b.j).toMatchObject({ ok: true, applied: lines.length - 1, error: null });
    expect(b.code).toBe(0);
  });

  it('header states that break play\'s invariants are bad_state (exit 6), never a crash', async () => {
    const s = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo'] });
    if (!s.ok) throw new Error('setup');
    const hdr = (state: unknown) => JSON.stringify({ log: 'dicetray-log/1', game: 'pechvogel', state }) + '\n';
    const bad = [
      Object.assign({}, s.state, { active: 7 }),
      Object.assign({}, s.state, { players: s.state.players.map((p, i) => (i ? p : Object.assign({}, p, { frustrations: -5 }))) }),
      'x',
      null,
    ];
    for (const st of bad) {
      const { code, j } = await replayJson(hdr(st));
      expect(j.error).toMatchObject({ line: 1, code: 'bad_state', exit: 6 });
      expect(code).toBe(6);
    }
    expect((await replayJson(hdr(s.state))).code).toBe(0);
  });

  it('a header naming a member of every object as its game ("__proto__", "valueOf") is no game: exit 6, never a crash', async () => {
    const s = setupPechvogel({ players: ['Ann', 'Ben'] });
    if (!s.ok) throw new Error('setup');
    for (const game of ['__proto__', 'valueOf', 'hasOwnProperty']) {
      const { code, j } = await replayJson(JSON.stringify({ log: 'dicetray-log/1', game, state: Object.assign({}, s.state, { game }) }) + '\n');
      expect(j.error).toMatchObject({ line: 1, exit: 6 });
      expect(code).toBe(6);
    }
  });

  it('the hint fits what stopped the replay: no log at all, a torn last line, a missing line', async () => {
    const hint = async (text: string) => (await replayJson(text)).j.error.hint as string;
    // Line 1 is no header: whatever the code, the hint says what a log is.
    expect(await hint('{"log":"dicetray-log/1","game":"pechvogel","setup":5}\n')).toMatch(/^pass an action log written by `dicetray mirror`/);
    expect(await hint(lines.slice(0, 6).join('\n') + '\n' + lines[6].slice(0, 12))).toMatch(/^a torn last line \(power cut, disk full\) can be deleted/);
    const gone = lines.slice();
    gone.splice(7, 1);
    expect(await hint(gone.join('\n'))).toMatch(/^a line is missing, repeated or out of order/);
    expect(await hint(edit(5, (e) => Object.assign(e, { h: 'deadbeef' })))).toMatch(/^the line was edited, or written by another engine version/);
    // A line cut short with lines after it is no torn write: deleting it would leave a gap.
    const middle = lines.slice();
    middle[4] = middle[4].slice(0, 12);
    const m = (await replayJson(middle.join('\n') + '\n')).j.error;
    expect(m).toMatchObject({ line: 5, code: 'bad_log', message: 'line is not JSON (damaged, with lines after it)' });
    expect(m.hint).toMatch(/^the line is damaged or was edited/);
    // A file of conformance scenarios is pointed to conform.
    expect(await hint(JSON.stringify({ schema: 'tabletop-rules-scenarios/1', scenarios: [] }))).toMatch(/conform/);
  });

  it('a refused line says the rule in words; a log that stops early says so above its state; - reads standard input', async () => {
    const copy = lines.slice(0, 3);
    copy.push(JSON.stringify({ n: 3, a: { do: 'take_marker' }, h: '00000000' }));
    const f = file('refused.jsonl', copy.join('\n') + '\n');
    const r = await cli(['replay', f]);
    expect(r.code).toBe(1);
    expect(r.err[0]).toMatch(/line 4: [a-z_]+: [a-z]/);
    expect(r.out[0]).toMatch(/^pechvogel: 2 actions \(stopped at line 4: the state before it\), state hash /);
    const { spawnSync } = await import('node:child_process');
    const p = spawnSync(process.execPath, [join(process.cwd(), 'host', 'bin', 'dicetray.mjs'), 'replay', '-'], { input: lines.slice(0, 2).join('\n') + '\n', encoding: 'utf8' });
    expect(p.status).toBe(0);
    expect(p.stdout).toMatch(/^pechvogel: 1 action, state hash/);
  });

  it('one action is "1 action" in the text report', async () => {
    const r = await cli(['replay', file('one.jsonl', lines.slice(0, 2).join('\n') + '\n')]);
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/^pechvogel: 1 action, state hash [0-9a-f]{8}$/);
  });

  it('garbage or an empty file cannot be parsed: exit 6 (was 1)', async () => {
    for (const text of ['', 'garbage', '[1,2]\n', '{"log":"dicetray-log/1","game":"pechvogel","setup":5}\n']) {
      const { code, j } = await replayJson(text);
      expect(j.error.line).toBe(1);
      expect(code).toBe(6);
    }
  });
});
