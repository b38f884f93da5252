/**
 * R-PV-22 on the board: when a turn ends with a single possible marker action, the table applies
 * it by itself, in an event of its own right after the one that ended the turn (so neither event
 * carries two engine steps and their redraws). The press's own messages show the throw and the
 * marker phase; the automatic step follows as soon as the board's timers run. Whatever arrives in
 * between is respected, and a power cut in between resumes to the same automatic step.
 */
import { describe, expect, it } from 'vitest';
import type { SimBoard } from '../../host/src/sim/sim-board';
import type { BoardMsg, HostCmd } from '../../shared/protocol/messages';
import { joinSnapshot, SimTarget } from '../support/game-driver';
import { makeSim } from '../support/host-harness';

const btn = (b: string): HostCmd => ({ c: 'btn', b, k: 'press' });
/** Ann's turn: first throw 3 4 5 6 7 3 4, target 3, then 3 3 R 4 5 ends it with four 3s. */
const TURN = ['K1', 'K2', 'K3', 'K4', 'K5', 'K1', 'K2', 'OK', 'K1', 'K1', 'K1', 'K6', 'K2', 'K3'];
/** The status column's LED for the marker phase (hardware/led-layout.ts: column 15, row 5). */
const MARKER_LED = 5 * 16 + 15;

async function boardAtTurnEnd(): Promise<{ board: SimBoard; sim: SimTarget }> {
  const board = await makeSim({ clock: 'fake', boardName: 'LINUX' });
  const sim = new SimTarget(board);
  board.boot();
  for (const c of [{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben', 'Cleo'] }, ...TURN.map(btn)] as HostCmd[]) {
    expect(sim.requestSync(c).ack).toBe(true);
    board.advance(200);
  }
  return { board, sim };
}

const acts = (msgs: BoardMsg[]) => msgs.filter((m) => m.t === 'act').map((m) => (m as { a: Record<string, unknown> }).a.do);
const frames = (msgs: BoardMsg[]) => msgs.filter((m) => m.t === 'leds').map((m) => (m as { f: string }).f);
function phase(sim: SimTarget): string {
  return joinSnapshot(sim.requestSync({ c: 'snap' }).msgs)!.st.phase;
}

describe('automatic marker step (R-PV-22) as an event of its own', () => {
  it('the OK press shows the throw in the marker phase; the only marker is taken right after', async () => {
    const { board, sim } = await boardAtTurnEnd();
    const press = sim.requestSync(btn('OK'));
    expect(acts(press.msgs)).toEqual(['throw']);
    const f = frames(press.msgs);
    expect(f.length).toBe(1);
    expect(f[0].charAt(MARKER_LED), f[0]).not.toBe('.');
    const from = sim.msgs.length;
    board.advance(0);
    const after = sim.msgs.slice(from);
    expect(acts(after)).toEqual(['take_marker']);
    expect(after.find((m) => m.t === 'act')).toMatchObject({ fx: ['turn_end'] });
    expect(frames(after).length).toBe(1);
    expect(frames(after)[0].charAt(MARKER_LED)).toBe('.');
    expect(phase(sim)).toBe('await_first_throw');
    expect(board.errors).toEqual([]);
  });

  it('a marker action that arrives first is applied once, and the automatic step then does nothing', async () => {
    const { board, sim } = await boardAtTurnEnd();
    sim.requestSync(btn('OK'));
    const host = sim.requestSync({ c: 'act', a: { do: 'take_marker' } });
    expect(acts(host.msgs)).toEqual(['take_marker']);
    const from = sim.msgs.length;
    board.advance(1000);
    expect(acts(sim.msgs.slice(from))).toEqual([]);
    expect(sim.msgs.slice(from).filter((m) => m.t === 'rej' || m.t === 'err')).toEqual([]);
    expect(phase(sim)).toBe('await_first_throw');
  });

  it('a power cut between the two events resumes in the marker phase and takes the marker after boot', async () => {
    const { board, sim } = await boardAtTurnEnd();
    sim.requestSync(btn('OK'));
    board.powerCut();
    const from = sim.msgs.length;
    board.boot();
    expect(acts(sim.msgs.slice(from))).toEqual([]);
    board.advance(0);
    expect(acts(sim.msgs.slice(from))).toEqual(['take_marker']);
    expect(phase(sim)).toBe('await_first_throw');
    expect(board.errors).toEqual([]);
  });
});
