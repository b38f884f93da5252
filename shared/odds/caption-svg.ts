/**
 * A plot with a caption under it, in one SVG: how the plot was made (the command and the dicetray
 * that ran it), so a picture handed to students or put on a slide can be made again. A strip of
 * its own below the plot: the plots' margins hold their axis labels and keys.
 */
import { escapeXml } from '../text/escape-xml';
import { wrapWidth } from '../text/wrap-width';
import { PLOT_STYLE as S } from './plot-style';
import { stackSvgs } from './stack-svgs';

const LINE = S.caption + 6;

/**
 * The picture as written to a file, `width` × `height` (16:9 by default) with the caption inside:
 * `draw` makes the plot in the height the caption leaves.
 */
export function withCaption(draw: (width: number, height: number) => string, caption: string, width: number = S.width, height: number = S.height): string {
  const lines = wrapWidth(caption, width - 48, S.caption);
  const h = 14 + LINE * lines.length;
  const strip = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h}" viewBox="0 0 ${width} ${h}" font-family="${S.font}" font-size="${S.caption}">`, `<rect width="${width}" height="${h}" fill="#fff"/>`];
  lines.forEach((l, i) => strip.push(`<text class="caption" x="${width / 2}" y="${S.caption + LINE * i}" text-anchor="middle" fill="${S.muted}">${escapeXml(l)}</text>`));
  strip.push('</svg>');
  return stackSvgs([draw(width, height - h), strip.join('\n')], width, [height - h, h], true);
}
