/**
 * R-PV-22 on the board: when a turn ends with a single possible marker action, the table applies
 * it by itself, in an event of its own cfg.marker_ms after the one that ended the turn (so neither
 * event carries two engine steps and their redraws). The press's own messages show the throw and
 * the marker phase; meanwhile the countdown bar runs and BACK corrects the throw. Whatever arrives
 * in between is respected, and a power cut in between resumes to the same wait.
 */
import { describe, expect, it } from 'vitest';
import type { SimBoard } from '../../host/src/sim/sim-board';
import type { BoardMsg, HostCmd } from '../../shared/protocol/messages';
import { DEFAULT_BOARD_CONFIG } from '../../firmware/src/config';
import { bootedSim, type SimTarget } from '../support/game-driver';
import { MirrorModel } from '../../host/src/mirror/mirror-model';
import { describeGame } from '../../host/src/view/terminal-view';

const btn = (b: string): HostCmd => ({ c: 'btn', b, k: 'press' });
/** Ann's turn: first throw 3 4 5 6 7 3 4, target 3, then 3 3 R 4 5 ends it with four 3s. */
const TURN = ['K1', 'K2', 'K3', 'K4', 'K5', 'K1', 'K2', 'OK', 'K1', 'K1', 'K1', 'K6', 'K2', 'K3'];
/** The status column's LED for the marker phase (hardware/led-layout.ts: column 15, row 5). */
const MARKER_LED = 5 * 16 + 15;
const GRACE = DEFAULT_BOARD_CONFIG.marker_ms;
/** LEDs lit in the countdown column (hardware/led-layout.ts: column 7) of the board's last frame. */
function countdown(sim: SimTarget): number {
  const f = frames(sim.msgs).pop()!;
  let n = 0;
  for (let y = 0; y < 8; y++) if (f.charAt(y * 16 + 7) !== '.') n++;
  return n;
}

const SETUP: HostCmd[] = [{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben', 'Cleo'] }];

async function boardAtTurnEnd(): Promise<{ board: SimBoard; sim: SimTarget }> {
  const r = await bootedSim(SETUP, { boardName: 'LINUX' });
  for (const b of TURN) {
    expect(r.sim.requestSync(btn(b)).ack).toBe(true);
    r.board.advance(200);
  }
  return r;
}

const acts = (msgs: BoardMsg[]) => msgs.filter((m) => m.t === 'act').map((m) => (m as { a: Record<string, unknown> }).a.do);
const frames = (msgs: BoardMsg[]) => msgs.filter((m) => m.t === 'leds').map((m) => (m as { f: string }).f);
const phase = (sim: SimTarget) => sim.snapshot().st.phase;
/**
 * The OK press that ends Ann's turn, then what the board does right after it (an event of its own:
 * the wait for the automatic marker action starts). A person cannot press again within 0 ms.
 */
function endTurn(board: SimBoard, sim: SimTarget) {
  const press = sim.requestSync(btn('OK'));
  board.advance(0);
  return press;
}
/** What the board did while its clock moved `ms`. */
function after(board: SimBoard, sim: SimTarget, ms: number): BoardMsg[] {
  const from = sim.msgs.length;
  board.advance(ms);
  return sim.msgs.slice(from);
}

describe('automatic marker step (R-PV-22) as an event of its own', () => {
  it('the OK press shows the throw in the marker phase; the only marker is taken marker_ms later, in an event of its own', async () => {
    const { board, sim } = await boardAtTurnEnd();
    const press = endTurn(board, sim);
    expect(acts(press.msgs)).toEqual(['throw']);
    const f = frames(press.msgs);
    expect(f.length).toBe(1);
    expect(f[0].charAt(MARKER_LED), f[0]).not.toBe('.');
    expect(acts(after(board, sim, GRACE - 50))).toEqual([]);
    expect(phase(sim)).toBe('await_marker_choice');
    const later = after(board, sim, 50);
    expect(acts(later)).toEqual(['take_marker']);
    expect(later.find((m) => m.t === 'act')).toMatchObject({ fx: ['turn_end'] });
    expect(frames(later).length).toBe(1);
    expect(frames(later)[0].charAt(MARKER_LED)).toBe('.');
    expect(phase(sim)).toBe('await_first_throw');
    expect(board.errors).toEqual([]);
  });

  it('a long OK in the wait (virtual dice) makes the marker choice and rolls for the next player, in an event of its own', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben', 'Cleo'], seed: 5 }], { boardName: 'LINUX' });
    for (const b of TURN) {
      expect(sim.requestSync(btn(b)).ack).toBe(true);
      board.advance(200);
    }
    endTurn(board, sim);
    expect(phase(sim)).toBe('await_marker_choice');
    const press = sim.requestSync({ c: 'btn', b: 'OK', k: 'long' });
    expect(acts(press.msgs)).toEqual(['take_marker']);
    const next = after(board, sim, 0);
    expect(acts(next)).toEqual(['roll']);
    const st = sim.snapshot().st;
    expect(st.active).toBe(1);
    expect(st.turn.first_faces!.length).toBe(7);
    expect(st.phase).toBe('await_target');
    // Nothing refused, nothing more.
    expect(press.msgs.concat(next).filter((m) => m.t === 'rej' || (m.t === 'ui' && m.err))).toEqual([]);
    expect(acts(after(board, sim, GRACE + 1000))).toEqual([]);
    expect(board.errors).toEqual([]);
  });

  it('a long OK in the wait without virtual dice makes the marker choice only', async () => {
    const { board, sim } = await boardAtTurnEnd();
    endTurn(board, sim);
    const press = sim.requestSync({ c: 'btn', b: 'OK', k: 'long' });
    expect(acts(press.msgs)).toEqual(['take_marker']);
    const next = after(board, sim, GRACE + 1000);
    expect(acts(next)).toEqual([]);
    expect(press.msgs.concat(next).filter((m) => m.t === 'rej' || (m.t === 'ui' && m.err))).toEqual([]);
    expect(phase(sim)).toBe('await_first_throw');
  });

  it('a long OK at a turn start without virtual dice is refused by the table, saying why (the engine knows no roll then)', async () => {
    const { board, sim } = await boardAtTurnEnd();
    endTurn(board, sim);
    after(board, sim, GRACE + 10);
    expect(phase(sim)).toBe('await_first_throw');
    const press = sim.requestSync({ c: 'btn', b: 'OK', k: 'long' });
    expect(acts(press.msgs)).toEqual([]);
    expect(press.msgs.filter((m) => m.t === 'rej')).toEqual([]);
    expect(sim.snapshot().ui.err).toBe('no_virtual_dice');
    expect(phase(sim)).toBe('await_first_throw');
  });

  it('the countdown bar shows the wait, goes while the throw is corrected and runs again in full after', async () => {
    const { board, sim } = await boardAtTurnEnd();
    sim.requestSync({ c: 'leds', on: true });
    expect(countdown(sim)).toBe(0);
    endTurn(board, sim);
    expect(countdown(sim)).toBe(8);
    board.advance(GRACE / 2 + 10);
    expect(countdown(sim)).toBe(4);
    const ui = sim.msgs.filter((m) => m.t === 'ui').pop() as unknown as { dl: number };
    expect(ui.dl).toBeGreaterThan(0);
    // A mirror says so too (the terminal view).
    const mirror = new MirrorModel(() => {});
    for (const m of sim.requestSync({ c: 'snap' }).msgs) mirror.handle(m);
    expect(describeGame(mirror.state, mirror.ui, Date.now()).join('\n')).toMatch(/Only choice: Ann takes a 3 from the middle in 1\.\d s/);
    sim.requestSync(btn('BK'));
    expect(countdown(sim)).toBe(0);
    const correcting = new MirrorModel(() => {});
    for (const m of sim.requestSync({ c: 'snap' }).msgs) correcting.handle(m);
    const text = describeGame(correcting.state, correcting.ui, Date.now()).join('\n');
    expect(text).toMatch(/Correcting \S+'s last throw \(\d dice\): enter its faces/);
    expect(text).not.toContain('Only choice');
    board.advance(2 * GRACE);
    expect(phase(sim)).toBe('await_marker_choice');
    sim.requestSync(btn('BK'));
    board.advance(0);
    expect(countdown(sim)).toBe(8);
    expect(acts(after(board, sim, GRACE))).toEqual(['take_marker']);
    expect(countdown(sim)).toBe(0);
  });

  it('no wait and no bar when the player has a choice to make', async () => {
    const { board, sim } = await bootedSim([...SETUP, { c: 'leds', on: true }], { boardName: 'LINUX' });
    // Ann and then Ben end a turn on four 3s: Ann's 3 is taken for her; Ben may take or steal.
    for (let turn = 0; turn < 2; turn++) {
      for (const a of [{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 4] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 3, 4, 5, 6] }]) sim.requestSync({ c: 'act', a } as HostCmd);
      board.advance(0);
      if (turn === 0) expect(countdown(sim)).toBe(8);
      board.advance(GRACE);
    }
    expect(phase(sim)).toBe('await_marker_choice');
    expect(countdown(sim)).toBe(0);
    expect(acts(after(board, sim, 3 * GRACE))).toEqual([]);
  });

  it('BACK in the meantime corrects the throw that ended the turn: no marker is taken', async () => {
    const { board, sim } = await boardAtTurnEnd();
    endTurn(board, sim);
    board.advance(GRACE / 2);
    // The last die was a 5, not a 3 (… and so on): BACK, then the right faces 3 R 4 5 6, slowly.
    for (const b of ['BK', 'K1', 'K6', 'K2', 'K3']) {
      sim.requestSync(btn(b));
      expect(acts(after(board, sim, GRACE))).toEqual([]);
    }
    expect(sim.snapshot().ui).toMatchObject({ correcting: true, entry: [3, 'R', 4, 5] });
    sim.requestSync(btn('K4'));
    const ok = sim.requestSync(btn('OK'));
    expect(acts(ok.msgs)).toEqual(['correct']);
    expect(acts(after(board, sim, 3 * GRACE))).toEqual([]);
    const s = sim.snapshot().st;
    expect(s.phase).toBe('await_throw');
    expect(s.turn).toMatchObject({ targets: 3, ravens: 1 });
    expect(s.players[0].markers).toEqual([]);
    expect(board.errors).toEqual([]);
  });

  it('leaving the correction without one: the marker is taken within marker_ms', async () => {
    const { board, sim } = await boardAtTurnEnd();
    endTurn(board, sim);
    sim.requestSync(btn('BK'));
    expect(acts(after(board, sim, 2 * GRACE))).toEqual([]);
    sim.requestSync(btn('BK'));
    expect(sim.snapshot().ui.correcting).toBe(false);
    expect(acts(after(board, sim, GRACE))).toEqual(['take_marker']);
    expect(phase(sim)).toBe('await_first_throw');
  });

  it('the next player starting their throw takes the marker at once, and the key is their first die', async () => {
    const { board, sim } = await boardAtTurnEnd();
    endTurn(board, sim);
    const key = sim.requestSync(btn('K5'));
    expect(acts(key.msgs)).toEqual(['take_marker']);
    const sn = sim.snapshot();
    expect(sn.st.phase).toBe('await_first_throw');
    expect(sn.st.active).toBe(1);
    expect(sn.ui.entry).toEqual([7]);
    expect(acts(after(board, sim, 2 * GRACE))).toEqual([]);
    expect(board.errors).toEqual([]);
  });

  it('OK takes it at once', async () => {
    const { board, sim } = await boardAtTurnEnd();
    endTurn(board, sim);
    expect(acts(sim.requestSync(btn('OK')).msgs)).toEqual(['take_marker']);
    expect(acts(after(board, sim, 2 * GRACE))).toEqual([]);
    expect(phase(sim)).toBe('await_first_throw');
  });

  it('a marker action that arrives first is applied once, and the automatic step then does nothing', async () => {
    const { board, sim } = await boardAtTurnEnd();
    endTurn(board, sim);
    const host = sim.requestSync({ c: 'act', a: { do: 'take_marker' } });
    expect(acts(host.msgs)).toEqual(['take_marker']);
    const later = after(board, sim, 2 * GRACE);
    expect(acts(later)).toEqual([]);
    expect(later.filter((m) => m.t === 'rej' || m.t === 'err')).toEqual([]);
    expect(phase(sim)).toBe('await_first_throw');
  });

  it('a power cut in the meantime resumes in the marker phase and takes the marker marker_ms after boot', async () => {
    const { board, sim } = await boardAtTurnEnd();
    endTurn(board, sim);
    board.advance(GRACE - 100);
    board.powerCut();
    const from = sim.msgs.length;
    board.boot();
    board.advance(GRACE - 100);
    expect(acts(sim.msgs.slice(from))).toEqual([]);
    expect(phase(sim)).toBe('await_marker_choice');
    board.advance(100);
    expect(acts(sim.msgs.slice(from))).toEqual(['take_marker']);
    expect(phase(sim)).toBe('await_first_throw');
    expect(board.errors).toEqual([]);
  });

  it('marker_ms 0: right after the event that ended the turn', async () => {
    const { board, sim } = await boardAtTurnEnd();
    expect(sim.requestSync({ c: 'cfg', k: 'marker_ms', v: 0 }).ack).toBe(true);
    expect(acts(sim.requestSync(btn('OK')).msgs)).toEqual(['throw']);
    expect(acts(after(board, sim, 0))).toEqual(['take_marker']);
  });
});
