import { describe, expect, it } from 'vitest';
import { cutLine, fitScreen } from '../../host/src/view/fit-screen';

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

describe('fitScreen', () => {
  it('cuts a line to the width in visible characters, keeping colours and closing them', () => {
    expect(cutLine('\x1b[1mTable A\x1b[0m  /dev/ttyACM0', 9)).toBe('\x1b[1mTable A\x1b[0m  \x1b[0m');
    expect(cutLine('● ● ●', 3)).toBe('● ●');
    expect(cutLine('short', 80)).toBe('short');
  });

  it('drops blank lines first (the lowest first), then the oldest lines of the droppable part, then cuts the bottom', () => {
    const screen = (parts: { lines: string[]; drop?: number }[], rows: number) =>
      fitScreen(parts, 80, rows).replace(ANSI, '').replace(/\n$/, '').split('\n');
    const parts = [{ lines: ['title', '', 'game'] }, { lines: ['note 1', 'note 2', 'note 3'], drop: 1 }, { lines: ['', 'keys'] }];
    expect(screen(parts, 20)).toEqual(['title', '', 'game', 'note 1', 'note 2', 'note 3', '', 'keys']);
    expect(screen(parts, 8)).toEqual(['title', '', 'game', 'note 1', 'note 2', 'note 3', 'keys']);
    expect(screen(parts, 7)).toEqual(['title', 'game', 'note 1', 'note 2', 'note 3', 'keys']);
    expect(screen(parts, 5)).toEqual(['title', 'game', 'note 3', 'keys']);
    expect(screen(parts, 4)).toEqual(['title', 'game', 'keys']);
    expect(screen(parts, 3)).toEqual(['title', 'game']);
  });

  it('takes lines from the end of a fromEnd part (a key help: its first line matters most)', () => {
    const screen = (rows: number) => fitScreen([{ lines: ['game'] }, { lines: ['keys 1', 'keys 2', 'keys 3'], drop: 1, fromEnd: true }], 80, rows).replace(ANSI, '').replace(/\n$/, '').split('\n');
    expect(screen(4)).toEqual(['game', 'keys 1', 'keys 2']);
    expect(screen(3)).toEqual(['game', 'keys 1']);
  });

  it('leaves the last column free, so a full line never makes the terminal wrap', () => {
    const screen = fitScreen([{ lines: ['x'.repeat(100), 'short'] }], 80);
    expect(screen.replace(ANSI, '').split('\n').slice(0, 2)).toEqual(['x'.repeat(79), 'short']);
  });

  it('draws over the last screen in place', () => {
    expect(fitScreen([{ lines: ['a', 'b'] }])).toBe('\x1b[Ha\x1b[K\nb\x1b[K\n\x1b[J');
  });
});
