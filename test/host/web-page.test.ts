import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openPage as openChromium } from '../support/chromium-page';
import { Cli, PtyBoard, REPO, scratchDir, sleep } from '../support/host-harness';
import { rawHttp } from '../support/sim-web';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

// The big-screen page in real headless Chromium, fed by `dicetray mirror --web` over real ptys:
// two tables (one mid-game with an open reroll window, one idle), live updates from a button
// pressed on the simulated board, read-only server. Keeps a screenshot in test/out/.

const OUT = path.join(REPO, 'test', 'out');
const done: (() => unknown)[] = [];
afterAll(async () => {
  while (done.length) await done.pop()!();
});

/** A simulated board on a pty of its own (stopped after the tests). */
async function ptyBoard(name: string): Promise<PtyBoard> {
  const b = await PtyBoard.start(scratchDir(), name);
  done.push(() => b.stop());
  return b;
}

/** `dicetray mirror --json --web PORT --no-log` for labelled boards; its page's address once it serves. */
async function webMirror(tables: [string, PtyBoard][], extra: string[] = [], web = '0'): Promise<{ cli: Cli; url: string }> {
  const cli = new Cli(['mirror', ...tables.flatMap(([l, b]) => ['--port', `${l}=${b.path}`]), '--json', '--web', web, '--no-log', ...extra]);
  done.push(() => cli.stop());
  const url = (await cli.event((e) => e.ev === 'web')).url as string;
  return { cli, url };
}

describe('the mirror page', () => {
  it('shows a game in progress, updates when a button is pressed on the board, and cannot send anything', async () => {
    const window = await ptyBoard('ttyWIN');
    const bar = await ptyBoard('ttyBAR');
    const { cli, url } = await webMirror([['Window', window], ['Bar', bar]]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

    // Table "Window": three players who each hold a frustration, so the next throw opens a reroll window.
    const setup = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo'] });
    if (!setup.ok) throw new Error('setup');
    const st = setup.state;
    for (const p of st.players) p.frustrations = 1;
    window.command({ c: 'cfg', k: 'window_ms', v: 60000 });
    window.command({ c: 'load', st } as never);
    await cli.event((e) => e.table === 'Window' && e.ev === 'synced' && e.n === 0);
    window.command({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 4, 5, 5, 6] } });
    window.command({ c: 'act', a: { do: 'choose_target', value: 3 } });
    window.command({ c: 'act', a: { do: 'throw', faces: [3, 4, 4, 5, 5] } });
    await cli.event((e) => e.table === 'Window' && e.ev === 'action' && e.n === 3 && e.phase === 'reroll_window');

    const page = await openChromium({ width: 1600, height: 900 }, done);
    await page.goto(url);

    const win = page.locator('[data-table="t1"]');
    await win.locator('.players .player').first().waitFor();
    await page.waitForFunction(() => document.querySelector('[data-table="t1"]')?.getAttribute('data-phase') === 'reroll_window');
    expect(await win.locator('.label').textContent()).toBe('Window');
    expect(await win.locator('.status').textContent()).toBe('live');
    expect(await win.locator('.player .name').allTextContents()).toEqual(['Ann', 'Ben', 'Cleo']);
    expect(await win.locator('.player.active .name').textContent()).toBe('Ann');
    expect(await win.locator('.turn').textContent()).toBe('Ann threw: reroll window open');
    expect(await win.locator('.detail').textContent()).toContain('Target 3 · on the board: 3 × 3, 0 ravens');
    // The countdown, and who may do what in the host's words (the same as the terminal's).
    expect(await win.locator('.window.open .count').textContent()).toMatch(/^\d+\.\d s$/);
    expect(await win.locator('.window.open .lines').textContent()).toBe('Reroll window: OK = passfrustrate: Ben, Cleo (own seat button, 1 frustration each: Ann rerolls)reduce: Ann (own seat button, pays 1 frustration: rerolls)');
    // The LED board is drawn from the board's frames.
    const lit = await page.evaluate(() => {
      const c = document.querySelector('[data-table="t1"] canvas') as HTMLCanvasElement;
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] > 200) n++;
      return n;
    });
    expect(lit).toBeGreaterThan(100);
    // The other table is in set-up: it says how to join.
    await page.locator('[data-table="t2"] .setup .title').waitFor();
    expect(await page.locator('[data-table="t2"] .setup').textContent()).toContain('Press your seat button to join, then OK');
    expect(await page.locator('[data-table="t2"] .label').textContent()).toBe('Bar');

    // Ben presses his seat button on the board: he votes to frustrate; the page follows.
    const before = Number(await page.evaluate(() => document.body.dataset.updates));
    window.board.press('S2', 60);
    await win.locator('.player[data-seat="1"]', { hasText: 'frustrates' }).waitFor({ timeout: 10_000 });
    expect(Number(await page.evaluate(() => document.body.dataset.updates))).toBeGreaterThan(before);
    expect(await win.locator('.window.open .lines').textContent()).toMatch(/^Reroll window: OK = frustrate \(1 vote\)votes: Ben/);
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'mirror-page.png') });

    // Read-only: nothing but GET/HEAD, and no route that reaches a board.
    const post = await fetch(url, { method: 'POST', body: '{"c":"btn","b":"OK"}' });
    expect(post.status).toBe(405);
    expect((await fetch(url + 'btn', { method: 'GET' })).status).toBe(404);
    // Paths a URL parser throws on (anyone on the café's network can send them): not found, and the page goes on.
    for (const bad of ['//', '/\\', '//x:y']) expect(await rawStatus(url, `GET ${bad} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), bad).toBe('404');
    expect((await fetch(url + 'state.json')).status).toBe(200);
    const state = await (await fetch(url + 'state.json')).json();
    expect(state.tables.map((t: { label: string; status: string }) => [t.label, t.status])).toEqual([
      ['Window', 'live'],
      ['Bar', 'live'],
    ]);
    expect(state.tables[0].game.players[1].name).toBe('Ben');
    expect(state.tables[0].game.rng).toBeUndefined();

    // Staff open the menu at the table (OK + BACK held 3 s): the page shows its keys; OK leaves it.
    window.board.press('OK', 3400);
    window.board.press('BK', 3400);
    await win.locator('.staff .sk').first().waitFor({ timeout: 10_000 });
    expect(await win.locator('.staff').textContent()).toContain('OKleaves the menu');
    await sleep(600);
    window.board.press('OK', 60);
    await win.locator('.staff').waitFor({ state: 'hidden', timeout: 10_000 });
    expect(await win.locator('.banner').textContent()).toBe('');

    // Table "Bar": a turn ends with a single marker option; the board makes it after a wait in
    // which BACK corrects the throw, and the page says both.
    // A wait long enough that a loaded machine still presses BACK within it (the default is 3 s).
    bar.command({ c: 'cfg', k: 'marker_ms', v: 60000 });
    bar.command({ c: 'new', p: ['Dan', 'Eva'] } as never);
    for (const a of [{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 4] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 3, 4, 5, 6] }]) bar.command({ c: 'act', a });
    const barPanel = page.locator('[data-table="t2"]');
    await barPanel.locator('.window.open .lines', { hasText: /^Only choice: Dan takes a 3 from the middle \(OK: now; BACK: correct the throw\)$/ }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: path.join(OUT, 'mirror-page-marker-wait.png') });
    bar.board.press('BK', 60);
    await barPanel.locator('.prompt', { hasText: "Correcting Dan's last throw (5 dice): enter its faces, OK" }).waitFor({ timeout: 10_000 });
    expect(await barPanel.locator('.window').isVisible()).toBe(false);
  });
  it('the staff menu shows its keys and settings large, and how to leave it; the self-test says so and how to leave it', async () => {
    const t = await ptyBoard('ttySTAFF');
    const { cli, url } = await webMirror([['Theke', t]]);
    t.command({ c: 'cfg', k: 'window_ms', v: 8000 });
    t.command({ c: 'new', p: ['Ann', 'Ben'] } as never);
    await cli.event((e) => e.ev === 'synced' && e.n === 0);
    const page = await openChromium({ width: 1920, height: 1080 }, done);
    await page.goto(url);
    const panel = page.locator('[data-table="t1"]');
    await panel.locator('.player').first().waitFor();
    expect(await panel.locator('.staff').isVisible()).toBe(false);

    t.board.press('OK', 3400);
    t.board.press('BK', 3400);
    await panel.locator('.staff .sk').first().waitFor({ timeout: 10_000 });
    // The keys as the terminal lists them, with the settings now (8 s, full brightness), and how to leave.
    expect(await panel.locator('.staff .sk').allTextContents()).toEqual([
      'K1reroll-window time: 8 s',
      'K2brightness: full',
      'K3held: end the game',
      'K4held: console for flashing',
      'K5self-test',
      'OKleaves the menu',
    ]);
    expect(await panel.locator('.staff .snote').textContent()).toBe('Play waits while the menu is open: countdowns run again in full after.');
    // Readable across the café (4 m): at least as large as the players' names, and 32 px or more on a 1080p screen.
    const px = (sel: string) => page.evaluate((q) => parseFloat(getComputedStyle(document.querySelector(q)!).fontSize), `[data-table="t1"] ${sel}`);
    expect(await px('.staff .sk')).toBeGreaterThanOrEqual(await px('.player .name'));
    expect(await px('.staff .sk')).toBeGreaterThanOrEqual(32);
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'mirror-page-staff.png') });

    // K1 cycles the reroll-window time: the page shows the new one.
    t.board.press('K1', 60);
    await panel.locator('.staff .sk', { hasText: 'K1reroll-window time: 12 s' }).waitFor({ timeout: 10_000 });
    // K5: the self-test runs (the buttons work the test): the page says so and how to leave it.
    t.board.press('K5', 60);
    await panel.locator('.staff .stitle', { hasText: 'Self-test running' }).waitFor({ timeout: 10_000 });
    expect(await panel.locator('.staff').textContent()).toContain('To leave it: hold OK + BACK together for 3 s');
    await page.screenshot({ path: path.join(OUT, 'mirror-page-selftest.png') });
    // A press in the self-test is the test's, not the menu's: the page still says self-test.
    t.board.press('K2', 60);
    await sleep(800);
    expect(await panel.locator('.staff .stitle').textContent()).toBe('Self-test running');
    // OK + BACK held 3 s leave it: the menu is back, with its keys; OK leaves that.
    t.board.press('OK', 3400);
    t.board.press('BK', 3400);
    await panel.locator('.staff .sk', { hasText: 'K1reroll-window time: 12 s' }).waitFor({ timeout: 10_000 });
    expect(await panel.locator('.staff .stitle').textContent()).toMatch(/^Staff menu open/);
    await sleep(300);
    t.board.press('OK', 60);
    await panel.locator('.staff').waitFor({ state: 'hidden', timeout: 10_000 });
    expect(await panel.locator('.prompt').textContent()).toBe('Ann: first throw, 7 dice (type their faces, then OK)');
  });

  it('a refusal goes by itself after a while and a new one shows again; the set-up drops the finished game\'s last event', async () => {
    const t = await ptyBoard('ttyOVER');
    const { cli, url } = await webMirror([['Ecke', t]]);
    // One 3 left in the middle: Ann throws four 3s, takes it, and the game is over.
    const r = setupPechvogel({ players: ['Ann', 'Ben'] });
    if (!r.ok) throw new Error('setup');
    const st = r.state;
    st.middle = [1, 0, 0, 0, 0];
    st.players[1].markers = [4, 5];
    t.command({ c: 'cfg', k: 'marker_ms', v: 60000 });
    t.command({ c: 'load', st } as never);
    await cli.event((e) => e.ev === 'synced' && e.n === 0);
    for (const a of [{ do: 'throw', faces: [3, 3, 3, 3, 4, 5, 6] }, { do: 'choose_target', value: 3 }, { do: 'take_marker' }]) t.command({ c: 'act', a });
    await cli.event((e) => e.ev === 'action' && e.phase === 'game_over');
    const page = await openChromium({ width: 1280, height: 720 }, done);
    await page.goto(url);
    const panel = page.locator('[data-table="t1"]');
    await page.locator('[data-table="t1"][data-phase="game_over"]').waitFor();
    expect(await panel.locator('.notes').textContent()).toBe('Ann took a 3 from the middle · game over');

    // A stray OK at the end: refused, shown in words; it goes by itself (REFUSAL_SHOW_MS, 12 s).
    t.board.press('OK', 60);
    await panel.locator('.refusal.on', { hasText: 'Refused: the game is over' }).waitFor({ timeout: 10_000 });
    const shown = Date.now();
    // Not before its 12 s (a loaded machine can only make it later; the wait bounds that).
    await panel.locator('.refusal').waitFor({ state: 'hidden', timeout: 40_000 });
    expect(Date.now() - shown).toBeGreaterThan(9_000);
    // The board's ui line has not changed (the refusal is still its last word): the page's own clock took it away.
    expect((await (await fetch(url + 'state.json')).json()).tables[0].ui.err).toBe('game_over');
    // The same stray press again: a new refusal, shown again (no new ui line comes for it, only the press).
    t.board.press('OK', 60);
    await panel.locator('.refusal.on', { hasText: 'Refused: the game is over' }).waitFor({ timeout: 10_000 });

    // Long BACK: a new set-up. The finished game's last event is not the set-up's.
    t.board.press('BK', 1500);
    await panel.locator('.setup .title').waitFor({ timeout: 10_000 });
    expect(await panel.locator('.notes').textContent()).toBe('');
    expect(await panel.locator('.refusal').isVisible()).toBe(false);
  }, 120_000);

  it('says for a while that the board restarted (a power cut): the game came back, a half-entered throw did not', async () => {
    const t = await ptyBoard('ttyCUT');
    const { cli, url } = await webMirror([['Ecke', t]]);
    await cli.event((e) => e.ev === 'synced');
    const from = cli.count();
    t.command({ c: 'new', p: ['Ann', 'Ben'] } as never);
    // Actions sent before the mirror has its snapshot of the new game would only arrive inside it.
    await cli.event((e) => e.ev === 'synced' && e.n === 0, 10_000, from);
    t.command({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] } });
    await cli.event((e) => e.ev === 'action' && e.n === 1);
    const page = await openChromium({ width: 1280, height: 720 }, done);
    await page.goto(url);
    const notes = page.locator('[data-table="t1"] .notes');
    await notes.filter({ hasText: /^Ann threw 3 3 4 5 6 7 raven$/ }).waitFor({ timeout: 10_000 });
    t.board.powerCut();
    t.board.boot();
    await cli.event((e) => e.ev === 'hello' && e.boot === 2, 15_000);
    await notes.filter({ hasText: /^The board restarted \(a power cut\?\): the game goes on where it was/ }).waitFor({ timeout: 15_000 });
    await page.locator('[data-table="t1"][data-phase="await_target"]').waitFor();
    // The next press is news of its own: the notice makes way.
    t.board.press('K1', 60);
    await notes.filter({ hasText: /^The board restarted/ }).waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('classroom mode (--odds) shows the exact odds of the turn under the prompt', async () => {
    const t = await ptyBoard('ttyODDS');
    const { cli, url } = await webMirror([['Class', t]], ['--odds']);
    t.command({ c: 'new', p: ['Ann', 'Ben'] } as never);
    await cli.event((e) => e.ev === 'synced');
    const page = await openChromium({ width: 1280, height: 720 }, done);
    await page.goto(url);
    const panel = page.locator('[data-table="t1"]');
    await panel.locator('.prompt', { hasText: 'odds, no rerolls (target: most dice): marker 58 % · 3+ ravens 46 % · both 4 % · Murphy 15 %' }).waitFor({ timeout: 10_000 });
    // 3 targets and 2 ravens on the board: 11/20 each way (test/shared/pechvogel-odds.test.ts).
    for (const a of [{ do: 'throw', faces: [5, 5, 5, 'R', 'R', 3, 4] }, { do: 'choose_target', value: 5 }]) t.command({ c: 'act', a });
    await panel.locator('.prompt', { hasText: 'odds, no rerolls: marker 55 % · 3+ ravens 55 % · both 10 % · Murphy 10 %' }).waitFor({ timeout: 10_000 });
    expect(await panel.locator('.prompt').textContent()).toMatch(/^Ann: throw 2 dice/);
    // The odds line breaks only between its items: each one whole on its line, the sign with its number.
    const items = panel.locator('.prompt .nw');
    expect(await items.allTextContents()).toEqual(['marker 55\u00a0%', '3+ ravens 55\u00a0%', 'both 10\u00a0%', 'Murphy 10\u00a0%']);
    expect(await items.first().evaluate((e) => getComputedStyle(e).whiteSpace)).toBe('nowrap');
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'mirror-page-odds.png') });
  });

  it('says so when the host goes away, instead of showing a frozen game, and catches up when it is back', async () => {
    const pb = await ptyBoard('ttyGONE');
    pb.command({ c: 'new', p: ['Ann', 'Ben'] } as never);
    const first = await webMirror([['Corner', pb]]);
    const url = first.url;
    const port = new URL(url).port;

    const page = await openChromium({ width: 1280, height: 720 }, done);
    await page.goto(url);
    await page.locator('[data-table="t1"][data-phase="await_first_throw"]').waitFor();
    expect(await page.evaluate(() => document.body.dataset.link)).toBe('up');
    expect(await page.locator('#offline').isVisible()).toBe(false);

    // The host process dies (a crash, the computer behind the screen restarting).
    await first.cli.kill('SIGKILL');
    await page.waitForFunction(() => document.body.dataset.link === 'down', undefined, { timeout: 10_000 });
    expect(await page.locator('#offline').isVisible()).toBe(true);
    expect(await page.locator('[data-table="t1"] .status').textContent()).toBe('host lost');
    expect(await page.locator('#offline').textContent()).toMatch(/^No connection to the dicetray host since .+\. The games go on at the tables/);
    // The red line is above the tables, not over them.
    const [line, panel] = await page.evaluate(() => [document.getElementById('offline')!.getBoundingClientRect().bottom, document.querySelector('.panel')!.getBoundingClientRect().top]);
    expect(panel).toBeGreaterThanOrEqual(line);
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'mirror-page-offline.png') });

    // Meanwhile the game goes on at the table; the host comes back on the same port.
    pb.command({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 4, 5, 5, 6] } });
    const cli = (await webMirror([['Corner', pb]], [], port)).cli;
    await page.waitForFunction(() => document.body.dataset.link === 'up', undefined, { timeout: 15_000 });
    await page.locator('[data-table="t1"][data-phase="await_target"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('#offline').isVisible()).toBe(false);
    expect(await page.locator('[data-table="t1"] .status').textContent()).toBe('live');

    // A feed that goes quiet without an error (the host hangs; as a dead network path would look):
    // after 12 s without the 5-second update the page says so and opens the feed again.
    const back = cli;
    done.push(() => back.signal('SIGCONT'));
    back.signal('SIGSTOP');
    await page.waitForFunction(() => document.body.dataset.link === 'down', undefined, { timeout: 25_000 });
    back.signal('SIGCONT');
    await page.waitForFunction(() => document.body.dataset.link === 'up', undefined, { timeout: 20_000 });
  });
});

/** The status code a raw request gets (fetch would tidy the path first). */
async function rawStatus(url: string, request: string): Promise<string> {
  return ((await rawHttp(url, request)).match(/^HTTP\/1\.1 (\d+)/) || ['', 'no answer'])[1];
}
