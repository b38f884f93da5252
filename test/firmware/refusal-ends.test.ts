/**
 * A refusal shows on the table (a fast blink) and on the screens beside it (the ui line's `err`)
 * until the next press: one the table takes ends it, one it refuses again shows the new refusal.
 * (Before, only an accepted action ended it: a refused seat stayed on the screens through later
 * votes, victims and keys.)
 */
import { describe, expect, it } from 'vitest';
import { bootedSim } from '../support/game-driver';

describe('a refusal on the table', () => {
  it('lasts until the next press, and a press that is refused again shows that refusal', async () => {
    const { sim } = await bootedSim([
      { c: 'cfg', k: 'attract_ms', v: 0 },
      { c: 'new', p: ['Ann', 'Ben', 'Cleo'] },
    ]);
    const err = () => {
      const ui = sim.msgs.filter((m) => m.t === 'ui');
      return (ui[ui.length - 1] as unknown as { err: string }).err;
    };
    sim.press('K1', 'K2', 'OK');
    expect(err()).toBe('wrong_dice_count');
    // Another key is taken: the refusal is over, the entry goes on.
    sim.press('K3');
    expect(err()).toBe('');
    // A seat that is not playing, then a refused OK: each shows its own.
    sim.press('S5');
    expect(err()).toBe('not_playing');
    sim.press('OK');
    expect(err()).toBe('wrong_dice_count');
    // BACK takes the last key back: taken, so nothing refused shows.
    sim.press('BK');
    expect(err()).toBe('');
    const snap = sim.snapshot();
    expect(snap.ui.entry).toEqual([3, 4]);
    expect(snap.ui.err).toBe('');
  });
});
