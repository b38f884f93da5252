/**
 * A README line that starts a game on `npm start`'s simulated board (`… | npx dicetray script -
 * --board sim:FILE`), run as written in a fresh folder; then `check` (a table script's expect
 * line) must hold on that Storage file, as `npm start` would find it.
 */
import { expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SIM_STORAGE } from '../../host/src/defaults';
import { CLI, scratchDir } from '../support/host-harness';
import { run } from './cli-run';

export async function playReadmeSimLine(line: string | undefined, prefix: string, check: string): Promise<void> {
  expect(line).toContain(`--board sim:${DEFAULT_SIM_STORAGE}`);
  const dir = scratchDir(prefix);
  mkdirSync(path.join(dir, path.dirname(DEFAULT_SIM_STORAGE)), { recursive: true }); // npm start made it
  const r = spawnSync('bash', ['-c', line!.replace('npx dicetray', `"${process.execPath}" "${CLI}"`)], { cwd: dir, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const file = path.join(dir, 'check.table');
  writeFileSync(file, check + '\n');
  const c = await run(['script', file, '--board', `sim:${DEFAULT_SIM_STORAGE}`], dir);
  expect(c.err).toBe('');
  expect(c.code).toBe(0);
}
