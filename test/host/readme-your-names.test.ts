/**
 * README, Your first game: the seat buttons name the players Seat 1, Seat 2 …, and a table that
 * wants its own names (Jürgen, Käthe, Strauß) was not told how. The README's command, run as
 * written, leaves a game with those names in the Storage file `npm start` goes on with.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SIM_STORAGE } from '../../host/src/defaults';
import { CLI, scratchDir } from '../support/host-harness';
import { run } from './cli-run';

const README = readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');

describe('README: your names instead of Seat 1 …', () => {
  it("starts npm start's game with the names in the command", async () => {
    const at = README.indexOf('**Your names.**');
    expect(at, 'README says how to give the players names').toBeGreaterThan(README.indexOf('## Your first game'));
    const line = README.slice(at).split('\n').find((l) => l.includes('dicetray script'));
    expect(line).toContain(`--board sim:${DEFAULT_SIM_STORAGE}`);
    const dir = scratchDir('dt-readme-names-');
    mkdirSync(path.join(dir, path.dirname(DEFAULT_SIM_STORAGE)), { recursive: true }); // npm start made it
    const cmd = line!.replace('npx dicetray', `"${process.execPath}" "${CLI}"`);
    const r = spawnSync('bash', ['-c', cmd], { cwd: dir, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const check = path.join(dir, 'check.table');
    writeFileSync(check, 'expect state active=Jürgen players.Käthe.frustrations=0 players.Strauß.markers=[] phase=await_first_throw\n');
    const c = await run(['script', check, '--board', `sim:${DEFAULT_SIM_STORAGE}`], dir);
    expect(c.err).toBe('');
    expect(c.code).toBe(0);
  });
});
