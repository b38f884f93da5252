/**
 * A table of seven (the board has seven seats; Pechvogel's box says 2–5): the board refused OK
 * with how many joined, and a script's `new` with seven names failed on the board as bad_setup
 * ("the players (how many …) or an option"), neither saying that the board plays 6 or 7 as a
 * house rule nor how to start it. `new … house67=1` starts it; without it the script says so
 * when it is read; the README's command, run as written, leaves that game for `npm start`.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseScript } from '../../host/src/script/parse-script';
import { playReadmeSimLine } from './readme-sim-line';

const README = readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');

describe('six or seven players', () => {
  it('new: more than 5 names asks for house67=1; more than 7 is past the seats', () => {
    expect(() => parseScript('new A B C D E F G\n')).toThrow(/^line 1: Pechvogel is for 2 to 5 players, got 7 names; 6 or 7 is a house rule the board plays too: add house67=1$/);
    expect(() => parseScript('new A B C D E F G H house67=1\n')).toThrow(/^line 1: Pechvogel is for 2 to 7 players, got 8 names; the board has 7 seats$/);
    expect(() => parseScript('new A B house67=yes\n')).toThrow(/^line 1: house67 is 1 \(6 or 7 players allowed\) or 0, got yes$/);
    expect(parseScript('new A B C D E F G house67=1 seed=2\n')[0]).toMatchObject({ op: 'new', house67: true, seed: 2 });
    expect(parseScript('new A B C\n')[0]).not.toHaveProperty('house67');
  });

  it("README's command starts a game of seven that npm start goes on with", async () => {
    const at = README.indexOf('**Six or seven players.**');
    expect(at, 'README says how to play with six or seven').toBeGreaterThan(README.indexOf('## Your first game'));
    expect(README.slice(README.indexOf('1. **Set-up.**'), at)).toContain('2 to 5 players');
    const line = README.slice(at).split('\n').find((l) => l.includes('dicetray script'))!;
    await playReadmeSimLine(line, 'dt-readme-seven-', 'expect state active=Ann players.Gus.markers=[] phase=await_first_throw');
  });
});
