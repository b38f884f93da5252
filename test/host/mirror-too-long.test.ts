/**
 * A board line over 200 bytes is sent as a too_long error instead, and what it said is lost: in a
 * 7-seat game of German names, six players frustrating made the act line over 200 bytes (an umlaut
 * is six: \u00fc), and the mirror
 * went on without the frustration (its screens and log one action behind until the next one failed
 * to replay). It asks for a snapshot at once and comes back in step; for that error only, and not
 * for a frame too long (the next frame replaces it).
 */
import { describe, expect, it } from 'vitest';
import { MirrorModel, type MirrorEvent } from '../../host/src/mirror/mirror-model';
import { PROTOCOL_VERSION, type BoardMsg, type HostCmd } from '../../shared/protocol/messages';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import { bootedSim } from '../support/game-driver';
import { pechvogel } from '../../shared/games/pechvogel';

describe('a board line too long for the link', () => {
  it('makes the mirror read the game again, and it agrees with the board after', async () => {
    // Names as new takes them (16 characters a seat); an umlaut goes on the line as \u00fc.
    const names = ['Ann', 'Jürgen-Müller', 'Björn-Überbühl', 'Sören-Käßler', 'Jörg-Müßiggänger', 'Günther-Öztürk', 'Bärbel-Lüdtke'];
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 } as HostCmd, { c: 'cfg', k: 'window_ms', v: 4000 } as HostCmd]);
    let asked = 0;
    const model = new MirrorModel(() => void asked++);
    const events: MirrorEvent[] = [];
    model.on('event', (e: MirrorEvent) => events.push(e));
    let seen = sim.msgs.length;
    sim.requestSync({ c: 'hello' } as HostCmd);
    sim.requestSync({ c: 'snap' } as HostCmd);
    const pump = () => {
      for (let round = 0; round < 5; round++) {
        const fresh = sim.msgs.slice(seen);
        seen = sim.msgs.length;
        for (const m of fresh) model.handle(m as BoardMsg);
        if (asked) {
          asked = 0;
          sim.requestSync({ c: 'snap' } as HostCmd);
        }
      }
    };
    pump();
    // Opponents with frustrations to spend (a fresh game has none: no window opens).
    const given = pechvogel.fromGiven({ players: names.map((name, i) => ({ name, markers: [], frustrations: i ? 2 : 0 })), active: 'Ann', middle: { 3: 3, 4: 3, 5: 3, 6: 3, 7: 3 }, murphy: null }, { unofficial_player_count: true });
    if (!given.ok) throw new Error(given.error.code);
    sim.requestSync({ c: 'load', st: given.state } as unknown as HostCmd);
    for (const a of [{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 4, 5, 6] }]) sim.requestSync({ c: 'act', a } as HostCmd);
    pump();
    expect(model.state!.phase).toBe('reroll_window');
    // Every opponent presses to frustrate; the window runs out.
    for (const s of ['S2', 'S3', 'S4', 'S5', 'S6', 'S7']) {
      board.press(s, 80);
      board.advance(200);
    }
    const from = sim.msgs.length;
    board.advance(5000);
    expect(sim.msgs.slice(from)).toContainEqual(expect.objectContaining({ t: 'err', code: 'too_long', msg: 'act' }));
    pump();
    const snap = sim.snapshot() as unknown as { st: { n: number; phase: string } };
    expect(snap.st.phase).toBe('await_reroll');
    expect(events).toContainEqual(expect.objectContaining({ kind: 'resync', reason: "the board's act line was too long for the link" }));
    expect(model.synced).toBe(true);
    expect(model.state).toEqual(snap.st);
  });

  it('reads again for that error only, and not for a frame (the next frame replaces it)', () => {
    let seq = 0;
    let asks = 0;
    const events: MirrorEvent[] = [];
    const m = new MirrorModel(() => void asks++, () => 1000);
    m.on('event', (e: MirrorEvent) => events.push(e));
    const send = (msg: Record<string, unknown>) => m.handle(Object.assign({ s: seq++ }, msg) as unknown as BoardMsg);
    const r = setupPechvogel({ players: ['Ann', 'Ben'] });
    if (!r.ok) throw new Error('setup');
    send({ t: 'hello', v: PROTOCOL_VERSION, fw: '0', bh: 'x', game: 'pechvogel', board: 'sim', boot: 1 });
    send({ t: 'snap', i: 0, end: true, d: JSON.stringify({ h: null, st: r.state, ui: { mode: 'play' } }) });
    expect(m.synced).toBe(true);
    asks = 0;
    events.length = 0; // the hello's resync
    // Errors that lose nothing the mirror holds: a refused setting, an action not taken, a lost frame.
    send({ t: 'err', code: 'bad_config', msg: 'brightness' });
    send({ t: 'err', code: 'storage_full', msg: '' });
    send({ t: 'err', code: 'too_long', msg: 'leds' });
    expect([m.synced, asks, events.filter((e) => e.kind === 'resync')]).toEqual([true, 0, []]);
    send({ t: 'err', code: 'too_long', msg: 'ui' });
    expect([m.synced, asks]).toEqual([false, 1]);
    expect(events).toContainEqual(expect.objectContaining({ kind: 'resync', reason: "the board's ui line was too long for the link" }));
  });
});
