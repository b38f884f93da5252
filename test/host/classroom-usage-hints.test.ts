/**
 * The usage line each classroom command gives with an option meant for another game: the one for
 * the game typed (pechvogel's odds: where --row and --die go), so a teacher sees what that game
 * takes; several wrong options are listed "a, b and c"; a --row is echoed with '_' for empty
 * places, as the row line under it. A mutation round found these unchecked. (simulate pechvogel
 * has no option of another game to refuse: --row and --die are refused before, as odds' questions.)
 */
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli';

describe('classroom usage lines, per game', () => {
  it('odds and simulate give the usage line of the game typed', async () => {
    const cases: [string[], string][] = [
      [['odds', '--row', '0,1,0,3,0,0,5,0,0'], 'hint: dicetray odds seventh_dwarf --row 0,1,0,3,0,0,5,0,0 --die 4'],
      [['odds', 'seventh_dwarf', '--from', '2,1'], 'hint: dicetray odds seventh_dwarf [--policy best|spread|leftmost] [--row …] [--die V]'],
      [['odds', 'thats_life', '--reduce'], 'hint: dicetray odds thats_life [--csv FILE] [--json]'],
      [['simulate', 'seventh_dwarf', '--reduce'], 'hint: dicetray simulate seventh_dwarf [--policy best|spread|leftmost]'],
      [['simulate', 'thats_life', '--policy', 'best'], 'hint: dicetray simulate thats_life [--turns N] [--seed S] [--csv FILE] [--svg FILE]'],
    ];
    for (const [args, hint] of cases) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toEqual([expect.stringMatching(/^dicetray: --\w+ is not for \w+: it is for /), hint]);
    }
  });

  it('three wrong options are listed "--a, --b and --c"', async () => {
    const r = await cli(['odds', 'thats_life', '--from', '2,1', '--reduce', '--row', '0']);
    expect(r.err[0]).toBe('dicetray: --from, --reduce and --row are not for thats_life: --from is for pechvogel; --reduce is for pechvogel; --row is for seventh_dwarf');
  });

  it("7th Dwarf --row: the heading echoes the row with '_' for its empty places", async () => {
    const r = await cli(['odds', 'seventh_dwarf', '--row', '0,1,0,3,0,0,5,0,0']);
    expect(r.code).toBe(0);
    expect(r.out.slice(0, 2).join(' ')).toContain('from the row _ 1 _ 3 _ _ 5 _ _');
  });
});
