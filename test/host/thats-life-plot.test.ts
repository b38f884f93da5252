import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'dt-tl-plot-'));

/** The centres of the plot's marks of one class, in card order. */
function centres(svg: string, cls: 'exact' | 'share'): { x: number; y: number }[] {
  if (cls === 'exact') return [...svg.matchAll(/<circle class="exact" cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
  // A cross: its first stroke runs from (x − s, y − s) to (x + s, y + s).
  return [...svg.matchAll(/<path class="share" d="M([\d.]+),([\d.]+) L([\d.]+),([\d.]+)/g)].map((m) => ({ x: (Number(m[1]) + Number(m[3])) / 2, y: (Number(m[2]) + Number(m[4])) / 2 }));
}

describe("simulate thats_life --svg: every card's share against its exact chance", () => {
  it('draws each of the 32 cards where its figures stopped, beside its exact chance, above the running shares', async () => {
    const svg = join(dir, 'tl.svg');
    const r = await cli(['simulate', 'thats_life', '--turns', '3000', '--seed', '5', '--json', '--svg', svg]);
    expect(r.code).toBe(0);
    const cards = JSON.parse(r.out[0]).cards as { k: number; card: string; share: number; exact: number }[];
    const pic = readFileSync(svg, 'utf8');
    // Two plots in one 16:9 picture (a projector's screen; they were 800 × 988, taller than a
    // 720 px window): where they stop (top), the running shares of three cards (below), and under
    // them the caption saying how it was made (classroom-recipe.test.ts).
    expect(pic).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="100%" height="100%" viewBox="0 0 1600 900"/);
    const [, upper] = /<svg y="0" [^>]*>\n<svg y="0" [^>]*height="(\d+)"/.exec(pic)!.map(Number);
    expect(pic).toMatch(new RegExp(`<svg y="0" [^>]*>[\\s\\S]*where they stop[\\s\\S]*<svg y="${upper}" [^>]*>[\\s\\S]*running share`));
    const exact = centres(pic, 'exact');
    const share = centres(pic, 'share');
    expect(exact.length).toBe(32);
    expect(share.length).toBe(32);
    // The same scale for both marks: the height between a card's two marks is its share's distance
    // from the exact chance (px per unit of chance from the first card, whose exact chance is 1/6).
    const zero = Number(pic.match(/<line class="grid" [^>]*y1="([\d.]+)"[^>]*\/><text[^>]*>0\.00</)![1]);
    const perUnit = (zero - exact[0].y) / cards[0].exact;
    cards.forEach((c, i) => {
      expect(share[i].x).toBeCloseTo(exact[i].x, 0);
      expect(zero - exact[i].y).toBeCloseTo(c.exact * perUnit, 0);
      expect(zero - share[i].y).toBeCloseTo(c.share * perUnit, 0);
    });
    // Left to right in card order, the card's name under its number.
    for (let i = 1; i < 32; i++) expect(exact[i].x).toBeGreaterThan(exact[i - 1].x);
    expect(pic).toContain(`>${cards[5].card}</text>`);
    // The limit both tend to, 2/7, as a dashed line at its height.
    const limit = Number(pic.match(/<line class="limit" [^>]*y1="([\d.]+)" y2="[\d.]+" [^>]*stroke-dasharray/)![1]);
    expect(zero - limit).toBeCloseTo((2 / 7) * perUnit, 0);
    expect(pic).toContain('2/7 = 1 / 3.5, the mean roll');
    // Below: the running shares of cards 1, 6 and 12, each named with its card.
    for (const k of [1, 6, 12]) expect(pic).toContain(`card ${k} (${cards[k - 1].card})`);
    expect(pic).not.toContain(`card 11 (`);
  });
});
