/**
 * A series' mark: circle, square, triangle or diamond by its index, so lines of two colours a
 * colour-blind student cannot tell apart still differ. `r` is about the radius; the white rim
 * keeps a mark readable where it sits on another series' line.
 */
const f = (n: number) => n.toFixed(1);

export function plotMarker(shape: number, x: number, y: number, r: number, colour: string, cls = 'point'): string {
  const paint = `fill="${colour}" stroke="#fff" stroke-width="1.5"`;
  switch (shape % 4) {
    case 0:
      return `<circle class="${cls}" cx="${f(x)}" cy="${f(y)}" r="${f(r)}" ${paint}/>`;
    case 1: {
      const s = r * 0.9;
      return `<rect class="${cls}" x="${f(x - s)}" y="${f(y - s)}" width="${f(2 * s)}" height="${f(2 * s)}" ${paint}/>`;
    }
    case 2: {
      const s = r * 1.2;
      return `<path class="${cls}" d="M${f(x)},${f(y - s)} L${f(x + s)},${f(y + s * 0.8)} L${f(x - s)},${f(y + s * 0.8)} Z" ${paint}/>`;
    }
    default: {
      const s = r * 1.25;
      return `<path class="${cls}" d="M${f(x)},${f(y - s)} L${f(x + s)},${f(y)} L${f(x)},${f(y + s)} L${f(x - s)},${f(y)} Z" ${paint}/>`;
    }
  }
}
