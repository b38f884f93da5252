/**
 * The mirror's web server: the big-screen page, its live feed (server-sent events) and the
 * same data as /state.json. Read-only by design: GET and HEAD only, no route reaches a board.
 * Bound to 127.0.0.1 unless a host is given.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PvState } from '../../../shared/games/pechvogel/types';
import type { TableMirror, TableNote } from '../mirror/table-mirror';
import { countdownLeft, markerStepText, optionsText, restartNote, promptText, refusalText, restartText, SELFTEST_TEXT, setupText, STAFF_KEYS, STAFF_PAUSE, staffSettings, tableRefusal } from '../view/table-text';
import { RefusalClock, refusalLeft } from '../view/refusal-clock';
import { GEOMETRY } from '../../../hardware/led-board';
import { ICON_SVG, pageHtml } from './page';
import { networkInterfaces } from 'node:os';
import { createHash } from 'node:crypto';
import { hostNow } from '../host-clock';

export interface WebOptions {
  port: number;
  host?: string;
  /** A table with no button or action for this long shows the attract screen. */
  attractMs?: number;
  now?: () => number;
  /** Classroom mode: the exact odds of the turn under the prompt. */
  odds?: boolean;
}

/** How long the footer says the board restarted (restartText), unless a press comes first. */
const RESTART_SHOW_MS = 60_000;
/** Updates a page may leave unread before it is dropped (a full update is a few kB). */
const MAX_UNREAD_BYTES = 1 << 20;
/**
 * Live feeds one address may hold open (a wall screen needs one, a staff laptop a few tabs): each
 * feed gets every update and may hold MAX_UNREAD_BYTES of them, so one machine on the café's
 * network that opened feeds by the thousand took the mirror's memory and time. Past this the
 * feed is refused (503); a page tries again by itself.
 */
export const MAX_FEEDS_PER_ADDRESS = 10;

export interface WebServer {
  url: string;
  /** Listening on every interface: the page's address on each network this computer is on (the wall screen's browser is another machine). */
  lanUrls: string[];
  /**
   * Live feeds open now: one per page showing the tables. A page that left (reloaded, closed) has
   * none kept for it: a kiosk browser that reloads every hour ran days on the same mirror.
   */
  feeds(): number;
  close(): Promise<void>;
}

/** http://ADDRESS:PORT/ for each IPv4 network address of this computer (none for the loopback). */
function lanUrls(port: number): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces())) for (const a of list || []) if (a.family === 'IPv4' && !a.internal) out.push(`http://${a.address}:${port}/`);
  return out;
}

/**
 * The table's name for a screen: its label, or where no label was given (the label is then the
 * board's spec) the short end of it: `ttyACM0` for `/dev/ttyACM0`, `127.0.0.1:4000` for
 * `tcp://127.0.0.1:4000`, `sim` for `sim:FILE`. A long path in the page's header pushed
 * everything else out of it.
 */
function tableName(label: string, spec: string): string {
  if (label !== spec) return label;
  if (/^tcp:\/\//i.test(label)) return label.slice(6).replace(/\/+$/, '');
  if (/^sim(:|$)/.test(label)) return 'sim';
  const parts = label.split(/[\\/]/).filter(Boolean);
  return parts.length ? parts[parts.length - 1] : label;
}

/** What the screen knows about a table besides its mirror (from the notes as they came). */
export interface TableExtra {
  /** When the refusal the board reports now came (host ms; absent: when its ui line came). */
  refusalSince?: number;
  /** The staff menu's self-test runs (staff pressed K5 and the LEDs are not the menu's). */
  selfTest?: boolean;
  /** When the table stopped being live (host ms; 0 or absent: live). */
  downSince?: number;
}

/** What the page gets for one table (no rng, no undo: nothing a screen needs). */
function tableView(t: TableMirror, id: string, now: number, attractMs: number, lastActivity: number, last = '', odds = false, extra: TableExtra = {}) {
  const s = t.model.state as PvState | null;
  const ui = t.model.ui;
  const su = t.model.setup;
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
        // The phase in the host's words where the page's own would say too much (PHASE_TEXT).
        doing: s.phase === 'await_marker_choice' ? markerStepText(s, true) : '',
      }
    : null;
  const setupMode = !!ui && ui.m === 'setup';
  // The same sentences as the terminal's (host/src/view/table-text.ts). In the reroll window the
  // page counts the seconds down in its own box, so its line leaves them out.
  const prompt = s && !setupMode && !(ui && ui.m === 'staff') ? promptText(s, ui, now, { seconds: false, odds }) : [];
  let start = -1;
  if (su) start = su.st >= 0 ? su.st : su.in.indexOf(true);
  // A refusal shows for REFUSAL_SHOW_MS; the page drops it by itself when its time is up.
  const refusalMs = ui && ui.err && ui.m !== 'staff' ? refusalLeft(extra.refusalSince ?? ui.at, now) : 0;
  const staffMode = !!ui && ui.m === 'staff';
  const sv = staffMode ? staffSettings(ui!) : null;
  return {
    id,
    label: t.label,
    name: tableName(t.label, t.stream.spec.name),
    port: t.stream.spec.name,
    status: t.status,
    hello: t.model.hello,
    synced: t.model.synced,
    seq: t.seq,
    width: GEOMETRY.width,
    height: GEOMETRY.height,
    frame: t.model.frame,
    game,
    ui: ui ? { m: ui.m, e: ui.e, c: ui.c, v: ui.v, vic: ui.vic, err: ui.err, left: countdownLeft(ui, now) } : null,
    setup: su ? { in: su.in, start, vd: su.vd, im: su.im, so: su.so } : null,
    setupText: setupMode ? setupText(su) : [],
    prompt,
    refusal: refusalMs > 0 ? tableRefusal(ui!.err, s, ui, su) : '',
    refusalLeft: refusalMs,
    // The staff menu: its keys with the settings now, or the self-test and how to leave it.
    staff: staffMode
      ? {
          selfTest: !!extra.selfTest,
          keys: STAFF_KEYS.map((k) => ({ key: k.key, what: k.what, now: sv && (k.key === 'K1' || k.key === 'K2') ? sv[k.key] : '' })),
          pause: s ? STAFF_PAUSE : '',
          selfTestText: SELFTEST_TEXT,
        }
      : null,
    // The rule options the game is played with, when not by the book.
    options: s ? optionsText(s) : '',
    idle: now - lastActivity > attractMs,
    // How long the table has not been live: the page says since when on its own clock (the wall
    // screen's clock need not agree with the host's).
    downFor: t.status !== 'live' && extra.downSince ? Math.max(0, now - extra.downSince) : 0,
    last,
  };
}

/**
 * The page's policy: its one inline script by its hash, not 'unsafe-inline', so markup that ever
 * got into the page (a board's text not escaped) runs no script: no inline handler
 * (`<img onerror>`), no injected <script>. Never framed by another site.
 */
function contentSecurityPolicy(html: string): string {
  const scripts = [...html.matchAll(/<script>([^]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  return `default-src 'self'; script-src ${scripts.join(' ') || "'none'"}; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

export function startWebServer(tables: TableMirror[], opts: WebOptions): Promise<WebServer> {
  const now = opts.now || hostNow;
  const attractMs = opts.attractMs ?? 10 * 60_000;
  const lastActivity = tables.map(() => now());
  const clients = new Set<http.ServerResponse>();
  const feedsFrom = new Map<string, number>();
  const html = pageHtml(tables.length === 1 ? `dicetray · ${tables[0].label}` : 'dicetray');
  const csp = contentSecurityPolicy(html);

  // Per table: the last action in words (the mirror's note says it).
  const last = tables.map(() => '');
  // The game the last note belongs to (its step; -1: none) and, for a refusal, when it came.
  const lastN = tables.map(() => -1);
  const lastRefusedAt = tables.map(() => 0);
  const lastRefusedCode = tables.map(() => '');
  // When the refusal each table shows came (a press refused again alike brings no ui line).
  const refusal = tables.map(() => new RefusalClock());
  // When the board last restarted (its hello note says so): the footer says it for a while.
  // Players saw the game simply come back, a half-entered throw gone.
  const restartedAt = tables.map(() => 0);
  const restartedNote = tables.map(() => restartNote());
  // When each table stopped being live (0 while live; one never live yet from the mirror's start):
  // a board lost for a minute and one lost since the morning looked the same on the page.
  const downSince = tables.map((t) => (t.status === 'live' ? 0 : now()));
  /** The footer's last event, while the game it belongs to is on (not in set-up, not another game). */
  const lastShown = (t: TableMirror, i: number): string => {
    if (restartedAt[i] && now() - restartedAt[i] < RESTART_SHOW_MS) return restartText(restartedNote[i]);
    const s = t.model.state as PvState | null;
    const ui = t.model.ui;
    if (!last[i] || !s || (ui && ui.m === 'setup') || s.n < lastN[i]) return '';
    if (lastRefusedAt[i] && refusalLeft(lastRefusedAt[i], now()) === 0) return '';
    // The table's own refusal box says it already, in its words ("7 dice are due, 6 entered").
    return lastRefusedAt[i] && ui && ui.err === lastRefusedCode[i] ? '' : last[i];
  };
  const extra = (t: TableMirror, i: number): TableExtra => {
    const ui = t.model.ui;
    return { refusalSince: ui ? refusal[i].since(ui) : undefined, selfTest: t.model.selfTest, downSince: downSince[i] };
  };
  const snapshot = () => JSON.stringify({ now: now(), tables: tables.map((t, i) => tableView(t, 't' + (i + 1), now(), attractMs, lastActivity[i], lastShown(t, i), !!opts.odds, extra(t, i))) });

  /**
   * A page that stopped reading (a laptop asleep with the tab open) would have every update kept
   * for it in memory for as long as it stays connected: dropped instead; a page that wakes
   * reconnects by itself (retry) and gets the whole state.
   */
  const send = (c: http.ServerResponse, msg: string) => {
    if (c.writableLength > MAX_UNREAD_BYTES) {
      clients.delete(c);
      c.destroy();
    } else c.write(msg);
  };
  // Changes in the same tick go out as one update.
  let pending = false;
  const push = () => {
    if (pending || clients.size === 0) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      const msg = 'data: ' + snapshot() + '\n\n';
      for (const c of clients) send(c, msg);
    });
  };
  tables.forEach((t, i) => {
    t.on('change', () => {
      if (t.status === 'live') downSince[i] = 0;
      else if (!downSince[i]) downSince[i] = now();
      push();
    });
    t.on('note', (n: TableNote) => {
      if (n.ev === 'button' || n.ev === 'action') lastActivity[i] = now();
      if (n.ev === 'hello' && n.restarted) {
        restartedAt[i] = now();
        // The hello comes before the snapshot: the state and ui line are still the last ones seen before the restart.
        restartedNote[i] = restartNote(t.model.state as PvState | null, t.model.ui);
      }
      else if (n.ev === 'button' || n.ev === 'action') restartedAt[i] = 0;
      const after = t.model.state as PvState | null;
      const ui = t.model.ui;
      if (n.ev === 'action') {
        last[i] = String(n.said);
        lastN[i] = after ? after.n : -1;
        lastRefusedAt[i] = 0;
      } else if (n.ev === 'refused') {
        last[i] = refusalText(String(n.code));
        lastN[i] = after ? after.n : -1;
        lastRefusedAt[i] = now();
        lastRefusedCode[i] = String(n.code);
      } else if (n.ev === 'new_game' || n.ev === 'resync') last[i] = '';
      // The refusal's clock: a new one with its ui line, the same one again with the press.
      refusal[i].seen(ui);
      if (n.ev === 'button') refusal[i].pressed(ui, now());
      if (n.ev !== 'ui' && n.ev !== 'leds') push();
    });
  });
  // The attract screen needs time to pass, not messages.
  const idleTimer = setInterval(push, 5000);
  const beat = setInterval(() => {
    for (const c of clients) send(c, ': keep-alive\n\n');
  }, 15000);

  const server = http.createServer((req, res) => {
    // The path read by hand: new URL() throws on '//' or '/\\', and one such request from the café's
    // network stopped the mirror (an uncaught exception).
    const pathname = (req.url || '/').split('?')[0];
    const headers = {
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': csp,
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
      res.end('read-only: this page cannot send anything to a board\n');
      return;
    }
    if (pathname === '/' || pathname === '/index.html') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : html);
    } else if (pathname === '/favicon.ico') {
      // The page declares its icon inline; a browser shown /state.json (or an old one) still asks here.
      res.writeHead(200, { ...headers, 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=86400' });
      res.end(req.method === 'HEAD' ? undefined : ICON_SVG);
    } else if (pathname === '/state.json') {
      res.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
      res.end(req.method === 'HEAD' ? undefined : snapshot());
    } else if (pathname === '/events') {
      const from = req.socket.remoteAddress || '';
      const open = feedsFrom.get(from) || 0;
      if (req.method !== 'HEAD' && open >= MAX_FEEDS_PER_ADDRESS) {
        res.writeHead(503, { ...headers, 'Content-Type': 'text/plain', 'Retry-After': '5' });
        res.end(`at most ${MAX_FEEDS_PER_ADDRESS} live feeds from one address\n`);
        return;
      }
      res.writeHead(200, { ...headers, 'Content-Type': 'text/event-stream', Connection: 'keep-alive' });
      if (req.method === 'HEAD') return void res.end();
      feedsFrom.set(from, open + 1);
      res.socket?.setNoDelay(true);
      res.write('retry: 1000\n\ndata: ' + snapshot() + '\n\n');
      clients.add(res);
      res.once('close', () => {
        clients.delete(res);
        const n = (feedsFrom.get(from) || 1) - 1;
        if (n > 0) feedsFrom.set(from, n);
        else feedsFrom.delete(from);
      });
    } else {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' });
      res.end('not found\n');
    }
  });

  return new Promise((resolve, reject) => {
    server.once('error', (e) => {
      clearInterval(idleTimer);
      clearInterval(beat);
      reject(e);
    });
    server.listen(opts.port, opts.host || '127.0.0.1', () => {
      const a = server.address() as AddressInfo;
      const host = a.family === 'IPv6' ? `[${a.address}]` : a.address;
      const everywhere = host === '0.0.0.0' || host === '[::]';
      resolve({
        url: `http://${everywhere ? '127.0.0.1' : host}:${a.port}/`,
        lanUrls: everywhere ? lanUrls(a.port) : [],
        feeds: () => clients.size,
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
