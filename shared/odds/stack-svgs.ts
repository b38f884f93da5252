/**
 * Two or more plots one under the other in one SVG (each a whole SVG of the same width).
 * `scalable`: the picture as written to a file, whose size is the window's or the slide's (width
 * and height 100 %, the viewBox keeping its shape): Chromium showed a file with a size in px at
 * that size, so an 800 px plot stayed small full-screen and a tall one ran off a 720 px window. A
 * document takes the viewBox's size for it (LibreOffice does), a web page its container's width.
 */
export function stackSvgs(parts: string[], width: number, heights: number[], scalable = false): string {
  const total = heights.reduce((a, b) => a + b, 0);
  let y = 0;
  const inner = parts.map((p, i) => {
    const placed = p.trimEnd().replace(/^<svg /, `<svg y="${y}" `);
    y += heights[i];
    return placed;
  });
  const size = scalable ? 'width="100%" height="100%"' : `width="${width}" height="${total}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" ${size} viewBox="0 0 ${width} ${total}" preserveAspectRatio="xMidYMid meet">\n${inner.join('\n')}\n</svg>\n`;
}
