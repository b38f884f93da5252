/** A table script's target on the simulated board: real pin presses, fake clock. */
import { SimBoard } from '../sim/sim-board';
import { BoardLink } from '../link/board-link';
import type { ScriptTarget } from './run-script';
import { LONG_PRESS_MS } from '../../../firmware/src/buttons';

export function simTarget(board: SimBoard): ScriptTarget {
  const link = new BoardLink((d) => board.write(d));
  board.on('data', (d: Buffer) => link.receive(d));
  return {
    link,
    press: async (b, long) => {
      board.press(b, long ? LONG_PRESS_MS + 400 : 80);
      board.advance(long ? LONG_PRESS_MS + 500 : 150);
    },
    bounce: async (b) => {
      board.bounce(b, 80);
      board.advance(200);
    },
    chord: async (buttons, ms) => {
      for (const b of buttons) board.press(b, ms);
      board.advance(ms + 100);
    },
    powerCut: async () => {
      board.powerCut();
      link.reset();
      board.boot();
    },
    wait: async (ms) => board.advance(ms),
    settle: async () => board.advance(30),
  };
}
