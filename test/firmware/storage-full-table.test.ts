/**
 * A full Storage at the table, on the simulated board (its Storage fails as Espruino's does: a
 * file handle whose write found no room stays unwritable, and a power cut stops every later write):
 *  - a new game whose first checkpoint cannot be written is refused and leaves an empty set-up;
 *    it was played on in RAM, its actions acknowledged as committed, and after a power cut the
 *    old game's checkpoint came back with the new game's actions on top; a host's loaded game
 *    likewise, refused in words (it said only the `new` line of no game);
 *  - a press whose handler fails (here a damaged Storage module) still lets its button go: the
 *    board believed it held, and BACK alone then opened the staff menu as if OK were held with it.
 * Playing on once there is room again is journal-damaged.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import type { HostCmd } from '../../shared/protocol/messages';
import type { PvState } from '../../shared/games/pechvogel/types';
import { bootedSim } from '../support/game-driver';
import { journalGame } from '../support/journal-game';
import { LINES_FILE } from '../../firmware/src/journal';

/** Leaves `room` bytes of Storage free. */
function fill(storage: { files: Record<string, string>; capacity: number; used(): number }, room: number): void {
  storage.files.filler = '';
  storage.files.filler = 'x'.repeat(Math.max(0, storage.capacity - storage.used() - room));
}

describe('a full Storage at the table', () => {
  it('a new game that cannot be journaled is refused, the table left in set-up, and no game mixes with another', async () => {
    const g = await journalGame(7, ['Ann', 'Ben', 'Cleo']);
    for (let i = 0; i < 5; i++) g.move();
    // Room for action lines, not for a checkpoint: at a moment without action lines (as right after
    // a checkpoint). With lines there, the new game erases their 4 KB chunk first, and it fits.
    g.board.storage.api().open(LINES_FILE, 'r').erase();
    fill(g.board.storage, 300);
    const from = g.sim.msgs.length;
    g.sim.requestSync({ c: 'new', p: ['Xena', 'Yuri'], seed: 5 } as HostCmd);
    const msgs = g.sim.msgs.slice(from);
    expect(msgs.find((m) => m.t === 'rej')).toMatchObject({ a: 'new', code: 'storage_full' });
    expect(g.sim.snapshot().st).toBe(null);
    // Nothing to play: a host action is refused, not acknowledged as committed.
    const act = g.sim.requestSync({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] } } as HostCmd);
    expect(act.msgs.filter((m) => m.t === 'act')).toEqual([]);
    // After a power cut: no game either (not Ann's game with another game's lines on it).
    delete g.board.storage.files.filler;
    g.restart();
    const back = g.sim.snapshot().st as PvState | null;
    expect(back).toBe(null);
  });

  it('a loaded game that cannot be journaled is refused in words (rej load storage_full), the table left in set-up', async () => {
    const g = await journalGame(7, ['Ann', 'Ben', 'Cleo']);
    for (let i = 0; i < 5; i++) g.move();
    const loaded = g.snap();
    g.board.storage.api().open(LINES_FILE, 'r').erase();
    fill(g.board.storage, 300);
    const from = g.sim.msgs.length;
    g.sim.requestSync({ c: 'load', st: loaded as unknown as Record<string, unknown> } as HostCmd);
    const msgs = g.sim.msgs.slice(from);
    // It said only the `new` line of no game: a host could not tell a refused load from an ended game.
    expect(msgs.find((m) => m.t === 'rej')).toMatchObject({ a: 'load', code: 'storage_full' });
    expect(g.sim.snapshot().st).toBe(null);
  });

  it('a press whose handler fails still lets its button go: BACK alone is not the staff chord', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }] as unknown as HostCmd[]);
    const tap = (b: string) => {
      board.press(b, 80);
      board.advance(200);
    };
    tap('S1');
    tap('S2');
    // OK starts the game from the rarely used module; one of this flash (its stamp) that fails
    // as it runs makes the press fail (a module that does not load is refused: module-stamp.test.ts).
    const rare = board.storage.files['dt.rare'];
    board.storage.files['dt.rare'] = rare.slice(0, rare.indexOf(';') + 1) + 'DT_RARE={newGame:function(){throw new Error("damaged")}}';
    tap('OK');
    expect(board.errors.length).toBeGreaterThan(0);
    board.storage.files['dt.rare'] = rare;
    const from = sim.msgs.length;
    board.press('BK', 3500);
    board.advance(3700);
    const msgs = sim.msgs.slice(from);
    expect(msgs.filter((m) => m.t === 'ui' && (m as unknown as { m: string }).m === 'staff')).toEqual([]);
    expect(msgs.find((m) => m.t === 'btn')).toMatchObject({ b: 'BK', k: 'long' });
  });
});
