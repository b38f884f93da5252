/**
 * A plot with a caption under it, in one SVG: how the plot was made (the command and the dicetray
 * that ran it), so a picture handed to students or put on a slide can be made again. A strip of
 * its own below the plot: the plots' margins hold their axis labels and keys.
 */
import { escapeXml } from '../text/escape-xml';
import { wrap } from '../text/wrap';
import { stackSvgs } from './card-chance-svg';

export function withCaption(svg: string, width: number, height: number, caption: string): string {
  // About 7 px a character at 12 px: a line fits the width with a margin.
  const lines = wrap(caption, Math.floor((width - 40) / 7));
  const h = 12 + 16 * lines.length;
  const strip = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h}" viewBox="0 0 ${width} ${h}" font-family="sans-serif" font-size="12">`, `<rect width="${width}" height="${h}" fill="#fff"/>`];
  lines.forEach((l, i) => strip.push(`<text class="caption" x="${width / 2}" y="${16 + 16 * i}" text-anchor="middle" fill="#555">${escapeXml(l)}</text>`));
  strip.push('</svg>');
  return stackSvgs([svg, strip.join('\n')], width, [height, h]);
}
