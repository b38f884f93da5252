/**
 * Correcting a mis-entered throw while its reroll window runs (BACK on an empty entry, the right
 * faces, OK): the window waits, the faces are the correction, not the next throw (no pass), OK
 * confirms it instead of closing the window, and the corrected throw gets a window of its own
 * without the old votes; left without a correction, the window runs again in full, votes kept.
 * Leaving the window any other way ends correcting: the next entry is a throw, not a correction.
 * A throw that ended the turn is corrected from the marker step the same way (BACK without a
 * victim chosen), where there is a marker choice to make.
 */
import { describe, expect, it } from 'vitest';
import type { BoardMsg, HostCmd } from '../../shared/protocol/messages';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { PvState } from '../../shared/games/pechvogel/types';
import { bootedSim } from '../support/game-driver';
import { DEFAULT_BOARD_CONFIG } from '../../firmware/src/config';

const K: Record<string, string> = { 3: 'K1', 4: 'K2', 5: 'K3', 6: 'K4', 7: 'K5', R: 'K6' };

/** Ann has thrown 3 4 4 5 5 for target 3 (one 3): everyone holds a frustration, so a window runs. */
async function windowOpen() {
  const r = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo'] });
  if (!r.ok) throw new Error('setup');
  const st = r.state;
  for (const p of st.players) p.frustrations = 1;
  const { board, sim } = await bootedSim([
    { c: 'cfg', k: 'attract_ms', v: 0 },
    { c: 'cfg', k: 'window_ms', v: 8000 },
    { c: 'load', st },
    { c: 'act', a: { do: 'throw', faces: [3, 3, 4, 4, 5, 5, 6] } },
    { c: 'act', a: { do: 'choose_target', value: 3 } },
    { c: 'act', a: { do: 'throw', faces: [3, 4, 4, 5, 5] } },
  ] as HostCmd[]);
  const snap = () => sim.snapshot();
  const press = (...bs: string[]) => sim.press(...bs);
  const acts = () => sim.msgs.filter((m) => m.t === 'act' || m.t === 'rej') as (BoardMsg & { a?: { do: string }; n?: number })[];
  expect(snap().st.phase).toBe('reroll_window');
  return { board, sim, snap, press, acts };
}

describe('correcting a throw while its reroll window runs', () => {
  for (const voted of [false, true]) {
    it(`commits the correction, not a pass${voted ? ', and drops the votes cast on the old throw' : ''}`, async () => {
      const t = await windowOpen();
      if (voted) {
        t.press('S2');
        expect(t.snap().ui.votes).toEqual([1]);
      }
      t.board.advance(5000);
      const before = t.acts().length;
      // The window waits while the throw is being corrected (however long that takes).
      t.press('BK');
      t.board.advance(20000);
      expect(t.snap().st.phase).toBe('reroll_window');
      expect(t.snap().ui.deadline).toBe(0);
      // The real throw was 3 4 4 5 raven.
      t.press(K[3], K[4], K[4], K[5], K.R);
      let s = t.snap();
      expect(s.ui.entry).toEqual([3, 4, 4, 5, 'R']);
      expect(s.ui.correcting).toBe(true);
      expect(s.st.phase).toBe('reroll_window');
      expect(t.acts().length).toBe(before);
      t.press('OK');
      const fresh = t.acts().slice(before);
      expect(fresh.map((m) => m.t + ' ' + (m.a ? m.a.do : ''))).toEqual(['act correct']);
      s = t.snap();
      const st = s.st as PvState;
      expect([st.turn.targets, st.turn.ravens]).toEqual([3, 1]);
      expect(s.ui.correcting).toBe(false);
      expect(s.ui.entry).toEqual([]);
      // The corrected throw is a new one: its own full window, nobody voted yet.
      expect(st.phase).toBe('reroll_window');
      expect(s.ui.votes).toEqual([]);
      t.board.advance(6000);
      expect(t.snap().st.phase).toBe('reroll_window');
      t.board.advance(2500);
      expect(t.snap().st.phase).toBe('await_throw');
      expect(t.acts().slice(before).map((m) => (m.a ? m.a.do : m.t))).toEqual(['correct', 'pass']);
      expect(t.board.errors).toEqual([]);
    });
  }

  it('runs the window again in full, votes kept, when correcting is left without a correction', async () => {
    const t = await windowOpen();
    t.press('S2');
    t.board.advance(6000);
    t.press('BK', K[3], K[3]);
    t.board.advance(30000);
    // BACK twice drops the faces, once more leaves correcting.
    t.press('BK', 'BK', 'BK');
    let s = t.snap();
    expect(s.ui.correcting).toBe(false);
    expect(s.ui.votes).toEqual([1]);
    expect(s.ui.deadline).toBeGreaterThan(0);
    t.board.advance(7000);
    expect(t.snap().st.phase).toBe('reroll_window');
    t.board.advance(1500);
    s = t.snap();
    expect(s.st.phase).toBe('await_reroll');
    expect(t.acts().map((m) => (m.a ? m.a.do : m.t)).slice(-1)).toEqual(['frustrate']);
    expect(t.board.errors).toEqual([]);
  });

  it('refuses OK with nothing entered while correcting; after BACK, OK closes the window', async () => {
    const t = await windowOpen();
    t.press('S2', 'BK');
    expect(t.snap().ui.correcting).toBe(true);
    // OK meant as "done": it must not commit the votes on the throw being corrected.
    t.press('OK');
    expect(t.snap().st.phase).toBe('reroll_window');
    expect(t.snap().ui).toMatchObject({ correcting: true, err: 'enter_dice' });
    t.press('BK'); // leaves correcting
    t.press('OK'); // closes the window: Ben frustrates
    const s = t.snap();
    expect(s.st.phase).toBe('await_reroll');
    expect(s.ui.correcting).toBe(false);
    // The reroll is entered as a throw.
    t.press(K[3], K[4], K[5], K[6], K[7]);
    t.press('OK');
    expect(t.acts().map((m) => (m.a ? m.a.do : m.t)).slice(-2)).toEqual(['frustrate', 'throw']);
    expect(t.board.errors).toEqual([]);
  });

  it('a host action while a correction is being typed ends it: OK then corrects nothing (not the host\'s throw)', async () => {
    const t = await windowOpen();
    t.press('BK', K[4], K[4], K[4], K[4]);
    expect(t.snap().ui).toMatchObject({ correcting: true, entry: [4, 4, 4, 4] });
    // The host throws for Ann (the window's throw did not end the turn: 4 dice, and it passes).
    const r = t.sim.requestSync({ c: 'act', a: { do: 'throw', faces: [5, 5, 6, 6] } } as HostCmd);
    expect(r.msgs.filter((m) => m.t === 'act').length).toBe(1);
    expect(t.snap().ui).toMatchObject({ correcting: false, entry: [] });
    const before = t.acts().length;
    t.press('OK');
    expect(t.acts().slice(before)).toEqual([]);
    expect(t.snap().st.turn.last!.n).toBe(4);
    expect(t.board.errors).toEqual([]);
  });

  it('corrects the throw that ended the turn from the marker step (when there is a choice to make)', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben', 'Cleo'] }] as HostCmd[]);
    const snap = () => sim.snapshot();
    const press = (...bs: string[]) => sim.press(...bs);
    // Ann takes a 3; then Ben ends his turn on four 3s: take from the middle or steal Ann's.
    for (let turn = 0; turn < 2; turn++) {
      for (const a of [
        { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 4] },
        { do: 'choose_target', value: 3 },
        { do: 'throw', faces: [3, 3, 4, 5, 6] },
      ])
        sim.requestSync({ c: 'act', a } as HostCmd);
      board.advance(DEFAULT_BOARD_CONFIG.marker_ms);
    }
    expect(snap().st.phase).toBe('await_marker_choice');
    const from = sim.msgs.length;
    // Ben chose Ann as the victim, then saw the mistake: BACK drops the victim, BACK again corrects.
    press('S1');
    expect(snap().ui.victim).toBe(0);
    press('BK');
    expect(snap().ui.victim).toBe(-1);
    expect(snap().ui.correcting).toBe(false);
    press('BK');
    expect(snap().ui.correcting).toBe(true);
    // The real throw: 3 4 4 5 6 (three 3s on the board; the turn goes on).
    press(K[3], K[4], K[4], K[5], K[6], 'OK');
    const s = snap();
    expect(sim.msgs.slice(from).filter((m) => m.t === 'act' || m.t === 'rej').map((m) => (m as { a: { do: string } | string }).a)).toEqual([{ do: 'correct', faces: [3, 4, 4, 5, 6] }]);
    expect(s.st.phase).toBe('await_throw');
    expect(s.st.turn.targets).toBe(3);
    expect(s.ui.correcting).toBe(false);
    expect(board.errors).toEqual([]);
  });
});
