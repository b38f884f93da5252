/**
 * An `act` the board refuses fails the script at its line with the board's code and words (it let
 * the script go on, and pass, from a game that never moved), unless the next step is the
 * `expect rej` of that refusal.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseScript } from '../../host/src/script/parse-script';
import { freshSimRunner } from '../support/sim-runner';
import { cli } from '../support/cli';
import { scratchDir } from '../support/host-harness';

const GIVEN = 'given {"players":[{"name":"A","markers":[],"frustrations":0},{"name":"B","markers":[],"frustrations":0}],"active":"A"}\n';

async function play(text: string) {
  const { runner } = await freshSimRunner();
  return runner.run(parseScript(text));
}

describe('a refused act', () => {
  it('fails at its line with the code and its words, and the script stops there', async () => {
    // No reroll window in a fresh turn: pass is refused.
    const r = await play(GIVEN + 'act {"do":"pass"}\nexpect state phase=await_first_throw\n');
    expect(r.map((x) => x.ok)).toEqual([true, false]);
    expect(r[1].line).toBe(2);
    expect(r[1].problem).toBe('act {"do":"pass"} refused by the board: window_closed (the reroll window for this throw is closed); if the script means it, write expect rej window_closed as the next step');
  });

  it('passes when the next step expects that refusal, which then holds', async () => {
    const r = await play(GIVEN + 'act {"do":"pass"}\nexpect rej window_closed\nact {"do":"throw","faces":[3,3,4,5,6,7,"R"]}\nexpect state phase=await_target\n');
    expect(r.map((x) => x.ok)).toEqual([true, true, true, true, true]);
  });

  it('fails at the act when the next step expects another refusal, naming both', async () => {
    const r = await play(GIVEN + 'act {"do":"pass"}\nexpect rej window_open\n');
    expect(r.map((x) => x.ok)).toEqual([true, false]);
    expect(r[1].problem).toMatch(/^act \{"do":"pass"\} refused by the board: window_closed \(.*\); line 3 expects rej window_open$/);
  });

  it("fails for a refusal that comes as an err line (an action the rules cannot read), which expect rej also sees", async () => {
    const junk = 'act {"do":"throw","faces":[{"toString":{}},3,3,3,3,3,3]}\n';
    const r = await play(GIVEN + junk);
    expect(r[1]).toMatchObject({ line: 2, ok: false });
    expect(r[1].problem).toMatch(/refused by the board: bad_action \(malformed action\)/);
    expect((await play(GIVEN + junk + 'expect rej bad_action\n')).every((x) => x.ok)).toBe(true);
  });

  it('an accepted act still passes, and an act with no game is refused (no_game)', async () => {
    expect((await play(GIVEN + 'act {"do":"throw","faces":[3,3,4,5,6,7,"R"]}\nexpect act throw\n')).every((x) => x.ok)).toBe(true);
    const r = await play('act {"do":"pass"}\n');
    expect(r[0].problem).toMatch(/refused by the board: no_game \(no game running\)/);
  });

  it('makes the CLI fail with exit 1 at that line', async () => {
    const f = path.join(scratchDir('dt-act-refused-'), 'pass.table');
    writeFileSync(f, GIVEN + 'act {"do":"pass"}\nexpect state phase=await_first_throw\n');
    const r = await cli(['script', f]);
    expect(r.code).toBe(1);
    expect(r.err[0]).toMatch(/pass\.table:2: act \{"do":"pass"\} refused by the board: window_closed/);
  });
});
