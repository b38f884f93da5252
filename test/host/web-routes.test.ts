/**
 * The page server's routes, without a browser: read-only (every method but GET and HEAD is
 * refused), the page at / and /index.html, and a HEAD of the live feed answered and ended at
 * once (not kept open as a page that never reads).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { pageTable, rawHttp, simWebServer } from '../support/sim-web';
import type { TableNote } from '../../host/src/mirror/table-mirror';
import net from 'node:net';
import { MAX_FEEDS_PER_ADDRESS } from '../../host/src/web/server';

const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

async function server() {
  return (await simWebServer(stops)).web;
}


describe('the page server routes', () => {
  it('refuses every method but GET and HEAD, as read-only', async () => {
    const web = await server();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const r = await fetch(web.url + 'state.json', { method, body: method === 'DELETE' ? undefined : '{}' });
      expect(r.status, method).toBe(405);
      expect(r.headers.get('allow'), method).toBe('GET, HEAD');
    }
    expect((await fetch(web.url + 'state.json', { method: 'HEAD' })).status).toBe(200);
  });

  it('serves the page at / and at /index.html', async () => {
    const web = await server();
    for (const p of ['', 'index.html']) {
      const r = await fetch(web.url + p);
      expect(r.status, p).toBe(200);
      expect(r.headers.get('content-type'), p).toBe('text/html; charset=utf-8');
      expect(await r.text(), p).toContain('<div id="tables">');
    }
  });

  // Browsers asked for /favicon.ico: a 404 in the logs and devtools of every screen.
  it('declares the page\'s icon inline and serves it at /favicon.ico too (for a tab showing /state.json)', async () => {
    const web = await server();
    const page = await (await fetch(web.url)).text();
    expect(page).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"]+">/);
    const r = await fetch(web.url + 'favicon.ico');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/svg+xml');
    expect(await r.text()).toMatch(/^<svg [^]*<\/svg>$/);
    expect((await fetch(web.url + 'favicon.ico', { method: 'HEAD' })).status).toBe(200);
  });

  // A feed kept open would hold the connection: the request after it on the same connection
  // would get no answer (the test's time limit would end it).
  it('answers a HEAD of the live feed and ends it, keeping no feed open', { timeout: 20_000 }, async () => {
    const web = await server();
    const head = 'HEAD /events HTTP/1.1\r\nHost: x\r\n\r\n';
    const next = 'GET /state.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
    const got = await rawHttp(web.url, head + next);
    const answers = got.split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((a) => a.slice(0, 12))).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(answers[0]).toContain('Content-Type: text/event-stream');
    expect(answers[1]).toContain('"tables"');
  });
});

describe('live feeds from one address', () => {
  // Every feed gets every update and may hold a megabyte of them unread: a machine on the café's
  // network that opened thousands held the mirror's memory.
  it(`are at most ${MAX_FEEDS_PER_ADDRESS} at a time: the next is refused (503) until one closes`, { timeout: 20_000 }, async () => {
    const web = await server();
    const u = new URL(web.url);
    const feed = () =>
      new Promise<{ sock: net.Socket; status: string }>((resolve, reject) => {
        const sock = net.connect(Number(u.port), u.hostname, () => sock.write('GET /events HTTP/1.1\r\nHost: x\r\n\r\n'));
        let got = '';
        sock.on('data', (d) => {
          got += d;
          if (/\r\n\r\n/.test(got)) resolve({ sock, status: got.slice(9, 12) });
        });
        sock.on('error', reject);
      });
    const open: net.Socket[] = [];
    for (let i = 0; i < MAX_FEEDS_PER_ADDRESS; i++) {
      const f = await feed();
      open.push(f.sock);
      expect(f.status, `feed ${i + 1}`).toBe('200');
    }
    const over = await feed();
    expect(over.status).toBe('503');
    over.sock.destroy();
    // The page itself is still served, and a feed closed makes room for another.
    expect((await fetch(web.url + 'state.json')).status).toBe(200);
    open.pop()!.destroy();
    let again = '';
    for (let i = 0; i < 100 && again !== '200'; i++) {
      const f = await feed();
      again = f.status;
      if (again === '200') open.push(f.sock);
      else {
        f.sock.destroy();
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    expect(again).toBe('200');
    for (const s of open) s.destroy();
  });
});

describe('the attract screen', () => {
  it('comes after a while without presses, and a press at the table ends it', async () => {
    let clock = 1_000_000;
    const { table, web } = await simWebServer(stops, { attractMs: 60_000, now: () => clock });
    await table.start();
    const idle = async () => (await pageTable(web)).idle as boolean;
    expect(await idle()).toBe(false);
    clock += 61_000;
    expect(await idle()).toBe(true);
    const pressed = new Promise<void>((r) => table.on('note', (n: TableNote) => n.ev === 'button' && r()));
    table.link.send({ c: 'btn', b: 'S1', k: 'press' });
    await pressed;
    expect(await idle()).toBe(false);
  });
});

describe('the last event under the game', () => {
  it('drops a refusal once its time to show is up', async () => {
    let clock = 1_000_000;
    const { table, web } = await simWebServer(stops, { now: () => clock });
    await table.start();
    const until = (ev: string) => new Promise<TableNote>((r) => table.on('note', (n: TableNote) => n.ev === ev && r(n)));
    const synced = until('synced');
    table.link.send({ c: 'new', p: ['Ann', 'Ben'] } as never);
    await synced;
    const refused = until('refused');
    table.link.send({ c: 'act', a: { do: 'take_marker' } } as never);
    await refused;
    const last = async () => (await pageTable(web)).last as string;
    expect(await last()).toMatch(/^Refused: /);
    clock += 13_000;
    expect(await last()).toBe('');
  });
});

describe('a table without a label', () => {
  it('is named by the short end of its board: sim for the simulated board', async () => {
    const { table, web } = await simWebServer(stops, { label: 'sim:memory' });
    const t = await pageTable(web);
    expect([t.label, t.name]).toEqual(['sim:memory', 'sim']);
  });
});
