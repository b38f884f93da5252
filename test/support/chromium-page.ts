/** The big-screen page in Debian's Chromium for the web tests: headless, with a profile of its own. */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { scratchDir } from './host-harness';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * A page at `viewport`; its browser is closed by the caller's clean-up list `done` (run in
 * afterAll). `init` runs in the page before its own scripts (e.g. to wrap EventSource).
 */
export async function openPage(viewport: { width: number; height: number }, done: (() => unknown)[], init?: () => void): Promise<Page> {
  const ctx: BrowserContext = await chromium.launchPersistentContext(scratchDir('dicetray-chromium-'), {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  done.push(() => ctx.close());
  if (init) await ctx.addInitScript(init);
  return ctx.pages()[0] || (await ctx.newPage());
}
