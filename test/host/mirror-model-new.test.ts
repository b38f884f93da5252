/**
 * A `new` line from the board means a game started or the one in play was cleared (staff, an
 * abandoned kiosk table): the mirror says which once the snapshot tells (it said "new game" for both).
 */
import { describe, expect, it } from 'vitest';
import { MirrorModel, type MirrorEvent } from '../../host/src/mirror/mirror-model';
import { PROTOCOL_VERSION, type BoardMsg } from '../../shared/protocol/messages';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

describe('the mirror after a new line', () => {
  it('says a new game when the snapshot has one, and a cleared table when it has none', () => {
    let seq = 0;
    const events: MirrorEvent[] = [];
    const m = new MirrorModel(() => undefined);
    m.on('event', (e: MirrorEvent) => events.push(e));
    const send = (msg: Record<string, unknown>) => m.handle(Object.assign({ s: seq++ }, msg) as unknown as BoardMsg);
    const snap = (st: unknown) => {
      send({ t: 'snap', i: 0, end: true, d: JSON.stringify({ h: st ? { log: 'x', game: 'pechvogel', setup: { players: ['Ann', 'Ben'] } } : null, st, ui: { mode: st ? 'play' : 'setup', seatsIn: [false, false, false, false, false, false, false], startSeat: -1 } }) });
    };
    const r = setupPechvogel({ players: ['Ann', 'Ben'] });
    if (!r.ok) throw new Error('setup');
    send({ t: 'hello', v: PROTOCOL_VERSION, fw: '0', bh: 'x', game: 'pechvogel', board: 'sim', boot: 1 });
    snap(null);
    send({ t: 'new', n: 0 });
    snap(r.state);
    send({ t: 'new', n: 0 });
    snap(null);
    expect(events.filter((e) => e.kind === 'new_game')).toEqual([{ kind: 'new_game', cleared: false }, { kind: 'new_game', cleared: true }]);
    expect(m.state).toBe(null);
  });
});
