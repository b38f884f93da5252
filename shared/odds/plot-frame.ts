/** What every classroom plot starts with: the SVG element, a white page, the title and the chance axis's grid. */
import { escapeXml } from '../text/escape-xml';
import { wrapWidth } from '../text/wrap-width';
import { PLOT_STYLE as S } from './plot-style';

/** Baseline to baseline in the title. */
const TITLE_LINE = 40;

/** The title's lines, wrapped to the picture's width. */
export function titleLines(title: string, width: number): string[] {
  return wrapWidth(title, width - 48, S.title);
}

/** Where the plot area can start under a title of `lines` lines (room for the top tick's label). */
export function plotTop(lines: number): number {
  return TITLE_LINE * lines + 32;
}

export function plotFrame(out: string[], width: number, height: number, title: string[], g: { left: number; right: number; step: number; top: number; digits: number; y: (p: number) => number }): void {
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${S.font}" font-size="${S.text}" fill="${S.ink}">`);
  out.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  title.forEach((t, i) => out.push(`<text class="title" x="${width / 2}" y="${TITLE_LINE * (i + 1)}" text-anchor="middle" font-size="${S.title}">${escapeXml(t)}</text>`));
  for (let i = 0; i * g.step <= g.top + 1e-12; i++) {
    const p = i * g.step;
    const y = g.y(p).toFixed(1);
    out.push(`<line class="grid" x1="${g.left}" x2="${g.right}" y1="${y}" y2="${y}" stroke="${S.grid}" stroke-width="1.5"/><text x="${g.left - 12}" y="${(g.y(p) + S.text * 0.35).toFixed(1)}" text-anchor="end">${p.toFixed(g.digits)}</text>`);
  }
}

/** The chance axis's name, up the left edge beside the tick labels, centred on `middle`. */
export function axisName(text: string, middle: number): string {
  // The baseline of the turned text is a vertical line; its letters stand to the left of it.
  const x = 14 + S.text * 0.8;
  return `<text x="${x}" y="${middle.toFixed(1)}" text-anchor="middle" transform="rotate(-90 ${x} ${middle.toFixed(1)})">${escapeXml(text)}</text>`;
}
