/**
 * The mirror out of sync asks for a snapshot until one comes: a chunk lost mid-snapshot or a lost
 * request left it unsynced for good (every action dropped, screens stale), and a snapshot whose
 * state the views cannot read was taken and crashed them.
 */
import { describe, expect, it } from 'vitest';
import { MirrorModel, SNAPSHOT_RETRY_MS, type MirrorEvent } from '../../host/src/mirror/mirror-model';
import { PROTOCOL_VERSION, type BoardMsg } from '../../shared/protocol/messages';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

function harness() {
  let seq = 0;
  let t = 1000;
  let asks = 0;
  const events: MirrorEvent[] = [];
  const m = new MirrorModel(() => void asks++, () => t);
  m.on('event', (e: MirrorEvent) => events.push(e));
  const send = (msg: Record<string, unknown>, skip = 0) => {
    seq += skip;
    m.handle(Object.assign({ s: seq++ }, msg) as unknown as BoardMsg);
  };
  send({ t: 'hello', v: PROTOCOL_VERSION, fw: '0', bh: 'x', game: 'pechvogel', board: 'sim', boot: 1 });
  const r = setupPechvogel({ players: ['Ann', 'Ben'] });
  if (!r.ok) throw new Error('setup');
  const text = JSON.stringify({ h: { log: 'x', game: 'pechvogel', setup: { players: ['Ann', 'Ben'] } }, st: r.state, ui: { mode: 'play' } });
  return { m, events, send, text, asks: () => asks, wait: (ms: number) => (t += ms) };
}

describe('the mirror model resyncs until it is in sync', () => {
  it('asks again when a snapshot loses a chunk, and takes the next whole one', () => {
    const h = harness();
    expect(h.asks()).toBe(1);
    const third = Math.ceil(h.text.length / 3);
    h.send({ t: 'snap', i: 0, d: h.text.slice(0, third) });
    h.send({ t: 'snap', i: 2, end: true, d: h.text.slice(2 * third) }, 1); // chunk 1 lost
    expect(h.m.synced).toBe(false);
    expect(h.asks()).toBe(2);
    h.send({ t: 'snap', i: 0, d: h.text.slice(0, third) });
    h.send({ t: 'snap', i: 1, d: h.text.slice(third, 2 * third) });
    h.send({ t: 'snap', i: 2, end: true, d: h.text.slice(2 * third) });
    expect(h.m.synced).toBe(true);
    expect(h.m.state && h.m.state.players.map((p) => p.name)).toEqual(['Ann', 'Ben']);
  });

  it('asks again when no snapshot comes (the request lost), not before SNAPSHOT_RETRY_MS', () => {
    const h = harness();
    h.m.retry();
    expect(h.asks()).toBe(1);
    h.wait(SNAPSHOT_RETRY_MS - 1);
    h.m.retry();
    expect(h.asks()).toBe(1);
    h.wait(1);
    h.m.retry();
    expect(h.asks()).toBe(2);
    h.send({ t: 'snap', i: 0, end: true, d: h.text });
    h.wait(SNAPSHOT_RETRY_MS);
    h.m.retry();
    expect(h.asks()).toBe(2);
  });

  it('keeps a snapshot state the views cannot read out, says so and asks again later', () => {
    const h = harness();
    h.send({ t: 'snap', i: 0, end: true, d: JSON.stringify({ h: null, st: { game: 'pechvogel', n: 3, phase: 'await_throw' } }) });
    expect(h.m.synced).toBe(false);
    expect(h.m.state).toBe(null);
    expect(h.events.some((e) => e.kind === 'resync' && /cannot read/.test(e.reason))).toBe(true);
    expect(h.asks()).toBe(1); // not at once: a board that keeps sending it would loop at line speed
    h.wait(SNAPSHOT_RETRY_MS);
    h.m.retry();
    expect(h.asks()).toBe(2);
    h.send({ t: 'snap', i: 0, end: true, d: h.text });
    expect(h.m.synced).toBe(true);
  });
});
