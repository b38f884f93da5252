/**
 * The mirror's "still trying" notes on their default times (30 s, then doubling, then every 10 min),
 * on a fake clock and a stand-in port:
 *  - a board --wait has never reached: "waiting for …" was said once and then nothing, so a café
 *    owner who started the mirror before plugging the board in could not tell it was still looking;
 *    now it is said again on the same times as for a lost board (`still_waiting`);
 *  - a lost board: the first "still unreachable" comes 30 s after the loss (the default, untested
 *    until now: mirror-still-trying.test.ts gives its own short times).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import { TableMirror, type TableNote } from '../../host/src/mirror/table-mirror';
import type { BoardSpec, BoardStream } from '../../host/src/link/open-board';
import { encodeLine } from '../../shared/protocol/board-codec';
import { PROTOCOL_VERSION } from '../../shared/protocol/messages';

/** A serial port the test opens, closes and fails to open by hand; what the mirror writes is dropped. */
class HandPort extends EventEmitter implements BoardStream {
  readonly spec: BoardSpec = { kind: 'serial', path: '/dev/ttyCAFE', name: '/dev/ttyCAFE' };
  isOpen = false;
  readonly sim = null;
  write(): void {}
  close(): void {
    this.isOpen = false;
  }
  reconnect(): void {}
}

const MIN = 60_000;
let mirror: TableMirror | null = null;
let notes: TableNote[] = [];
const said = (ev: string) => notes.filter((n) => n.ev === ev);

/** A mirror of `port` on its default times, its notes collected. */
function start(port: HandPort): Promise<unknown> {
  mirror = new TableMirror('Café', port, { silenceMs: Infinity, helloTimeoutMs: Infinity });
  notes = [];
  mirror.on('note', (n: TableNote) => notes.push(n));
  return mirror.start();
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  mirror?.stop();
  mirror = null;
  vi.useRealTimers();
});

describe('a board --wait has never reached', () => {
  it('is said to be still awaited 30 s, 1, 2, 4, 8, 16 min after the wait began, then every 10 min, and no more once its port opens', () => {
    const port = new HandPort();
    void start(port).catch(() => {});
    port.emit('retry', 'no such port');
    expect(notes.map((n) => n.ev)).toEqual(['waiting']);
    // The stream tries again every half second, failing alike: that is not news.
    for (let i = 0; i < 59; i++) {
      vi.advanceTimersByTime(500);
      port.emit('retry', 'no such port');
    }
    vi.advanceTimersByTime(499);
    expect(said('still_waiting')).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(said('still_waiting')).toEqual([
      { ev: 'still_waiting', waitedMs: 30_000, reason: 'no such port', text: 'still waiting for /dev/ttyCAFE after 30 s, never reached yet (no such port); retrying' },
    ]);
    // Why, as of the last attempt.
    port.emit('retry', 'permission denied');
    vi.advanceTimersByTime(36 * MIN - 30_000);
    expect(said('still_waiting').map((n) => n.waitedMs)).toEqual([0.5, 1, 2, 4, 8, 16, 26, 36].map((m) => m * MIN));
    expect(said('still_waiting')[1].text).toBe('still waiting for /dev/ttyCAFE after 1 min, never reached yet (permission denied); retrying');
    // Nothing else was said meanwhile (no "unreachable": it was never reached, so never lost).
    expect(notes.map((n) => n.ev).filter((e) => e !== 'still_waiting')).toEqual(['waiting']);

    // Plugged in: the port opens (the board has not answered yet), and the notes stop.
    port.isOpen = true;
    port.emit('open');
    const before = notes.length;
    vi.advanceTimersByTime(60 * MIN);
    expect(said('still_waiting')).toHaveLength(8);
    expect(notes.slice(before).map((n) => n.ev)).toEqual(['silent']);
  });
});

describe('a board lost after it was live', () => {
  it('is first said to be still unreachable 30 s after the loss, by default', async () => {
    const port = new HandPort();
    port.isOpen = true;
    const started = start(port);
    port.emit('data', Buffer.from(encodeLine({ t: 'hello', v: PROTOCOL_VERSION, fw: '0.1.0', bh: 'abcd1234', game: 'pechvogel', board: 'PICO_R1_3', boot: 1, s: 1 }) + '\r\n'));
    await started;
    expect(mirror!.status).toBe('live');

    port.isOpen = false;
    port.emit('close', 'unplugged');
    port.emit('retry', 'no such port');
    vi.advanceTimersByTime(29_999);
    expect(said('unreachable')).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(said('unreachable')).toEqual([{ ev: 'unreachable', downMs: 30_000, reason: 'no such port', text: 'board /dev/ttyCAFE still unreachable after 30 s (no such port); retrying' }]);
    expect(said('still_waiting')).toEqual([]);
  });
});
