/**
 * README's table of the German edition's words: a table that knows the German rulebook meets the
 * screens' English words (frustration, raven, marker …) with nothing to map them by. Each of the
 * screens' game words has a row, each row's English word is one the screens use, and its German
 * word is the German rulebook's.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const README = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
const SCREENS = ['host/src/view/table-text.ts', 'host/src/view/action-text.ts', 'host/src/view/terminal-view.ts', 'host/src/web/page.ts']
  .map((f) => readFileSync(join(process.cwd(), f), 'utf8'))
  .join('\n')
  .toLowerCase();
const RULEBOOKS = join(process.cwd(), '..', 'shared', 'rulebooks');
const GERMAN = readdirSync(RULEBOOKS)
  .map((f) => readFileSync(join(RULEBOOKS, f), 'utf8'))
  .join('\n');

/** The rows of the table under the heading: [on the screens, German rulebook]. */
function rows(): string[][] {
  const at = README.indexOf("\n### The German edition's words\n");
  if (at < 0) return [];
  const section = README.slice(at + 1).split(/\n#{2,3} /)[0];
  return section
    .split('\n')
    .filter((l) => l.startsWith('| ') && !/^\|\s*(On the screens|---)/.test(l))
    .map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
}

/** A cell's word(s) before any explanation in brackets. */
const words = (cell: string) => cell.replace(/\s*\(.*$/, '').split(', ').filter(Boolean);

describe("README: the German edition's words", () => {
  it('has a row for each game word the screens use', () => {
    const english = rows().map((r) => words(r[0])[0]);
    for (const w of ['raven', 'target', 'marker', 'frustration', 'frustrate', 'reduce', 'reroll window', 'greedy', 'Murphy', 'on the board', 'middle', 'supply', 'steal', 'box']) {
      expect(english, `no row for "${w}"`).toContain(w);
    }
  });

  it("maps each screen word to the German rulebook's", () => {
    expect(GERMAN).toContain('Zielzahl');
    const table = rows();
    expect(table.length).toBeGreaterThan(10);
    for (const [en, de] of table) {
      expect(SCREENS, `"${en}" is not a word of the screens`).toContain(words(en)[0].toLowerCase());
      for (const w of words(de)) expect(GERMAN, `"${w}" (for ${en}) is not in the German rulebook`).toContain(w);
    }
  });
});
