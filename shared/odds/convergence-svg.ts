/**
 * A plot of running frequencies against the number of trials (log scale), each with its exact
 * value as a dashed line: the picture of a simulation converging to theory. Plain SVG text, so
 * the host writes it to a file and the big-screen page can show it as is.
 */
import { escapeXml } from '../text/escape-xml';
import { wrap } from '../text/wrap';
import { plotFrame } from './plot-frame';

export interface Series {
  name: string;
  exact: number;
  /** [trials, frequency] in increasing trials. */
  points: [number, number][];
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e'];

/** A tick step for the frequency axis up to `top`: 1, 2 or 5 × 10^k, about five ticks. */
function tickStep(top: number): number {
  const raw = top / 5;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw - 1e-12) return m * p;
  return 10 * p;
}

/** Line height of the labels beside the plot (12 px text). */
const LABEL_GAP = 14;

/**
 * Where the labels beside the plot go: at their exact values' heights, moved apart where two
 * would overprint (from 3,2 the marker and the frustration are both 11/20, both and Murphy both
 * 1/10: the names were one smudge), and kept between `top` and `bottom`.
 */
export function labelPlaces(ys: number[], top: number, bottom: number): number[] {
  const order = ys.map((_, i) => i).sort((a, b) => ys[a] - ys[b] || a - b);
  const at = ys.slice();
  // Down the page, each at least a line below the one above; then up from the bottom.
  order.forEach((i, k) => (at[i] = Math.max(ys[i], k ? at[order[k - 1]] + LABEL_GAP : top)));
  for (let k = order.length - 1; k >= 0; k--) at[order[k]] = Math.min(at[order[k]], k < order.length - 1 ? at[order[k + 1]] - LABEL_GAP : bottom);
  return at;
}

/**
 * `xLabel` names the trials (turns, figures). The frequency axis runs from 0 to just above the
 * largest value drawn, so a chance of 0.006 is not a flat line on the floor of a 0..1 axis.
 */
export function convergenceSvg(title: string, series: Series[], xLabel = 'turns', width = 800, height = 480): string {
  const lines = wrap(title, 100);
  const L = 60, R = 130, B = 50;
  const T = 26 + 18 * lines.length;
  const w = width - L - R;
  const h = height - T - B;
  let maxN = 1;
  let maxP = 0;
  for (const s of series) {
    maxP = Math.max(maxP, s.exact);
    for (const [n, p] of s.points) {
      if (n > maxN) maxN = n;
      if (p > maxP) maxP = p;
    }
  }
  // The axis top: the next tick at or above the largest value (at most 1).
  const step = tickStep(Math.min(1, Math.max(maxP, 1e-3) * 1.05));
  const top = Math.min(1, Math.ceil((Math.max(maxP, 1e-3) * 1.05) / step - 1e-9) * step);
  const digits = Math.max(1, -Math.floor(Math.log10(step) + 1e-9));
  // The axis ends at the last trial; labels at the powers of ten within it.
  const decades = Math.max(1, Math.log10(maxN));
  const x = (n: number) => L + (Math.log10(Math.max(1, n)) / decades) * w;
  const y = (p: number) => T + (1 - p / top) * h;
  const out: string[] = [];
  plotFrame(out, width, height, lines, { left: L, right: L + w, step, top, digits: digits, y });
  for (let d = 0; d <= Math.floor(decades); d++) {
    const n = 10 ** d;
    out.push(`<line x1="${x(n)}" x2="${x(n)}" y1="${T}" y2="${T + h}" stroke="#eee"/><text x="${x(n)}" y="${T + h + 16}" text-anchor="middle">${n.toLocaleString('en')}</text>`);
  }
  out.push(`<text x="${L + w / 2}" y="${height - 10}" text-anchor="middle">${escapeXml(xLabel)} (log scale)</text>`);
  out.push(`<text x="14" y="${T + h / 2}" text-anchor="middle" transform="rotate(-90 14 ${T + h / 2})">frequency</text>`);
  out.push(`<rect x="${L}" y="${T}" width="${w}" height="${h}" fill="none" stroke="#888"/>`);
  // The key: solid = the simulation's running frequency, dashed = the exact value.
  const ky = height - 12;
  out.push(`<line x1="${L + w - 230}" x2="${L + w - 206}" y1="${ky - 4}" y2="${ky - 4}" stroke="#444" stroke-width="2"/><text x="${L + w - 200}" y="${ky}">simulated</text>`);
  out.push(`<line x1="${L + w - 120}" x2="${L + w - 96}" y1="${ky - 4}" y2="${ky - 4}" stroke="#444" stroke-dasharray="6 4" stroke-width="2"/><text x="${L + w - 90}" y="${ky}">exact value</text>`);
  const labelY = labelPlaces(series.map((s) => y(s.exact)), T, T + h);
  series.forEach((s, i) => {
    const c = COLOURS[i % COLOURS.length];
    // As wide as the simulated line (1 px at 0.7 was hard to see projected); drawn first, so a
    // share that has settled covers it.
    out.push(`<line x1="${L}" x2="${L + w}" y1="${y(s.exact)}" y2="${y(s.exact)}" stroke="${c}" stroke-dasharray="6 4" opacity="0.8" stroke-width="2"/>`);
    const d = s.points.map(([n, p], k) => `${k ? 'L' : 'M'}${x(n).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
    out.push(`<path d="${d}" fill="none" stroke="${c}" stroke-width="2"/>`);
    // One point makes no line (a one-turn run drew only the exact values): a dot for it.
    if (s.points.length === 1) out.push(`<circle cx="${x(s.points[0][0]).toFixed(1)}" cy="${y(s.points[0][1]).toFixed(1)}" r="4" fill="${c}"/>`);
    out.push(`<text x="${L + w + 8}" y="${labelY[i] + 4}" fill="${c}">${escapeXml(s.name)} ${s.exact.toFixed(s.exact < 0.01 ? 4 : 3)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
