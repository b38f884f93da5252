/**
 * The wall page for guests with photosensitive epilepsy, low vision or a screen reader, in real
 * headless Chromium over a simulated board in this process. The board's frames come with every
 * blink, so the page drew a refusal's fast red column (4 Hz then, 2.5 Hz now; 9 LEDs, ~10 000 px² at 1920 × 1080, more on
 * a portrait screen) flashing, and blinked slow LEDs whatever the screen asked: a fast blink is
 * now drawn steady with a ring, and with prefers-reduced-motion every blink. A screen reader gets
 * one heading, a heading and region per table, a polite line with what the table should do now
 * (not the countdown's ticks), and the LED board as an image with words; forced colours keep the
 * alarms and the turn marker by a frame and a sign.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openPage as openChromium } from '../support/chromium-page';
import { REPO } from '../support/host-harness';
import { simWebServer, untilNote } from '../support/sim-web';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

/** Screenshots to look at: test/out/web-a11y-*.png. */
const OUT = path.join(REPO, 'test', 'out');
mkdirSync(OUT, { recursive: true });
const shot = (name: string) => path.join(OUT, `web-a11y-${name}.png`);
const done: (() => unknown)[] = [];
afterAll(async () => {
  while (done.length) await done.pop()!();
});

/** A mirror page of a simulated board at 1920 × 1080, `reduce`d motion or not. */
async function wallPage(reduce: boolean, game: boolean) {
  const sim = await simWebServer(done, { label: 'Tisch 3' });
  await sim.table.start();
  if (game) {
    const synced = untilNote(sim.table, (n) => n.ev === 'synced' && n.n === 0);
    sim.table.link.send({ c: 'new', p: ['Ann', 'Ben'] } as never);
    await synced;
  }
  const page = await openChromium({ width: 1920, height: 1080 }, done);
  await page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
  await page.goto(sim.web.url);
  const panel = page.locator('[data-table="t1"]');
  await panel.locator(game ? '.player' : '.setup .title').first().waitFor();
  return { ...sim, page, panel };
}

/**
 * How often the LED at (x, y) changed between lit and dark on the page's canvas, sampled at every
 * animation frame for `ms`; and the most LEDs it showed held steady at once.
 */
function ledChanges(page: Page, x: number, y: number, ms: number): Promise<{ changes: number; held: number }> {
  return page.evaluate(([x, y, ms]) => new Promise((done) => {
    const c = document.querySelector('[data-table="t1"] canvas') as HTMLCanvasElement;
    const g = c.getContext('2d')!;
    // The page's geometry: 16 columns in 680 px with a 20 px gap between the panels.
    const cell = (c.width - 20) / 16, px = x * cell + cell / 2 + (x >= 8 ? 20 : 0), py = y * cell + cell / 2;
    let last: boolean | null = null, changes = 0, held = 0;
    const end = performance.now() + ms;
    const look = () => {
      const [r, gr, b] = g.getImageData(Math.round(px), Math.round(py), 1, 1).data;
      const lit = Math.max(r, gr, b) > 120;
      if (last !== null && lit !== last) changes++;
      last = lit;
      held = Math.max(held, Number(c.dataset.held || 0));
      if (performance.now() < end) requestAnimationFrame(look);
      else done({ changes, held });
    };
    look();
  }), [x, y, ms] as const);
}

describe('the wall page does not flash', () => {
  it("draws a refusal's fast red blink steady, with a ring", async () => {
    const { table, page } = await wallPage(false, true);
    // Six faces and OK: refused (seven are due): the entry's error column and the status LED blink red, fast, for 1.5 s.
    const seen = ledChanges(page, 7, 0, 2500);
    for (const k of ['K1', 'K1', 'K2', 'K3', 'K4', 'K5', 'OK']) table.link.send({ c: 'btn', b: k, k: 'press' });
    await page.waitForFunction(() => Number((document.querySelector('[data-table="t1"] canvas') as HTMLElement).dataset.held) > 0);
    await page.screenshot({ path: shot('refusal-held') });
    const { changes, held } = await seen;
    // A flash and a half while the page tells the blink (its fourth change), then steady until the error has
    // gone: 2 flashes at most, where there were 5 or 6 (11 changes).
    expect(changes).toBeLessThanOrEqual(4);
    expect(held).toBeGreaterThanOrEqual(9);
    // The error has gone (no frame comes after its last): the ring goes with it, drawn as the frame says.
    await page.waitForFunction(() => (document.querySelector('[data-table="t1"] canvas') as HTMLElement).dataset.held === '0', undefined, { timeout: 10_000 });
  });

  it('with prefers-reduced-motion, draws a slow blink steady and ringed, and stills the attract title', async () => {
    const { page, panel } = await wallPage(true, false);
    // The set-up's status LED (15, 7) blinks amber slowly while it waits.
    await page.waitForFunction(() => Number((document.querySelector('[data-table="t1"] canvas') as HTMLElement).dataset.held) > 0, undefined, { timeout: 10_000 });
    const { changes } = await ledChanges(page, 15, 7, 2200);
    expect(changes).toBe(0);
    expect(await panel.locator('canvas').getAttribute('aria-label')).toMatch(/1 blinking/);
    await page.screenshot({ path: shot('reduced-setup') });
    expect(await panel.locator('.attract .title').evaluate((e) => getComputedStyle(e).animationName)).toBe('none');
  });

  it('without it, a slow blink still blinks', async () => {
    const { page } = await wallPage(false, false);
    const { changes, held } = await ledChanges(page, 15, 7, 2200);
    expect(changes).toBeGreaterThanOrEqual(2);
    // Nor is it ever held: its changes, 500 ms apart, are no fast blink.
    expect(held).toBe(0);
  });
});

/** Chromium's accessibility tree of the page: role, name and live setting of every node not ignored. */
async function axTree(page: Page): Promise<{ role: string; name: string; live: string; level: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: any[] };
  await cdp.detach();
  const prop = (n: any, k: string) => (n.properties || []).find((p: any) => p.name === k)?.value?.value;
  return nodes.filter((n) => !n.ignored).map((n) => ({ role: n.role?.value || '', name: n.name?.value || '', live: prop(n, 'live') || '', level: prop(n, 'level') || 0 }));
}

describe('the wall page to a screen reader', () => {
  it('has a language, one h1, a heading and region per table, the LED board as an image, and a polite line without the countdown', async () => {
    const { table, page, panel } = await wallPage(false, true);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    // The marker step, with its countdown running.
    table.link.send({ c: 'cfg', k: 'window_ms', v: 60000 } as never);
    for (const a of [{ do: 'throw', faces: [3, 3, 4, 4, 5, 5, 'R'] }, { do: 'choose_target', value: 3 }]) table.link.send({ c: 'act', a } as never);
    await page.locator('[data-table="t1"][data-phase="await_throw"]').waitFor();
    table.link.send({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 5] } } as never);
    await panel.locator('.window.open').waitFor();
    const tree = await axTree(page);
    const headings = tree.filter((n) => n.role === 'heading');
    expect(headings.map((h) => [h.level, h.name])).toEqual([[1, 'dicetray · Tisch 3'], [2, 'Tisch 3']]);
    expect(tree.some((n) => n.role === 'region' && n.name === 'Tisch 3')).toBe(true);
    const img = tree.filter((n) => n.role === 'image');
    expect(img.map((n) => n.name)).toEqual([expect.stringMatching(/^LED board: \d+ of 128 LEDs lit/)]);
    // The game's words are text: whose turn, the players and what to do.
    const names = tree.map((n) => n.name).join('\n');
    expect(names).toContain('Ann');
    expect(names).toContain('Ben');
    // The line is in the tree, in a polite live region (and so is what it says).
    const live = tree.filter((n) => n.live === 'polite');
    const say = await panel.locator('.say').textContent();
    // The headline and the host's lines for now (here the marker step, counting down).
    expect(say).toContain(await panel.locator('.turn').textContent());
    expect(say).toContain((await panel.locator('.window .lines').textContent())!.slice(0, 20));
    // What just happened too (the throw, a steal, Murphy changing hands: the footer's event line).
    const happened = (await panel.locator('.notes').textContent())!;
    expect(happened.length).toBeGreaterThan(5);
    expect(say).toContain(happened);
    // Not the seconds: they change ten times a second and a screen reader would say each.
    expect(say).not.toMatch(/\d+\.\d s/);
    const first = say;
    await page.waitForFunction((c) => document.querySelector('[data-table="t1"] .window .count')!.textContent !== c, await panel.locator('.window .count').textContent());
    expect(await panel.locator('.say').textContent()).toBe(first);
    expect(live.length).toBeGreaterThan(0);
    expect(await panel.locator('.say').getAttribute('aria-live')).toBe('polite');
    expect(tree.some((n) => n.role === 'StaticText' && n.name === first)).toBe(true);
    // The line that says the host is gone is a status: read out when it shows.
    expect(await page.getAttribute('#offline', 'role')).toBe('status');
    // The player whose turn it is, without colour.
    expect(await panel.locator('.player[aria-current="true"] .name').textContent()).toBe('Ann');
  });
});

describe('the wall page in forced colours', () => {
  it('frames the alarms and marks whose turn it is with a sign', async () => {
    const { table, web, page, panel } = await wallPage(false, true);
    await page.emulateMedia({ forcedColors: 'active' });
    for (const k of ['K1', 'K1', 'K2', 'K3', 'K4', 'K5', 'OK']) table.link.send({ c: 'btn', b: k, k: 'press' });
    await panel.locator('.refusal.on').waitFor();
    const look = (sel: string) => page.locator(sel).first().evaluate((e) => {
      const cs = getComputedStyle(e);
      return { border: cs.borderTopStyle + ' ' + (parseFloat(cs.borderTopWidth) > 0), sign: getComputedStyle(e, '::before').content };
    });
    await page.screenshot({ path: shot('forced-refusal') });
    expect(await look('[data-table="t1"] .refusal.on')).toEqual({ border: 'solid true', sign: '"⚠ "' });
    // The banner's rule (a board restarted, a table lost) is the same; computed though none shows now.
    expect(await look('[data-table="t1"] .banner')).toEqual({ border: 'solid true', sign: '"⚠ "' });
    // The refusal is said too.
    expect(await panel.locator('.say').textContent()).toContain(await panel.locator('.refusal').textContent());
    expect(await look('[data-table="t1"] .player.active .rank')).toMatchObject({ sign: '"▶"' });
    expect(await panel.locator('.player.active').evaluate((e) => getComputedStyle(e).outlineStyle)).toBe('solid');
    // The host goes away: the line that says so is framed too.
    await web.close();
    await page.waitForFunction(() => document.body.dataset.link === 'down', undefined, { timeout: 20_000 });
    await page.screenshot({ path: shot('forced-offline') });
    expect(await look('#offline')).toEqual({ border: 'solid true', sign: '"⚠ "' });
  });
});

describe('the wall page at 200 % zoom', () => {
  it('cuts nothing of a 5-player game with a refusal, at half of 1920 × 1080 and of 1280 × 720, forced colours too', async () => {
    const { table, page, panel } = await wallPage(false, false);
    const r = setupPechvogel({ players: ['Maximilian', 'Anna-Katharina', 'Jean-Baptiste', 'Ølaf', 'Seat 5'] });
    if (!r.ok) throw new Error('setup');
    r.state.players.forEach((p, i) => {
      p.markers = [[3, 4, 5], [3, 4], [6], [5, 7], [7]][i];
      p.frustrations = [2, 1, 0, 4, 1][i];
    });
    r.state.murphy = 3;
    table.link.send({ c: 'load', st: r.state } as never);
    await panel.locator('.player').nth(4).waitFor();
    for (const k of ['K1', 'OK']) table.link.send({ c: 'btn', b: k, k: 'press' });
    await panel.locator('.refusal.on').waitFor();
    // Frustrations are read as a number of them, not as a row of ✖.
    expect(await panel.locator('.player .frus').evaluateAll((es) => es.map((e) => e.getAttribute('aria-label')))).toEqual(['2 frustrations', '1 frustration', null, '4 frustrations', '1 frustration']);
    const found: string[] = [];
    for (const forced of ['none', 'active'] as const) {
      await page.emulateMedia({ forcedColors: forced });
      // Browser zoom at 200 % halves the CSS viewport.
      for (const [width, height] of [[960, 540], [640, 360]]) {
        await page.setViewportSize({ width, height });
        await page.waitForTimeout(300);
        await page.screenshot({ path: shot(`zoom-${forced}-${width}x${height}`) });
        found.push(...(await page.evaluate(() => {
          const out: string[] = [];
          const panel = document.querySelector('[data-table="t1"]') as HTMLElement;
          const pr = panel.getBoundingClientRect();
          for (const e of Array.from(panel.querySelectorAll('.inner *:not(.sr)')) as HTMLElement[]) {
            if (e.offsetParent === null || !(e.textContent || '').trim()) continue;
            const r = e.getBoundingClientRect(), what = e.className + ' "' + (e.textContent || '').slice(0, 20) + '"';
            if (r.bottom > pr.bottom + 1 || r.right > pr.right + 1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) out.push(what + ' outside');
            if (e.scrollWidth > e.clientWidth + 1 && !e.matches('.name')) out.push(what + ' cut sideways');
          }
          return out;
        })).map((p) => `${forced} ${width}x${height}: ${p}`));
      }
    }
    expect(found).toEqual([]);
  });
});
