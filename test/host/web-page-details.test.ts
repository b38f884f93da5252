/**
 * The big-screen page's own script in real headless Chromium, fed by the page server and a
 * simulated board in this process: what it draws from the state it gets (names as text, the
 * middle's markers, frustrations, the LED board's lit and dark cells, the board's gap), checked
 * on one page through a game loaded on the board, its end, and a new set-up; 16-character names
 * whole on screens small and large; a long reroll window in minutes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { openPage as openChromium } from '../support/chromium-page';
import { openBoard, parseBoardSpec } from '../../host/src/link/open-board';
import { TableMirror } from '../../host/src/mirror/table-mirror';
import { startWebServer } from '../../host/src/web/server';
import { simWebServer, untilNote } from '../support/sim-web';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import { PALETTE_LETTERS, PALETTE_RGB } from '../../firmware/src/leds/frame';

const done: (() => unknown)[] = [];
afterAll(async () => {
  while (done.length) await done.pop()!();
});

/** A mirror of a fresh simulated board (closed after the tests), not started yet. */
async function simTable(label: string): Promise<TableMirror> {
  const stream = await openBoard(parseBoardSpec('sim:memory'));
  done.push(() => stream.close());
  const t = new TableMirror(label, stream);
  done.push(() => t.stop());
  return t;
}

describe('the mirror page draws what it is sent', () => {
  it('names as text, markers, frustrations and the LED board, in a game, at its end and in a new set-up', async () => {
    const { table, web } = await simWebServer(done, { label: 'Tisch' });
    await table.start();

    const r = setupPechvogel({ players: ['<i>Ann</i>', 'Ben', 'Cleo'] });
    if (!r.ok) throw new Error('setup');
    const st = r.state;
    st.middle = [2, 0, 1, 0, 0];
    st.box = [0, 3, 0, 0, 1];
    st.players[1].frustrations = 3;
    st.players[2].frustrations = 4;
    st.players[2].markers = [4];
    const loaded = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'load', st } as never);
    await loaded;

    const page = await openChromium({ width: 1280, height: 720 }, done);
    await page.goto(web.url);
    const panel = page.locator('[data-table="t1"]');
    await panel.locator('.player').first().waitFor();

    // A name is text, whatever it holds.
    expect(await panel.locator('.player .name').allTextContents()).toEqual(['<i>Ann</i>', 'Ben', 'Cleo']);
    expect(await panel.locator('.player .name i').count()).toBe(0);
    // The middle's and the box's markers by value, 3 to 7.
    expect(await panel.locator('.middle').textContent()).toBe('Middle3 ×25 ×1Box4 ×37 ×1Murphy beside the board✖ a frustration: −3 points at the end');
    // Up to three frustrations as crosses, more as a number.
    expect(await panel.locator('.player .frus').allTextContents()).toEqual(['', '✖✖✖', '✖ 4']);

    // The LED board: every lit cell in its palette colour at its centre, every dark one dark;
    // the right half drawn after the gap.
    const cells = await page.evaluate(() => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const d = (globalThis as any).eval('data');
      const t = d.tables[0];
      const c = document.querySelector('[data-table="t1"] canvas') as HTMLCanvasElement;
      const g = c.getContext('2d')!;
      const cell = (c.width - 20) / t.width;
      const out: { ch: string; rgb: number[] }[] = [];
      for (let y = 0; y < t.height; y++)
        for (let x = 0; x < t.width; x++) {
          const cx = Math.floor(x * cell + cell / 2 + (x >= t.width / 2 ? 20 : 0)), cy = Math.floor(y * cell + cell / 2);
          out.push({ ch: t.frame ? t.frame[y * t.width + x] : '.', rgb: Array.from(g.getImageData(cx, cy, 1, 1).data.slice(0, 3)) });
        }
      return out;
    });
    const lit = cells.filter((c) => c.ch !== '.');
    expect(lit.length).toBeGreaterThan(0);
    expect(cells.length - lit.length).toBeGreaterThan(0);
    for (const c of lit) expect(c.rgb, c.ch).toEqual(PALETTE_RGB[PALETTE_LETTERS.indexOf(c.ch)]);
    // A dark cell is the board's dim grey (#1b1e26), not black and not a colour (a lit neighbour's glow aside).
    for (const c of cells.filter((x) => x.ch === '.')) expect(Math.max(...c.rgb.map((v, i) => Math.abs(v - [27, 30, 38][i]))), JSON.stringify(c)).toBeLessThan(12);

    // Ann's first throw has one raven; with target 3 the line under the turn counts it (one raven,
    // not ravens). Then two more 3s open the reroll window, Ben frustrates: the line says so.
    table.link.send({ c: 'cfg', k: 'window_ms', v: 60000 });
    for (const a of [{ do: 'throw', faces: [3, 3, 4, 4, 5, 5, 'R'] }, { do: 'choose_target', value: 3 }]) table.link.send({ c: 'act', a } as never);
    await page.locator('[data-table="t1"][data-phase="await_throw"]').waitFor();
    expect(await panel.locator('.detail').textContent()).toBe('Target 3 · on the board: 2 × 3, 1 raven');
    table.link.send({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 5] } } as never);
    await page.locator('[data-table="t1"][data-phase="reroll_window"]').waitFor();
    // BACK on an empty entry in the window: a correction of the throw; the line says so.
    table.link.send({ c: 'btn', b: 'BK', k: 'press' });
    table.link.send({ c: 'btn', b: 'K1', k: 'press' });
    await panel.locator('.detail', { hasText: 'entering' }).waitFor();
    expect(await panel.locator('.detail').textContent()).toBe('Target 3 · on the board: 4 × 3, 1 raven · entering 3 (correction)');
    table.link.send({ c: 'act', a: { do: 'frustrate', by: ['Ben'] } } as never);
    await panel.locator('.detail', { hasText: 'frustrations' }).waitFor();
    expect(await panel.locator('.detail').textContent()).toMatch(/^Target 3 · on the board: \d × 3, \d ravens? · frustrations on the board: 1$/);

    // The end: Ann takes the last 3 (3 + 4 = 7), Ben has 7 too, Cleo 5 − 6 = −1, Dan 4 − 3 = 1. Two
    // winners, the standings best first with a shared place, and nobody active any more.
    const end = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo', 'Dan'], config: { steal_only_if_middle_lacks_value: true } });
    if (!end.ok) throw new Error('setup');
    const es = end.state;
    es.middle = [1, 0, 0, 0, 0];
    es.box = [0, 0, 0, 0, 0];
    es.players[0].markers = [4];
    es.players[1].markers = [7];
    es.players[2].markers = [5];
    es.players[2].frustrations = 2;
    es.players[3].markers = [4];
    es.players[3].frustrations = 1;
    const again = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'load', st: es } as never);
    await again;
    await page.locator('[data-table="t1"][data-phase="await_first_throw"]').waitFor();
    // The rule option the game is played with shows under the board while the game is on.
    expect(await panel.locator('.options').textContent()).toMatch(/^Option: /);
    const over = untilNote(table, (n) => n.ev === 'action' && n.phase === 'game_over');
    for (const a of [{ do: 'throw', faces: [3, 3, 3, 3, 4, 5, 6] }, { do: 'choose_target', value: 3 }, { do: 'take_marker' }]) table.link.send({ c: 'act', a } as never);
    await over;
    await page.locator('[data-table="t1"][data-phase="game_over"]').waitFor();
    expect(await panel.locator('.turn').textContent()).toBe('Game over: Ann & Ben win');
    // A screen reader hears "Game over" once, then what to hold.
    expect(await panel.locator('.say').textContent()).toMatch(/Game over: Ann & Ben win\. Hold OK for a rematch, hold BACK for a new set-up/);
    expect((await panel.locator('.say').textContent())!.match(/Game over/g)).toHaveLength(1);
    expect(await panel.locator('.player .name').allTextContents()).toEqual(['Ann', 'Ben', 'Dan', 'Cleo']);
    expect(await panel.locator('.player .rank').allTextContents()).toEqual(['1.', '1.', '3.', '4.']);
    expect(await panel.locator('.player .score').allTextContents()).toEqual(['7 pts', '7 pts', '1 pt', '−1 pt']);
    expect(await panel.locator('.player.winner .name').allTextContents()).toEqual(['Ann', 'Ben']);
    expect(await panel.locator('.player.active').count()).toBe(0);
    // Nor to a screen reader: nobody is to move.
    expect(await panel.locator('.player[aria-current]').count()).toBe(0);
    // The crosses' legend stays at the end, with what they cost there (a guest who walks up then
    // sees the standings with a key), and one for the LED board, which shows the standings now.
    expect(await panel.locator('.middle').textContent()).toContain('✖ a frustration: −3 points (−7 with Murphy)');
    expect(await panel.locator('.legend').textContent()).toMatch(/^LED board: a green bar per seat/);

    // A screen whose table has been idle (a second server that takes every moment as idle): a
    // finished game gives way to the attract screen, which says how to play again.
    const idleWeb = await startWebServer([table], { port: 0, host: '127.0.0.1', attractMs: 0 });
    done.push(() => idleWeb.close());
    const idlePage = await openChromium({ width: 1280, height: 720 }, done);
    await idlePage.goto(idleWeb.url);
    const idle = idlePage.locator('[data-table="t1"]');
    await idlePage.locator('[data-table="t1"][data-phase="game_over"]').waitFor();
    await idle.locator('.attract').waitFor();
    expect(await idle.locator('.attract .sub').textContent()).toBe('Long OK: rematch · long BACK: new set-up');

    // Long BACK: a new set-up; seats 2 and 3 join, 3 held to start. No option line and no rematch
    // call in the set-up; the seat that starts is marked.
    table.link.send({ c: 'btn', b: 'BK', k: 'long' });
    await panel.locator('.setup .title').waitFor();
    table.link.send({ c: 'btn', b: 'S2', k: 'press' });
    table.link.send({ c: 'btn', b: 'S3', k: 'long' });
    await panel.locator('.setup .seat.in', { hasText: 'Seat 3' }).waitFor();
    expect(await panel.locator('.setup .seat.in').allTextContents()).toEqual(['Seat 2', 'Seat 3 ★']);
    expect(await panel.locator('.setup .seat.start').allTextContents()).toEqual(['Seat 3 ★']);
    expect(await panel.locator('.options').textContent()).toBe('');
    await idle.locator('.setup .seat.in', { hasText: 'Seat 3' }).waitFor();
    await idle.locator('.attract').waitFor();
    expect(await idle.locator('.attract .sub').textContent()).toBe('Press your seat button to join, then OK');
  });

  it('names of 16 characters are shown whole wherever they fit, on small, portrait and 4K screens', async () => {
    const { table, web } = await simWebServer(done, { label: 'Sechs' });
    await table.start();
    // Two names alike in their first ten letters, and as wide as 16 characters get.
    const r = setupPechvogel({ players: ['WWWWWWWWWWWWWWW1', 'WWWWWWWWWWWWWWW2', 'Maximilian-Josef', 'Ølaf', 'Seat 5'] });
    if (!r.ok) throw new Error('setup');
    r.state.players[0].markers = [3, 4, 5, 6, 7, 7];
    r.state.players[0].frustrations = 12;
    r.state.players[1].markers = [3, 4, 5, 6];
    const loaded = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'load', st: r.state } as never);
    await loaded;
    const page = await openChromium({ width: 800, height: 480 }, done);
    await page.goto(web.url);
    await page.locator('[data-table="t1"] .player').first().waitFor();
    for (const [width, height] of [[800, 480], [1024, 768], [1080, 1920], [3840, 2160], [640, 360]]) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(300);
      const seen = await page.evaluate(() => {
        const panel = document.querySelector('[data-table="t1"]') as HTMLElement;
        // Cut by its text's width ("…" shows for a fraction of a pixel too).
        const text = document.createRange();
        const cut = Array.from(panel.querySelectorAll('.player .name')).filter((e) => (text.selectNodeContents(e), text.getBoundingClientRect().width > e.getBoundingClientRect().width + 0.01)).map((e) => e.textContent);
        const wide = Array.from(panel.querySelectorAll('.player')).filter((e) => e.scrollWidth > e.clientWidth + 1).length;
        return { cut, wide, px: parseFloat(getComputedStyle(panel).fontSize), high: (panel.firstChild as HTMLElement).scrollHeight <= panel.clientHeight };
      });
      // Whole, in rows that fit the panel, at a size read across a room (they were cut at about 10 Ws: "WWWWWWWWWW…").
      expect(seen, `${width}x${height}`).toEqual({ cut: [], wide: 0, px: seen.px, high: true });
      expect(seen.px, `${width}x${height}`).toBeGreaterThan(12);
    }
  });

  it('a long reroll window counts down in minutes and seconds, as a clock shows them', async () => {
    const { table, web } = await simWebServer(done, { label: 'Sieben' });
    await table.start();
    const r = setupPechvogel({ players: ['Ann', 'Ben'] });
    if (!r.ok) throw new Error('setup');
    for (const p of r.state.players) p.frustrations = 1;
    // dicetray config window=10m
    table.link.send({ c: 'cfg', k: 'window_ms', v: 600_000 });
    const loaded = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'load', st: r.state } as never);
    await loaded;
    for (const a of [{ do: 'throw', faces: [3, 3, 4, 4, 5, 5, 6] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 4, 4, 5, 5] }]) table.link.send({ c: 'act', a } as never);
    const page = await openChromium({ width: 1280, height: 720 }, done);
    await page.goto(web.url);
    const count = page.locator('[data-table="t1"] .window.open .count');
    await count.waitFor();
    // "597.4 s" before: minutes, rounded up, so the window starts at 10:00.
    expect(await count.textContent()).toMatch(/^(10:00|9:5\d)$/);
  });

  it('the countdown bar runs down over updates; a host back with fewer tables drops the gone panel', async () => {
    const tables: TableMirror[] = [];
    for (const label of ['Eins', 'Zwei']) {
      const t = await simTable(label);
      await t.start();
      tables.push(t);
    }
    const first = await startWebServer(tables, { port: 0, host: '127.0.0.1', attractMs: 600_000 });
    const port = Number(new URL(first.url).port);
    const table = tables[0];
    const r = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo'] });
    if (!r.ok) throw new Error('setup');
    // Everyone holds a frustration: a throw with one more 3 opens a reroll window.
    for (const p of r.state.players) p.frustrations = 1;
    table.link.send({ c: 'cfg', k: 'window_ms', v: 60000 });
    const loaded = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'load', st: r.state } as never);
    await loaded;
    const page = await openChromium({ width: 1280, height: 720 }, done);
    await page.goto(first.url);
    const panel = page.locator('[data-table="t1"]');
    await panel.locator('.player').first().waitFor();
    for (const a of [{ do: 'throw', faces: [3, 3, 4, 4, 5, 5, 6] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 4, 4, 5, 5] }]) table.link.send({ c: 'act', a } as never);
    await panel.locator('.window.open').waitFor();
    // Some seconds into the window, right after an update (the server sends one at least every
    // 5 s): the bar is the time left of the window's whole 60 s, as the count says, not full again.
    await page.waitForFunction(() => parseFloat(document.querySelector('[data-table="t1"] .window .count')!.textContent || '60') <= 55, undefined, { timeout: 30_000 });
    const seen = Number(await page.evaluate(() => document.body.dataset.updates));
    await page.waitForFunction((n) => Number(document.body.dataset.updates) > n, seen, { timeout: 20_000 });
    const [count, width] = await page.evaluate(() => [
      parseFloat(document.querySelector('[data-table="t1"] .window .count')!.textContent!),
      parseFloat((document.querySelector('[data-table="t1"] .window .bar') as HTMLElement).style.width),
    ]);
    expect(count).toBeLessThan(56);
    expect(Math.abs(width - (100 * count) / 60)).toBeLessThan(2);

    // The host restarts with one table only: the page reconnects and shows that one alone.
    expect(await page.locator('.panel').count()).toBe(2);
    await first.close();
    const second = await startWebServer([tables[0]], { port, host: '127.0.0.1', attractMs: 600_000 });
    done.push(() => second.close());
    await page.waitForFunction(() => document.body.dataset.link === 'up' && document.querySelectorAll('.panel').length === 1, undefined, { timeout: 20_000 });
    expect(await page.locator('.panel .label').allTextContents()).toEqual(['Eins']);
  });

  it('says since when the host is lost with the date once that is not today, and asks for nothing it is not served', async () => {
    const table = await simTable('Nacht');
    const web = await startWebServer([table], { port: 0, host: '127.0.0.1', attractMs: 600_000 });
    await table.start();
    const page = await openChromium({ width: 1280, height: 720 }, done);
    const missing: string[] = [];
    page.on('response', (r) => r.status() >= 400 && missing.push(`${r.status()} ${r.url()}`));
    page.on('requestfailed', (r) => !/\/events$/.test(r.url()) && missing.push(`failed ${r.url()}`));
    // The page's clock: late in the evening (the host's own is not touched).
    const lost = new Date(2026, 2, 3, 23, 58, 7);
    await page.clock.setFixedTime(lost);
    await page.goto(web.url);
    await page.locator('[data-table="t1"] .status.live').waitFor();
    await web.close();
    await page.waitForFunction(() => document.body.dataset.link === 'down', undefined, { timeout: 15_000 });
    const offline = page.locator('#offline');
    // The same day: the time alone, as the page's locale writes it.
    const time = await page.evaluate((ms) => new Date(ms).toLocaleTimeString(), lost.getTime());
    expect(await offline.textContent()).toBe(`No connection to the dicetray host since ${time}. The games go on at the tables; this screen catches up when the host is back.`);
    // The next morning the time alone would be ambiguous (this morning?): the date comes with it.
    await page.clock.setFixedTime(new Date(2026, 2, 4, 7, 30, 0));
    const date = await page.evaluate((ms) => new Date(ms).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' }), lost.getTime());
    await page.waitForFunction((d) => document.getElementById('offline')!.textContent!.includes(d), date, { timeout: 5_000 });
    const text = (await offline.textContent())!;
    expect(text).toMatch(/^No connection to the dicetray host since .+\. The games go on/);
    expect(text).toContain(time.replace(/^0/, ''));
    expect(text).not.toContain('2026');
    // A year later (a screen nobody looked at): the year too.
    await page.clock.setFixedTime(new Date(2027, 0, 5, 9, 0, 0));
    await page.waitForFunction(() => document.getElementById('offline')!.textContent!.includes('2026'), undefined, { timeout: 5_000 });
    // No favicon.ico asked for and not found, nor anything else.
    expect(missing).toEqual([]);
  });

  it('a refusal goes at its time by the page\'s own clock, with no update from the host', async () => {
    const table = await simTable('Drei');
    const web = await startWebServer([table], { port: 0, host: '127.0.0.1', attractMs: 600_000 });
    await table.start();
    const synced = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'new', p: ['Ann', 'Ben'] } as never);
    await synced;
    const page = await openChromium({ width: 1280, height: 720 }, done);
    await page.goto(web.url);
    const panel = page.locator('[data-table="t1"]');
    await panel.locator('.player').first().waitFor();
    // Six faces and OK: refused (seven are due); the box says so.
    for (const k of ['K1', 'K1', 'K2', 'K3', 'K4', 'K5', 'OK']) table.link.send({ c: 'btn', b: k, k: 'press' });
    await panel.locator('.refusal.on').waitFor();
    // The host goes away: no more updates. The box still goes when its time is up.
    await web.close();
    await page.waitForFunction(() => !document.querySelector('[data-table="t1"] .refusal')!.classList.contains('on'), undefined, { timeout: 40_000 });
    expect(await page.evaluate(() => document.body.dataset.link)).toBe('down');
  }, 90_000);

  it('a feed answered with no event stream (an error page) is opened again by the page, not left until it goes stale', async () => {
    const table = await simTable('Vier');
    await table.start();
    const web = await startWebServer([table], { port: 0, host: '127.0.0.1', attractMs: 600_000 });
    const port = Number(new URL(web.url).port);
    // Every feed the page opens, with how long the page had then gone without an update.
    const page = await openChromium({ width: 1280, height: 720 }, done, () => {
      const w = window as unknown as { __quiet: number[]; __last: number };
      w.__quiet = [];
      w.__last = performance.now();
      const Real = window.EventSource;
      window.EventSource = class extends Real {
        constructor(u: string | URL, o?: EventSourceInit) {
          super(u, o);
          w.__quiet.push(performance.now() - w.__last);
          this.addEventListener('message', () => (w.__last = performance.now()));
        }
      } as typeof EventSource;
    });
    await page.goto(web.url);
    await page.locator('[data-table="t1"] .player, [data-table="t1"] .setup .title').first().waitFor();
    await web.close();
    // In its place, something that answers every request with an error page.
    const proxy = http.createServer((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('bad gateway\n');
    });
    await new Promise<void>((r) => proxy.listen(port, '127.0.0.1', () => r()));
    done.push(() => new Promise<void>((r) => proxy.close(() => r())));
    const before = await page.evaluate(() => (window as unknown as { __quiet: number[] }).__quiet.length);
    await page.waitForFunction((n) => (window as unknown as { __quiet: number[] }).__quiet.length > n, before, { timeout: 30_000 });
    // Opened again by its error handler: before the 12 s without updates that make a feed stale.
    const quiet = await page.evaluate((n) => (window as unknown as { __quiet: number[] }).__quiet[n], before);
    expect(quiet).toBeLessThan(12_000);
  }, 60_000);

  it('a feed that went quiet is opened again once, not over and over while the host stays quiet', async () => {
    const table = await simTable('Fuenf');
    await table.start();
    const web = await startWebServer([table], { port: 0, host: '127.0.0.1', attractMs: 600_000 });
    const port = Number(new URL(web.url).port);
    const page = await openChromium({ width: 1280, height: 720 }, done, () => {
      const w = window as unknown as { __made: number };
      w.__made = 0;
      const Real = window.EventSource;
      window.EventSource = class extends Real {
        constructor(u: string | URL, o?: EventSourceInit) {
          super(u, o);
          w.__made++;
        }
      } as typeof EventSource;
    });
    await page.goto(web.url);
    await page.locator('[data-table="t1"] .status.live').waitFor();
    await web.close();
    // A host that takes the feed and then says nothing (hung): the page waits 12 s, opens it again.
    const hung = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    });
    await new Promise<void>((r) => hung.listen(port, '127.0.0.1', () => r()));
    done.push(() => {
      hung.closeAllConnections();
      return new Promise<void>((r) => hung.close(() => r()));
    });
    const made = () => page.evaluate(() => (window as unknown as { __made: number }).__made);
    const first = await made();
    await page.waitForFunction((n) => (window as unknown as { __made: number }).__made > n, first, { timeout: 30_000 });
    const after = await made();
    // The next 3 s are well inside the 12 s the reopened feed is given.
    await new Promise((r) => setTimeout(r, 3000));
    expect((await made()) - after).toBeLessThanOrEqual(1);
  }, 60_000);
});

