/**
 * What the page server says about a table, read from /state.json and its live feed without a
 * browser: the headers every answer carries, the address it gives for a server on every
 * interface, a tcp board's short name, the set-up's starting seat, the staff menu's note with and
 * without a game, the attract screen reached with no news from the board, the last event of a
 * game that was replaced, the restart notice ended by a press that is no action and its words
 * where no game goes on, and a refusal from before the mirror started, not shown as new.
 */
import { afterAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { networkInterfaces } from 'node:os';
import { openBoard, parseBoardSpec, type BoardStream } from '../../host/src/link/open-board';
import { TableMirror } from '../../host/src/mirror/table-mirror';
import { startWebServer, type WebOptions } from '../../host/src/web/server';
import { RESTART_NOTE, STAFF_PAUSE } from '../../host/src/view/table-text';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import { tcpBoard } from '../support/host-harness';
import { simWebServer, untilNote } from '../support/sim-web';

const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

async function simTable(opts: Partial<WebOptions> = {}, label = 'A'): Promise<{ stream: BoardStream; table: TableMirror; url: string }> {
  const { stream, table, web } = await simWebServer(stops, Object.assign({ label }, opts));
  return { stream, table, url: web.url };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const view = async (url: string): Promise<any> => (await (await fetch(url + 'state.json')).json()).tables[0];

/** Polls the state until `ok` holds (the mirror's change reaches the server in its own time). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function viewUntil(url: string, what: string, ok: (t: any) => boolean, ms = 15_000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const t = await view(url);
    if (ok(t)) return t;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(t).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('every answer of the page server', () => {
  it('says not to sniff, not to store, and what the page may load', async () => {
    const { url } = await simTable();
    const answers = [
      await fetch(url),
      await fetch(url + 'state.json'),
      await fetch(url + 'state.json', { method: 'HEAD' }),
      await fetch(url + 'events', { method: 'HEAD' }),
      await fetch(url + 'nothing-here'),
      await fetch(url + 'state.json', { method: 'POST', body: '{}' }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 404, 405]);
    for (const r of answers) {
      expect(r.headers.get('x-content-type-options'), r.url).toBe('nosniff');
      expect(r.headers.get('cache-control'), r.url).toBe('no-store');
      expect(r.headers.get('content-security-policy'), r.url).toMatch(/^default-src 'self'/);
    }
  });
});

describe('the page title', () => {
  it('carries the table\'s label escaped: nothing can end the title or start a tag, and no character is lost', async () => {
    const { url } = await simTable({}, 'Bar & Co</title><script>alert("x")</script>');
    const html = await (await fetch(url)).text();
    // (The characters were dropped before: "Bar & Co" read "Bar  Co".)
    const shown = 'dicetray · Bar &amp; Co&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;';
    expect(html).toContain(`<title>${shown}</title>`);
    // The screen readers' heading too.
    expect(html).toContain(`<h1 class="sr">${shown}</h1>`);
    expect(html).not.toContain('<script>alert');
  });
});

describe('the address the page server gives', () => {
  it('is one a browser on this machine can open when it listens on every interface', async () => {
    const web = await startWebServer([], { port: 0, host: '0.0.0.0', attractMs: 600_000 });
    stops.push(() => web.close());
    expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect((await fetch(web.url + 'state.json')).status).toBe(200);
    // And for the wall screen's browser, on another machine: this computer's network addresses.
    const port = new URL(web.url).port;
    const lan = Object.values(networkInterfaces()).flat().filter((a) => a && a.family === 'IPv4' && !a.internal).map((a) => `http://${a!.address}:${port}/`);
    expect(web.lanUrls).toEqual(lan);
    for (const u of web.lanUrls) expect((await fetch(u + 'state.json')).status).toBe(200);
  });

  it('names no network address when it listens on this machine only', async () => {
    const web = await startWebServer([], { port: 0, host: '127.0.0.1', attractMs: 600_000 });
    stops.push(() => web.close());
    expect(web.lanUrls).toEqual([]);
  });
});

describe('a tcp board without a label', () => {
  it('is named by its host and port', async () => {
    const { board, url: boardUrl, exposure } = await tcpBoard();
    stops.push(() => board.powerCut());
    stops.push(() => exposure.close());
    const addr = boardUrl.slice('tcp://'.length);
    expect(addr).toMatch(/^127\.0\.0\.1:\d+$/);
    // Typed with a slash at the end, as a URL often is: the name still ends at the port.
    const spec = boardUrl + '/';
    const stream = await openBoard(parseBoardSpec(spec));
    stops.push(() => stream.close());
    const table = new TableMirror(spec, stream);
    stops.push(() => table.stop());
    const web = await startWebServer([table], { port: 0, host: '127.0.0.1', attractMs: 600_000 });
    stops.push(() => web.close());
    const t = await view(web.url);
    expect([t.label, t.name]).toEqual([spec, addr]);
  });
});

describe('the set-up on the page', () => {
  it('starts with the first seat in when nobody chose who starts', async () => {
    const { table, url } = await simTable();
    await table.start();
    await viewUntil(url, 'the set-up', (t) => t.ui && t.ui.m === 'setup');
    table.link.send({ c: 'btn', b: 'S2', k: 'press' });
    table.link.send({ c: 'btn', b: 'S3', k: 'press' });
    const t = await viewUntil(url, 'seats 2 and 3 in', (v) => v.setup && v.setup.in[1] && v.setup.in[2]);
    expect(t.setup.in.slice(0, 4)).toEqual([false, true, true, false]);
    expect(t.setup.start).toBe(1);
  });
});

describe('the staff menu on the page', () => {
  it('says play waits only when there is a game to wait', { timeout: 40_000 }, async () => {
    const { stream, table, url } = await simTable();
    await table.start();
    await viewUntil(url, 'the set-up', (t) => t.ui && t.ui.m === 'setup');
    stream.sim!.press('OK', 3400);
    stream.sim!.press('BK', 3400);
    let t = await viewUntil(url, 'the staff menu', (v) => v.staff);
    expect(t.game).toBe(null);
    expect(t.staff.keys.length).toBeGreaterThan(0);
    expect(t.staff.pause).toBe('');
    // OK leaves the menu; with a game on, the menu says the game waits.
    await new Promise((r) => setTimeout(r, 800));
    stream.sim!.press('OK', 60);
    await viewUntil(url, 'the menu closed', (v) => !v.staff);
    const synced = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'new', p: ['Ann', 'Ben'] } as never);
    await synced;
    stream.sim!.press('OK', 3400);
    stream.sim!.press('BK', 3400);
    t = await viewUntil(url, 'the staff menu in a game', (v) => v.staff);
    expect(t.staff.pause).toBe(STAFF_PAUSE);
  });
});

describe('the attract screen on the live feed', () => {
  it('comes to an open page with no news from the board', { timeout: 30_000 }, async () => {
    let clock = 1_000_000;
    // A mirror not started: nothing at all comes from its board, so only time can bring the screen.
    const { url } = await simTable({ attractMs: 60_000, now: () => clock });
    const idle = await new Promise<boolean>((resolve, reject) => {
      const req = http.get(url + 'events', (res) => {
        let buf = '';
        let first = true;
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          buf += d;
          let cut: number;
          while ((cut = buf.indexOf('\n\n')) >= 0) {
            const ev = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            const data = ev.split('\n').find((l) => l.startsWith('data: '));
            if (!data) continue;
            const t = JSON.parse(data.slice(6)).tables[0];
            if (first) {
              first = false;
              expect(t.idle).toBe(false);
              // Time passes; the board says nothing.
              clock += 61_000;
            } else if (t.idle) {
              req.destroy();
              resolve(true);
            }
          }
        });
      });
      req.on('error', reject);
      // The server's own timer brings it (every 5 s); far more than that means it never comes.
      setTimeout(() => {
        req.destroy();
        resolve(false);
      }, 20_000);
    });
    expect(idle).toBe(true);
  });
});

describe('the last event under the game', () => {
  it('is not carried into a new game, even a refusal still in its time', async () => {
    const clock = 1_000_000;
    const { table, url } = await simTable({ now: () => clock });
    await table.start();
    let synced = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'new', p: ['Ann', 'Ben'] } as never);
    await synced;
    const refused = untilNote(table, (n) => n.ev === 'refused');
    table.link.send({ c: 'act', a: { do: 'take_marker' } } as never);
    await refused;
    expect((await view(url)).last).toMatch(/^Refused: /);
    const fresh = untilNote(table, (n) => n.ev === 'new_game');
    synced = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'new', p: ['Cem', 'Dan', 'Eva'] } as never);
    await fresh;
    await synced;
    const t = await viewUntil(url, 'the new game', (v) => v.game && v.game.players.length === 3);
    expect(t.last).toBe('');
  });

  it('in the marker step: the phase says take or steal; a steal whose victim was chosen before a power cut is said lost', { timeout: 30_000 }, async () => {
    const { stream, table, url } = await simTable();
    await table.start();
    const r = setupPechvogel({ players: ['Ann', 'Ben'] });
    if (!r.ok) throw new Error('setup');
    const st = r.state;
    st.players[1].markers = [6];
    const loaded = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'load', st } as never);
    await loaded;
    // Four 6s: the middle has one and Ben holds one, so Ann chooses (no board's own choice).
    for (const a of [{ do: 'throw', faces: [6, 6, 6, 3, 4, 5, 'R'] }, { do: 'choose_target', value: 6 }, { do: 'throw', faces: [6, 3, 4] }]) table.link.send({ c: 'act', a } as never);
    let t = await viewUntil(url, 'the marker step', (v) => v.game && v.game.phase === 'await_marker_choice');
    expect(t.game.doing).toBe('takes or steals a marker');
    // Ben's seat: the steal from him is chosen, then the power goes.
    table.link.send({ c: 'btn', b: 'S2', k: 'press' });
    await viewUntil(url, 'the victim chosen', (v) => v.ui && v.ui.vic === 1);
    const back = untilNote(table, (n) => n.ev === 'hello' && !!n.restarted);
    stream.sim!.powerCut();
    stream.sim!.boot();
    await back;
    t = await viewUntil(url, 'the restart notice', (v) => typeof v.last === 'string' && v.last.includes(RESTART_NOTE));
    expect(t.last).toBe(`The board restarted (a power cut?): ${RESTART_NOTE}; the steal from Ben has to be chosen again too (Ben's seat button)`);
    // The board indeed lost it: the marker step again, no victim.
    t = await viewUntil(url, 'the game back', (v) => v.game && v.game.phase === 'await_marker_choice' && v.ui && v.ui.vic === -1);
    expect(t.prompt[0]).toBe('Ann: OK takes a 6 from the middle');
  });

  it('a power cut at game over or in set-up: the footer says what the table is back to, not that the game goes on', { timeout: 30_000 }, async () => {
    const { stream, table, url } = await simTable();
    await table.start();
    await viewUntil(url, 'the set-up', (v) => v.ui && v.ui.m === 'setup');
    const cut = async () => {
      const back = untilNote(table, (n) => n.ev === 'hello' && !!n.restarted);
      stream.sim!.powerCut();
      stream.sim!.boot();
      await back;
      return viewUntil(url, 'the restart notice', (v) => typeof v.last === 'string' && v.last.startsWith('The board restarted'));
    };
    let t = await cut();
    expect(t.last).toBe('The board restarted (a power cut?): the set-up starts over: seats and options have to be chosen again');
    const r = setupPechvogel({ players: ['Ann', 'Ben'] });
    if (!r.ok) throw new Error('setup');
    const st = r.state;
    st.players[0].markers = [3, 4];
    st.middle = [0, 0, 0, 0, 0];
    st.phase = 'game_over';
    st.scores = [7, 0];
    st.winners = [0];
    const loaded = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'load', st } as never);
    await loaded;
    t = await cut();
    expect(t.game.phase).toBe('game_over');
    expect(t.last).toBe('The board restarted (a power cut?): the finished game is kept as it was');
  });

  it('says the board restarted until the next press, even one that is no action', { timeout: 30_000 }, async () => {
    const { stream, table, url } = await simTable();
    await table.start();
    const synced = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'new', p: ['Ann', 'Ben'] } as never);
    await synced;
    const back = untilNote(table, (n) => n.ev === 'hello' && !!n.restarted);
    stream.sim!.powerCut();
    stream.sim!.boot();
    await back;
    await viewUntil(url, 'the restart notice', (v) => typeof v.last === 'string' && v.last.includes(RESTART_NOTE));
    // K1 on the first throw enters a die on the pad: a press, no action yet.
    const pressed = untilNote(table, (n) => n.ev === 'button');
    table.link.send({ c: 'btn', b: 'K1', k: 'press' });
    await pressed;
    const t = await viewUntil(url, 'the die entered', (v) => v.ui && v.ui.e && v.ui.e.length === 1);
    expect(t.game.n).toBe(0);
    expect(t.last).toBe('');
  });
});

describe('a refusal from before the mirror started', () => {
  it('is not shown as new: the board keeps it in its snapshot until the next press', { timeout: 30_000 }, async () => {
    const { stream, table, url } = await simTable();
    await table.start();
    const synced = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'new', p: ['Ann', 'Ben'] } as never);
    await synced;
    // Eight pad keys on a first throw of seven: the eighth is refused at once.
    for (let i = 0; i < 8; i++) table.link.send({ c: 'btn', b: 'K1', k: 'press' });
    const t = await viewUntil(url, 'the refusal', (v) => v.refusal !== '');
    expect(t.refusal).toBe('Refused: all 7 dice are entered (OK confirms, BACK removes the last)');
    // Another mirror over the same board, as one restarted minutes later: the snapshot still has
    // the refusal, which is not the snapshot's news.
    const again = new TableMirror('A', stream);
    stops.push(() => again.stop());
    const web = await startWebServer([again], { port: 0, host: '127.0.0.1', attractMs: 600_000 });
    stops.push(() => web.close());
    await again.start();
    let v = await viewUntil(web.url, 'the snapshot', (x) => x.synced && x.ui && x.ui.e.length === 7);
    expect(v.ui.err).toBe('wrong_dice_count');
    expect([v.refusal, v.refusalLeft]).toEqual(['', 0]);
    // Pressed again and refused alike: shown, for its time.
    const pressed = untilNote(again, (n) => n.ev === 'button');
    table.link.send({ c: 'btn', b: 'K1', k: 'press' });
    await pressed;
    v = await viewUntil(web.url, 'the refusal again', (x) => x.refusal !== '');
    expect(v.refusalLeft).toBeGreaterThan(10_000);
  });
});
