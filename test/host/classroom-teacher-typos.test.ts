/**
 * A maths teacher's slips with the classroom commands for The 7th Dwarf and That's Life!: each
 * message names what was typed and what to type instead; and That's Life!'s z column says what it is.
 */
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli';
import { checkGameOptions } from '../../host/src/commands/game-options';

describe('classroom commands, as a teacher mistypes them', () => {
  it('a game name run together is taken; a typo or a part of one gets the name meant', async () => {
    for (const [typed, game] of [['thatslife', "That's Life!"], ['7thdwarf', 'The 7th Dwarf'], ['SeventhDwarf', 'The 7th Dwarf']]) {
      const r = await cli(['odds', typed, '--json']);
      expect(r.code, typed).toBe(0);
      expect(JSON.parse(r.out[0]).game, typed).toBe(game === "That's Life!" ? 'thats_life' : 'seventh_dwarf');
    }
    for (const [typed, meant] of [['thats_lfe', 'thats_life'], ['dwarf', 'seventh_dwarf'], ['pechvogl', 'pechvogel']]) {
      const r = await cli(['simulate', typed, '--turns', '1']);
      expect(r.code, typed).toBe(2);
      expect(r.err.join('\n')).toContain(`unknown game "${typed}" (did you mean ${meant}?)`);
      expect(r.err.join('\n')).toMatch(/hint: give pechvogel, seventh_dwarf or thats_life/);
    }
  });

  it("an option of another game names the option typed and the games it is for", async () => {
    const one = await cli(['odds', 'thats_life', '--policy', 'best']);
    expect(one.code).toBe(2);
    expect(one.err[0]).toBe('dicetray: --policy is not for thats_life: it is for pechvogel and seventh_dwarf');
    const two = await cli(['simulate', 'thats_life', '--reduce', '--policy', 'best']);
    expect(two.err[0]).toBe('dicetray: --reduce and --policy are not for thats_life: --reduce is for pechvogel; --policy is for pechvogel and seventh_dwarf');
    const dwarf = await cli(['simulate', 'seventh_dwarf', '--from', '2,1']);
    expect(dwarf.err[0]).toBe('dicetray: --from is not for seventh_dwarf: it is for pechvogel');
    const pv = await cli(['odds', '--die', '3']);
    expect(pv.err[0]).toBe('dicetray: --die is not for pechvogel: it is for seventh_dwarf');
    const all = await cli(['odds', 'seventh_dwarf', '--all']);
    expect(all.code).toBe(2);
    expect(all.err[0]).toBe('dicetray: --all is not for seventh_dwarf: it is for pechvogel');
  });

  it('takes an option given as false (a caller in code, not the command line) as not given', () => {
    expect(() => checkGameOptions('thats_life', { reduce: false, frustrate: false, all: false, policy: undefined }, 'hint')).not.toThrow();
    expect(() => checkGameOptions('thats_life', { reduce: true }, 'hint')).toThrow('--reduce is not for thats_life: it is for pechvogel');
  });

  it("That's Life!'s simulation says what its z column means, and what a '–' there means", async () => {
    // 20 figures: the first cards (p ≈ 1/6) have no z yet, the later ones have one.
    const few = (await cli(['simulate', 'thats_life', '--turns', '20'])).out.join('\n');
    expect(few).toMatch(/\s–\n/);
    expect(few).toContain('(z: off by this many standard errors; |z| < 2 in about 95 % of runs)');
    expect(few).toContain('(–: no z yet, too few figures for the normal approximation)');
    const many = (await cli(['simulate', 'thats_life', '--turns', '2000'])).out.join('\n');
    expect(many).toContain('(z: off by this many standard errors');
    expect(many).not.toContain('no z yet');
    expect(many).toMatch(/largest \|z\| \d\.\d\d over 32 cards/);
  });
});
