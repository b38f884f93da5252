/**
 * The palette letters back from a board's GRB bytes in chain order (what `neopixel.write` got), for
 * the simulated board's own terminal when no mirror reads its frame lines (`sim --pty/--tcp`):
 * without colour (NO_COLOR) every lit LED looked the same there, where the mirror shows letters.
 *
 * The bytes are the palette at the brightness cap, all scaled by one factor when the frame is over
 * the current budget (firmware/src/leds/frame.ts), so a colour is told by its hue; white and dim
 * (the same grey at 255 and 40) by their level against a full-scale channel of the frame, which
 * every lit colour but dim has. A frame lit only in grey at one level is white (set-up, staff
 * marker); a dim LED scaled to 0 is dark on the board too.
 */
import { PALETTE_LETTERS, PALETTE_RGB } from '../../../firmware/src/leds/frame';
import { GEOMETRY, ledIndex } from '../../../hardware/led-board';

/** Dim's level in white's (40 of 255): a grey below about half of full scale is dim. */
const GREY_SPLIT = 0.45;

/** Row-major letters (as the board's frame text) for `grb`; '' when it is not a whole frame. */
export function grbLetters(grb: Uint8Array): string {
  const n = GEOMETRY.width * GEOMETRY.height;
  if (grb.length < n * 3) return '';
  const byChain: string[] = [];
  let full = 0;
  let grey = 0;
  for (let i = 0; i < n; i++) {
    const g = grb[i * 3], r = grb[i * 3 + 1], b = grb[i * 3 + 2];
    const m = Math.max(r, g, b);
    if (m === 0) byChain.push('.');
    else if (r === g && g === b) {
      byChain.push('grey');
      grey = Math.max(grey, m);
    } else {
      byChain.push(nearestHue(r / m, g / m, b / m));
      full = Math.max(full, m);
    }
  }
  const level = full || grey;
  let out = '';
  for (let y = 0; y < GEOMETRY.height; y++) {
    for (let x = 0; x < GEOMETRY.width; x++) {
      const i = ledIndex(x, y);
      const l = byChain[i];
      out += l !== 'grey' ? l : grb[i * 3] >= level * GREY_SPLIT ? 'W' : 'd';
    }
  }
  return out;
}

/** The coloured palette entries (not the greys), each channel 0..1. */
const HUES = PALETTE_RGB.map((p, k) => ({ letter: PALETTE_LETTERS[k], rgb: p.map((v) => v / 255) })).filter((h) => !(h.rgb[0] === h.rgb[1] && h.rgb[1] === h.rgb[2]));

/** The coloured palette letter nearest to a hue given at full scale (0..1 a channel). */
function nearestHue(r: number, g: number, b: number): string {
  let best = HUES[0].letter;
  let bestD = Infinity;
  for (const h of HUES) {
    const d = (h.rgb[0] - r) ** 2 + (h.rgb[1] - g) ** 2 + (h.rgb[2] - b) ** 2;
    if (d < bestD) {
      bestD = d;
      best = h.letter;
    }
  }
  return best;
}
