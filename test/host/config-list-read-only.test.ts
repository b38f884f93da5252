import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { scratchDir } from '../support/host-harness';
import { run } from './cli-run';

// `dicetray config -p sim:FILE` with no KEY=VALUE only reads the board. The simulated board boots
// for the run and its firmware counts the boot in Storage (dt.boots); a real board, already running,
// writes nothing when a program reads it, so neither may the file.

/** The one JSON object `config --json` prints. */
function settings(r: { code: number | null; out: string; err: string }): Record<string, unknown> {
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out.trim()).settings;
}

describe('dicetray config, listing a simulated board', () => {
  it('leaves its Storage file as it was (content and mtime); setting still writes it', async () => {
    const dir = scratchDir('dt-config-ro-');
    const file = path.join(dir, 'board.json');
    expect(settings(await run(['config', '-p', 'sim:' + file, 'brightness=24', '--json'], dir)).brightness).toBe(24);
    const before = { text: readFileSync(file, 'utf8'), mtime: statSync(file).mtimeMs };
    await new Promise((r) => setTimeout(r, 50));
    for (const args of [['--json'], []]) {
      const r = await run(['config', '-p', 'sim:' + file, ...args], dir);
      expect(r.code, r.err).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe(before.text);
      expect(statSync(file).mtimeMs).toBe(before.mtime);
    }
    expect(settings(await run(['config', '-p', 'sim:' + file, '--json'], dir)).brightness).toBe(24);
    expect(existsSync(file + '.lock')).toBe(false);
    // A setting is a write: the file changes (and the boot it took is counted).
    expect(settings(await run(['config', '-p', 'sim:' + file, 'beep=off', '--json'], dir)).beep).toBe(false);
    expect(readFileSync(file, 'utf8')).not.toBe(before.text);
  }, 60_000);

  it('does not make a Storage file that was not there: it lists a new board\'s settings', async () => {
    const dir = scratchDir('dt-config-ro-');
    const file = path.join(dir, 'none.json');
    const r = await run(['config', '-p', 'sim:' + file, '--json'], dir);
    expect(settings(r).brightness).toBe(32);
    expect(JSON.parse(r.out.trim()).note).toMatch(/does not exist yet: these are a new board's defaults/);
    // Said in the listing too, not "as saved in the board's Storage"; still exit 0 (the defaults are worth seeing).
    const t = await run(['config', '-p', 'sim:' + file], dir);
    expect(t.code, t.err).toBe(0);
    expect(t.out.split('\n')[0]).toMatch(/none\.json does not exist yet: these are a new board's defaults/);
    expect(t.out).not.toMatch(/as saved in the board's Storage/);
    expect(existsSync(file)).toBe(false);
  }, 60_000);
});
