/**
 * host/src/link/one-client-server.ts on real sockets: a second client hangs up the first (as
 * Espruino's telnet console does) and from then on gets the board's bytes, also once the first
 * one's hang-up has gone through.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import net from 'node:net';
import { serveOneClient, type OneClientServer } from '../../host/src/link/one-client-server';

class Source extends EventEmitter {
  got: string[] = [];
  write(d: Uint8Array): void {
    this.got.push(Buffer.from(d).toString());
  }
}

const stops: (() => unknown)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

function connect(url: string): Promise<{ sock: net.Socket; data: string[]; closed: Promise<void> }> {
  const port = Number(url.split(':').pop());
  return new Promise((ok, fail) => {
    const sock = net.connect(port, '127.0.0.1');
    const data: string[] = [];
    sock.on('data', (d) => data.push(d.toString()));
    const closed = new Promise<void>((done) => sock.on('close', () => done()));
    sock.once('error', fail);
    sock.once('connect', () => ok({ sock, data, closed }));
    stops.push(() => sock.destroy());
  });
}

/** Until `cond` holds (a few event-loop turns on the loopback interface), at most 2 s. */
async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('one client at a time', () => {
  it('the second client hangs up the first and gets the board from then on', async () => {
    const source = new Source();
    const server: OneClientServer = await serveOneClient(source, 0, '127.0.0.1');
    stops.push(() => server.close());
    const a = await connect(server.url);
    await until(() => source.listenerCount('data') > 0);
    source.emit('data', Buffer.from('one\n'));
    await until(() => a.data.join('') === 'one\n');
    expect(a.data.join('')).toBe('one\n');

    const b = await connect(server.url);
    // The first client is hung up; its close must not take the second one's place.
    // (The server hangs it up before the client sees it; a turn of the loop for its close event.)
    await a.closed;
    await new Promise((r) => setImmediate(r));
    source.emit('data', Buffer.from('two\n'));
    await until(() => b.data.join('') === 'two\n');
    expect(b.data.join('')).toBe('two\n');
    expect(a.data.join('')).toBe('one\n');
    // And what the second client sends reaches the board.
    b.sock.write('hello');
    await until(() => source.got.join('') === 'hello');
    expect(source.got.join('')).toBe('hello');
  });

  it('lets go of the board when closed: it no longer listens to its bytes', async () => {
    const source = new Source();
    const server = await serveOneClient(source, 0, '127.0.0.1');
    expect(source.listenerCount('data')).toBe(1);
    await server.close();
    expect(source.listenerCount('data')).toBe(0);
  });
});
