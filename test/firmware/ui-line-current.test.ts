/**
 * The board sends a `ui` line only when what the line shows changed. This checks that the host is
 * never left with a stale table UI: random games on the simulated board, driven by engine actions, by the
 * table's buttons, by stray presses (refusals, corrections, victims chosen and dropped, votes) and
 * by the clock (reroll windows running out, the automatic marker step), and after every event the
 * fields of the last ui line the host got are compared with the board's own table UI (snapshot),
 * and with what a mirror that joins only then takes from that snapshot.
 */
import { describe, expect, it } from 'vitest';
import type { BoardMsg } from '../../shared/protocol/messages';
import { bootedSim, joinSnapshot, nextMove } from '../support/game-driver';
import { mulberry32 } from '../support/random';
import { DEFAULT_BOARD_CONFIG } from '../../firmware/src/config';
import { MirrorModel } from '../../host/src/mirror/mirror-model';
import { describeGame, STAFF_TEXT } from '../../host/src/view/terminal-view';

const STRAY = ['S1', 'S2', 'S3', 'S4', 'K1', 'K3', 'K6', 'OK', 'BK'];

describe('ui line', () => {
  it('always tells the host the table UI as it is on the board', async () => {
    const pick = mulberry32(7);
    let events = 0;
    let stray = 0;
    let timed = 0;
    let refusedSeat = 0;
    for (let game = 0; game < 6; game++) {
      const { board, sim } = await bootedSim(
        [
          { c: 'cfg', k: 'attract_ms', v: 0 },
          { c: 'cfg', k: 'window_ms', v: 4000 },
          { c: 'new', p: ['Ann', 'Ben', 'Cleo', 'Dora'].slice(0, 2 + (game % 3)), seed: game + 1 },
        ],
        { boardName: 'LINUX' },
      );
      let last: BoardMsg | undefined;
      let read = 0;
      // A mirror there all along: every line in order (the snapshots asked for below included).
      const live = new MirrorModel(() => {});
      const check = (what: string) => {
        for (; read < sim.msgs.length; read++) {
          if (sim.msgs[read].t === 'ui') last = sim.msgs[read];
          live.handle(sim.msgs[read]);
        }
        // Whose seat the refusal showing is at, as the host tells it from the btn lines (the ui
        // line does not say; a press refused again alike sends none): the board's own errSeat.
        const before = sim.requestSync({ c: 'snap' }).msgs;
        const board0 = joinSnapshot(before)!;
        for (const m of before) live.handle(m);
        read = sim.msgs.length;
        if (board0.ui.err && board0.h && live.synced) {
          expect(live.ui!.ep, `${what}: refused at seat ${board0.ui.errSeat}`).toBe((board0.h.seats as number[]).indexOf(board0.ui.errSeat));
          if (live.ui!.ep! >= 0) refusedSeat++;
        }
        const snapMsgs = sim.requestSync({ c: 'snap' }).msgs;
        for (const m of snapMsgs) live.handle(m);
        read = sim.msgs.length;
        const snap = joinSnapshot(snapMsgs);
        expect(snap, what).not.toBeNull();
        const ui = snap!.ui;
        const seen = last as Record<string, unknown> | undefined;
        expect(seen, what).toBeDefined();
        expect({ m: seen!.m, e: seen!.e, c: seen!.c, v: seen!.v, vic: seen!.vic, err: seen!.err }, what).toEqual({ m: ui.mode, e: ui.entry, c: ui.correcting, v: ui.votes, vic: ui.victim, err: ui.err });
        // A countdown runs exactly when the host was told one does.
        expect((seen!.dl as number) > 0, what).toBe((ui.deadline as number) > 0);
        // A host that joins now (snapshot only) shows the same table UI as one there all along.
        const late = new MirrorModel(() => {});
        for (const m of snapMsgs) late.handle(m);
        expect(late.synced, what).toBe(true);
        const j = late.ui!;
        expect({ m: j.m, e: j.e, c: j.c, v: j.v, vic: j.vic, err: j.err }, what).toEqual({ m: seen!.m, e: seen!.e, c: seen!.c, v: seen!.v, vic: seen!.vic, err: seen!.err });
        expect(j.dl > 0, what).toBe((ui.deadline as number) > 0);
        expect(j.dl, what).toBeLessThanOrEqual(4000);
        expect(j.ep, what).toBe(ui.err && snap!.h ? (snap!.h.seats as number[]).indexOf(ui.errSeat as number) : j.ep);
        events++;
      };
      check('after set-up');
      for (let turn = 0; turn < 120; turn++) {
        const snap = sim.snapshot();
        if (snap.st.phase === 'game_over') break;
        const r = pick(10);
        if (r < 2) {
          // A stray press: refused, a correction started or dropped, a victim, a vote, ...
          const b = STRAY[pick(STRAY.length)];
          sim.requestSync({ c: 'btn', b, k: pick(4) ? 'press' : 'long' });
          stray++;
          check(`stray ${b}`);
        } else if (r < 3) {
          // Time passes: a reroll window runs out, the automatic marker step runs, errors expire.
          board.advance(pick(2) ? 0 : pick(2) ? DEFAULT_BOARD_CONFIG.marker_ms : 5000);
          timed++;
          check('time');
        } else {
          const move = nextMove(snap.st, pick);
          for (const c of move.cmds) {
            sim.requestSync(c);
            check(`${move.via} ${JSON.stringify(c)}`);
          }
        }
        board.advance(0);
        check('after the move');
      }
      expect(board.errors).toEqual([]);
    }
    expect(stray).toBeGreaterThan(30);
    expect(timed).toBeGreaterThan(15);
    expect(refusedSeat).toBeGreaterThan(5);
    expect(events).toBeGreaterThan(500);
  });

  it('drops the chosen victim when a host action ends the marker step', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben', 'Cleo'] }], { boardName: 'LINUX' });
    const phase = () => sim.snapshot().st.phase;
    const act = (a: Record<string, unknown>) => expect(sim.requestSync({ c: 'act', a }).msgs.filter((m) => m.t === 'rej')).toEqual([]);
    // Ann and then Ben end a turn on four 3s: Ann takes a 3 (the only option, automatically), so
    // Ben may take one from the middle or steal Ann's.
    for (let turn = 0; turn < 2; turn++) {
      act({ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 4] });
      act({ do: 'choose_target', value: 3 });
      act({ do: 'throw', faces: [3, 3, 4, 5, 6] });
      if (phase() === 'reroll_window') act({ do: 'pass' });
      board.advance(DEFAULT_BOARD_CONFIG.marker_ms);
    }
    expect(phase()).toBe('await_marker_choice');
    const uiLines = () => sim.msgs.filter((m) => m.t === 'ui') as unknown as { vic: number }[];
    sim.requestSync({ c: 'btn', b: 'S1', k: 'press' });
    expect(uiLines().pop()!.vic).toBe(0);
    act({ do: 'take_marker' });
    expect(uiLines().pop()!.vic).toBe(-1);
  });

  it('tells a host that joins during the staff menu that the menu is open', async () => {
    // The chord needs pins: the simulated Pico, its buttons pressed on the fake clock.
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben', 'Cleo'] }]);
    const lateUi = () => {
      const late = new MirrorModel(() => {});
      for (const m of sim.requestSync({ c: 'snap' }).msgs) late.handle(m);
      expect(late.synced).toBe(true);
      // The terminal view leads with the staff menu's keys exactly while it is open.
      expect(describeGame(late.state, late.ui, 0)[0] === STAFF_TEXT[0]).toBe(late.ui!.m === 'staff');
      return late.ui!.m;
    };
    const lastUi = () => (sim.msgs.filter((m) => m.t === 'ui').pop() as { m: string }).m;
    expect(lateUi()).toBe('play');
    // OK and BACK held together for 3 s open the staff menu.
    board.press('OK', 3500);
    board.press('BK', 3500);
    board.advance(3200);
    expect(lastUi()).toBe('staff');
    expect(lateUi()).toBe('staff');
    board.advance(1000);
    // OK leaves it.
    board.press('OK', 80);
    board.advance(200);
    expect(lastUi()).toBe('play');
    expect(lateUi()).toBe('play');
    expect(board.errors).toEqual([]);
  });
});
