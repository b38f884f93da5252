/**
 * TableMirror around its handshake, on a port whose board talks only when this test says so
 * (fake timers; the port a stand-in for a serial port that stays open):
 *  - waiting for a board not there yet (--wait) is said once;
 *  - with --wait too, a board whose port opens but that does not answer is called silent;
 *  - a board that does not answer after a reconnect is asked again for as long as it takes;
 *  - a board that comes back speaking another protocol version is not mirrored;
 *  - a board without a usable dt.rare (no_rare) is called incomplete and not asked for snapshots;
 *  - the LED frames are turned on at every hello (a restarted board has them off), unless not wanted;
 * *  - a board whose console staff opened for flashing is asked nothing (it would land in its password prompt);
 *  - a checkpoint that found no room is said as such, not as a refused action;
 *  - a board restarted while mirrored is said in the page's words (what was kept), not as protocol steps;
 *  - a game the board ended says why in the new_game note and its --json event, only for that end.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import { TableMirror, type TableNote } from '../../host/src/mirror/table-mirror';
import type { BoardSpec, BoardStream } from '../../host/src/link/open-board';
import { encodeLine } from '../../shared/protocol/board-codec';
import { PROTOCOL_VERSION } from '../../shared/protocol/messages';
import { RESTART_NOTE } from '../../host/src/view/table-text';
import { run, start } from '../support/pv-states';
import { shortenKeys } from '../../shared/protocol/wire-keys';

/** A port that stays open: what the mirror writes is kept as text, board lines are pushed in by hand. */
class QuietPort extends EventEmitter implements BoardStream {
  readonly spec: BoardSpec = { kind: 'serial', path: '/dev/ttyTEST', name: '/dev/ttyTEST' };
  isOpen = true;
  readonly sim = null;
  written = '';
  write(d: Uint8Array): void {
    this.written += Buffer.from(d).toString('latin1');
  }
  close(): void {
    this.isOpen = false;
  }
  reconnect(): void {}
  /** The board sends `msg` as one line. */
  line(msg: Record<string, unknown>): void {
    this.emit('data', Buffer.from(encodeLine(msg) + '\r\n'));
  }
  /** How many hello commands the mirror sent since the last call. */
  hellos(): number {
    const n = this.written.split('{"c":"hello"}').length - 1;
    this.written = '';
    return n;
  }
}

const hello = (s: number, boot: number, v = PROTOCOL_VERSION) => ({ t: 'hello', v, fw: '0.1.0', bh: 'abcd1234', game: 'pechvogel', board: 'PICO_R1_3', boot, s });

let mirror: TableMirror | null = null;
beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  mirror?.stop();
  mirror = null;
  vi.useRealTimers();
});

/** `dateClock`: the mirror's clock is Date.now(), which vi.setSystemTime moves without running timers (a process that stood still). */
async function liveMirror(silenceMs = Infinity, dateClock = false): Promise<{ port: QuietPort; notes: TableNote[] }> {
  const port = new QuietPort();
  mirror = new TableMirror('T', port, { helloTimeoutMs: 5000, helloRetryMs: 1000, silenceMs, now: dateClock ? () => Date.now() : undefined });
  const notes: TableNote[] = [];
  mirror.on('note', (n: TableNote) => notes.push(n));
  const started = mirror.start();
  port.line(hello(1, 1));
  await started;
  expect(mirror.status).toBe('live');
  return { port, notes };
}

describe('the mirror before its first connection (--wait)', () => {
  it('says once that it waits for the board, not at every attempt to open it', () => {
    const port = new QuietPort();
    port.isOpen = false;
    mirror = new TableMirror('T', port, { silenceMs: Infinity });
    const notes: TableNote[] = [];
    mirror.on('note', (n: TableNote) => notes.push(n));
    void mirror.start().catch(() => {});
    for (let i = 0; i < 5; i++) port.emit('retry', 'no such port');
    expect(notes.map((n) => n.ev)).toEqual(['waiting']);
    expect(notes[0].text).toBe('waiting for /dev/ttyTEST (no such port)');
    // Its own status (the screens say what to check), not 'lost' (never reached).
    expect(mirror.status).toBe('waiting');
  });
});

describe('the mirror with --wait (no time limit on the first hello)', () => {
  it('calls a board whose port opened but that does not answer silent, at its first connection and after a reconnect', async () => {
    // A hung board on its USB port (or a stopped network board): the port opens, no hello comes.
    // The wall page said "Connecting to the board…" for good, with no word of what to check.
    const port = new QuietPort();
    mirror = new TableMirror('T', port, { helloTimeoutMs: Infinity, helloRetryMs: 1000, silenceMs: 6000 });
    const notes: TableNote[] = [];
    mirror.on('note', (n: TableNote) => notes.push(n));
    const started = mirror.start();
    vi.advanceTimersByTime(4000);
    expect(mirror.status).toBe('handshake');
    vi.advanceTimersByTime(2000);
    expect(mirror.status).toBe('silent');
    expect(notes.filter((n) => n.ev === 'silent')).toHaveLength(1);
    // Still asking, and live at its answer.
    port.hellos();
    vi.advanceTimersByTime(60_000);
    expect(port.hellos()).toBe(60);
    port.line(hello(1, 1));
    await started;
    expect(mirror.status).toBe('live');
    // Dropped for its silence, reopened, and still quiet: silent again, not "connecting" for ever.
    vi.advanceTimersByTime(7000);
    port.emit('open');
    vi.advanceTimersByTime(6000);
    expect(mirror.status).toBe('silent');
  });
});

describe('the mirror after its first hello', () => {
  it('keeps asking a reconnected board that stays quiet, past the point it calls it silent, and is live at its answer', async () => {
    const { port, notes } = await liveMirror();
    // Unplugged and plugged in again: the port opens, the board does not answer yet.
    port.emit('close', 'unplugged');
    port.emit('open');
    port.hellos();
    vi.advanceTimersByTime(6000);
    expect(mirror!.status).toBe('silent');
    expect(notes.some((n) => n.ev === 'silent')).toBe(true);
    // "still asking": a hello every helloRetryMs while silent, not only before.
    port.hellos();
    vi.advanceTimersByTime(30_000);
    expect(port.hellos()).toBe(30);
    port.line(hello(1, 2));
    expect(mirror!.status).toBe('live');
    vi.advanceTimersByTime(5000);
    expect(port.hellos()).toBe(0);
  });

  it('mirrors nothing from a board that came back speaking another protocol version', async () => {
    const { port, notes } = await liveMirror();
    port.line({ t: 'ui', m: 'setup', e: [], c: false, v: [], dl: 0, vic: -1, err: '', s: 2 });
    expect(mirror!.model.ui).toMatchObject({ m: 'setup' });
    // Reflashed with other firmware while mirrored: its hello says another version.
    port.line(hello(1, 2, PROTOCOL_VERSION + 1));
    expect(mirror!.status).toBe('mismatch');
    expect(notes.some((n) => n.ev === 'mismatch')).toBe(true);
    const from = notes.length;
    port.hellos();
    port.line({ t: 'ui', m: 'play', e: [3], c: false, v: [], dl: 0, vic: -1, err: '', s: 2 });
    port.line({ t: 'leds', f: 'W'.repeat(128), s: 3 });
    expect(notes.slice(from)).toEqual([]);
    expect(mirror!.model.ui).toMatchObject({ m: 'setup' });
    // Nothing is asked of it either (no snapshot requests into a board it cannot read).
    expect(port.written).toBe('');
  });

  it("calls a board without a usable dt.rare (no_rare) incomplete, stops asking it for snapshots, and is live again at the hello after a flash", async () => {
    const { port, notes } = await liveMirror(6000);
    expect(port.written).toContain('{"c":"snap"}');
    port.line({ t: 'err', code: 'no_rare', msg: '', s: 2 });
    expect(mirror!.status).toBe('incomplete');
    expect(notes.find((n) => n.ev === 'board_error')!.text).toContain('flash the firmware again');
    // It asked every 3 s, and each answer was the same error (a note each on every screen).
    port.written = '';
    vi.advanceTimersByTime(20_000);
    expect(port.written).not.toContain('snap');
    // Flashed: the board restarts and says hello; the mirror reads the game again.
    port.line(hello(1, 2));
    expect(mirror!.status).toBe('live');
    expect(port.written).toContain('{"c":"snap"}');
  });

  it('turns the LED frames on at every hello (a restarted board has them off), unless told not to', async () => {
    const { port } = await liveMirror();
    // At the first hello (liveMirror) and again at a restart's.
    const on = () => port.written.split('{"c":"leds","on":true}').length - 1;
    port.written = '';
    port.line(hello(1, 2));
    expect(mirror!.status).toBe('live');
    expect(on()).toBe(1);
    mirror!.stop();
    // A one-off hello (flash's check) leaves them off.
    const quiet = new QuietPort();
    mirror = new TableMirror('T', quiet, { silenceMs: Infinity, ledsLink: false });
    const started = mirror.start();
    quiet.line(hello(1, 1));
    await started;
    expect(quiet.written).not.toContain('"leds"');
  });

  it('asks a board whose console staff opened for flashing for nothing, not even after a gap in its lines', async () => {
    const { port } = await liveMirror();
    port.line({ t: 'ui', m: 'flash', s: 2 });
    expect(mirror!.status).toBe('flashing');
    port.written = '';
    // Lines keep coming on the port; one is missing (a gap would ask for a snapshot when live).
    port.line({ t: 'err', code: 'x', msg: '', s: 5 });
    port.line({ t: 'new', n: 0, s: 6 });
    vi.advanceTimersByTime(60_000);
    // Whatever the mirror wrote now would land in the console's password prompt.
    expect(port.written).toBe('');
  });

  it('drops a half line cut off by a reconnect, so the hello after it is read whole', async () => {
    const { port, notes } = await liveMirror();
    // The cable is pulled in the middle of a line; the board restarts and says hello.
    port.emit('data', Buffer.from('DT:{"t":"ui","m":"pl'));
    port.emit('close', 'unplugged');
    port.emit('open');
    port.line(hello(1, 2));
    expect(mirror!.status).toBe('live');
    expect(notes.filter((n) => n.ev === 'garbage')).toEqual([]);
    expect(notes.filter((n) => n.ev === 'hello').map((n) => n.boot)).toEqual([1, 2]);
  });

  it('asks a quiet live board for its frame before it gives it up', async () => {
    const port = new QuietPort();
    mirror = new TableMirror('T', port, { helloTimeoutMs: 5000, helloRetryMs: 1000, silenceMs: 6000 });
    const started = mirror.start();
    port.line(hello(1, 1));
    await started;
    port.written = '';
    vi.advanceTimersByTime(2500);
    // With the frames turned on again: something else on the line may have turned them off.
    expect(port.written).toContain('{"c":"leds","on":true}');
    expect(mirror.status).toBe('live');
  });

  it('gives a board that stays quiet up at the silence given, not a third later', async () => {
    const { port, notes } = await liveMirror(6000);
    vi.advanceTimersByTime(1500);
    port.line({ t: 'leds', f: 'W'.repeat(128), s: 2 }); // quiet counts from here
    port.written = '';
    vi.advanceTimersByTime(5900);
    expect(port.written.split('{"c":"leds","on":true}').length - 1).toBe(2); // at 2 s and 4 s of quiet
    expect(mirror!.status).toBe('live');
    vi.advanceTimersByTime(150);
    const silent = notes.filter((n) => n.ev === 'silent');
    expect(silent).toHaveLength(1);
    expect(silent[0].quietMs).toBeGreaterThanOrEqual(6000);
    expect(silent[0].quietMs).toBeLessThan(6050);
  });

  it('does not drop a board for the time the mirror itself stood still (a stopped or starved process)', async () => {
    const { port, notes } = await liveMirror(6000, true);
    port.written = '';
    // Frozen for 8 s before the first live tick (due at 2 s): it runs 8 s late, before the lines
    // the board sent meanwhile are read.
    vi.setSystemTime(Date.now() + 8000);
    vi.advanceTimersByTime(2000);
    expect(notes.filter((n) => n.ev === 'silent')).toHaveLength(0);
    expect(port.written).toContain('{"c":"leds","on":true}'); // asked at once
    port.line({ t: 'leds', f: 'W'.repeat(128), s: 2 });
    vi.advanceTimersByTime(5000);
    expect(mirror!.status).toBe('live');
    expect(notes.filter((n) => n.ev === 'silent')).toHaveLength(0);
  });

  it('after such a stall still drops a board that stays quiet, two thirds of the silence later', async () => {
    const { notes } = await liveMirror(6000, true);
    vi.setSystemTime(Date.now() + 8000);
    vi.advanceTimersByTime(2000);
    vi.advanceTimersByTime(3900);
    expect(notes.filter((n) => n.ev === 'silent')).toHaveLength(0);
    vi.advanceTimersByTime(200);
    expect(notes.filter((n) => n.ev === 'silent')).toHaveLength(1);
  });

  it('passes on an LED frame once, and the same frame again after the board restarted', async () => {
    const { port, notes } = await liveMirror();
    const f = 'W'.repeat(128);
    port.line({ t: 'leds', f, s: 2 });
    port.line({ t: 'leds', f, s: 3 });
    expect(notes.filter((n) => n.ev === 'leds')).toHaveLength(1);
    port.line(hello(1, 2));
    port.line({ t: 'leds', f, s: 2 });
    expect(notes.filter((n) => n.ev === 'leds')).toHaveLength(2);
  });

  it('is out of sync from the moment the board is lost until its next snapshot', async () => {
    const { port } = await liveMirror();
    port.line({ t: 'snap', i: 0, d: JSON.stringify({ h: null, st: null, ui: {}, dl: 0, sf: 0, w: 8000, br: 32 }), end: 1, s: 2 });
    expect(mirror!.model.synced).toBe(true);
    port.emit('close', 'unplugged');
    expect(mirror!.model.synced).toBe(false);
  });
});

describe("the mirror's words for a board's err lines", () => {
  it('a checkpoint with no room is not called a refusal: nothing was refused', async () => {
    const { port, notes } = await liveMirror();
    port.line({ t: 'err', code: 'storage_full', msg: 'checkpoint', s: 2 });
    port.line({ t: 'err', code: 'storage_full', msg: '', s: 3 });
    const said = notes.filter((n) => n.ev === 'board_error').map((n) => n.text);
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(/no room to save the game: every action so far is journaled/);
    expect(said[0]).not.toMatch(/nothing was taken/);
    expect(said[1]).toMatch(/Storage is full: nothing was taken/);
  });

  it("a load refused for its seats or its names says which, in words (another client's load, a script's given)", async () => {
    const { port, notes } = await liveMirror();
    port.line({ t: 'err', code: 'bad_state', msg: 'seats', s: 2 });
    port.line({ t: 'err', code: 'bad_state', msg: 'names', s: 3 });
    expect(notes.filter((n) => n.ev === 'board_error').map((n) => n.text)).toEqual([
      'board error: the seats are not one seat button (S1–S7) each, none twice, one per player: not loaded, the game is as it was (bad_state: seats)',
      "board error: the players' names are too long for the board (at most 16 characters a player, all names together): not loaded, the game is as it was (bad_state: names)",
    ]);
  });
});

describe("the mirror's new_game note", () => {
  it('says why the board ended a game, and no old reason for a later end or a new game', async () => {
    const { port, notes } = await liveMirror();
    let s = 2;
    // In chunks, as the board sends it (a line holds 200 bytes).
    const snap = (st: unknown) => {
      const d = JSON.stringify({ h: st ? { log: 'x', game: 'pechvogel', setup: { players: ['Ann', 'Ben', 'Cleo'] } } : null, st, ui: {} });
      for (let i = 0; i * 120 < d.length; i++) port.line({ t: 'snap', i, d: d.slice(i * 120, i * 120 + 120), ...((i + 1) * 120 >= d.length ? { end: 1 } : {}), s: s++ });
    };
    const game = shortenKeys(start());
    const ends = () => notes.filter((n) => n.ev === 'new_game').map((n) => n as unknown as Record<string, unknown>);
    snap(game);
    port.line({ t: 'new', n: 0, why: 'storage_full', s: s++ });
    snap(null);
    port.line({ t: 'new', n: 0, s: s++ });
    snap(game);
    // A board whose line says no reason (firmware before why) ending the game.
    port.line({ t: 'new', n: 0, s: s++ });
    snap(null);
    // A reason, but the snapshot shows a game: one started before it was read (its own line lost).
    port.line({ t: 'new', n: 0, why: 'idle', s: s++ });
    snap(game);
    expect(ends().map((n) => [n.why, n.text])).toEqual([
      ['storage_full', "game ended: a new game found no room in the board's Storage (see dicetray flash --help); the table is back in set-up"],
      [undefined, 'new game on the board'],
      [undefined, 'game cleared: the table is back in set-up'],
      [undefined, 'new game on the board'],
    ]);
    expect(ends().filter((n) => 'why' in n)).toHaveLength(1);
  });
});

describe("the mirror's ui event", () => {
  it("passes on every field of the board's ui line: correcting and the steal victim too, the staff menu's settings", async () => {
    const { port, notes } = await liveMirror();
    port.line({ t: 'ui', m: 'play', e: [3, 4], c: true, v: [1], dl: 2500, vic: 2, err: '', s: 2 });
    port.line({ t: 'ui', m: 'staff', w: 8000, br: 32, s: 3 });
    const ui = notes.filter((n) => n.ev === 'ui');
    expect(ui[0]).toMatchObject({ m: 'play', e: [3, 4], c: true, v: [1], dl: 2500, vic: 2, err: '', s: 2 });
    expect(ui[1]).toMatchObject({ m: 'staff', w: 8000, br: 32, s: 3 });
  });

  it('passes on a field this host does not know yet (an addition within the protocol version), and never the line type', async () => {
    const { port, notes } = await liveMirror();
    port.line({ t: 'ui', m: 'play', e: [], zz: [7], s: 2 });
    const ui = notes.filter((n) => n.ev === 'ui');
    expect(ui[0]).toMatchObject({ ev: 'ui', m: 'play', zz: [7], s: 2 });
    expect(ui[0]).not.toHaveProperty('t');
  });

  it("keeps the note's own ev and text when a board's ui line has fields of those names", async () => {
    const { port, notes } = await liveMirror();
    port.line({ t: 'ui', m: 'play', e: [], ev: 'leds', text: 'from the board', s: 2 });
    const ui = notes.filter((n) => (n as { m?: string }).m === 'play');
    expect(ui).toHaveLength(1);
    expect(ui[0]).toMatchObject({ ev: 'ui', text: '', m: 'play', s: 2 });
  });
});

describe("the mirror's words for a board that restarted", () => {
  /** A snapshot as the board sends it: in chunks, a line being at most 200 bytes. */
  const sendSnap = (port: QuietPort, st: unknown, ui: Record<string, unknown>, s: number) => {
    const d = JSON.stringify({ h: st ? { log: 'dicetray-log/1', game: 'pechvogel', setup: { players: ['Ann', 'Ben', 'Cleo'] } } : null, st, ui, dl: 0, sf: 0, w: 8000, br: 32 });
    const chunks = d.match(/[^]{1,100}/g)!;
    chunks.forEach((c, i) => port.line({ t: 'snap', i, d: c, end: i === chunks.length - 1 ? 1 : 0, s: s + i }));
    return s + chunks.length;
  };
  const restartedText = (notes: TableNote[]) => notes.filter((n) => n.ev === 'hello' && n.restarted).map((n) => n.text);

  it('in a game: the game goes on, a half-entered throw has to be entered again; no "snapshot" in words staff read', async () => {
    const { port, notes } = await liveMirror();
    sendSnap(port, start(), { mode: 'play' }, 2);
    expect(mirror!.model.state).not.toBeNull();
    port.line(hello(1, 2));
    expect(restartedText(notes)).toEqual([`The board restarted (a power cut?): ${RESTART_NOTE}`]);
    const said = notes.map((n) => String(n.text)).join('\n');
    expect(said).not.toMatch(/snapshot/);
  });

  it('in sync says which actions it did not see, in words and as unseen (--json)', async () => {
    const { port, notes } = await liveMirror();
    const synced = () => notes.filter((n) => n.ev === 'synced').pop() as TableNote & { unseen?: unknown };
    const s0 = start();
    const s2 = run(s0, [{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] }, { do: 'choose_target', value: 3 }]);
    const s3 = run(s2, [{ do: 'throw', faces: [3, 4, 5, 6] }]);
    let s = sendSnap(port, s0, { mode: 'play' }, 2);
    expect(synced().text).toBe(`in sync: action 0, ${s0.phase}`);
    // The cable out for two actions, then for one: the board restarts and says hello each time.
    port.line(hello(s++, 2));
    s = sendSnap(port, s2, { mode: 'play' }, s);
    expect(synced()).toMatchObject({ unseen: { from: 1, to: 2 }, text: `in sync: action 2, ${s2.phase}; actions 1–2 happened while this mirror could not see the board` });
    port.line(hello(s++, 3));
    sendSnap(port, s3, { mode: 'play' }, s);
    expect(synced()).toMatchObject({ unseen: { from: 3, to: 3 }, text: `in sync: action 3, ${s3.phase}; action 3 happened while this mirror could not see the board` });
    // A mirror that comes to a game under way.
    const late = await liveMirror();
    sendSnap(late.port, s2, { mode: 'play' }, 2);
    const joined = late.notes.filter((n) => n.ev === 'synced').pop() as TableNote & { unseen?: unknown };
    expect(joined).toMatchObject({ unseen: { from: 0, to: 2 }, text: `in sync: action 2, ${s2.phase}; joined this game at that action (the ones before it were not mirrored)` });
  });

  it('in set-up: the set-up starts over (not "the game goes on")', async () => {
    const { port, notes } = await liveMirror();
    sendSnap(port, null, { mode: 'setup', seatsIn: [true, true, false, false, false, false, false], startSeat: -1 }, 2);
    expect(mirror!.model.ui).toMatchObject({ m: 'setup' });
    port.line(hello(1, 2));
    expect(restartedText(notes)).toEqual(['The board restarted (a power cut?): the set-up starts over: seats and options have to be chosen again']);
  });
});
