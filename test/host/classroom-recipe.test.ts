/**
 * Classroom files say how they were made (host/src/recipe.ts): every CSV row ends with the seed
 * (simulate), the dicetray version and the command, and the plot has it as a caption. The command
 * is the recipe: run again, it gives the same numbers (what a teacher handing a file to students
 * needs). The columns before them stay where they were.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'dt-recipe-'));
const VERSION = 'dicetray ' + JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')).version;

/** A CSV line's cells (a quoted cell holds no quote here: the command is the only one quoted). */
function split(line: string): string[] {
  const out: string[] = [];
  for (let i = 0; i <= line.length; ) {
    const quoted = line[i] === '"';
    const end = quoted ? line.indexOf('"', i + 1) + 1 : line.indexOf(',', i) < 0 ? line.length : line.indexOf(',', i);
    out.push(quoted ? line.slice(i + 1, end - 1) : line.slice(i, end));
    i = end + 1;
  }
  return out;
}

/** A CSV file's (or standard output's) lines split into cells, a BOM before them left out. */
const cells = (text: string): string[][] => text.replace(/^\uFEFF/, '').trim().split('\n').map(split);

/** The table a command line from a CSV's `command` cell writes, run again (as a student would). */
async function rerun(command: string): Promise<string[][]> {
  const words = command.split(' ');
  expect(words[0]).toBe('dicetray');
  const r = await cli([...words.slice(1), '--csv', '-']);
  expect(r.code, r.err.join('\n')).toBe(0);
  return cells(r.out.join('\n'));
}

describe('classroom CSV: how it was made', () => {
  it('simulate: every row ends with seed, version, command; the command makes the same table', async () => {
    const runs: [string[], string[], string][] = [
      [[], ['turns', 'marker', 'frustration', 'both', 'murphy', 'throws', 'points'], 'dicetray simulate pechvogel --policy most --turns 500 --seed 7'],
      [['--policy', 'fewest'], ['turns', 'marker'], 'dicetray simulate pechvogel --policy fewest --turns 500 --seed 7'],
      [['--from', '02, 01', '--reduce'], ['turns', 'marker', 'marker_exact'], 'dicetray simulate pechvogel --from 2,1 --reduce --turns 500 --seed 7'],
      [['--frustrate'], ['turns', 'marker', 'marker_exact'], 'dicetray simulate pechvogel --policy most --frustrate --turns 500 --seed 7'],
      [['seventh_dwarf'], ['turns', 'success', 'success_exact'], 'dicetray simulate seventh_dwarf --policy best --turns 500 --seed 7'],
      [["That's Life!"], ['k', 'card', 'share', 'exact', 'z'], 'dicetray simulate thats_life --turns 500 --seed 7'],
    ];
    for (const [args, lead, command] of runs) {
      const file = join(dir, 'sim.csv');
      const r = await cli(['simulate', ...args, '--turns', '500', '--seed', '7', '--csv', file]);
      expect(r.code, args.join(' ')).toBe(0);
      const t = cells(readFileSync(file, 'utf8'));
      const head = t[0];
      // The table's own columns first, as before; the recipe's three last.
      expect(head.slice(0, lead.length), command).toEqual(lead);
      expect(head.slice(-3), command).toEqual(['seed', 'version', 'command']);
      for (const row of t.slice(1)) expect(row.slice(-3), command).toEqual(['7', VERSION, command]);
      expect(await rerun(command), command).toEqual(t);
    }
  });

  it('odds: every row ends with version and command; the command makes the same table', async () => {
    const runs: [string[], string][] = [
      [['--all'], 'dicetray odds pechvogel --all --policy most'],
      [['--from', '3,2', '--reduce'], 'dicetray odds pechvogel --from 3,2 --reduce'],
      [['--from', '3, 2', '--frustrate'], 'dicetray odds pechvogel --from 3,2 --frustrate'],
      [['--policy', 'points'], 'dicetray odds pechvogel --policy points'],
      [['seventh_dwarf', '--row', '0, 1,2,3,4,0,6,0,0', '--die', '6'], 'dicetray odds seventh_dwarf --row 0,1,2,3,4,0,6,0,0 --die 6'],
      [['seventh_dwarf', '--policy', 'spread'], 'dicetray odds seventh_dwarf --policy spread'],
      [['thats_life'], 'dicetray odds thats_life'],
    ];
    for (const [args, command] of runs) {
      const file = join(dir, 'odds.csv');
      expect((await cli(['odds', ...args, '--csv', file])).code, command).toBe(0);
      const t = cells(readFileSync(file, 'utf8'));
      expect(t[0].slice(-2), command).toEqual(['version', 'command']);
      for (const row of t.slice(1)) expect(row.slice(-2), command).toEqual([VERSION, command]);
      expect(await rerun(command), command).toEqual(t);
    }
  });

  it('with --decimal-comma the recipe is a text cell like any other', async () => {
    const lines = (await cli(['simulate', '--from', '3,2', '--turns', '10', '--csv', '-', '--decimal-comma'])).out.join('\n').split('\n');
    expect(lines[0]).toMatch(/;seed;version;command$/);
    // The command's commas are no separator here, so it needs no quotes.
    expect(lines[1]).toMatch(new RegExp(`^1;.*;1;${VERSION};dicetray simulate pechvogel --from 3,2 --turns 10 --seed 1$`));
  });
});

describe('classroom plot: how it was made', () => {
  it('simulate --svg has the command and the version as a caption under the plot, in every game', async () => {
    for (const [game, command] of [
      ['pechvogel', 'dicetray simulate pechvogel --policy most --turns 30 --seed 4'],
      ['seventh_dwarf', 'dicetray simulate seventh_dwarf --policy best --turns 30 --seed 4'],
      ['thats_life', 'dicetray simulate thats_life --turns 30 --seed 4'],
    ]) {
      const svg = join(dir, `${game}.svg`);
      expect((await cli(['simulate', game, '--turns', '30', '--seed', '4', '--svg', svg])).code, game).toBe(0);
      const pic = readFileSync(svg, 'utf8');
      const caption = [...pic.matchAll(/<text class="caption" [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ');
      expect(caption, game).toBe(`made with ${VERSION}: ${command}`);
      // Below the plot, inside the picture.
      const [, height] = /^<svg [^>]*viewBox="0 0 \d+ (\d+)"/.exec(pic)!;
      const y = Number(/<svg y="(\d+)"[^>]*>\n<rect [^>]*\/>\n<text class="caption"/.exec(pic)![1]);
      const plot = Number(/^<svg [^>]*>\n<svg y="0" [^>]*height="(\d+)"/.exec(pic)![1]);
      expect(y, game).toBe(plot);
      expect(y, game).toBeLessThan(Number(height));
    }
  });
});

describe('classroom --json: how it was made', () => {
  it('odds and simulate --json carry version and command (and seed), the command giving the same JSON again', async () => {
    const runs: [string[], string][] = [
      [['simulate', '--turns', '300', '--seed', '7'], 'dicetray simulate pechvogel --policy most --turns 300 --seed 7'],
      [['simulate', '--from', '02, 01', '--reduce', '--turns', '300', '--seed', '7'], 'dicetray simulate pechvogel --from 2,1 --reduce --turns 300 --seed 7'],
      [['simulate', 'seventh_dwarf', '--turns', '300', '--seed', '7'], 'dicetray simulate seventh_dwarf --policy best --turns 300 --seed 7'],
      [['simulate', 'thats_life', '--turns', '300', '--seed', '7'], 'dicetray simulate thats_life --turns 300 --seed 7'],
      [['odds', '--all'], 'dicetray odds pechvogel --all --policy most'],
      [['odds', '--from', '3,2', '--reduce'], 'dicetray odds pechvogel --from 3,2 --reduce'],
      [['odds', '--frustrate', '--policy', 'fewest'], 'dicetray odds pechvogel --policy fewest --frustrate'],
      [['odds', '--from', '3, 2', '--frustrate'], 'dicetray odds pechvogel --from 3,2 --frustrate'],
      [['odds', 'seventh_dwarf', '--row', '0, 1,2,3,4,0,6,0,0', '--die', '6'], 'dicetray odds seventh_dwarf --row 0,1,2,3,4,0,6,0,0 --die 6'],
      [['odds', 'thats_life'], 'dicetray odds thats_life'],
    ];
    for (const [args, command] of runs) {
      const r = await cli([...args, '--json']);
      expect(r.code, command).toBe(0);
      const j = JSON.parse(r.out[0]);
      expect(j.version, command).toBe(VERSION);
      expect(j.command, command).toBe(command);
      if (args[0] === 'simulate') expect(j.seed, command).toBe(7);
      const again = await cli([...command.split(' ').slice(1), '--json']);
      expect(JSON.parse(again.out[0]), command).toEqual(j);
    }
  });
});
