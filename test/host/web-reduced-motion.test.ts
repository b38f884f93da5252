/**
 * The wall page's countdown where the screen asks for reduced motion, in real headless Chromium
 * over a simulated board: the bar under the countdown shrank smoothly (a new width every 100 ms)
 * and the count ran in tenths of a second whatever the screen asked. Now, with
 * prefers-reduced-motion, the bar steps down a tenth of the window at a time and the count goes by
 * whole seconds: the same time left, nothing sliding. (The attract sweep on the LED board: web-blink.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { openPage as openChromium } from '../support/chromium-page';
import { REPO } from '../support/host-harness';
import { simWebServer, untilNote } from '../support/sim-web';

const done: (() => unknown)[] = [];
afterAll(async () => {
  while (done.length) await done.pop()!();
});

describe('the wall page with reduced motion', () => {
  it('shows the countdown in steps: the bar by tenths, the count by whole seconds', async () => {
    const sim = await simWebServer(done, { label: 'Tisch 5' });
    await sim.table.start();
    const synced = untilNote(sim.table, (n) => n.ev === 'synced' && n.n === 0);
    sim.table.link.send({ c: 'new', p: ['Ann', 'Ben'] } as never);
    await synced;
    const page = await openChromium({ width: 1280, height: 720 }, done);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(sim.web.url);
    const panel = page.locator('[data-table="t1"]');
    await panel.locator('.player').first().waitFor();
    // A reroll window of a minute: Ann's turn ends with a throw, the window opens.
    sim.table.link.send({ c: 'cfg', k: 'window_ms', v: 60000 } as never);
    for (const a of [{ do: 'throw', faces: [3, 3, 4, 4, 5, 5, 'R'] }, { do: 'choose_target', value: 3 }]) sim.table.link.send({ c: 'act', a } as never);
    await page.locator('[data-table="t1"][data-phase="await_throw"]').waitFor();
    sim.table.link.send({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 5] } } as never);
    await panel.locator('.window.open').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(REPO, 'test', 'out', 'web-reduced-motion-window.png') });
    // As drawn now, a moment into the window.
    const shown = await panel.evaluate((el) => ({ count: el.querySelector('.window .count')!.textContent, bar: (el.querySelector('.window .bar') as HTMLElement).style.width }));
    expect(shown.count).toMatch(/^\d+ s$/);
    expect(shown.bar).toMatch(/^\d+0%$/);
    // What the page shows at given times left of 60 s: one step for all of 59.9–54.1 s.
    const view = (left: number) => page.evaluate((left) => (window as any).countdownView(left, 60000), left);
    for (const left of [59_900, 57_000, 54_100]) expect(await view(left)).toEqual({ text: Math.ceil(left / 1000) + ' s', width: '100%' });
    expect(await view(53_900)).toEqual({ text: '54 s', width: '90%' });
    expect(await view(100)).toEqual({ text: '1 s', width: '10%' });
    // Without reduced motion, as it always was: tenths, a smooth bar.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await view(57_000)).toEqual({ text: '57.0 s', width: '95%' });
  });
});
