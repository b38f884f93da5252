/**
 * Slips a table script is refused for when it is read, with FILE:LINE (exit 6), instead of failing
 * at run time as "got nothing" or never: an unknown refusal code or action, a value begun as JSON
 * and broken, a wait no board timer needs.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseScript } from '../../host/src/script/parse-script';
import { REFUSAL_CODES } from '../../host/src/script/refusal-codes';
import { WAIT_LIMIT_MS } from '../../host/src/script/wait-limit';
import { cli } from '../support/cli';
import { REPO, scratchDir } from '../support/host-harness';

const dir = scratchDir('dt-script-checks-');
const script = (name: string, text: string) => {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
};

describe('expect rej CODE', () => {
  it('takes only a code the board can turn an action down with, and says which one a typo is close to', () => {
    expect(parseScript('expect rej window_open\n')).toEqual([{ line: 1, op: 'expect_rej', code: 'window_open' }]);
    expect(() => parseScript('press OK\nexpect rej window_opne\n')).toThrow(/^line 2: expect rej: no refusal is called window_opne \(did you mean window_open\?\)$/);
    expect(() => parseScript('expect rej window\n')).toThrow(/did you mean window_closed or window_open\?/);
    expect(() => parseScript('expect rej wrong_dice\n')).toThrow(/did you mean wrong_dice_count\?/);
    expect(() => parseScript('expect rej frobnicate\n')).toThrow(/no refusal is called frobnicate \(the codes: Pechvogel.s, the table.s and the link.s in shared\/engine\/error-text\.ts\)/);
  });

  it('takes every code the table and the board turn down or report with (their words are where the codes are checked)', () => {
    const root = path.join(REPO, 'firmware', 'src');
    const text = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && f.name.endsWith('.ts'))
      .map((f) => readFileSync(path.join(f.parentPath, f.name), 'utf8'))
      .join('\n');
    // The table's refusal calls (the method's name spelt re[f]use: written out anywhere outside the
    // firmware, the build would stop shortening it; internal-props.test.ts), err('code') and a rule
    // error's code on the board.
    const codes = new Set([...text.matchAll(/(?:re[f]use|\berr|ruleError|fail)\('([a-z_]+)'/g), ...text.matchAll(/code: '([a-z_]+)'/g)].map((m) => m[1]));
    expect(codes.size).toBeGreaterThan(15);
    for (const c of codes) expect(REFUSAL_CODES, c).toContain(c);
  });

  it('is refused by the CLI with the file and line, before any board is opened', async () => {
    const r = await cli(['script', script('typo.table', 'new Ann Ben\npress OK\nexpect rej enter_dcie\n'), '--board', 'tcp://127.0.0.1:1']);
    expect(r.code).toBe(6);
    expect(r.err[0]).toMatch(/^dicetray: \S*typo\.table:3: expect rej: no refusal is called enter_dcie \(did you mean enter_dice\?\)$/);
  });
});

describe('act', () => {
  it('takes only a Pechvogel action, unless the next step expects its refusal', () => {
    expect(() => parseScript('new Ann Ben\nact {"do":"pas"}\n')).toThrow(/^line 2: act: no action is called pas \(did you mean pass\?\)/);
    expect(parseScript('act {"do":"dance"}\nexpect rej invalid_event\n')).toHaveLength(2);
  });
});

describe('expect state / ui values', () => {
  it('refuses a value begun as JSON that does not parse (it was compared as that text)', () => {
    const bad: [string, RegExp][] = [
      ['expect state turn.board={"targets":4', /line 1: turn\.board=\{"targets":4: the value is not JSON \(.+\); a text is a bare word or in double quotes/],
      ['expect state players.Ann.markers=[3,4', /markers=\[3,4: the value is not JSON/],
      ['expect ui e=[4,', /e=\[4,: the value is not JSON/],
      ["expect state active='Ann'", /active='Ann': the value is not JSON/],
      ['expect state turn.target=6x', /turn\.target=6x: the value is not JSON/],
    ];
    for (const [line, why] of bad) expect(() => parseScript(line + '\n'), line).toThrow(why);
  });

  it('refuses a double quote left open (the words dropped it: new "Ann Lee Ben made three players)', () => {
    for (const line of ['expect state active="Ann', 'new "Ann Lee Ben', 'expect ui err="bad_setup']) {
      expect(() => parseScript(line + '\n'), line).toThrow(/^line 1: a " is not closed/);
    }
    expect(parseScript('new "Ann Lee" Ben\n')[0]).toMatchObject({ names: ['Ann Lee', 'Ben'] });
  });

  it('still reads bare words as text, and JSON as JSON', () => {
    expect(parseScript('expect state phase=await_throw active="Ann Lee" players.Ann.frustrations=-1 murphy=null turn.board={"targets":4}\n')).toEqual([
      { line: 1, op: 'expect_state', pairs: [['phase', 'await_throw'], ['active', 'Ann Lee'], ['players.Ann.frustrations', -1], ['murphy', null], ['turn.board', { targets: 4 }]] },
    ]);
  });

  it('is refused by the CLI with the file and line', async () => {
    const r = await cli(['script', script('json.table', 'new Ann Ben\nexpect state phase=await_first_throw turn={"target":\n')]);
    expect(r.code).toBe(6);
    expect(r.err[0]).toMatch(/json\.table:2: turn=\{"target":: the value is not JSON/);
  });
});

describe('wait', () => {
  it('on the simulated board: up to a day and a minute (no board timer runs longer)', () => {
    expect(WAIT_LIMIT_MS.simulated).toBe(86_460_000);
    expect(parseScript('wait 1800000\n')).toEqual([{ line: 1, op: 'wait', ms: 1_800_000 }]);
    expect(parseScript(`wait ${WAIT_LIMIT_MS.simulated}\n`)).toHaveLength(1);
    expect(() => parseScript('new Ann Ben\nwait 300000000\n')).toThrow(/^line 2: wait 300000000 ms is 83 h 20 min: longer than any timer of the board runs; at most 24 h 1 min \(a typo\?\)$/);
    expect(() => parseScript('chord OK BK 90000000\n')).toThrow(/line 1: chord 90000000 ms is 25 h: longer than any timer/);
  });

  it('on a board on real time: up to an hour (a kiosk abandon timer of 30 min fits)', () => {
    expect(parseScript('wait 1800000\n', { realTime: true })).toHaveLength(1);
    expect(parseScript('wait 3600000\n', { realTime: true })).toHaveLength(1);
    expect(() => parseScript('wait 30000000\n', { realTime: true })).toThrow(/^line 1: wait 30000000 ms is 8 h 20 min: a board on real time waits that long for real; at most 1 h here \(on sim, whose clock jumps, up to 24 h 1 min\)$/);
  });

  it('the CLI bounds by the board it names, before opening it', async () => {
    const f = script('long.table', 'new Ann Ben\nwait 30000000\n');
    for (const board of ['tcp://127.0.0.1:1', '/dev/ttyDOESNOTEXIST', 'auto']) {
      const r = await cli(['script', f, '--board', board]);
      expect(r.code, board).toBe(6);
      expect(r.err[0], board).toMatch(/long\.table:2: wait 30000000 ms is 8 h 20 min: a board on real time/);
    }
    // On sim 8 h of board time take a few seconds: allowed.
    const sim = await cli(['script', script('sim.table', 'new Ann Ben\nwait 7200000\nexpect state phase=await_first_throw\n'), '--board', 'sim:memory']);
    expect(sim.code, sim.err.join('\n')).toBe(0);
  });
});

describe('other slips, said with what to write', () => {
  it("given: an option the rules do not know, with what config takes (virtual dice are a seed, no option)", () => {
    const given = (config: string) => `given {"players":[{"name":"Ann","markers":[],"frustrations":0},{"name":"Ben","markers":[],"frustrations":0}],"active":"Ann","middle":{"3":3,"4":3,"5":3,"6":3,"7":3},"murphy":null,"config":${config}}\n`;
    expect(() => parseScript(given('{"virtual_dice":true}'))).toThrow(/\(option virtual_dice\)\): "config" takes reduce_reroll_immune_to_frustrate, steal_only_if_middle_lacks_value, unofficial_player_count, each true or false; virtual dice: "seed":N beside "players", not in "config"$/);
    expect(() => parseScript(given('{"steal_only_if_middle_lacks_valu":true}'))).toThrow(/each true or false \(did you mean steal_only_if_middle_lacks_value\?\)$/);
    expect(() => parseScript(given('{"steal_only_if_middle_lacks_value":1}'))).toThrow(/\(option steal_only_if_middle_lacks_value\)\): steal_only_if_middle_lacks_value is true or false$/);
    expect(parseScript(given('{"steal_only_if_middle_lacks_value":true}'))).toHaveLength(1);
  });

  it('new: a start past the players (start counts from 0; the board said only bad_setup)', () => {
    expect(() => parseScript('new Ann Ben Cleo start=3\n')).toThrow(/^line 1: start=3: start is who begins, counted from 0 \(start=0 is Ann\), so 0\.\.2 for 3 players$/);
    expect(parseScript('new Ann Ben Cleo start=2\n')[0]).toMatchObject({ start: 2 });
  });

  it('a misspelt step or expectation gets "did you mean" and the list', () => {
    expect(() => parseScript('expct state phase=x\n')).toThrow(/^line 1: unknown step expct \(did you mean expect\?\) \(new, given, press, hold, bounce, chord, wait, act, powercut, expect\)$/);
    expect(() => parseScript('wiat 100\n')).toThrow(/unknown step wiat \(did you mean wait\?\)/);
    expect(() => parseScript('expect stat phase=x\n')).toThrow(/^line 1: unknown expectation stat \(did you mean state\?\) \(expect act, rej, state, ui, led, no act\)$/);
    // Two letters off a two-letter word is no near miss (no → ui).
    expect(() => parseScript('expect no rej\n')).toThrow(/^line 1: unknown expectation no \(expect act/);
  });

  it('a wait in other units, and spaces around =', () => {
    expect(() => parseScript('wait 8sec0\n')).toThrow(/^line 1: wait needs a time: milliseconds as digits \(wait 8000\) or with a unit \(wait 8s, 1m30s, 500ms\), got 8sec0$/);
    expect(() => parseScript('expect state phase = await_throw\n')).toThrow(/^line 1: expected path=value, got phase \(no spaces around =\)$/);
    expect(() => parseScript('expect state active=Seat 1\n')).toThrow(/^line 1: expected path=value, got 1 \(a value with a space goes in double quotes: active="Seat 1"\)$/);
  });

  it('a given the rules turn down, without a board (it failed at run time)', async () => {
    expect(() => parseScript('# one player\ngiven {"players":[{"name":"A","markers":[],"frustrations":0}]}\n')).toThrow(/^line 2: given refused by the rules: bad_setup \(impossible set-up/);
    const r = await cli(['script', script('given.table', 'given {"players":[{"name":"A","markers":[],"frustrations":0},{"name":"B","markers":[],"frustrations":0}],"active":"C"}\n')]);
    expect(r.code).toBe(6);
    expect(r.err[0]).toMatch(/given\.table:1: given refused by the rules: bad_setup \(.*given\.active is not a player\)/);
  });
});
