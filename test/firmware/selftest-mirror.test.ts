/**
 * The staff menu's self-test as a mirror tells it (MirrorModel.selfTest): the board sends no ui
 * line of its own for it, so the terminals said "Staff menu … OK leaves" all through the test,
 * where OK does nothing. The simulated Pico runs the bundle; the buttons are pressed on its pins.
 */
import { describe, expect, it } from 'vitest';
import { bootedSim } from '../support/game-driver';
import { MirrorModel } from '../../host/src/mirror/mirror-model';
import { describeGame, STAFF_TEXT } from '../../host/src/view/terminal-view';
import { SELFTEST_TEXT } from '../../host/src/view/table-text';

/** OK + BACK held 3 s: the staff menu opens (or comes back from the self-test). */
const staffChord = (board: { press(b: string, ms: number): void; advance(ms: number): void }) => {
  board.press('OK', 3500);
  board.press('BK', 3500);
  board.advance(4000);
};

describe('the self-test on a mirror', () => {
  it('runs from K5 in the menu until OK + BACK held bring the menu back; presses in the test keep it', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'leds', on: true } as never, { c: 'new', p: ['Ann', 'Ben'] }]);
    const model = new MirrorModel(() => {});
    let read = 0;
    const follow = () => {
      for (; read < sim.msgs.length; read++) model.handle(sim.msgs[read]);
    };
    const first = () => {
      follow();
      return describeGame(model.state, model.ui, 0, { selfTest: model.selfTest })[0];
    };
    for (const m of sim.requestSync({ c: 'snap' }).msgs) model.handle(m);
    read = sim.msgs.length;
    expect(model.synced).toBe(true);

    staffChord(board);
    expect(first()).toBe(STAFF_TEXT[0]);
    expect(model.selfTest).toBe(false);

    board.press('K5', 80);
    board.advance(500);
    follow();
    expect(model.selfTest).toBe(true);
    expect(first()).toBe(SELFTEST_TEXT[0]);
    // A press in the test is the test's (it lights the button's column): still the self-test.
    board.press('K2', 80);
    board.advance(500);
    expect(first()).toBe(SELFTEST_TEXT[0]);

    // OK + BACK held 3 s: the menu is back (its picture on the LEDs), and says so.
    staffChord(board);
    follow();
    expect(model.selfTest).toBe(false);
    expect(first()).toBe(STAFF_TEXT[0]);
    // OK leaves the menu: the game again.
    board.press('OK', 80);
    board.advance(500);
    expect(first()).not.toBe(STAFF_TEXT[0]);
    expect(model.ui!.m).toBe('play');
    expect(board.errors).toEqual([]);
  });
});

describe('a mirror that joins while the self-test runs', () => {
  it('says the self-test runs (a restarted mirror or a replugged cable), not the menu whose keys do nothing now', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben'] }]);
    staffChord(board);
    board.press('K5', 80);
    board.advance(500);
    // The mirror comes (back) now, as TableMirror does: hello, the frames from then on, its snapshot.
    const model = new MirrorModel(() => {});
    let read = sim.msgs.length;
    const follow = () => {
      for (; read < sim.msgs.length; read++) model.handle(sim.msgs[read]);
    };
    const first = () => describeGame(model.state, model.ui, 0, { selfTest: model.selfTest })[0];
    sim.requestSync({ c: 'hello' });
    sim.requestSync({ c: 'leds', on: true } as never);
    sim.requestSync({ c: 'snap' });
    follow();
    expect(model.synced).toBe(true);
    expect(model.ui!.m).toBe('staff');
    expect(model.selfTest).toBe(true);
    expect(first()).toBe(SELFTEST_TEXT[0]);
    // OK + BACK held 3 s: the menu again, and the mirror says so.
    staffChord(board);
    follow();
    expect(model.selfTest).toBe(false);
    expect(first()).toBe(STAFF_TEXT[0]);
    expect(board.errors).toEqual([]);
  });

  it('a mirror joining the menu itself says the menu', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben'] }]);
    staffChord(board);
    const model = new MirrorModel(() => {});
    let read = sim.msgs.length;
    sim.requestSync({ c: 'hello' });
    sim.requestSync({ c: 'leds', on: true } as never);
    sim.requestSync({ c: 'snap' });
    board.advance(1000);
    for (; read < sim.msgs.length; read++) model.handle(sim.msgs[read]);
    expect(model.ui!.m).toBe('staff');
    expect(model.selfTest).toBe(false);
    expect(describeGame(model.state, model.ui, 0, { selfTest: model.selfTest })[0]).toBe(STAFF_TEXT[0]);
  });
});
