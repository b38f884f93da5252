/** The terminal view's player rows keep one column for markers whatever the names' lengths. */
import { describe, expect, it } from 'vitest';
import { describeGame } from '../../host/src/view/terminal-view';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

describe('terminal view, player rows', () => {
  it('aligns the markers column and cuts a name over 20 characters', () => {
    const s = setupPechvogel({ players: ['Maximilian Alexander von Hohenzollern', 'Bo', 'Cleopatra Philopator'] });
    if (!s.ok) throw new Error('setup');
    const rows = describeGame(s.state, null, 0).filter((l) => l.includes('markers ['));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((l) => l.indexOf('markers ['))).size).toBe(1);
    expect(rows[0]).toContain('Maximilian Alexande… markers');
    expect(rows[2]).toContain('Cleopatra Philopator ');
  });
});
