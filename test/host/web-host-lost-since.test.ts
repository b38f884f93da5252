import { afterAll, describe, expect, it } from 'vitest';
import { openPage as openChromium } from '../support/chromium-page';
import { PtyBoard, scratchDir, sleep, webMirror } from '../support/host-harness';

// The wall page's red line "No connection to the dicetray host since …" gave the time the page
// noticed: 12 s after the last update on a feed that went quiet (a hung host, a dead network
// path). It says since the last update that came, when the host was last known alive. The page's
// clock is Playwright's, moved on by hand: the test does not wait the 12 s.

const done: (() => unknown)[] = [];
afterAll(async () => {
  while (done.length) await done.pop()!();
});

describe('the wall page when the host goes quiet', () => {
  it('says since the last update it received, not since it noticed', { timeout: 90_000 }, async () => {
    const a = await PtyBoard.start(scratchDir(), 'ttyQUIET');
    done.push(() => a.stop());
    a.command({ c: 'new', p: ['Ann', 'Ben'] } as never);
    const { cli, url } = await webMirror(`Ecke=${a.path}`, done);
    done.push(() => cli.signal('SIGCONT'));
    await cli.event((e) => e.ev === 'synced');
    // When each update came, on the page's clock.
    const page = await openChromium({ width: 1280, height: 720 }, done, () => {
      const w = window as unknown as { __last: number };
      const Real = window.EventSource;
      window.EventSource = class extends Real {
        constructor(u: string | URL, o?: EventSourceInit) {
          super(u, o);
          this.addEventListener('message', () => (w.__last = Date.now()));
        }
      } as typeof EventSource;
    });
    await page.clock.install();
    await page.goto(url);
    await page.locator('[data-table="t1"][data-status="live"]').waitFor();
    // An update more than a second after the page came: the time said is that update's, not the page's.
    const opened = await page.evaluate(() => Date.now());
    await sleep(1500);
    a.command({ c: 'new', p: ['Ann', 'Cleo'] } as never);
    await page.waitForFunction((t) => (window as unknown as { __last: number }).__last > t + 1200, opened, { timeout: 15_000 });
    // The host hangs: no more updates, no error on the feed.
    cli.signal('SIGSTOP');
    await sleep(1000);
    const last = await page.evaluate(() => (window as unknown as { __last: number }).__last);
    expect(last).toBeGreaterThan(0);
    await page.clock.fastForward(20_000);
    await page.waitForFunction(() => document.body.dataset.link === 'down', undefined, { timeout: 10_000 });
    const time = await page.evaluate((ms) => new Date(ms).toLocaleTimeString(), last);
    expect(await page.locator('#offline').textContent()).toBe(`No connection to the dicetray host since ${time}. The games go on at the tables; this screen catches up when the host is back.`);
    cli.signal('SIGCONT');
    await page.waitForFunction(() => document.body.dataset.link === 'up', undefined, { timeout: 20_000 });
  });
});
