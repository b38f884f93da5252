/**
 * Under --json stdout holds one JSON value whose `ok` agrees with the exit code, whatever ends the
 * command: a bug (any thrown value, a promise nobody awaited), an exception of the simulated
 * board's firmware while every step of a script passed, a Ctrl-C during simulate.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLI, scratchDir } from '../support/host-harness';
import { interruptedRun } from '../support/interrupted-simulate';
import { run, type Run } from './cli-run';

/** The one JSON value on stdout (fails if there is anything else). */
function oneObject(r: Run): Record<string, any> {
  const lines = r.out.split('\n').filter((l) => l.trim());
  expect(lines.length, r.out + r.err).toBe(1);
  return JSON.parse(lines[0]);
}

/**
 * Preloaded into the CLI: JSON.stringify of odds' result (the object with `policy`) throws as
 * BOOM says (a stand-in for a bug inside the command), or leaves a timer or promise that throws
 * after it (a bug outside the command's promise).
 */
const BOOM =
  'data:text/javascript,' +
  encodeURIComponent(`const s = JSON.stringify, how = process.env.BOOM;
JSON.stringify = function (v, ...r) {
  if (v && typeof v === 'object' && 'policy' in v) {
    if (how === 'undefined') throw undefined;
    if (how === 'rejected') { const p = Promise.reject(new Error('rejected boom')); }
    if (how === 'later') setTimeout(() => { throw new Error('late boom'); });
  }
  return s.call(this, v, ...r);
};`);

describe('--json: ok agrees with the exit code', () => {
  const dir = scratchDir('dt-json-ok-');

  it('a non-Error thrown inside a command gives the error object, exit 1 (it printed nothing on stdout)', async () => {
    const r = await run(['--import', BOOM, CLI, 'odds', '--json'], dir, 60_000, { BOOM: 'undefined' }, true);
    expect(r.code, r.err).toBe(1);
    const o = oneObject(r);
    expect(o).toEqual({ ok: false, error: { code: 'failed', message: 'unexpected error: undefined', hint: expect.stringMatching(/bug in dicetray/), exit: 1 } });
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('a promise rejected unawaited: one object, ok as the exit code says (it printed ok true and exited 1)', async () => {
    const r = await run(['--import', BOOM, CLI, 'odds', '--json'], dir, 60_000, { BOOM: 'rejected' }, true);
    expect(r.err).toMatch(/unexpected error: rejected boom/);
    const o = oneObject(r);
    expect(o.ok).toBe(r.code === 0);
    if (!o.ok) expect(o.error.exit).toBe(r.code);
  });

  it('a throw after the result is out: the result stays the one object and the exit code agrees with it', async () => {
    const r = await run(['--import', BOOM, CLI, 'odds', '--json'], dir, 60_000, { BOOM: 'later' }, true);
    expect(r.err).toMatch(/unexpected error: late boom/);
    const o = oneObject(r);
    expect(o.ok).toBe(true);
    expect(r.code).toBe(0);
  });

  it('script on sim:FILE whose firmware raises while every step passes: ok false, the error, exit 1 (it said ok true)', async () => {
    const storage = path.join(dir, 'raises.json');
    writeFileSync(storage, JSON.stringify({ '.boot0': 'throw new Error("boot0 boom")' }));
    const table = path.join(dir, 'one.table');
    writeFileSync(table, 'new Ann Ben seed=1\n');
    const r = await run(['script', table, '--board', `sim:${storage}`, '--json'], dir, 120_000);
    expect(r.code, r.err).toBe(1);
    const o = oneObject(r);
    expect(o.ok).toBe(false);
    expect(o.failed).toEqual([]);
    expect(o.error).toMatchObject({ code: 'failed', exit: 1, line: null, step: null });
    expect(o.error.message).toMatch(/^the firmware raised: [^]*boot0 boom/);
    // The board's frames, not the host's: no stack of dicetray's own files.
    expect(o.error.message + r.err).not.toMatch(/node:vm|host[\\/]src/);
    const plain = await run(['script', table, '--board', `sim:${storage}`], dir, 120_000);
    expect(plain.code).toBe(1);
    expect(plain.out).not.toMatch(/steps? ok/);
  }, 240_000);

  // Each game's report has its own JSON line (Pechvogel's own, the shared one of 7th Dwarf and the
  // rerolls, That's Life!'s walks): each must say it.
  it.each([
    ['pechvogel', 'turns'],
    ['seventh_dwarf', 'turns'],
    ['thats_life', 'figures'],
  ])('simulate %s --json stopped by Ctrl-C: ok false with the interrupted error, exit 130 (it said ok true)', async (game, unit) => {
    const r = await interruptedRun(['simulate', game, '--turns', '10000000', '--json'], dir);
    const { out, err, code } = r;
    expect(code, err).toBe(130);
    const o = oneObject({ code, out, err });
    expect(o.ok).toBe(false);
    expect(o.interrupted).toBe(true);
    expect(o.error).toMatchObject({ code: 'interrupted', exit: 130 });
    expect(o.error.message).toMatch(new RegExp(`^interrupted after ${o.turns.toLocaleString('en')} of 10,000,000 ${unit}`));
  }, 60_000);
});
