/**
 * A plot of running frequencies against the number of trials (log scale), each with its exact
 * value as a dashed line: the picture of a simulation converging to theory. Plain SVG text, so
 * the host writes it to a file and the big-screen page can show it as is.
 */
export interface Series {
  name: string;
  exact: number;
  /** [trials, frequency] in increasing trials. */
  points: [number, number][];
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e'];
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function convergenceSvg(title: string, series: Series[], width = 800, height = 480): string {
  const L = 60, R = 130, T = 40, B = 50;
  const w = width - L - R;
  const h = height - T - B;
  let maxN = 1;
  for (const s of series) for (const [n] of s.points) if (n > maxN) maxN = n;
  // The axis ends at the last trial; labels at the powers of ten within it.
  const decades = Math.max(1, Math.log10(maxN));
  const x = (n: number) => L + (Math.log10(Math.max(1, n)) / decades) * w;
  const y = (p: number) => T + (1 - p) * h;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  out.push(`<text x="${width / 2}" y="22" text-anchor="middle" font-size="14">${esc(title)}</text>`);
  for (let i = 0; i <= 10; i += 2) {
    const p = i / 10;
    out.push(`<line x1="${L}" x2="${L + w}" y1="${y(p)}" y2="${y(p)}" stroke="#eee"/><text x="${L - 6}" y="${y(p) + 4}" text-anchor="end">${p.toFixed(1)}</text>`);
  }
  for (let d = 0; d <= Math.floor(decades); d++) {
    const n = 10 ** d;
    out.push(`<line x1="${x(n)}" x2="${x(n)}" y1="${T}" y2="${T + h}" stroke="#eee"/><text x="${x(n)}" y="${T + h + 16}" text-anchor="middle">${n.toLocaleString('en')}</text>`);
  }
  out.push(`<text x="${L + w / 2}" y="${height - 10}" text-anchor="middle">trials (log scale)</text>`);
  out.push(`<text x="14" y="${T + h / 2}" text-anchor="middle" transform="rotate(-90 14 ${T + h / 2})">frequency</text>`);
  out.push(`<rect x="${L}" y="${T}" width="${w}" height="${h}" fill="none" stroke="#888"/>`);
  series.forEach((s, i) => {
    const c = COLOURS[i % COLOURS.length];
    out.push(`<line x1="${L}" x2="${L + w}" y1="${y(s.exact)}" y2="${y(s.exact)}" stroke="${c}" stroke-dasharray="6 4" opacity="0.7"/>`);
    const d = s.points.map(([n, p], k) => `${k ? 'L' : 'M'}${x(n).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
    out.push(`<path d="${d}" fill="none" stroke="${c}" stroke-width="2"/>`);
    out.push(`<text x="${L + w + 8}" y="${y(s.exact) + 4}" fill="${c}">${esc(s.name)} ${s.exact.toFixed(3)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
