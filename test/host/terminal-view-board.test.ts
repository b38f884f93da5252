/** The terminal view's LED board and the end of a game, as the sim and the mirror draw them. */
import { describe, expect, it } from 'vitest';
import { describeGame, drawBoard } from '../../host/src/view/terminal-view';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

describe('terminal view', () => {
  it('draws the 16 × 8 board as it lies on the table: a wider gap between its two 8 × 8 halves', () => {
    // Row 0 lit on the left half, row 1 on the right half ('.' is off).
    const frame = 'W'.repeat(8) + '.'.repeat(8) + '.'.repeat(8) + 'R'.repeat(8) + '.'.repeat(16 * 6);
    const rows = drawBoard(frame, 16, false);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toBe('● ● ● ● ● ● ● ●  · · · · · · · · ');
    expect(rows[1]).toBe('· · · · · · · ·  ● ● ● ● ● ● ● ● ');
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
