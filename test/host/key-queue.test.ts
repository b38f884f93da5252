/**
 * The sim's keyboard queue on a board with the real clock, when the machine is too busy to run
 * timers on time: each key still registers as a press of its own. The next key used to be timed
 * from the last key's press; a late release then fell into the same timer round as the next press,
 * inside the debounce time, and two presses of one button became one.
 */
import { describe, expect, it } from 'vitest';
import { keyQueue } from '../../host/src/sim/key-queue';
import { SimTarget } from '../support/game-driver';
import { makeSim, sleep, waitUntil } from '../support/host-harness';

/** Keeps the event loop busy, as a loaded machine does. */
const stall = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};

describe('sim keys typed while the machine is busy', () => {
  it('the same seat key twice: the seat joins and leaves again', async () => {
    const board = await makeSim({ clock: 'real' });
    const sim = new SimTarget(board);
    board.boot();
    await sleep(50);
    const typed = keyQueue((k, released) => {
      board.press(k, 80, released);
      return true;
    });
    typed(['S1', 'S1', 'S2']);
    // Every timer of the first press (its release, the next key's start) comes due while stalled.
    stall(400);
    await waitUntil('three set-up changes', () => sim.msgs.filter((m) => m.t === 'setup').length >= 3, 5000);
    const setups = sim.msgs.filter((m) => m.t === 'setup') as unknown as { in: boolean[] }[];
    expect(setups.map((m) => [m.in[0], m.in[1]])).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
    board.powerCut();
  });
});

describe('sim keys across a restart', () => {
  it('a key held when the board restarts (watchdog, reset from the REPL) comes up: the queue goes on', async () => {
    const board = await makeSim({ clock: 'real' });
    const sim = new SimTarget(board);
    board.boot();
    await sleep(50);
    const typed = keyQueue((k, released) => {
      board.press(k, 300, released);
      return true;
    });
    typed(['S1']);
    await sleep(50);
    // The restart drops the board's timers, the release among them; the queue waited for it for good.
    board.powerCut();
    board.boot();
    await sleep(50);
    typed(['S2']);
    await waitUntil('S2 taken after the restart', () => sim.msgs.some((m) => m.t === 'setup' && (m as unknown as { in: boolean[] }).in[1]), 5000);
    board.powerCut();
  });
});
