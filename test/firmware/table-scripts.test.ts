import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseScript, type Step } from '../../host/src/script/parse-script';
import { freshSimRunner } from '../support/sim-runner';
import { stateHash } from '../../shared/engine/hash';
import { POWER, frameDriveMa } from '../../hardware/power';

const DIR = join(process.cwd(), 'test', 'fixtures', 'scripts');
const SCRIPTS = readdirSync(DIR).filter((f) => f.endsWith('.table'));


describe('table scripts on the simulated board (exact firmware bundle, buttons through pins, fake clock)', () => {
  for (const file of SCRIPTS) {
    it(file, async () => {
      const { board, runner } = await freshSimRunner();
      // Every frame the LEDs get stays under the brightness cap and the USB current budget.
      let worstMa = 0;
      let brightest = 0;
      board.on('frame', (f: Uint8Array) => {
        worstMa = Math.max(worstMa, frameDriveMa(f));
        for (const b of f) brightest = Math.max(brightest, b);
      });
      const steps = parseScript(readFileSync(join(DIR, file), 'utf8'));
      const results = await runner.run(steps);
      expect(board.frames).toBeGreaterThan(0);
      expect(worstMa).toBeLessThanOrEqual(POWER.ledBudgetMa);
      expect(brightest).toBeLessThanOrEqual(POWER.brightnessCap);
      const failed = results.find((r) => !r.ok);
      expect(failed ? `line ${failed.line}: ${failed.problem}` : 'ok').toBe('ok');
      expect(results.length).toBe(steps.length);
      expect(board.errors).toEqual([]);
    });
  }

  it('a refusal repeated is one only while the board still shows it: a press taken after it is none', async () => {
    const { runner } = await freshSimRunner();
    const steps = parseScript('new Ann Ben\npress OK\nexpect rej enter_dice\npress OK\nexpect rej enter_dice\npress K1\nexpect rej enter_dice\n');
    const results = await runner.run(steps);
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true, true, false]);
    expect(results[6].problem).toMatch(/no refusal enter_dice/);
  });

  it('reports a wrong expectation with its line', async () => {
    const { runner } = await freshSimRunner();
    const steps = parseScript('new Ann Ben\npress K1 K1 K1 K1 K1 K1 K1 OK\nexpect act throw {"faces":[4,4,4,4,4,4,4]}\n');
    const results = await runner.run(steps);
    expect(results[2]).toMatchObject({ line: 3, ok: false });
    expect(results[2].problem).toMatch(/no accepted throw/);
  });

  it('every kind of expectation fails when the board shows otherwise (a script that cannot fail tests nothing)', async () => {
    const given = 'given {"players":[{"name":"A","markers":[],"frustrations":0},{"name":"B","markers":[],"frustrations":0}],"active":"A","middle":{"3":3,"4":3,"5":3,"6":3,"7":3},"murphy":null}\n';
    const wrong: [string, RegExp][] = [
      ['expect state phase=reroll_window', /phase: expected "reroll_window", got "await_first_throw"/],
      ['expect state active=B', /active/],
      ['expect ui e=[4]', /e\[0\]: expected 4, got 3/],
      ['expect led 0 0 Y', /LED 0,0 shows ., expected Y/],
      ['expect rej window_open', /no refusal window_open/],
      ['expect act pass', /no accepted pass/],
    ];
    for (const [line, why] of wrong) {
      const { runner } = await freshSimRunner();
      // The run stops at the failure (the CLI says: FAILED at step 3 of 4).
      const results = await runner.run(parseScript(given + 'press K1\n' + line + '\npress K2\n'));
      expect(results.map((r) => r.ok), line).toEqual([true, true, false]);
      expect(results[2].problem, line).toMatch(why);
    }
    // An accepted action since the last expectation fails expect no act.
    const { runner } = await freshSimRunner();
    const results = await runner.run(parseScript(given + 'press K1 K1 K1 K1 K1 K1 K1 OK\nexpect no act\n'));
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(results[2].problem).toMatch(/unexpected: {"do":"throw"/);
  });

  it('expect no act is a fresh start: a refusal that came before it does not satisfy an expect rej after it', async () => {
    const given = 'given {"players":[{"name":"A","markers":[],"frustrations":0},{"name":"B","markers":[],"frustrations":0}],"active":"A"}\n';
    const { runner } = await freshSimRunner();
    // Control: right after the refused press, the refusal is there.
    const ok = await runner.run(parseScript(given + 'press K1 K1 OK\nexpect rej wrong_dice_count\n'));
    expect(ok.map((r) => r.ok)).toEqual([true, true, true]);
    const again = await freshSimRunner();
    const results = await again.runner.run(parseScript(given + 'press K1 K1 OK\nexpect no act\nexpect rej wrong_dice_count\n'));
    expect(results[2]).toMatchObject({ line: 3, ok: true });
    expect(results[3]).toMatchObject({ line: 4, ok: false });
    expect(results[3].problem).toMatch(/no refusal wrong_dice_count/);
  });
});

describe('power cut at every step', () => {
  const games = ['kelly.table', 'reroll-window.table', 'entry.table'];
  for (const file of games) {
    it(`${file}: the board resumes the committed game exactly after a cut at any step`, async () => {
      const steps = parseScript(readFileSync(join(DIR, file), 'utf8')).filter((s) => !s.op.startsWith('expect'));
      // The uninterrupted run: state hash after each step.
      const ref = await freshSimRunner();
      const hashes: (string | null)[] = [];
      for (const s of steps) {
        await ref.runner.step(s);
        hashes.push(ref.runner.model.state ? stateHash(ref.runner.model.state) : null);
      }
      for (let k = 0; k < steps.length; k++) {
        const { board, runner } = await freshSimRunner();
        for (let i = 0; i <= k; i++) await runner.step(steps[i]);
        await runner.step({ line: 0, op: 'powercut' } as Step);
        expect(board.errors).toEqual([]);
        expect(runner.model.synced).toBe(true);
        expect(runner.model.state ? stateHash(runner.model.state) : null).toBe(hashes[k]);
      }
    });
  }
});
