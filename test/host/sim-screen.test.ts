/**
 * The sim's own screen on terminals of several sizes: the prompt (what a player must do) stays in
 * view; the events, the key help and then the LED board give way, in that order.
 */
import { describe, expect, it } from 'vitest';
import { fitScreen } from '../../host/src/view/fit-screen';
import { simRestartEvent, simScreenParts, wrapEvent, type SimScreen } from '../../host/src/view/sim-screen';

const BOARD = Array.from({ length: 8 }, (_, i) => `row ${i} · · · · · · ·`);
const GAME = ['Middle 3:3 4:3', '  Ann  markers []', '▶ Ben  markers []', 'throw · target 3', 'Ben: throw 5 dice (long OK rolls them)'];
const SCREEN: SimScreen = { title: 'dicetray · simulated board', board: BOARD, game: GAME, events: ['Ann took a 5', 'Ben rolled 3 4 5'], long: false };

function shown(s: SimScreen, cols: number, rows: number): string[] {
  // The screen as the terminal shows it: escape sequences out, one entry per line.
  return fitScreen(simScreenParts(s, rows), cols, rows).replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').split('\n').slice(0, -1);
}

describe("the sim's own screen", () => {
  it('at 100 × 32 shows everything: board, game, events and keys', () => {
    const lines = shown(SCREEN, 100, 32);
    expect(lines).toContain('row 7 · · · · · · ·');
    expect(lines).toContain(GAME[4]);
    expect(lines).toContain('  Ben rolled 3 4 5');
    expect(lines.some((l) => l.startsWith('Keys:'))).toBe(true);
  });

  it('at 40 × 12 keeps the prompt and hides the LED board, saying so', () => {
    const lines = shown(SCREEN, 40, 12);
    expect(lines.length).toBeLessThanOrEqual(11);
    expect(lines).toContain(GAME[4].slice(0, 39));
    expect(lines.some((l) => l.startsWith('row '))).toBe(false);
    expect(lines.some((l) => l.startsWith('(LED board hidden: the terminal is too'))).toBe(true);
  });

  it('at 60 × 18 keeps the board and the prompt; the events give way before the key help', () => {
    const lines = shown(SCREEN, 60, 18);
    expect(lines).toContain('row 7 · · · · · · ·');
    expect(lines).toContain(GAME[4]);
    expect(lines.some((l) => l.includes('rolled'))).toBe(false);
    expect(lines.some((l) => l.startsWith('Keys:'))).toBe(true);
  });

  it('on a terminal too short for the whole key help keeps its first line (which key is which), not its last', () => {
    // Title, board (8), game (5) and the key help (3) want 17 lines: 17 rows leave room for 16.
    const lines = shown(Object.assign({}, SCREEN, { events: [] }), 80, 17);
    expect(lines.some((l) => l.startsWith('Keys:'))).toBe(true);
    expect(lines.some((l) => l.includes('q or Ctrl-C = quit'))).toBe(false);
  });

  it('says a pending long press beside the game, where a short terminal still shows it', () => {
    expect(shown(Object.assign({}, SCREEN, { long: true }), 40, 12)).toContain('(long press: next key)');
    expect(shown(SCREEN, 100, 32)).not.toContain('(long press: next key)');
  });

  it('without a mirror in the same process keeps the LED board at any size (it is all there is)', () => {
    const lines = shown(Object.assign({}, SCREEN, { game: [], events: [] }), 40, 12);
    expect(lines).toContain('row 0 · · · · · · ·');
  });

  it("a restart's event: the steal's chosen victim only when one was lost, on a part of its own at 80 columns", () => {
    expect(simRestartEvent('power cut … power back')).toBe('power cut … power back: game as it was; a half-entered throw is gone');
    const e = simRestartEvent('power cut … power back', 'Ben');
    expect(e).toBe('power cut … power back: game as it was; a half-entered throw is gone · so is the steal from Ben: choose it again');
    expect(wrapEvent(e, 80).every((l) => l.length <= 79)).toBe(true);
    // Where no game goes on, what the table is back to ("game as it was" read wrong in a set-up).
    expect(simRestartEvent('power cut … power back', '', 'setup')).toBe('power cut … power back: the set-up starts over');
    expect(simRestartEvent('power cut … power back', '', 'over')).toBe('power cut … power back: the finished game as it was');
  });
});
