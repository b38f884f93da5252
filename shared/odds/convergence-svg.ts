/**
 * A plot of running frequencies against the number of trials (log scale), each with its exact
 * value as a dashed line: the picture of a simulation converging to theory. Plain SVG text, so
 * the host writes it to a file and the big-screen page can show it as is.
 */
import { escapeXml } from '../text/escape-xml';
import { textWidth } from '../text/text-width';
import { wrapWidth } from '../text/wrap-width';
import { OKABE_ITO } from './okabe-ito';
import { axisName, plotFrame, plotTop, titleLines } from './plot-frame';
import { plotMarker } from './plot-marker';
import { PLOT_STYLE as S } from './plot-style';

export interface Series {
  name: string;
  exact: number;
  /** [trials, frequency] in increasing trials. */
  points: [number, number][];
}

export interface ConvergenceLook {
  /** What the trials are called (turns, figures). */
  xLabel?: string;
  /** The frequency axis's name ('relative frequency': the share of turns so far, as a probability class calls it). */
  yLabel?: string;
  width?: number;
  height?: number;
  /** The series' colours in order (That's Life! keeps blue and vermillion for its card plot's marks). */
  colours?: readonly string[];
}

const COLOURS = [OKABE_ITO.blue, OKABE_ITO.vermillion, OKABE_ITO.green, OKABE_ITO.purple];

/** A tick step for the frequency axis up to `top`: 1, 2 or 5 × 10^k, about `ticks` ticks. */
function tickStep(top: number, ticks: number): number {
  const raw = top / ticks;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw - 1e-12) return m * p;
  return 10 * p;
}

/** Baseline to baseline of the labels beside the plot. */
const LABEL_LINE = S.text + 6;
/** The label's sample of its series (line and mark) and the gap after it. */
const SAMPLE = 44;
const MARK = 8;

/**
 * Where the labels beside the plot go: at their exact values' heights, moved apart where two
 * would overprint (from 3,2 the marker and the frustration are both 11/20, both and Murphy both
 * 1/10: the names were one smudge), and kept between `top` and `bottom`. `gap`: a label's height.
 */
export function labelPlaces(ys: number[], top: number, bottom: number, gap: number): number[] {
  const order = ys.map((_, i) => i).sort((a, b) => ys[a] - ys[b] || a - b);
  const at = ys.slice();
  // Down the page, each at least a label below the one above; then up from the bottom.
  order.forEach((i, k) => (at[i] = Math.max(ys[i], k ? at[order[k - 1]] + gap : top)));
  for (let k = order.length - 1; k >= 0; k--) at[order[k]] = Math.min(at[order[k]], k < order.length - 1 ? at[order[k + 1]] - gap : bottom);
  return at;
}

/** The exact lines' dash (S.dash: on, off), as the key's sample: shared lines take turns by whole periods. */
const [DASH_ON, DASH_OFF] = S.dash.split(' ').map(Number);
const DASH_PERIOD = DASH_ON + DASH_OFF;

/**
 * Each exact line's dash attributes. Series with the same exact value (from 3,2 marker and
 * frustration are both 11/20, both and Murphy both 1/10) have one line: drawn alike, the last
 * covered the others and only its colour showed. There they take turns, dash by dash, each in its
 * own colour, so every series sharing the line is seen on it. Lines closer than a line's width
 * count as one.
 */
export function exactDashes(ys: number[]): string[] {
  // Groups down the page: a line joins the group of the one just above it where they touch.
  const order = ys.map((_, i) => i).sort((a, b) => ys[a] - ys[b] || a - b);
  const group = new Array<number>(ys.length);
  order.forEach((i, k) => (group[i] = k && ys[i] - ys[order[k - 1]] < S.exactLine ? group[order[k - 1]] : k));
  return ys.map((_, i) => {
    const same = order.filter((j) => group[j] === group[i]).sort((a, b) => a - b);
    if (same.length < 2) return `stroke-dasharray="${S.dash}"`;
    const turn = same.indexOf(i);
    return `stroke-dasharray="${DASH_ON} ${same.length * DASH_PERIOD - DASH_ON}" stroke-dashoffset="${-turn * DASH_PERIOD}"`;
  });
}

/**
 * The frequency axis runs from 0 to just above the largest value drawn, so a chance of 0.006 is
 * not a flat line on the floor of a 0..1 axis. Each series has a colour and a mark of its own, and
 * its label (name and exact value) beside the plot at its exact value's height.
 */
export function convergenceSvg(title: string, series: Series[], look: ConvergenceLook = {}): string {
  const { xLabel = 'turns', yLabel = 'relative frequency', width = S.width, height = S.height, colours = COLOURS } = look;
  // No title: a plot under another, named by its axis (That's Life!'s running shares).
  const lines = title ? titleLines(title, width) : [];
  let maxN = 1;
  let maxP = 0;
  for (const s of series) {
    maxP = Math.max(maxP, s.exact);
    for (const [n, p] of s.points) {
      if (n > maxN) maxN = n;
      if (p > maxP) maxP = p;
    }
  }
  const T = plotTop(lines.length);
  const B = 2 * S.text + 44;
  const h = height - T - B;
  // The axis top: the next tick at or above the largest value (at most 1). Five ticks, fewer
  // where the plot is too low for their labels (That's Life!'s lower plot).
  const step = tickStep(Math.min(1, Math.max(maxP, 1e-3) * 1.05), Math.max(2, Math.min(5, Math.floor(h / (1.5 * S.text)))));
  const top = Math.min(1, Math.ceil((Math.max(maxP, 1e-3) * 1.05) / step - 1e-9) * step);
  const digits = Math.max(1, -Math.floor(Math.log10(step) + 1e-9));
  // The labels get the room they need on the right, up to a third of the width; a longer one wraps.
  const labelRoom = width / 3 - SAMPLE - 24;
  const labels = series.map((s) => wrapWidth(`${s.name} ${s.exact.toFixed(s.exact < 0.01 ? 4 : 3)}`, labelRoom, S.text));
  const labelWidth = Math.max(0, ...labels.flat().map((l) => textWidth(l, S.text)));
  const L = 28 + S.text + textWidth(top.toFixed(digits), S.text) + 12;
  const R = 16 + SAMPLE + labelWidth + 20;
  const w = width - L - R;
  // The axis ends at the last trial; labels at the powers of ten within it.
  const decades = Math.max(1, Math.log10(maxN));
  const x = (n: number) => L + (Math.log10(Math.max(1, n)) / decades) * w;
  const y = (p: number) => T + (1 - p / top) * h;
  const out: string[] = [];
  plotFrame(out, width, height, lines, { left: L, right: L + w, step, top, digits, y });
  for (let d = 0; d <= Math.floor(decades); d++) {
    const n = 10 ** d;
    out.push(`<line class="grid" x1="${x(n).toFixed(1)}" x2="${x(n).toFixed(1)}" y1="${T}" y2="${T + h}" stroke="${S.grid}" stroke-width="1.5"/><text x="${x(n).toFixed(1)}" y="${T + h + S.text + 8}" text-anchor="middle">${n.toLocaleString('en')}</text>`);
  }
  out.push(axisName(yLabel, T + h / 2));
  out.push(`<rect class="frame" x="${L}" y="${T}" width="${w}" height="${h}" fill="none" stroke="${S.ink}" stroke-width="2"/>`);
  // The key, bottom right: solid = the simulation's running frequency, dashed = the exact value.
  // Each entry a 37 px sample line (dashed: dash, gap, dash, no stub of a third), then its text;
  // the entries right-aligned, 32 px apart.
  const ky = height - 18;
  const exactX = width - 16 - textWidth('exact value', S.text);
  const simX = exactX - 45 - 32 - textWidth('simulated', S.text);
  const sample = (textX: number, dash: string) => `<line x1="${textX - 45}" x2="${textX - 8}" y1="${ky - 9}" y2="${ky - 9}" stroke="${S.ink}" ${dash}/>`;
  out.push(`${sample(simX, `stroke-width="${S.line}"`)}<text x="${simX}" y="${ky}">simulated</text>`);
  out.push(`${sample(exactX, `stroke-width="${S.exactLine}" stroke-dasharray="${S.dash}"`)}<text x="${exactX}" y="${ky}">exact value</text>`);
  // The axis's name under its middle, or further left where the key would be in its way.
  const axisText = `${xLabel} (log scale)`;
  const axisX = Math.min(L + w / 2, simX - 45 - 32 - textWidth(axisText, S.text) / 2);
  out.push(`<text x="${axisX.toFixed(1)}" y="${ky}" text-anchor="middle">${escapeXml(axisText)}</text>`);
  const labelGap = LABEL_LINE * Math.max(1, ...labels.map((l) => l.length)) + 4;
  const labelY = labelPlaces(series.map((s) => y(s.exact)), T, T + h, labelGap);
  const dashes = exactDashes(series.map((s) => y(s.exact)));
  series.forEach((s, i) => {
    const c = colours[i % colours.length];
    // Drawn first, so a share that has settled covers it.
    out.push(`<line class="exact" x1="${L}" x2="${L + w}" y1="${y(s.exact).toFixed(1)}" y2="${y(s.exact).toFixed(1)}" stroke="${c}" ${dashes[i]} stroke-width="${S.exactLine}"/>`);
    const d = s.points.map(([n, p], k) => `${k ? 'L' : 'M'}${x(n).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
    out.push(`<path class="simulated" d="${d}" fill="none" stroke="${c}" stroke-width="${S.line}" stroke-linejoin="round"/>`);
  });
  // The marks over all the lines. Series take turns at the checkpoints, so where two shares agree
  // their marks do not cover each other; a single point (a one-turn run) is marked anyway.
  series.forEach((s, i) => {
    const c = colours[i % colours.length];
    s.points.forEach(([n, p], k) => {
      if (s.points.length === 1 || k % series.length === i % series.length) out.push(plotMarker(i, x(n), y(p), MARK, c));
    });
  });
  series.forEach((s, i) => {
    const c = colours[i % colours.length];
    const lx = L + w + 16;
    const ly = labelY[i] - ((labels[i].length - 1) * LABEL_LINE) / 2;
    out.push(`<line x1="${lx}" x2="${lx + 36}" y1="${ly.toFixed(1)}" y2="${ly.toFixed(1)}" stroke="${c}" stroke-width="${S.line}"/>`);
    out.push(plotMarker(i, lx + 18, ly, MARK, c, 'key'));
    out.push(`<text class="label" x="${lx + SAMPLE + 8}" y="${(ly + S.text * 0.35).toFixed(1)}">${labels[i].map((l, k) => `<tspan x="${lx + SAMPLE + 8}" dy="${k ? LABEL_LINE : 0}">${escapeXml(l)}</tspan>`).join('')}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
