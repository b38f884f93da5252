/**
 * `expect rej CODE` in a table script takes only a code a Pechvogel board can send: another game's
 * refusal (illegal_spot, guard_alone) never arrives, so it is refused when the script is read.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseScript } from '../../host/src/script/parse-script';
import { OTHER_GAMES_CODES, REFUSAL_CODES } from '../../host/src/script/refusal-codes';
import { ERROR_TEXT } from '../../shared/engine/error-text';
import { cli } from '../support/cli';
import { REPO, scratchDir } from '../support/host-harness';

/** The error codes written as string literals in the .ts files under `dir` (a folder of the repo). */
function codesIn(dir: string): Set<string> {
  const root = path.join(REPO, dir);
  const text = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts') && f.name !== 'error-text.ts')
    .map((f) => readFileSync(path.join(f.parentPath, f.name), 'utf8'))
    .join('\n');
  return new Set([...text.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]).filter((c) => Object.prototype.hasOwnProperty.call(ERROR_TEXT, c)));
}

describe('expect rej: the game a script plays', () => {
  it("refuses another game's code, naming the game", () => {
    expect(() => parseScript('new Ann Ben\nexpect rej illegal_spot\n')).toThrow(/^line 2: expect rej: illegal_spot is a refusal of The 7th Dwarf; a script plays Pechvogel, whose board never sends it \(the codes: /);
    expect(() => parseScript('expect rej guard_alone\n')).toThrow(/^line 1: expect rej: guard_alone is a refusal of That's Life!;/);
    expect(() => parseScript('expect rej invalid_value\n')).toThrow(/invalid_value is a refusal of The 7th Dwarf and That's Life!;/);
  });

  it("says Pechvogel's own code where it has one for the same thing", () => {
    expect(() => parseScript('expect rej unknown_event\n')).toThrow(/unknown_event is a refusal of The 7th Dwarf and That's Life!; a script plays Pechvogel, whose board never sends it \(did you mean invalid_event\?\)$/);
  });

  it("still takes Pechvogel's, the table's and the link's codes", () => {
    for (const code of ['window_open', 'invalid_event', 'not_an_opponent', 'bad_setup', 'game_over', 'no_game', 'enter_dice', 'unknown_command', 'storage_full']) {
      expect(parseScript(`expect rej ${code}\n`), code).toEqual([{ line: 1, op: 'expect_rej', code }]);
    }
  });

  it("lists exactly the codes only the other games' rules send (kept in step with their sources)", () => {
    // What the script's board can send: Pechvogel's rules, the engine, the protocol and the firmware.
    const board = new Set([...codesIn('shared/games/pechvogel'), ...codesIn('shared/engine'), ...codesIn('shared/protocol'), ...codesIn('firmware/src')]);
    const only = (dir: string) => [...codesIn(dir)].filter((c) => !board.has(c)).sort();
    expect([...OTHER_GAMES_CODES['The 7th Dwarf']].sort()).toEqual(only('shared/games/seventh-dwarf'));
    expect([...OTHER_GAMES_CODES["That's Life!"]].sort()).toEqual(only('shared/games/thats-life'));
    expect(Object.keys(OTHER_GAMES_CODES)).toHaveLength(2);
    for (const c of REFUSAL_CODES) expect(OTHER_GAMES_CODES['The 7th Dwarf'].concat(OTHER_GAMES_CODES["That's Life!"]), c).not.toContain(c);
  });

  it('is refused by the CLI with the file and line, before any board is opened', async () => {
    const f = path.join(scratchDir('dt-script-rej-game-'), 'dwarf.table');
    writeFileSync(f, 'new Ann Ben\nact {"do":"place"}\nexpect rej illegal_spot\n');
    const r = await cli(['script', f, '--board', 'tcp://127.0.0.1:1']);
    expect(r.code).toBe(6);
    expect(r.err[0]).toMatch(/^dicetray: \S*dwarf\.table:3: expect rej: illegal_spot is a refusal of The 7th Dwarf; a script plays Pechvogel/);
  });
});
