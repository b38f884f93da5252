/** The terminal view's LED board and the end of a game, as the sim and the mirror draw them. */
import { describe, expect, it } from 'vitest';
import { describeGame, drawBoard } from '../../host/src/view/terminal-view';
import { colourWanted } from '../../host/src/view/colour-wanted';
import { withoutColour } from '../../host/src/view/without-colour';
import { fitScreen } from '../../host/src/view/fit-screen';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

describe('terminal view', () => {
  it('draws the 16 × 8 board as it lies on the table: a wider gap between its two 8 × 8 halves', () => {
    // Row 0 lit on the left half, row 1 on the right half ('.' is off).
    const frame = 'W'.repeat(8) + '.'.repeat(8) + '.'.repeat(8) + 'R'.repeat(8) + '.'.repeat(16 * 6);
    const rows = drawBoard(frame, 16, false);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toBe('W W W W W W W W  · · · · · · · · ');
    expect(rows[1]).toBe('· · · · · · · ·  R R R R R R R R ');
  });

  it('shows each lit LED in colour, or as its palette letter without colour (NO_COLOR), so no colour is lost', () => {
    const frame = 'dWRGBYCMO.' + '.'.repeat(16 * 8 - 10);
    expect(drawBoard(frame, 16, false)[0]).toBe('d W R G B Y C M  O · · · · · · · ');
    const coloured = drawBoard(frame, 16, true)[0];
    expect(coloured).toContain('\x1b[38;2;255;0;0m●');
    expect(withoutColour(coloured)).toBe('● ● ● ● ● ● ● ●  ● · · · · · · · ');
  });
});

describe('colour on the terminal', () => {
  it('is off when NO_COLOR is set to anything but the empty string (no-color.org)', () => {
    expect(colourWanted({})).toBe(true);
    expect(colourWanted({ NO_COLOR: '' })).toBe(true);
    expect(colourWanted({ NO_COLOR: '1' })).toBe(false);
    expect(colourWanted({ NO_COLOR: 'no' })).toBe(false);
  });

  it('fitScreen drops colour sequences without colour, and keeps them with it', () => {
    const parts = [{ lines: ['\x1b[1mSeat\x1b[0m  \x1b[32mlive\x1b[0m'] }];
    expect(fitScreen(parts, 80, 24, false)).toBe('\x1b[HSeat  live\x1b[K\n\x1b[J');
    expect(fitScreen(parts, 80, 24)).toContain('\x1b[32mlive');
  });

  it('withoutColour takes colour and weight only, leaving cursor moves and clears', () => {
    expect(withoutColour('\x1b[1;31mA\x1b[0m\x1b[2K\x1b[3;1HB\x1b[K')).toBe('A\x1b[2K\x1b[3;1HB\x1b[K');
  });

  it('marks no player to move once the game is over, and stars the winners', () => {
    const setup = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo'] });
    if (!setup.ok) throw new Error('setup');
    const s = { ...setup.state, phase: 'game_over' as const, active: 0, scores: [4, 9, 9], winners: [1, 2] };
    const rows = describeGame(s, null, 0).filter((l) => l.includes('markers ['));
    expect(rows.map((l) => l[0])).toEqual([' ', ' ', ' ']);
    expect(rows[0]).toMatch(/= 4$/);
    expect(rows[1]).toMatch(/= 9 ★$/);
    expect(rows[2]).toMatch(/= 9 ★$/);
  });
});
