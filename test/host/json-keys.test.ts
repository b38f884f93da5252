/**
 * The README's table of `--json` keys (Machine-readable output) against what the commands print:
 * every line JSON, every key documented, every key not marked `?` there, in the documented order.
 * A program that reads dicetray is written from that table; a key added or moved without it is
 * a surprise to that program.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cli } from '../support/cli';
import { CLI, REPO, scratchDir, waitUntil } from '../support/host-harness';
import { EXIT } from '../../host/src/errors';
import { playRandomGame } from '../support/play';
import { run } from './cli-run';

interface Key {
  name: string;
  optional: boolean;
}

/** The table between `<!-- json-keys` and `<!-- /json-keys -->`: its first cell (backticks left out) → its keys. */
function documented(): Map<string, Key[]> {
  const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const m = /<!-- json-keys[^>]*-->\n([\s\S]*?)<!-- \/json-keys -->/.exec(readme);
  if (!m) throw new Error('README.md has no <!-- json-keys --> table');
  const rows = new Map<string, Key[]>();
  for (const line of m[1].split('\n').slice(2)) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== 2) continue;
    const keys = [...cells[1].matchAll(/`([^`]+)`/g)].map((k) => ({ name: k[1].replace(/\?$/, ''), optional: k[1].endsWith('?') }));
    rows.set(cells[0].replace(/`/g, ''), keys);
  }
  return rows;
}

const TABLE = documented();

/** Checks one object against the row `id`: the same keys, in its order, leaving out only optional ones. */
function expectKeys(id: string, o: Record<string, unknown>): void {
  const keys = TABLE.get(id);
  expect(keys, `README json-keys row "${id}"`).toBeDefined();
  const got = Object.keys(o);
  const want = keys!.filter((k) => !k.optional || got.includes(k.name)).map((k) => k.name);
  expect(got, `keys of "${id}"`).toEqual(want);
}

/** Every stdout line parsed: a line that is not JSON fails here. */
function lines(out: string[] | string): Record<string, unknown>[] {
  const all = typeof out === 'string' ? out.split('\n').filter((l) => l) : out;
  return all.map((l) => {
    try {
      return JSON.parse(l);
    } catch {
      throw new Error(`not one JSON value: ${l}`);
    }
  });
}

/** A command's one JSON object (in-process), after checking it is all of stdout. */
async function one(args: string[], exit = 0): Promise<Record<string, any>> {
  const r = await cli(args);
  expect(r.code, r.err.join('\n')).toBe(exit);
  const got = lines(r.out);
  expect(got.length).toBe(1);
  return got[0];
}

const KELLY = path.join(REPO, 'test/fixtures/scripts/kelly.table');
const SCENARIOS = path.join(REPO, 'test/fixtures/scenarios/pechvogel-rulings.json');

describe('--json keys as the README lists them', () => {
  it('a failure: ok and error, the error its four keys, code the name of the exit code', async () => {
    const o = await one(['odds', '--no-such-option', '--json'], EXIT.usage);
    expectKeys('any command, failed', o);
    expectKeys('error', o.error);
    expect(o.error).toMatchObject({ code: 'usage', exit: EXIT.usage });
  });

  it('conform, replay and script, passing and failing (their error beside the results)', async () => {
    const dir = scratchDir();
    const ok = await one(['conform', SCENARIOS, '--json']);
    expectKeys('conform', ok);
    for (const r of ok.results) expectKeys('conform results[]', r);
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{');
    const unread = await one(['conform', bad, '--json'], EXIT.input);
    expectKeys('conform', unread);
    expectKeys('error', unread.error);

    const log = path.join(dir, 'game.jsonl');
    writeFileSync(log, '{"log":"dicetray-log/1","game":"pechvogel","setup":{"players":["Ann","Ben"]}}\n');
    expectKeys('replay', await one(['replay', log, '--json']));
    writeFileSync(log, '{"log":"dicetray-log/1","game":"pechvogel","setup":{"players":["Ann","Ben"]}}\n{"torn\n');
    const torn = await one(['replay', log, '--json'], EXIT.failed);
    expectKeys('replay', torn);
    // Replay's error: the same four keys and the line, its code the log's own (bad_log here).
    expect(Object.keys(torn.error).sort()).toEqual(['code', 'exit', 'hint', 'line', 'message']);
    expect(torn.error).toMatchObject({ code: 'bad_log', exit: EXIT.failed, line: 2 });

    // A finished game, an unfinished one, one that does not replay.
    const logs = path.join(dir, 'logs');
    mkdirSync(logs);
    writeFileSync(path.join(logs, '20261128T180000Z-T-1.jsonl'), playRandomGame(3, 2).log);
    writeFileSync(path.join(logs, '20261128T190000Z-T-2.jsonl'), '{"log":"dicetray-log/1","game":"pechvogel","setup":{"players":["Ann","Ben"]}}\n');
    writeFileSync(path.join(logs, '20261128T200000Z-T-3.jsonl'), '{"log":"x"}\n');
    const res = await one(['results', logs, '--json'], EXIT.failed);
    expectKeys('results', res);
    expectKeys('results games[]', res.games[0]);
    expectKeys('results unreadable[]', res.unreadable[0]);

    expectKeys('script', await one(['script', KELLY, '--json']));
    const failing = path.join(dir, 'f.table');
    writeFileSync(failing, 'new Ann Ben\nexpect state phase=no_such_phase\n');
    const f = await one(['script', failing, '--json'], EXIT.failed);
    expectKeys('script', f);
    expect(Object.keys(f.error).slice(0, 4)).toEqual(TABLE.get('error')!.map((k) => k.name));
  });

  it('odds and simulate, every game and question', async () => {
    expectKeys('odds', await one(['odds', '--json']));
    expectKeys('odds', await one(['odds', '--reduce', '--from', '2,1', '--json']));
    expectKeys('odds --from T,R --frustrate', await one(['odds', '--from', '2,1', '--frustrate', '--json']));
    expectKeys('odds --frustrate', await one(['odds', '--frustrate', '--json']));
    expectKeys('odds seventh_dwarf', await one(['odds', 'seventh_dwarf', '--json']));
    expectKeys('odds seventh_dwarf', await one(['odds', 'seventh_dwarf', '--row', '0,1,0,3,0,0,5,0,0', '--die', '4', '--json']));
    expectKeys('odds thats_life', await one(['odds', 'thats_life', '--json']));
    expectKeys('simulate', await one(['simulate', '--turns', '50', '--json']));
    expectKeys('simulate', await one(['simulate', '--from', '3,2', '--turns', '50', '--json']));
    expectKeys('simulate seventh_dwarf', await one(['simulate', 'seventh_dwarf', '--turns', '20', '--json']));
    expectKeys('simulate thats_life', await one(['simulate', 'thats_life', '--turns', '20', '--json']));
  });

  it('list, config (read and set) and build', async () => {
    const list = await cli(['list', '--all', '--json']);
    expectKeys('list', lines(list.out)[0]);
    expectKeys('config', await one(['config', '-p', 'sim:memory', '--json']));
    expectKeys('config', await one(['config', '-p', 'sim:memory', 'beep=off', '--json']));
    const dir = scratchDir();
    const build = await one(['build', '--out', path.join(dir, 'dt.js'), '--json']);
    expectKeys('build', build);
    expect(build.ok).toBe(true);
  });

  it("flash's steps", async () => {
    const r = await run(['flash', '-p', 'sim:memory', '--json'], REPO, 90_000);
    expect(r.code, r.err).toBe(0);
    const steps = lines(r.out);
    for (const s of steps) expectKeys(`flash ${s.ev}`, s);
    expect(steps[steps.length - 1].ev).toBe('done');
  }, 120_000);

  it("the mirror's events, on a simulated board with a game", async () => {
    const dir = scratchDir();
    const storage = path.join(dir, 'board.json');
    expect((await cli(['script', KELLY, '-p', `sim:${storage}`])).code).toBe(0);
    const p = spawn(process.execPath, [CLI, 'mirror', '-p', `sim:${storage}`, '--json', '--log', path.join(dir, 'logs'), '--web', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((done) => p.on('exit', (c) => done(c)));
    try {
      const evs = () => lines(out.slice(0, out.lastIndexOf('\n') + 1)).map((e) => e.ev);
      await waitUntil('the mirror in sync, its log, page and LEDs', () => ['synced', 'log', 'web', 'leds', 'hello'].every((e) => evs().includes(e)), 30_000);
    } finally {
      p.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    for (const e of lines(out)) expectKeys(`mirror ${e.ev}`, e);
  }, 60_000);
});
