import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { grbLetters } from '../../host/src/view/grb-letters';
import { frameBytes } from '../support/frame-bytes';

// The simulated board's own terminal (sim --pty/--tcp) reads its LEDs' GRB bytes back into palette
// letters: with NO_COLOR it shows letters, as the mirror does, and in colour the palette's colours.

/** The renderer's recorded frames (every region, blink phase and view), one text a line. */
const FRAMES = readFileSync('test/fixtures/pechvogel-frames.txt', 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split(' ')[0]);

describe('grbLetters', () => {
  it('gives back every recorded frame at the default cap, at full brightness and scaled down to a budget', () => {
    expect(FRAMES.length).toBeGreaterThan(300);
    // [brightness cap, current budget mA]: the default 32 within USB, 255 scaled down by up to ~4×,
    // and caps so low that dim rounds to 1 of 4 or 2 of 10 (below 4 it rounds to dark, as on the board).
    for (const [cap, budget] of [[32, 312], [255, 312], [255, 150], [80, 60], [4, 312], [10, 312]]) {
      for (const text of FRAMES) expect([cap, budget, grbLetters(Uint8Array.from(frameBytes(text, cap, budget)))]).toEqual([cap, budget, text]);
    }
  });

  it('takes a frame lit only in grey at one level as white, and the lower of two greys as dim', () => {
    const white = 'W'.repeat(8) + '.'.repeat(120);
    expect(grbLetters(Uint8Array.from(frameBytes(white, 32, 312)))).toBe(white);
    const both = 'W'.repeat(8) + 'd'.repeat(8) + '.'.repeat(112);
    expect(grbLetters(Uint8Array.from(frameBytes(both, 32, 312)))).toBe(both);
  });

  it('gives no letters for less than a whole frame (a board without LEDs)', () => {
    expect(grbLetters(new Uint8Array(0))).toBe('');
  });
});
