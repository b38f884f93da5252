/**
 * The serial link layer on its own: the protocol link tells messages, REPL noise and garbled
 * lines apart (and counts each), and opening a board that is not there fails at once unless
 * the caller waits for it (--wait), when it keeps trying.
 */
import { afterAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { BoardLink } from '../../host/src/link/board-link';
import { connectTcp, openBoard, parseBoardSpec } from '../../host/src/link/open-board';
import { encodePacket } from '../../shared/protocol/host-codec';
import { EXIT } from '../../host/src/errors';

const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

describe('the protocol link', () => {
  it('tells messages, REPL noise and garbled lines apart, and counts each', () => {
    const link = new BoardLink(() => {});
    const seen: string[] = [];
    link.on('msg', (m: { t: string }) => seen.push('msg ' + m.t));
    link.on('noise', (l: string) => seen.push('noise ' + l));
    link.on('garbage', (l: string, why: string) => seen.push('garbage ' + why + ' ' + l));
    link.receive('>print(1)\r\n1\r\nDT:{"t":"btn"\r\nDT:{"t":"new","s":1,"n":0}\r\nDT:{"t":"x"}\r\n');
    expect(seen).toEqual(['noise >print(1)', 'noise 1', 'garbage bad_json DT:{"t":"btn"', 'msg new', 'garbage bad_message DT:{"t":"x"}']);
    expect(link.stats).toEqual({ messages: 1, noise: 2, garbage: 2 });
  });
});

/** A TCP port on this machine where nothing listens. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('opening a board', () => {
  it('fails at once when nothing answers, unless told to wait; then it keeps trying and says why', async () => {
    const port = await closedPort();
    const spec = parseBoardSpec(`tcp://127.0.0.1:${port}`);
    await expect(openBoard(spec, { retryMs: 50 })).rejects.toMatchObject({ exitCode: EXIT.noBoard });
    const stream = await openBoard(spec, { retryMs: 50, failFast: false });
    stops.push(() => stream.close());
    expect(stream.isOpen).toBe(false);
    const why = await new Promise<string>((r) => stream.once('retry', r));
    expect(why).toMatch(/ECONNREFUSED/);
  });
});

describe('a board on TCP', () => {
  it('keeps a quiet connection once connected: the connect time limit is lifted', async () => {
    const server = net.createServer(() => {});
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    stops.push(() => new Promise<void>((r) => server.close(() => r())));
    const sock = await connectTcp('127.0.0.1', (server.address() as net.AddressInfo).port);
    stops.push(() => sock.destroy());
    // No idle limit left (a board quiet for a while is not a board that never answered).
    expect(sock.timeout ?? 0).toBe(0);
  });
});

describe('the simulated board as a stream', () => {
  it('is switched off when the stream is closed: it answers nothing after', async () => {
    const stream = await openBoard(parseBoardSpec('sim:memory'));
    const sim = stream.sim!;
    let out = '';
    sim.on('data', (d: Buffer) => (out += d.toString('latin1')));
    sim.write(encodePacket({ c: 'hello' }));
    expect(out).toContain('"t":"hello"');
    stream.close();
    out = '';
    sim.on('data', (d: Buffer) => (out += d.toString('latin1')));
    sim.write(encodePacket({ c: 'hello' }));
    expect(out).toBe('');
  });
});
