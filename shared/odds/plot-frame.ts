/** What every classroom plot starts with: the SVG element, a white page, the title and the chance axis's grid. */
import { escapeXml } from '../text/escape-xml';

export function plotFrame(out: string[], width: number, height: number, title: string[], g: { left: number; right: number; step: number; top: number; digits: number; y: (p: number) => number }): void {
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  title.forEach((t, i) => out.push(`<text x="${width / 2}" y="${22 + 18 * i}" text-anchor="middle" font-size="14">${escapeXml(t)}</text>`));
  for (let i = 0; i * g.step <= g.top + 1e-12; i++) {
    const p = i * g.step;
    out.push(`<line x1="${g.left}" x2="${g.right}" y1="${g.y(p)}" y2="${g.y(p)}" stroke="#eee"/><text x="${g.left - 6}" y="${g.y(p) + 4}" text-anchor="end">${p.toFixed(g.digits)}</text>`);
  }
}
