/**
 * OK and BACK held together open the staff menu. Held that long, each would also be a long press
 * (a virtual roll, closing a reroll window, taking a marker, a rematch; BACK clears the entry), and
 * let go early each would be a press: the chord must be neither. On the simulated Pico's pins, in
 * every phase, with and without an entry pending: the chord leaves the game and the entry as they
 * were, opens the menu when held 3 s, and OK leaves the menu. A reroll window's countdown stops
 * meanwhile (it ran out in the menu and committed its votes) and runs again in full afterwards.
 */
import { describe, expect, it } from 'vitest';
import type { HostCmd } from '../../shared/protocol/messages';
import type { PvState } from '../../shared/games/pechvogel/types';
import { bootedSim } from '../support/game-driver';
import { playRandomGame } from '../support/play';
import { markerOptions } from '../../shared/games/pechvogel/rules';

/** One state per phase from random games (a game set up with a seed rolls virtual dice). */
function statesByPhase(): PvState[] {
  const found: Record<string, PvState> = {};
  for (let seed = 1; seed < 40 && Object.keys(found).length < 7; seed++) {
    for (const s of playRandomGame(seed, 2 + (seed % 4)).states) {
      // A marker step the table would not take by itself (R-PV-22): a real choice.
      const o = s.phase === 'await_marker_choice' ? markerOptions(s) : null;
      if (o && o.stealFrom.length + (o.take ? 1 : 0) < 2) continue;
      if (!found[s.phase]) found[s.phase] = s;
    }
  }
  const out = Object.keys(found).map((k) => found[k]);
  // Virtual dice: the first throw is a long OK.
  const v = JSON.parse(JSON.stringify(found.await_first_throw)) as PvState;
  v.rng = [1, 2, 3, 4];
  out.push(v);
  return out;
}

describe('the staff chord (OK + BACK)', () => {
  const cases = statesByPhase();
  it('covers every phase', () => {
    expect(cases.map((s) => s.phase).sort()).toEqual(['await_first_throw', 'await_first_throw', 'await_marker_choice', 'await_reroll', 'await_target', 'await_throw', 'game_over', 'reroll_window']);
  });

  for (const st of cases) {
    for (const entry of [false, true]) {
      for (const hold of [3500, 300]) {
        it(`${st.phase}${st.rng ? ' (virtual dice)' : ''}${entry ? ', entry pending' : ''}, held ${hold} ms`, async () => {
          const { board, sim } = await bootedSim([
            { c: 'cfg', k: 'attract_ms', v: 0 },
            { c: 'cfg', k: 'window_ms', v: 60000 },
            { c: 'load', st },
          ] as HostCmd[]);
          board.advance(50);
          const snap = () => sim.snapshot();
          if (entry) {
            for (const b of ['K1', 'K2']) {
              board.press(b, 80);
              board.advance(150);
            }
          }
          const before = snap();
          const from = sim.msgs.length;
          board.press('OK', hold);
          board.advance(40);
          board.press('BK', hold);
          board.advance(hold + 200);
          const after = snap();
          const msgs = sim.msgs.slice(from);
          expect(msgs.filter((m) => m.t === 'act' || m.t === 'rej' || m.t === 'btn')).toEqual([]);
          expect(after.st).toEqual(before.st);
          expect(after.ui.entry).toEqual(before.ui.entry);
          expect(after.ui.correcting).toBe(before.ui.correcting);
          expect(after.ui.err).toBe(before.ui.err);
          // A running reroll window stops while staff hold the chord (its ui line loses the
          // countdown) and runs again in full when they let go or leave the menu.
          const uiLines = msgs.filter((m) => m.t === 'ui') as unknown as { m: string; dl?: number }[];
          const inWindow = before.st.phase === 'reroll_window';
          const uiModes = uiLines.filter((m) => !(inWindow && m.m === 'play')).map((m) => m.m);
          if (inWindow) expect(uiLines[0]).toMatchObject({ m: 'play', dl: 0 });
          if (hold < 3000) {
            expect(uiModes).toEqual([]);
            if (inWindow) expect(uiLines[uiLines.length - 1].dl).toBeGreaterThan(60000 - 300);
            // The buttons work again once both are up.
            board.press('BK', 80);
            board.advance(150);
            expect(sim.msgs.slice(from).filter((m) => m.t === 'btn').length).toBe(1);
          } else {
            expect(uiModes).toEqual(['staff']);
            board.press('OK', 80);
            board.advance(150);
            expect(snap().st).toEqual(before.st);
            expect(sim.msgs.slice(from).filter((m) => m.t === 'ui').pop()).toMatchObject({ m: before.ui.mode });
            if (inWindow) expect((sim.msgs.slice(from).filter((m) => m.t === 'ui').pop() as unknown as { dl: number }).dl).toBeGreaterThan(60000 - 300);
          }
          expect(board.errors).toEqual([]);
        });
      }
    }
  }

  it('blinks its marker in the bottom-right corner while the menu is open, beside its settings', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'leds', on: true }, { c: 'new', p: ['Ann', 'Ben'] }] as HostCmd[]);
    board.press('OK', 3500);
    board.advance(40);
    board.press('BK', 3500);
    board.advance(3700);
    const from = sim.msgs.length;
    for (let i = 0; i < 8; i++) board.advance(125);
    const corner = sim.msgs.slice(from).filter((m) => m.t === 'leds').map((m) => (m as { f: string }).f[7 * 16 + 15]);
    expect(corner).toContain('C');
    expect(corner).toContain('.');
  });
});
