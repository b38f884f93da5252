/**
 * That's Life!'s classroom picture: the chance of stopping on each card ahead, exact (a line
 * through dots) against the simulated share (crosses), with the limit both tend to (dashed). The
 * renewal theorem in one look: the first cards swing around, the later ones settle at 1 / mean roll.
 * Plain SVG text, as convergence-svg.ts.
 */
import { escapeXml } from '../text/escape-xml';
import { wrap } from '../text/wrap';
import { plotFrame } from './plot-frame';

export interface CardChance {
  /** The card as printed (+8, -3, a fortune), under its number. */
  card: string;
  exact: number;
  /** The simulated share of figures that stopped on it. */
  share: number;
}

export function cardChanceSvg(title: string, cards: CardChance[], limit: number, limitName: string, width = 800, height = 480): string {
  const lines = wrap(title, 100);
  const L = 60, R = 20, B = 64;
  const T = 26 + 18 * lines.length;
  const w = width - L - R;
  const h = height - T - B;
  let maxP = limit;
  for (const c of cards) maxP = Math.max(maxP, c.exact, c.share);
  // Tenths up to the next one above everything drawn: the first card's 1/6 and the limit's 2/7 both read off.
  const top = Math.min(1, Math.ceil(maxP * 1.05 * 10 - 1e-9) / 10);
  const step = top > 0.5 ? 0.1 : 0.05;
  const slot = w / Math.max(1, cards.length);
  const x = (i: number) => L + slot * (i + 0.5);
  const y = (p: number) => T + (1 - p / top) * h;
  const out: string[] = [];
  plotFrame(out, width, height, lines, { left: L, right: L + w, step, top, digits: 2, y });
  // Every card's number, and the card itself below it in grey (a thin axis: 32 labels in 720 px).
  cards.forEach((c, i) => {
    out.push(`<text x="${x(i).toFixed(1)}" y="${T + h + 14}" text-anchor="middle" font-size="10">${i + 1}</text>`);
    out.push(`<text x="${x(i).toFixed(1)}" y="${T + h + 26}" text-anchor="middle" font-size="9" fill="#888">${escapeXml(c.card)}</text>`);
  });
  out.push(`<text x="${L + w / 2}" y="${height - 20}" text-anchor="middle">card ahead of the Start (and the card lying there)</text>`);
  out.push(`<text x="14" y="${T + h / 2}" text-anchor="middle" transform="rotate(-90 14 ${T + h / 2})">chance of stopping on it</text>`);
  out.push(`<rect x="${L}" y="${T}" width="${w}" height="${h}" fill="none" stroke="#888"/>`);
  out.push(`<line x1="${L}" x2="${L + w}" y1="${y(limit).toFixed(1)}" y2="${y(limit).toFixed(1)}" stroke="#2ca02c" stroke-dasharray="6 4"/>`);
  // Under the line at the right, where the cards have settled just around it.
  out.push(`<text x="${L + w - 4}" y="${(y(limit) + 20).toFixed(1)}" text-anchor="end" fill="#2ca02c">${escapeXml(limitName)}</text>`);
  const d = cards.map((c, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(c.exact).toFixed(1)}`).join(' ');
  out.push(`<path d="${d}" fill="none" stroke="#1f77b4" stroke-width="1.5"/>`);
  cards.forEach((c, i) => out.push(`<circle class="exact" cx="${x(i).toFixed(1)}" cy="${y(c.exact).toFixed(1)}" r="3" fill="#1f77b4"/>`));
  const s = Math.min(5, slot / 3);
  cards.forEach((c, i) => {
    const cx = x(i), cy = y(c.share);
    out.push(`<path class="share" d="M${(cx - s).toFixed(1)},${(cy - s).toFixed(1)} L${(cx + s).toFixed(1)},${(cy + s).toFixed(1)} M${(cx - s).toFixed(1)},${(cy + s).toFixed(1)} L${(cx + s).toFixed(1)},${(cy - s).toFixed(1)}" stroke="#d62728" stroke-width="2"/>`);
  });
  // The key, bottom left.
  const ky = height - 6;
  out.push(`<circle cx="${L + 6}" cy="${ky - 4}" r="3" fill="#1f77b4"/><text x="${L + 14}" y="${ky}">exact</text>`);
  out.push(`<path d="M${L + 70},${ky - 8} L${L + 78},${ky} M${L + 70},${ky} L${L + 78},${ky - 8}" stroke="#d62728" stroke-width="2"/><text x="${L + 84}" y="${ky}">simulated</text>`);
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** Two or more plots one under the other in one file (each a whole SVG of the same width). */
export function stackSvgs(parts: string[], width: number, heights: number[]): string {
  const total = heights.reduce((a, b) => a + b, 0);
  let y = 0;
  const inner = parts.map((p, i) => {
    const placed = p.trimEnd().replace(/^<svg /, `<svg y="${y}" `);
    y += heights[i];
    return placed;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${total}" viewBox="0 0 ${width} ${total}">\n${inner.join('\n')}\n</svg>\n`;
}
