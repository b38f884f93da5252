/**
 * The README's links lead somewhere: every `#anchor` is one of its headings (GitHub's slugs:
 * lower case, punctuation other than '-' dropped, spaces to '-'), every relative path a file of
 * the repository. Markdown files under hardware/ are checked the same way.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function links(file: string): { anchors: string[]; paths: string[]; headings: string[] } {
  const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  const headings = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]));
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/i.test(t));
  return { anchors: targets.filter((t) => t.startsWith('#')).map((t) => t.slice(1)), paths: targets.filter((t) => !t.startsWith('#')).map((t) => t.split('#')[0]), headings };
}

describe('README links', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug('Kiosk (game café)')).toBe('kiosk-game-café');
    expect(slug('Odds and simulations (classroom)')).toBe('odds-and-simulations-classroom');
  });

  for (const file of ['README.md', 'hardware/README.md', 'hardware/WIRING.md', 'hardware/LAYOUT.md', 'hardware/POWER.md']) {
    it(`${file}: every #anchor is a heading, every relative link a file`, () => {
      const l = links(file);
      for (const a of l.anchors) expect(l.headings, `${file}: #${a}`).toContain(a);
      for (const p of l.paths) expect(existsSync(path.join(ROOT, path.dirname(file), p)), `${file}: ${p}`).toBe(true);
    });
  }
});
