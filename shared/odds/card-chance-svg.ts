/**
 * That's Life!'s classroom picture: the chance of stopping on each card ahead, exact (a line
 * through dots) against the simulated share (crosses), with the limit both tend to (dashed). The
 * renewal theorem in one look: the first cards swing around, the later ones settle at 1 / mean roll.
 * Plain SVG text, as convergence-svg.ts.
 */
import { escapeXml } from '../text/escape-xml';
import { textWidth } from '../text/text-width';
import { OKABE_ITO } from './okabe-ito';
import { axisName, plotFrame, plotTop, titleLines } from './plot-frame';
import { plotMarker } from './plot-marker';
import { PLOT_STYLE as S } from './plot-style';

export interface CardChance {
  /** The card as printed (+8, -3, a fortune), under its number. */
  card: string;
  exact: number;
  /** The simulated share of figures that stopped on it. */
  share: number;
}

const EXACT = OKABE_ITO.blue;
const SHARE = OKABE_ITO.vermillion;
/** Baseline to baseline of the rows under the plot. */
const ROW = S.text + 6;

export function cardChanceSvg(title: string, cards: CardChance[], limit: number, limitName: string, width: number = S.width, height: number = S.height): string {
  const lines = titleLines(title, width);
  let maxP = limit;
  for (const c of cards) maxP = Math.max(maxP, c.exact, c.share);
  const L = 28 + S.text + textWidth('0.00', S.text) + 12;
  const R = 24;
  const w = width - L - R;
  const slot = w / Math.max(1, cards.length);
  // The cards' names in one row where they fit their slots, else in two (every other card lower):
  // 32 names of up to 4 characters in 26 px text need more than 1450 px.
  const nameRows = cards.some((c) => textWidth(c.card, S.text) > slot - 8) ? 2 : 1;
  const T = plotTop(lines.length);
  const B = ROW * (2 + nameRows) + 22;
  const h = height - T - B;
  // Steps of 0.05 (the first card's 1/6 and the limit's 2/7 both read off), wider where the labels
  // would crowd; the axis up to the next step above everything drawn.
  const step = [0.05, 0.1, 0.2, 0.5].find((st) => h / Math.ceil((maxP * 1.05) / st - 1e-9) >= 1.4 * S.text) ?? 0.5;
  const top = Math.min(1, Math.ceil((maxP * 1.05) / step - 1e-9) * step);
  const x = (i: number) => L + slot * (i + 0.5);
  const y = (p: number) => T + (1 - p / top) * h;
  const out: string[] = [];
  plotFrame(out, width, height, lines, { left: L, right: L + w, step, top, digits: 2, y });
  // Every card's number, and the card itself below it.
  cards.forEach((c, i) => {
    out.push(`<text x="${x(i).toFixed(1)}" y="${T + h + ROW}" text-anchor="middle">${i + 1}</text>`);
    out.push(`<text class="card" x="${x(i).toFixed(1)}" y="${T + h + ROW * (2 + (i % nameRows))}" text-anchor="middle" fill="${S.muted}">${escapeXml(c.card)}</text>`);
  });
  out.push(axisName('chance of stopping on it', T + h / 2));
  out.push(`<rect class="frame" x="${L}" y="${T}" width="${w}" height="${h}" fill="none" stroke="${S.ink}" stroke-width="2"/>`);
  out.push(`<line class="limit" x1="${L}" x2="${L + w}" y1="${y(limit).toFixed(1)}" y2="${y(limit).toFixed(1)}" stroke="${OKABE_ITO.black}" stroke-dasharray="${S.dash}" stroke-width="${S.exactLine}"/>`);
  // Under the line at the right, where the cards have settled just around it.
  out.push(`<text x="${L + w - 8}" y="${(y(limit) + S.text + 18).toFixed(1)}" text-anchor="end">${escapeXml(limitName)}</text>`);
  const d = cards.map((c, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(c.exact).toFixed(1)}`).join(' ');
  out.push(`<path d="${d}" fill="none" stroke="${EXACT}" stroke-width="${S.exactLine}" stroke-linejoin="round"/>`);
  // The dots over the crosses: where the two agree, both still show.
  const s = Math.min(9, slot / 4);
  cards.forEach((c, i) => out.push(cross(x(i), y(c.share), s, 'share')));
  cards.forEach((c, i) => out.push(plotMarker(0, x(i), y(c.exact), 6, EXACT, 'exact')));
  // The key, bottom right, on the axis name's row; the axis name centred on what is left of it.
  const ky = height - 14;
  const simX = width - 16 - textWidth('simulated', S.text);
  const exactX = simX - 40 - 36 - textWidth('exact', S.text);
  out.push(`<line x1="${exactX - 36}" x2="${exactX - 8}" y1="${ky - 9}" y2="${ky - 9}" stroke="${EXACT}" stroke-width="${S.exactLine}"/>${plotMarker(0, exactX - 22, ky - 9, 6, EXACT, 'key')}<text x="${exactX}" y="${ky}">exact</text>`);
  out.push(`${cross(simX - 20, ky - 9, 9, 'key')}<text x="${simX}" y="${ky}">simulated</text>`);
  const axisText = 'card ahead of the Start (and the card lying there)';
  const axisX = Math.min(L + w / 2, exactX - 36 - 32 - textWidth(axisText, S.text) / 2);
  out.push(`<text x="${axisX.toFixed(1)}" y="${ky}" text-anchor="middle">${axisText}</text>`);
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** The simulated share's mark: a cross, a shape of its own beside the exact chance's dots. */
function cross(cx: number, cy: number, s: number, cls: string): string {
  const f = (n: number) => n.toFixed(1);
  return `<path class="${cls}" d="M${f(cx - s)},${f(cy - s)} L${f(cx + s)},${f(cy + s)} M${f(cx - s)},${f(cy + s)} L${f(cx + s)},${f(cy - s)}" stroke="${SHARE}" stroke-width="3.5" stroke-linecap="round"/>`;
}
