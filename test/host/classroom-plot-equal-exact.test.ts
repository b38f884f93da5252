/**
 * `simulate --svg`: two series with the same exact value share one dashed line. Drawn alike, the
 * last covered the others (from 3,2 marker and frustration are both 11/20, both and Murphy both
 * 1/10: two of the four dashed lines were missing). Each must show on it, in its own colour.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../support/cli';
import { exactDashes } from '../../shared/odds/convergence-svg';

const dir = mkdtempSync(join(tmpdir(), 'dt-equal-exact-'));

interface Dashed {
  y: number;
  x1: number;
  x2: number;
  colour: string;
  dash: number[];
  offset: number;
}

/** The stretches of [x1, x2] a dashed line paints (SVG: the pattern starts `offset` into itself at x1). */
function painted(l: Dashed): [number, number][] {
  const period = l.dash.reduce((a, b) => a + b, 0);
  const out: [number, number][] = [];
  // Back to where a pattern starts at or before x1.
  let at = l.x1 - (((l.offset % period) + period) % period);
  while (at < l.x2) {
    for (let k = 0; k < l.dash.length; k++) {
      if (k % 2 === 0) {
        const a = Math.max(at, l.x1), b = Math.min(at + l.dash[k], l.x2);
        if (b > a) out.push([a, b]);
      }
      at += l.dash[k];
    }
  }
  return out;
}

const overlap = (a: [number, number][], b: [number, number][]): number => a.reduce((sum, [a1, a2]) => sum + b.reduce((s, [b1, b2]) => s + Math.max(0, Math.min(a2, b2) - Math.max(a1, b1)), 0), 0);
const length = (a: [number, number][]): number => a.reduce((s, [x, y]) => s + y - x, 0);

describe('simulate --svg: series with equal exact values', () => {
  it('from 3,2 every series shows on the exact line it shares, in its own colour', async () => {
    const svg = join(dir, 'from32.svg');
    const r = await cli(['simulate', '--from', '3,2', '--turns', '200', '--svg', svg, '--json']);
    expect(r.code).toBe(0);
    const exact = JSON.parse(r.out[0]).exact;
    // The premise: two pairs of equal values.
    expect(exact.marker).toBe(exact.frustration);
    expect(exact.both).toBe(exact.murphy);
    const lines: Dashed[] = [...readFileSync(svg, 'utf8').matchAll(/<line class="exact" ([^>]*)\/>/g)].map(([, a]) => {
      const at = (k: string) => new RegExp(`\\b${k}="([^"]*)"`).exec(a)?.[1];
      return { y: Number(at('y1')), x1: Number(at('x1')), x2: Number(at('x2')), colour: at('stroke')!, dash: at('stroke-dasharray')!.split(/[ ,]+/).map(Number), offset: Number(at('stroke-dashoffset') ?? 0) };
    });
    expect(lines.length).toBe(4);
    const groups = new Map<number, Dashed[]>();
    for (const l of lines) groups.set(l.y, [...(groups.get(l.y) ?? []), l]);
    expect([...groups.values()].map((g) => g.length)).toEqual([2, 2]);
    for (const g of groups.values()) {
      expect(new Set(g.map((l) => l.colour)).size).toBe(2);
      const [a, b] = g.map(painted);
      // Each paints a good part of the line, none of it under the other's dashes.
      for (const p of [a, b]) expect(length(p)).toBeGreaterThan(0.2 * (g[0].x2 - g[0].x1));
      expect(overlap(a, b)).toBe(0);
    }
  });

  it('a lone line keeps the plain dash of the key; lines that touch share, wherever they are in the list', () => {
    expect(exactDashes([100, 200])).toEqual(['stroke-dasharray="14 9"', 'stroke-dasharray="14 9"']);
    const d = exactDashes([300, 100, 301, 100.5, 200]);
    expect(d[4]).toBe('stroke-dasharray="14 9"');
    expect(d[0]).toBe('stroke-dasharray="14 32" stroke-dashoffset="0"');
    expect(d[2]).toBe('stroke-dasharray="14 32" stroke-dashoffset="-23"');
    expect(d[1]).toBe('stroke-dasharray="14 32" stroke-dashoffset="0"');
    expect(d[3]).toBe('stroke-dasharray="14 32" stroke-dashoffset="-23"');
  });

  it("lines share below a line's width apart (3 px), and not from it on", () => {
    const plain = 'stroke-dasharray="14 9"';
    expect(exactDashes([100, 102.9]).filter((d) => d === plain)).toEqual([]);
    expect(exactDashes([100, 103])).toEqual([plain, plain]);
  });
});
