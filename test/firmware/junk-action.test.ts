/**
 * A host's `act` may carry junk the rules cannot even read ({"toString":{}} as a face throws where
 * it becomes a key or a number, on Espruino as in Node): the board answers err bad_action, keeps
 * the game as it was, and logs no uncaught error.
 */
import { describe, expect, it } from 'vitest';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { flashedSimBoard } from '../../host/src/sim/flashed-sim-board';
import type { HostCmd } from '../../shared/protocol/messages';
import { joinSnapshot, SimTarget } from '../support/game-driver';

describe('junk inside a host action', () => {
  it('is reported as bad_action and changes nothing', async () => {
    const b = await ensureBundle();
    const board = flashedSimBoard(b, { clock: 'fake', boardName: 'LINUX', storageFile: null });
    const t = new SimTarget(board);
    board.boot();
    t.requestSync({ c: 'new', p: ['Ann', 'Ben'] });
    const before = joinSnapshot(t.requestSync({ c: 'snap' }).msgs)!.st;
    const bad = { toString: {} };
    for (const a of [
      { do: 'throw', faces: [bad, 3, 3, 3, 3, 3, 3] },
      { do: 'choose_target', value: bad },
      { do: 'steal', from: 'Ben', return_to_box: bad },
      { do: 'frustrate', by: [bad] },
    ]) {
      const r = t.requestSync({ c: 'act', a } as unknown as HostCmd);
      expect(r.msgs.filter((m) => m.t === 'err' || m.t === 'rej').map((m) => (m as { code: string }).code), a.do).toEqual([expect.stringMatching(/^(bad_action|wrong_dice_count|target_not_rolled|marker_not_available|window_closed|not_an_opponent)$/)]);
    }
    expect(joinSnapshot(t.requestSync({ c: 'snap' }).msgs)!.st).toEqual(before);
    expect(board.errors).toEqual([]);
    // And a good throw still goes through.
    expect(t.requestSync({ c: 'act', a: { do: 'throw', faces: [3, 4, 5, 6, 7, 3, 4] } }).msgs.some((m) => m.t === 'act')).toBe(true);
  });
});
