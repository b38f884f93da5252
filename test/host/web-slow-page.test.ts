/**
 * A page that stops reading its event stream (a laptop asleep with the tab open) must not have
 * every update kept for it in the mirror's memory: past the server's limit of unread bytes it is
 * dropped (it reconnects by itself when it wakes), and the pages that read go on getting updates.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { simWebServer } from '../support/sim-web';
import net from 'node:net';

const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

/** A raw event-stream client: the request sent, and everything it has been given so far. */
function eventClient(port: number): { sock: net.Socket; got: () => string; closed: Promise<void> } {
  const sock = net.connect(port, '127.0.0.1');
  let text = '';
  sock.on('data', (d) => (text += d.toString('latin1')));
  sock.on('error', () => {});
  const closed = new Promise<void>((ok) => sock.once('close', () => ok()));
  sock.write('GET /events HTTP/1.1\r\nHost: x\r\n\r\n');
  stops.push(() => sock.destroy());
  return { sock, got: () => text, closed };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('the page server and a page that stopped reading', () => {
  it('drops the page once it has fallen megabytes behind, and keeps serving the others', { timeout: 60_000 }, async () => {
    const { table, web } = await simWebServer(stops, { attractMs: 60_000 });
    const port = Number(new URL(web.url).port);

    const asleep = eventClient(port);
    while (!asleep.got().includes('\n\ndata: ')) await turn();
    const first = asleep.got().length;
    // From now on it reads nothing: what the server sends piles up in the kernel's buffers, then
    // in the server's own.
    asleep.sock.pause();
    let pushed = 0;
    // Far more than loopback's socket buffers hold (a few MB each way) plus the server's limit;
    // each update is about the size of the first.
    while (pushed < 32 << 20) {
      table.emit('change');
      await turn();
      pushed += first;
    }
    // The page wakes: it reads what had reached it, then finds the connection gone (a page would
    // reconnect and get the whole state).
    asleep.sock.resume();
    const closed = await Promise.race([asleep.closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]);
    expect(closed, 'the server should have dropped the page that stopped reading').toBe(true);
    expect(asleep.got().length).toBeLessThan(pushed / 2);

    // A page that reads gets the next update.
    const awake = eventClient(port);
    while (!awake.got().includes('\n\ndata: ')) await turn();
    const before = awake.got().length;
    table.emit('change');
    for (let i = 0; i < 200 && awake.got().length === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(awake.got().length).toBeGreaterThan(before);
  });
});
