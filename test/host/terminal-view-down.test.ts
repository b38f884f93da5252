/**
 * The mirror's terminal when a board is not live (a pulled cable) and when tables do not fit:
 * the status comes right after the label (a long port path cut at the edge hid `lost`), a red line
 * says so where the prompt was, the stale prompt goes, and on a short terminal the LED boards go
 * before any table's prompt does.
 */
import { describe, expect, it } from 'vitest';
import { describeGame, DOWN_LINE, downLine, tableHeader } from '../../host/src/view/terminal-view';
import { mirrorScreenParts } from '../../host/src/view/mirror-screen';
import { fitScreen } from '../../host/src/view/fit-screen';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
const LONG = '/dev/serial/by-id/usb-Espruino.com_Espruino_Pico_4B0037000251343034353331-if01';

function game(names: string[]) {
  const s = setupPechvogel({ players: names });
  if (!s.ok) throw new Error('setup');
  return s.state;
}

describe('terminal view, a board that is not live', () => {
  it('names the status right after the label, before a long port path', () => {
    const h = plain(tableHeader('Table 1', LONG, 'lost', { fw: '0.1.0', bh: 'd73beabb', boot: 2 }));
    expect(h.slice(0, 79)).toContain('Table 1  lost  ');
  });

  it('drops the prompt of a lost board and keeps the standings', () => {
    const s = game(['Ann', 'Ben']);
    const live = describeGame(s, null, 0);
    const down = describeGame(s, null, 0, { live: false });
    expect(live.join('\n')).toContain('Ann: first throw, 7 dice');
    expect(down.join('\n')).not.toContain('first throw, 7 dice');
    expect(down.join('\n')).toContain('Ann');
    expect(plain(downLine('lost'))).toBe(DOWN_LINE.lost);
    expect(DOWN_LINE.lost.length + 2).toBeLessThanOrEqual(79);
  });

  it('shows both tables\u2019 prompts at 80 x 24, the LED boards hidden', () => {
    const board = Array.from({ length: 8 }, () => '· '.repeat(16));
    const view = (label: string, names: string[]) => ({ header: tableHeader(label, 'tcp://127.0.0.1:4100', 'live', null), down: '', board, game: describeGame(game(names), null, 0), notes: ['in sync'] });
    const views = [view('A', ['Ann', 'Ben', 'Cleo', 'Dan', 'Eve']), view('B', ['Fay', 'Gus', 'Hal'])];
    const screen = plain(fitScreen(mirrorScreenParts(views, 'http://127.0.0.1:8080/', 24), 80, 24));
    expect(screen).toContain('Ann: first throw, 7 dice');
    expect(screen).toContain('Fay: first throw, 7 dice');
    // A tall terminal keeps the boards.
    const tall = plain(fitScreen(mirrorScreenParts(views, null, 60), 80, 60));
    expect(tall.split('· · · · · · · ·').length - 1).toBeGreaterThanOrEqual(16);
    expect(tall).not.toContain('LED boards hidden');
  });
});
