/**
 * A failing script says so on stderr, as replay's failures do (exit 1); a passing one says so on
 * stdout. Under --json stdout holds the one JSON result either way.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratchDir } from '../support/host-harness';
import { run } from './cli-run';

const dir = scratchDir('dt-script-output-');
const script = (name: string, text: string) => {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
};

describe('dicetray script output', () => {
  it('prints a failure and the summary on stderr, nothing on stdout, exit 1', async () => {
    const f = script('fail.table', 'new Ann Ben\nexpect state phase=reroll_window\npress K1\n');
    const r = await run(['script', f], dir);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe(`dicetray: ${f}:2: phase: expected "reroll_window", got "await_first_throw"\n${f}: FAILED at step 2 of 3 (line 2)\n`);
  });

  it('numbers the failed step itself, and its line (comments and blank lines are no steps)', async () => {
    const f = script('counted.table', '# Ann and Ben\nnew Ann Ben\n\nexpect state phase=await_first_throw\nexpect state phase=reroll_window\npress K1\n');
    const r = await run(['script', f], dir);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`dicetray: ${f}:5: phase: expected "reroll_window", got "await_first_throw"\n${f}: FAILED at step 3 of 4 (line 5)\n`);
  });

  it('prints a pass on stdout, nothing on stderr', async () => {
    const f = script('pass.table', 'new Ann Ben\nexpect state phase=await_first_throw\n');
    const r = await run(['script', f], dir);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`${f}: 2 steps ok\n`);
    expect(r.err).toBe('');
  });

  it('under --json: the result alone on stdout, the failure on stderr too', async () => {
    const f = script('fail.table', 'new Ann Ben\nexpect state phase=reroll_window\n');
    const r = await run(['script', f, '--json'], dir);
    expect(r.code).toBe(1);
    const o = JSON.parse(r.out);
    expect(o).toMatchObject({ ok: false, ran: 2, failed: [{ line: 2, ok: false }] });
    expect(r.err).toMatch(/fail\.table:2: phase: expected "reroll_window"/);
    const ok = await run(['script', script('ok.table', 'new Ann Ben\n'), '--json'], dir);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({ ok: true, failed: [] });
    expect(JSON.parse(ok.out)).not.toHaveProperty('error');
    expect(ok.err).toBe('');
  });

  it("under --json a failure has the error of every command's failure beside failed (errors.ts)", async () => {
    const f = script('fail3.table', 'new Ann Ben\nexpect state phase=reroll_window\npress K1\nexpect no act\n');
    const r = await run(['script', f, '--json'], dir);
    expect(r.code).toBe(1);
    const o = JSON.parse(r.out);
    expect(o.failed).toEqual([{ line: 2, ok: false, problem: 'phase: expected "reroll_window", got "await_first_throw"' }]);
    expect(o.error).toEqual({ code: 'failed', message: `${f}:2: phase: expected "reroll_window", got "await_first_throw"`, hint: 'the 2 steps after it did not run', exit: 1, line: 2, step: 2 });
    // The last step failing: nothing was left out.
    const last = JSON.parse((await run(['script', script('last.table', 'new Ann Ben\nexpect state phase=reroll_window\n'), '--json'], dir)).out);
    expect(last.error).toMatchObject({ code: 'failed', hint: '', exit: 1, line: 2, step: 2 });
    // One step left out: "step", not "steps".
    const one = JSON.parse((await run(['script', script('one-left.table', 'new Ann Ben\nexpect state phase=reroll_window\npress K1\n'), '--json'], dir)).out);
    expect(one.error).toMatchObject({ hint: 'the 1 step after it did not run', step: 2 });
  });
});
