import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, symlinkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../support/cli';

const REFERENCE = join(process.cwd(), '..', 'shared', 'scenarios');
const OWN = join(process.cwd(), 'test', 'fixtures', 'scenarios');


describe('dicetray conform', () => {
  const files = readdirSync(REFERENCE).filter((f) => f.endsWith('.json')).map((f) => join(REFERENCE, f));

  it('passes every scenario in ../shared/scenarios, for all three games', async () => {
    expect(files.length).toBeGreaterThan(0);
    const r = await cli(['conform', '--json', ...files]);
    const res = JSON.parse(r.out[0]);
    for (const [game, least] of [['pechvogel', 22], ['seventh_dwarf', 6], ['thats_life', 6]] as const) {
      const own = res.results.filter((x: { game: string }) => x.game === game);
      expect(own.length, game).toBeGreaterThanOrEqual(least);
      expect(own.filter((x: { status: string }) => x.status !== 'passed'), game).toEqual([]);
    }
    expect(res.failed).toBe(0);
    expect(res.skipped).toBe(0);
    expect(r.code).toBe(0);
  });

  it("passes the team's own ruling scenarios", async () => {
    const r = await cli(['conform', ...readdirSync(OWN).filter((f) => f.endsWith('.json')).map((f) => join(OWN, f))]);
    expect(r.out[r.out.length - 1]).toMatch(/^\d+ passed, 0 failed$/);
    expect(r.code).toBe(0);
  });

  it('agrees with implementations written blind from RULES.md on their own random fragments (expectations they computed), where the engine sides with them', async () => {
    const r = await cli(['conform', '--json', join(OWN, 'blind')]);
    const res = JSON.parse(r.out[0]);
    expect(res.results.filter((x: { status: string }) => x.status !== 'passed')).toEqual([]);
    expect(res.passed).toBe(660);
  });

  it('reports a wrong expectation as failed, with the reason, and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-conform-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        schema: 'tabletop-rules-scenarios/1',
        scenarios: [
          {
            id: 'X-1', game: 'pechvogel', title: 'deliberately wrong',
            given: { players: [{ name: 'A', markers: [], frustrations: 0 }, { name: 'B', markers: [], frustrations: 0 }], active: 'A' },
            events: [{ do: 'throw', faces: [3, 3, 3], expect_error: 'target_not_rolled' }],
            expect: { active: 'B' },
          },
        ],
      }),
    );
    const r = await cli(['conform', bad]);
    expect(r.code).toBe(1);
    expect(r.out.join('\n')).toMatch(/FAIL X-1[\s\S]*refused with wrong_dice_count[\s\S]*0 passed, 1 failed/);
  });

  it('runs as a real command with a closing line and exit code; a missing file is an input error', () => {
    const bin = join(process.cwd(), 'host', 'bin', 'dicetray.mjs');
    const out = execFileSync('node', [bin, 'conform', join(REFERENCE, 'pechvogel.json')], { encoding: 'utf8' });
    expect(out.trim().split('\n').pop()).toMatch(/^22 passed, 0 failed$/);
    const missing = spawnSync('node', [bin, 'conform', '/nonexistent.json'], { encoding: 'utf8' });
    expect(missing.status).toBe(6);
    expect(missing.stderr).toMatch(/^dicetray: cannot read scenarios/);
    const usage = spawnSync('node', [bin, 'conform'], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
  });

  it('takes folders (every .json file in them, subfolders too) and - for standard input', () => {
    const bin = join(process.cwd(), 'host', 'bin', 'dicetray.mjs');
    const dir = mkdtempSync(join(tmpdir(), 'dt-conform-dir-'));
    mkdirSync(join(dir, 'more'));
    copyFileSync(join(REFERENCE, 'pechvogel.json'), join(dir, 'a.json'));
    copyFileSync(join(REFERENCE, 'thats-life.json'), join(dir, 'more', 'b.json'));
    writeFileSync(join(dir, 'notes.txt'), 'not a scenario file');
    const res = JSON.parse(execFileSync('node', [bin, 'conform', '--json', dir], { encoding: 'utf8' }));
    expect([res.passed, res.failed]).toEqual([28, 0]);
    expect(new Set(res.results.map((x: { file: string }) => x.file))).toEqual(new Set([join(dir, 'a.json'), join(dir, 'more', 'b.json')]));
    // In name order: a.json before the folder more/ (the order a teacher reads the report in).
    const order = res.results.map((x: { file: string }) => x.file).filter((f: string, i: number, all: string[]) => all.indexOf(f) === i);
    expect(order).toEqual([join(dir, 'a.json'), join(dir, 'more', 'b.json')]);
    const piped = spawnSync('node', [bin, 'conform', '-'], { encoding: 'utf8', input: readFileSync(join(REFERENCE, 'seventh-dwarf.json'), 'utf8') });
    expect(piped.status).toBe(0);
    expect(piped.stdout.trim().split('\n').pop()).toBe('6 passed, 0 failed');
    // A folder without scenario files is an input error, not a silent pass.
    const empty = spawnSync('node', [bin, 'conform', join(dir, 'more', '..', 'none')], { encoding: 'utf8' });
    expect(empty.status).toBe(6);
    mkdirSync(join(dir, 'none'));
    const none = spawnSync('node', [bin, 'conform', join(dir, 'none')], { encoding: 'utf8' });
    expect(none.status).toBe(6);
    expect(none.stderr).toMatch(/a folder with no \.json files in it/);
    // A broken link in a folder is reported with the file; the others still run (it crashed the run).
    symlinkSync(join(dir, 'gone.json'), join(dir, 'more', 'link.json'));
    const broken = spawnSync('node', [bin, 'conform', dir], { encoding: 'utf8' });
    expect(broken.status).toBe(6);
    expect(broken.stderr).toMatch(/link\.json/);
    expect(broken.stderr).not.toMatch(/unexpected error/);
    expect(broken.stdout.trim().split('\n').pop()).toMatch(/^28 passed, 0 failed/);
  });
});
