/**
 * What the mirror model takes from a snapshot: the log's first line (a new game's setup, or the
 * state of a game joined mid-way), the set-up at the buttons, the staff menu's settings, the
 * countdown; and a hello of another protocol, which it does not read at all.
 */
import { describe, expect, it } from 'vitest';
import { MirrorModel, type MirrorEvent } from '../../host/src/mirror/mirror-model';
import { PROTOCOL_VERSION, type BoardMsg } from '../../shared/protocol/messages';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import { step } from '../../shared/engine/step';
import type { PvState } from '../../shared/games/pechvogel/types';

const HELLO = { t: 'hello', v: PROTOCOL_VERSION, fw: '0', bh: 'x', game: 'pechvogel', board: 'sim', boot: 1 };
const SEATS_OUT = [false, false, false, false, false, false, false];

function harness() {
  let seq = 0;
  let asks = 0;
  const events: MirrorEvent[] = [];
  const m = new MirrorModel(() => void asks++, () => 5000);
  m.on('event', (e: MirrorEvent) => events.push(e));
  const send = (msg: Record<string, unknown>) => m.handle(Object.assign({ s: seq++ }, msg) as unknown as BoardMsg);
  const snap = (o: Record<string, unknown>) => send({ t: 'snap', i: 0, end: true, d: JSON.stringify(o) });
  return { m, events, send, snap, asks: () => asks };
}

function fresh(): PvState {
  const r = setupPechvogel({ players: ['Ann', 'Ben'], seed: 4 });
  if (!r.ok) throw new Error('setup');
  return r.state as PvState;
}

const header = { log: 'dicetray-log/1', game: 'pechvogel', setup: { players: ['Ann', 'Ben'], seed: 4 } };

describe('the mirror model reads a snapshot', () => {
  it("a new game's log starts from its setup; a game joined mid-way from the board's state", () => {
    const h = harness();
    h.send(HELLO);
    const s0 = fresh();
    h.snap({ h: header, st: s0, ui: { mode: 'play' } });
    expect(JSON.parse(h.m.log[0])).toEqual({ log: 'dicetray-log/1', game: 'pechvogel', setup: header.setup });

    const r = step(s0, { do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    if (!r.ok) throw new Error('throw');
    h.send(HELLO);
    h.snap({ h: header, st: r.state, ui: { mode: 'play' } });
    const first = JSON.parse(h.m.log[0]);
    expect(first).toMatchObject({ log: 'dicetray-log/1', game: 'pechvogel' });
    expect(first.setup).toBeUndefined();
    expect(first.state.n).toBe(1);
  });

  it('takes the set-up at the buttons, and a countdown only while there is time left', () => {
    const h = harness();
    h.send(HELLO);
    h.snap({ h: null, st: null, dl: -20, ui: { mode: 'setup', seatsIn: [true, false, true, false, false, false, false], startSeat: 2, virtual: 1, immune: 0, stealOnly: 1 } });
    expect(h.m.setup).toEqual({ in: [true, false, true, false, false, false, false], st: 2, vd: true, im: false, so: true });
    expect(h.m.ui).toMatchObject({ m: 'setup', dl: 0 });
    h.send(HELLO);
    h.snap({ h: header, st: fresh(), dl: 1500, ui: { mode: 'play', seatsIn: SEATS_OUT, startSeat: -1 } });
    expect(h.m.ui).toMatchObject({ m: 'play', dl: 1500, at: 5000 });
  });

  it("the staff menu shows the board's settings: all of them (c), or older firmware's w and br", () => {
    const h = harness();
    h.send(HELLO);
    h.snap({ h: null, st: null, sf: 1, w: 7000, br: 40, c: { window_ms: 12000, brightness: 90 }, ui: { mode: 'setup', seatsIn: SEATS_OUT, startSeat: -1 } });
    expect(h.m.ui).toMatchObject({ m: 'staff', w: 12000, br: 90 });
    h.send(HELLO);
    h.snap({ h: null, st: null, sf: 1, w: 7000, br: 40, ui: { mode: 'setup', seatsIn: SEATS_OUT, startSeat: -1 } });
    expect(h.m.ui).toMatchObject({ m: 'staff', w: 7000, br: 40 });
  });

  it('says "new game" once: a later snapshot (a resync) is no new game', () => {
    const h = harness();
    h.send(HELLO);
    h.snap({ h: null, st: null, ui: { mode: 'setup', seatsIn: SEATS_OUT, startSeat: -1 } });
    h.send({ t: 'new', n: 0 });
    h.snap({ h: header, st: fresh(), ui: { mode: 'play' } });
    h.send(HELLO);
    h.snap({ h: header, st: fresh(), ui: { mode: 'play' } });
    expect(h.events.filter((e) => e.kind === 'new_game')).toEqual([{ kind: 'new_game', cleared: false }]);
    expect(h.events.filter((e) => e.kind === 'synced')).toHaveLength(3);
  });

  it('a hello of another protocol is not read: no snapshot asked for, no resync', () => {
    const h = harness();
    h.send(Object.assign({}, HELLO, { v: PROTOCOL_VERSION + 1 }));
    expect(h.m.hello).toMatchObject({ v: PROTOCOL_VERSION + 1 });
    expect(h.asks()).toBe(0);
    expect(h.events).toEqual([]);
    h.send(HELLO);
    expect(h.asks()).toBe(1);
  });
});
