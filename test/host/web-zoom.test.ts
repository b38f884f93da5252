/**
 * Browser zoom on the wall page, in real headless Chromium zoomed as a guest's Ctrl + zooms it (the
 * profile's zoom level: the CSS viewport shrinks, devicePixelRatio grows, the window stays). The page
 * fitted its type to the CSS viewport alone, so at 200 % it fitted half the CSS pixels and showed the
 * text exactly as large as at 100 %: a low-vision viewer zooming in got nothing bigger. Now the type
 * grows with the zoom (the page scrolls down; nothing is cut sideways), and at 100 % the panel still
 * fits the screen without scrolling. Screenshots: test/out/web-zoom-*.png.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openPage, openZoomedPage } from '../support/chromium-page';
import { REPO } from '../support/host-harness';
import { simWebServer, untilNote } from '../support/sim-web';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

const OUT = path.join(REPO, 'test', 'out');
mkdirSync(OUT, { recursive: true });
const done: (() => unknown)[] = [];
afterAll(async () => {
  while (done.length) await done.pop()!();
});

/** A game of five with long names, markers and frustrations, loaded on a simulated board. */
async function fiveAtTheTable() {
  const sim = await simWebServer(done, { label: 'Tisch 2' });
  await sim.table.start();
  const r = setupPechvogel({ players: ['Maximilian', 'Anna-Katharina', 'Jean-Baptiste', 'Ølaf', 'Seat 5'] });
  if (!r.ok) throw new Error('setup');
  const s = r.state;
  [[3, 4, 5, 6, 7], [3, 4, 5], [4, 6], [3], [5, 7]].forEach((m, i) => (s.players[i].markers = m));
  [4, 1, 0, 9, 2].forEach((f, i) => (s.players[i].frustrations = f));
  s.murphy = 3;
  const synced = untilNote(sim.table, (n) => n.ev === 'synced');
  sim.table.link.send({ c: 'load', st: s } as never);
  await synced;
  return sim;
}

/** The page at `zoom` in a 1280 × 720 window: the players' names' type in screen pixels, and what scrolls or is cut. */
async function look(url: string, zoom: number) {
  const page = await openZoomedPage({ width: 1280, height: 720 }, zoom, done);
  await page.goto(url);
  await page.locator('[data-table="t1"] .player').first().waitFor();
  // Fitted (the page fits on each update and resize; a few ticks).
  await page.waitForFunction(() => document.querySelector('[data-table="t1"]')!.getAttribute('style')?.includes('font-size'));
  // Zoomed, the page says so (html.zoomed) once it has seen the zoom; a page that never does fails below.
  if (zoom > 1) await page.waitForFunction(() => document.documentElement.classList.contains('zoomed'), undefined, { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  const seen = await page.evaluate(() => {
    const panel = document.querySelector('[data-table="t1"]') as HTMLElement;
    const cut = Array.from(panel.querySelectorAll('.player, .turn, .prompt, .middle, .head, .legend, .options')).filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.className);
    const root = document.documentElement;
    return {
      dpr: devicePixelRatio,
      screenPx: parseFloat(getComputedStyle(panel.querySelector('.player .name')!).fontSize) * devicePixelRatio,
      cut,
      sideways: root.scrollWidth > innerWidth + 1,
      scrolls: root.scrollHeight > innerHeight + 1,
      panelInside: panel.getBoundingClientRect().bottom <= innerHeight + 0.5,
    };
  });
  // Not fullPage: that makes the viewport as tall as the page for the shot, and the page fits again
  // (and headless Chromium draws a zoomed page scrolled down offset in a shot: the top only).
  await page.screenshot({ path: path.join(OUT, `web-zoom-${zoom * 100}.png`) });
  return seen;
}

describe('the wall page under browser zoom', () => {
  it('shows the type larger at 200 % than at 100 %, cut nowhere, and fits the screen at 100 %', async () => {
    const { web } = await fiveAtTheTable();
    const at100 = await look(web.url, 1);
    const at200 = await look(web.url, 2);
    expect(at100.dpr).toBe(1);
    expect(at200.dpr).toBe(2);
    // The wall screen's fit at 100 %: all of it on the screen, no scrolling.
    expect(at100).toMatchObject({ cut: [], sideways: false, scrolls: false, panelInside: true });
    // Zoomed in: the names at least 1.5 times as large on the screen (they were the same size).
    expect(at200.screenPx).toBeGreaterThan(at100.screenPx * 1.5);
    // Reflowed, not cut: the page scrolls down, nothing runs off sideways.
    expect(at200).toMatchObject({ cut: [], sideways: false });
    // A first step of Ctrl + (125 %) counts too: the type grows with it.
    const at125 = await look(web.url, 1.25);
    expect(at125.dpr).toBe(1.25);
    expect(at125.screenPx).toBeGreaterThan(at100.screenPx * 1.15);
    expect(at125).toMatchObject({ cut: [], sideways: false });
  });

  it('takes neither a HiDPI screen nor a narrowed window (side panel, docked devtools) at 100 % for zoom', async () => {
    const { web } = await fiveAtTheTable();
    const cases: [string, () => void][] = [
      // devicePixelRatio 2, but the window's outer width in CSS pixels as its inner.
      ['HiDPI', () => Object.defineProperty(window, 'devicePixelRatio', { get: () => 2 })],
      // The page a third narrower than the window, devicePixelRatio 1.
      ['side panel', () => Object.defineProperty(window, 'outerWidth', { get: () => Math.round(window.innerWidth * 1.5) })],
    ];
    for (const [what, init] of cases) {
      const page = await openPage({ width: 1280, height: 720 }, done, init);
      await page.goto(web.url);
      await page.locator('[data-table="t1"] .player').first().waitFor();
      await page.waitForFunction(() => document.querySelector('[data-table="t1"]')!.getAttribute('style')?.includes('font-size'));
      expect(await page.evaluate(() => [document.documentElement.classList.contains('zoomed'), document.documentElement.scrollHeight <= innerHeight]), what).toEqual([false, true]);
    }
  });

  it('takes a zoom the window reports after the page was laid out, without a resize', async () => {
    const { web } = await fiveAtTheTable();
    const page = await openPage({ width: 1280, height: 720 }, done);
    await page.goto(web.url);
    await page.locator('[data-table="t1"] .player').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('zoomed'))).toBe(false);
    // What a window still opening at 200 % reports a moment later: no resize event comes with it.
    await page.evaluate(() => {
      const w = innerWidth;
      Object.defineProperty(window, 'devicePixelRatio', { get: () => 2 });
      Object.defineProperty(window, 'outerWidth', { get: () => 2 * w });
    });
    await page.waitForFunction(() => document.documentElement.classList.contains('zoomed'), undefined, { timeout: 10_000 });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--zoom').trim())).toBe('2');
  });
});
