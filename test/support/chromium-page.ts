/** The big-screen page in Debian's Chromium for the web tests: headless, with a profile of its own. */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratchDir } from './host-harness';

export const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * A page at `viewport`; its browser is closed by the caller's clean-up list `done` (run in
 * afterAll). `init` runs in the page before its own scripts (e.g. to wrap EventSource).
 */
export async function openPage(viewport: { width: number; height: number }, done: (() => unknown)[], init?: () => void): Promise<Page> {
  const ctx: BrowserContext = await chromium.launchPersistentContext(scratchDir('dicetray-chromium-'), {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: ARGS,
  });
  done.push(() => ctx.close());
  if (init) await ctx.addInitScript(init);
  return ctx.pages()[0] || (await ctx.newPage());
}

/**
 * A page in a window of `size` screen pixels at browser zoom `zoom` (2: Ctrl + to 200 %), as
 * Chromium zooms: the zoom is the profile's default (its Preferences, a zoom level being log base
 * 1.2 of the factor), so the CSS viewport shrinks and devicePixelRatio grows while the window's
 * outer size stays; viewport emulation (openPage) cannot tell zoom from a small screen.
 */
export async function openZoomedPage(size: { width: number; height: number }, zoom: number, done: (() => unknown)[]): Promise<Page> {
  const dir = scratchDir('dicetray-chromium-');
  mkdirSync(path.join(dir, 'Default'), { recursive: true });
  writeFileSync(path.join(dir, 'Default', 'Preferences'), JSON.stringify({ partition: { default_zoom_level: { x: Math.log(zoom) / Math.log(1.2) } } }));
  const ctx: BrowserContext = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: null,
    args: [...ARGS, `--window-size=${size.width},${size.height}`],
  });
  done.push(() => ctx.close());
  return ctx.pages()[0] || (await ctx.newPage());
}
