/**
 * The mirror's web server: the big-screen page, its live feed (server-sent events) and the
 * same data as /state.json. Read-only by design: GET and HEAD only, no route reaches a board.
 * Bound to 127.0.0.1 unless a host is given.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PvState } from '../../../shared/games/pechvogel/types';
import type { TableMirror } from '../mirror/table-mirror';
import { GEOMETRY } from '../../../hardware/led-layout';
import { pageHtml } from './page';

export interface WebOptions {
  port: number;
  host?: string;
  /** A table with no button or action for this long shows the attract screen. */
  attractMs?: number;
  now?: () => number;
}

export interface WebServer {
  url: string;
  close(): Promise<void>;
}

/** What the page gets for one table (no rng, no undo: nothing a screen needs). */
export function tableView(t: TableMirror, id: string, now: number, attractMs: number, lastActivity: number) {
  const s = t.model.state as PvState | null;
  const ui = t.model.ui;
  const game = s
    ? {
        n: s.n,
        phase: s.phase,
        active: s.active,
        murphy: s.murphy,
        middle: s.middle,
        box: s.box,
        players: s.players,
        turn: { target: s.turn.target, targets: s.turn.targets, ravens: s.turn.ravens, frustraters: s.turn.frustraters, reroll: s.turn.reroll },
        scores: s.scores,
        winners: s.winners,
      }
    : null;
  return {
    id,
    label: t.label,
    port: t.stream.spec.name,
    status: t.status,
    hello: t.model.hello,
    synced: t.model.synced,
    seq: t.seq,
    width: GEOMETRY.width,
    height: GEOMETRY.height,
    frame: t.model.frame,
    game,
    ui: ui ? { m: ui.m, e: ui.e, c: ui.c, v: ui.v, vic: ui.vic, err: ui.err, left: ui.dl > 0 ? Math.max(0, ui.dl - (now - ui.at)) : 0 } : null,
    idle: now - lastActivity > attractMs,
    recent: t.recent.map((r) => r.text),
  };
}

export function startWebServer(tables: TableMirror[], opts: WebOptions): Promise<WebServer> {
  const now = opts.now || Date.now;
  const attractMs = opts.attractMs ?? 10 * 60_000;
  const lastActivity = tables.map(() => now());
  const clients = new Set<http.ServerResponse>();
  const html = pageHtml(tables.length === 1 ? `dicetray · ${tables[0].label}` : 'dicetray');

  const snapshot = () => JSON.stringify({ now: now(), tables: tables.map((t, i) => tableView(t, 't' + (i + 1), now(), attractMs, lastActivity[i])) });

  // Changes in the same tick go out as one update.
  let pending = false;
  const push = () => {
    if (pending || clients.size === 0) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      const msg = 'data: ' + snapshot() + '\n\n';
      for (const c of clients) c.write(msg);
    });
  };
  tables.forEach((t, i) => {
    t.on('change', push);
    t.on('note', (n: { ev: string }) => {
      if (n.ev === 'button' || n.ev === 'action') lastActivity[i] = now();
      if (n.ev !== 'ui' && n.ev !== 'leds') push();
    });
  });
  // The attract screen needs time to pass, not messages.
  const idleTimer = setInterval(push, 5000);
  const beat = setInterval(() => {
    for (const c of clients) c.write(': keep-alive\n\n');
  }, 15000);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url || '/', 'http://x');
    const headers = {
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:",
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
      res.end('read-only: this page cannot send anything to a board\n');
      return;
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : html);
    } else if (url.pathname === '/state.json') {
      res.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
      res.end(req.method === 'HEAD' ? undefined : snapshot());
    } else if (url.pathname === '/events') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/event-stream', Connection: 'keep-alive' });
      if (req.method === 'HEAD') return void res.end();
      res.socket?.setNoDelay(true);
      res.write('retry: 1000\n\ndata: ' + snapshot() + '\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
    } else {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' });
      res.end('not found\n');
    }
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host || '127.0.0.1', () => {
      const a = server.address() as AddressInfo;
      const host = a.family === 'IPv6' ? `[${a.address}]` : a.address;
      resolve({
        url: `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${a.port}/`,
        close: () =>
          new Promise<void>((done) => {
            clearInterval(idleTimer);
            clearInterval(beat);
            for (const c of clients) c.end();
            clients.clear();
            server.close(() => done());
            server.closeAllConnections?.();
          }),
      });
    });
  });
}
