/**
 * A game the board ends to set-up says why on its `new` line (staff's K3, the abandon time, a new
 * game with no room), and the mirror says it in words: a café's log showed the same "game cleared"
 * for a guest's abandoned table and for staff ending it.
 */
import { describe, expect, it } from 'vitest';
import { MirrorModel, type MirrorEvent } from '../../host/src/mirror/mirror-model';
import { gameEndText } from '../../host/src/mirror/game-end-text';
import type { BoardMsg, HostCmd } from '../../shared/protocol/messages';
import { bootedSim } from '../support/game-driver';

async function watched(cmds: HostCmd[]) {
  const { board, sim } = await bootedSim(cmds);
  const model = new MirrorModel(() => undefined);
  const events: MirrorEvent[] = [];
  model.on('event', (e: MirrorEvent) => events.push(e));
  // The mirror joins now: the board's hello and a snapshot.
  sim.requestSync({ c: 'hello' } as HostCmd);
  sim.requestSync({ c: 'snap' } as HostCmd);
  const hello = sim.msgs.map((m) => m.t).lastIndexOf('hello');
  for (const m of sim.msgs.slice(hello)) model.handle(m as BoardMsg);
  let seen = sim.msgs.length;
  /** Feeds the board's new lines to the mirror, answering its snapshot requests. */
  const pump = () => {
    for (let round = 0; round < 5; round++) {
      const fresh = sim.msgs.slice(seen);
      seen = sim.msgs.length;
      for (const m of fresh) model.handle(m as BoardMsg);
      if (fresh.some((m) => m.t === 'new')) sim.requestSync({ c: 'snap' } as HostCmd);
    }
  };
  return { board, sim, model, events, pump };
}

const cfg = (k: string, v: unknown) => ({ c: 'cfg', k, v }) as HostCmd;

describe('why a game ended', () => {
  it("staff's K3: why 'staff'", async () => {
    const t = await watched([cfg('attract_ms', 0), { c: 'new', p: ['Ann', 'Ben'] } as HostCmd]);
    t.board.press('OK', 3600);
    t.board.press('BK', 3600);
    t.board.advance(4000);
    const from = t.sim.msgs.length;
    t.board.press('K3', 1500);
    t.board.advance(2000);
    expect(t.sim.msgs.slice(from).filter((m) => m.t === 'new')).toEqual([expect.objectContaining({ n: 0, why: 'staff' })]);
    t.pump();
    expect(t.events.filter((e) => e.kind === 'new_game')).toEqual([{ kind: 'new_game', cleared: true, why: 'staff' }]);
    expect(gameEndText('staff')).toMatch(/^game ended by staff \(K3 in the staff menu\)/);
  });

  it("nobody pressed for abandon_ms: why 'idle'", async () => {
    const t = await watched([cfg('attract_ms', 0), cfg('abandon_ms', 2000), { c: 'new', p: ['Ann', 'Ben'] } as HostCmd]);
    const from = t.sim.msgs.length;
    t.board.advance(3500);
    expect(t.sim.msgs.slice(from).filter((m) => m.t === 'new')).toEqual([expect.objectContaining({ n: 0, why: 'idle' })]);
    t.pump();
    expect(t.events.filter((e) => e.kind === 'new_game')).toEqual([{ kind: 'new_game', cleared: true, why: 'idle' }]);
    expect(gameEndText('idle')).toMatch(/nobody pressed a button for the abandon time/);
  });

  it('a new game starting says no reason, and the mirror calls it a new game', async () => {
    const t = await watched([cfg('attract_ms', 0)]);
    const from = t.sim.msgs.length;
    t.sim.requestSync({ c: 'new', p: ['Ann', 'Ben'] } as HostCmd);
    expect(t.sim.msgs.slice(from).filter((m) => m.t === 'new')).toEqual([expect.not.objectContaining({ why: expect.anything() })]);
    t.pump();
    expect(t.events.filter((e) => e.kind === 'new_game')).toEqual([{ kind: 'new_game', cleared: false }]);
  });
});
