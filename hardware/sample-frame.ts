/**
 * A sample mid-game Pechvogel picture drawn from the layout regions, for the board rendering
 * and for the "typical frame" line of POWER.md. Documentation only: not the firmware renderer.
 */
import { BLINK, LED_COUNT, ledIndex, regionOf, type Look, type Rgb } from './led-layout';
import { scaleToCap } from './power';

export interface LitCell {
  x: number;
  y: number;
  colour: Rgb;
  look: Look;
}

const RAVEN: Rgb = [255, 0, 255];
/** Who may still frustrate: dim white, as the firmware draws them. */
const MAY_VOTE: Rgb = [255, 255, 255];

/** The state shown, in words (the caption of the rendering). */
export const PECHVOGEL_SAMPLE_CAPTION =
  'Pechvogel, 4 players, reroll window open: target 6; 2 targets and 1 raven on the board; 13 markers left in the middle, 1 in the box; ' +
  'seat 2 to play; seat 4 frustrated (voted) this turn, seats 1 and 3 may still frustrate; seat 3 holds Murphy and has 6 frustrations.';

/** The lit LEDs of the sample state. */
export function pechvogelSampleCells(): LitCell[] {
  const out: LitCell[] = [];
  const lit = (region: string, i: number, look: Look, colour?: Rgb): void => {
    const r = regionOf('pechvogel', region);
    const cell = r.cells[i];
    out.push({ x: cell[0], y: cell[1], colour: colour === undefined ? r.colour : colour, look });
  };
  lit('target', 6 - 3, 'solid');
  lit('dice', 0, 'solid');
  lit('dice', 1, 'solid');
  lit('dice', 6, 'slow', RAVEN);
  lit('board_frustrations', 3, 'solid');
  const middle = [3, 3, 2, 3, 2]; // markers left per value 3..7 (a 5 and a 7 have been taken)
  for (let v = 0; v < middle.length; v++) for (let k = 0; k < middle[v]; k++) lit('middle', v * 3 + k, 'solid');
  lit('box', 0, 'solid');
  for (let i = 3; i < 8; i++) lit('countdown', i, 'solid'); // 5 of 8 from the bottom: the window is a third gone
  lit('seat_active', 1, 'solid');
  lit('seat_vote', 0, 'dim', MAY_VOTE);
  lit('seat_vote', 2, 'dim', MAY_VOTE);
  lit('seat_vote', 3, 'solid');
  lit('seat_murphy', 2, 'solid');
  const frustrations = [2, 1, 6, 0];
  for (let s = 0; s < frustrations.length; s++) {
    const n = frustrations[s];
    for (let k = 0; k < Math.min(n, 5); k++) {
      // More than 5: the bar's top LED blinks slowly (as the firmware draws it).
      lit('seat_frustrations', s * 5 + k, k === 4 && n > 5 ? 'slow' : 'solid');
    }
  }
  lit('status', 3, 'solid'); // reroll_window
  return out;
}

/**
 * GRB bytes of a picture with every blinking LED counted as on (the worst moment of the cycle),
 * colours scaled under the brightness cap, 'dim' at BLINK.dimLevel. Before limitFrame().
 */
export function cellsToFrame(cells: readonly LitCell[]): Uint8Array {
  const frame = new Uint8Array(LED_COUNT * 3);
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    const level = c.look === 'dim' ? BLINK.dimLevel : 1;
    const at = ledIndex(c.x, c.y) * 3;
    frame[at] = Math.round(scaleToCap(c.colour[1]) * level);
    frame[at + 1] = Math.round(scaleToCap(c.colour[0]) * level);
    frame[at + 2] = Math.round(scaleToCap(c.colour[2]) * level);
  }
  return frame;
}
