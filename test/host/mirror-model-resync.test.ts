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
    // The hello's resync is the board's own doing (the simulator's terminal leaves it out); the lost chunk's is a fault.
    const resyncs = h.events.filter((e) => e.kind === 'resync') as Extract<MirrorEvent, { kind: 'resync' }>[];
    expect(resyncs.map((e) => [e.reason, e.routine])).toEqual([
      ['board said hello', true],
      ['snapshot interrupted', false],
    ]);
    h.send({ t: 'new' });
    expect((h.events[h.events.length - 1] as Extract<MirrorEvent, { kind: 'resync' }>).routine).toBe(true);
  });

  it("calls a sync seamless only after a game started or cleared in view: a 'new' line in sequence while in sync", () => {
    const h = harness();
    const synced = () => h.events.filter((e) => e.kind === 'synced').map((e) => (e as Extract<MirrorEvent, { kind: 'synced' }>).seamless);
    h.send({ t: 'snap', i: 0, end: true, d: h.text });
    expect(synced()).toEqual([false]); // the hello's: the mirror has just come
    h.send({ t: 'new' });
    h.send({ t: 'snap', i: 0, end: true, d: h.text });
    expect(synced()).toEqual([false, true]);
    // Messages missed before the 'new' line: the table may have played unseen.
    h.send({ t: 'new' }, 2);
    h.send({ t: 'snap', i: 0, end: true, d: h.text });
    expect(synced()).toEqual([false, true, false]);
    // A resync of its own (a gap) answered by the snapshot: not seamless either.
    h.send({ t: 'ui', m: 'play' }, 1);
    h.send({ t: 'snap', i: 0, end: true, d: h.text });
    expect(synced()).toEqual([false, true, false, false]);
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

  it('a snapshot that starts again at chunk 0 replaces the half-received one', () => {
    const h = harness();
    const half = Math.ceil(h.text.length / 2);
    // The first answer's chunk 0 (cut differently, as a board with other chunk sizes would)...
    h.send({ t: 'snap', i: 0, d: h.text.slice(0, 10) });
    // ...then the board starts its answer over (a second request) without a gap in the sequence numbers.
    h.send({ t: 'snap', i: 0, d: h.text.slice(0, half) });
    h.send({ t: 'snap', i: 1, end: true, d: h.text.slice(half) });
    expect(h.m.synced).toBe(true);
    expect(h.m.state && h.m.state.players.map((p) => p.name)).toEqual(['Ann', 'Ben']);
  });

  it('a slow snapshot still coming in is not asked for again: the retry counts from its latest chunk', () => {
    const h = harness();
    const half = Math.ceil(h.text.length / 2);
    h.wait(SNAPSHOT_RETRY_MS - 1000);
    h.send({ t: 'snap', i: 0, d: h.text.slice(0, half) });
    h.wait(SNAPSHOT_RETRY_MS - 1);
    h.m.retry();
    expect(h.asks()).toBe(1);
    h.send({ t: 'snap', i: 1, end: true, d: h.text.slice(half) });
    expect(h.m.synced).toBe(true);
    expect(h.asks()).toBe(1);
  });

  it('a sequence number that goes back (the board restarted its count without a hello) asks for a snapshot', () => {
    const h = harness();
    h.send({ t: 'snap', i: 0, end: true, d: h.text });
    expect(h.m.synced).toBe(true);
    expect(h.asks()).toBe(1);
    h.m.handle({ t: 'btn', b: 'S1', k: 'press', s: 0 } as BoardMsg);
    expect(h.m.synced).toBe(false);
    expect(h.events.some((e) => e.kind === 'resync' && /sequence restarted/.test(e.reason))).toBe(true);
    expect(h.asks()).toBe(2);
  });

  it('an action whose number is not the next one is not replayed: out of order, it asks for a snapshot', () => {
    const h = harness();
    h.send({ t: 'snap', i: 0, end: true, d: h.text });
    const faces = [3, 4, 5, 6, 7, 'R', 'R'];
    // State n is 0: the throw makes 1, so an act line numbered 2 missed one in between.
    h.send({ t: 'act', n: 2, a: { do: 'throw', faces }, h: 'x' });
    expect(h.m.synced).toBe(false);
    expect(h.m.state && h.m.state.n).toBe(0);
    expect(h.events.some((e) => e.kind === 'resync' && /out of order/.test(e.reason))).toBe(true);
    expect(h.asks()).toBe(2);
    // In sync again, the next action in order is replayed.
    h.send({ t: 'snap', i: 0, end: true, d: h.text });
    h.send({ t: 'act', n: 1, a: { do: 'throw', faces }, h: 'x' });
    expect(h.m.synced).toBe(true);
    expect(h.m.state && h.m.state.n).toBe(1);
  });
});

describe('what the mirror did not see', () => {
  it('names the actions the board took while the mirror was away, and a game it joined mid-way', async () => {
    const { pechvogel } = await import('../../shared/games/pechvogel');
    const { run: play } = await import('../support/pv-states');
    const h = harness();
    const snap = (st: unknown) => h.send({ t: 'snap', i: 0, end: true, d: JSON.stringify({ h: { log: 'x', game: 'pechvogel', setup: { players: ['Ann', 'Ben'] } }, st, ui: { mode: 'play' } }) });
    const synced = () => h.events.filter((e) => e.kind === 'synced').pop() as Extract<MirrorEvent, { kind: 'synced' }>;
    const r = pechvogel.setup({ players: ['Ann', 'Ben'] });
    if (!r.ok) throw new Error('setup');
    const s0 = r.state as import('../../shared/games/pechvogel/types').PvState;
    const s2 = play(s0, [{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] }, { do: 'choose_target', value: 3 }]);
    const s3 = play(s2, [{ do: 'throw', faces: [3, 4, 5, 6] }]);
    // First sync, mid-game: joined at action 2.
    snap(s2);
    expect(synced().unseen).toEqual({ from: 0, to: 2 });
    // The same state again (a reconnect, nothing played): nothing unseen.
    h.send({ t: 'hello', v: PROTOCOL_VERSION, fw: '0', bh: 'x', game: 'pechvogel', board: 'sim', boot: 1 });
    snap(s2);
    expect(synced().unseen).toBeUndefined();
    // Played on while the cable was out: action 3.
    h.send({ t: 'hello', v: PROTOCOL_VERSION, fw: '0', bh: 'x', game: 'pechvogel', board: 'sim', boot: 1 });
    snap(s3);
    expect(synced().unseen).toEqual({ from: 3, to: 3 });
  });
});

describe('what the mirror did not see, at the edges', () => {
  const hello = { t: 'hello', v: PROTOCOL_VERSION, fw: '0', bh: 'x', game: 'pechvogel', board: 'sim', boot: 1 };
  async function played(players: string[], n: number) {
    const { pechvogel } = await import('../../shared/games/pechvogel');
    const { run: play } = await import('../support/pv-states');
    const r = pechvogel.setup({ players });
    if (!r.ok) throw new Error('setup');
    const acts = [{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 4, 5, 6] }];
    return play(r.state as import('../../shared/games/pechvogel/types').PvState, acts.slice(0, n));
  }
  function watch() {
    const h = harness();
    const snap = (st: unknown) => h.send({ t: 'snap', i: 0, end: true, d: JSON.stringify({ h: { log: 'x', game: 'pechvogel', setup: { players: ['Ann', 'Ben'] } }, st, ui: { mode: 'play' } }) });
    const synced = () => h.events.filter((e) => e.kind === 'synced').pop() as Extract<MirrorEvent, { kind: 'synced' }>;
    return { h, snap, synced };
  }

  it('a game at its first action missed nothing: no unseen', async () => {
    const w = watch();
    w.snap(await played(['Ann', 'Ben'], 0));
    expect(w.synced().unseen).toBeUndefined();
  });

  it('another game (other players) further on than the one held was joined mid-way, not continued', async () => {
    const w = watch();
    w.snap(await played(['Ann', 'Ben'], 1));
    w.h.send(hello);
    w.snap(await played(['Cleo', 'Dev'], 3));
    expect(w.synced().unseen).toEqual({ from: 0, to: 3 });
  });

  it('a game with a player more or less than the one held is another game, joined mid-way', async () => {
    for (const [before, after] of [
      [['Ann', 'Ben'], ['Ann', 'Ben', 'Cleo']],
      [['Ann', 'Ben', 'Cleo'], ['Ann', 'Ben']],
    ]) {
      const w = watch();
      w.snap(await played(before, 1));
      w.h.send(hello);
      w.snap(await played(after, 3));
      expect([before, after, w.synced().unseen]).toEqual([before, after, { from: 0, to: 3 }]);
    }
  });

  it('a game loaded in view mid-way (a host\'s load: a new line in sync) missed nothing', async () => {
    const w = watch();
    w.snap(await played(['Ann', 'Ben'], 1));
    w.h.send({ t: 'new', n: 3 });
    w.snap(await played(['Cleo', 'Dev'], 3));
    expect(w.synced()).toMatchObject({ seamless: true });
    expect(w.synced().unseen).toBeUndefined();
  });
});

describe('a board without its set-up module (no_rare)', () => {
  it('is not asked for snapshots again (each answer would be no_rare), while another error leaves the asking on', () => {
    const h = harness();
    expect(h.asks()).toBe(1);
    h.send({ t: 'err', code: 'no_rare', msg: '' });
    h.wait(SNAPSHOT_RETRY_MS * 3);
    h.m.retry();
    expect(h.asks()).toBe(1);
    // Another board error (a command it refused) while a snapshot is still due: asked again.
    const k = harness();
    k.send({ t: 'err', code: 'bad_cmd', msg: '' });
    k.wait(SNAPSHOT_RETRY_MS);
    k.m.retry();
    expect(k.asks()).toBe(2);
  });
});
