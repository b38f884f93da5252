/**
 * The wall page's blink detection, fed made-up frame times in real headless Chromium (the page's
 * own noteFrame, heldAt and drawLeds): which changes are a blink, which are held steady and for how
 * long, and what a held LED looks like. Frame times are given, not waited for, so nothing here
 * depends on how busy the machine is; web-a11y covers the same over a simulated board.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage as openChromium } from '../support/chromium-page';
import { simWebServer } from '../support/sim-web';

const done: (() => unknown)[] = [];
let page: Page;
beforeAll(async () => {
  const sim = await simWebServer(done, { label: 'Tisch 1' });
  await sim.table.start();
  page = await openChromium({ width: 1280, height: 720 }, done);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto(sim.web.url);
  await page.locator('[data-table="t1"]').waitFor();
}, 60_000);
afterAll(async () => {
  while (done.length) await done.pop()!();
});

/**
 * A one-LED board whose frames alternate '.' and `on`, the first at 0 and one at each of `times`;
 * for each time after it, whether the LED is held steady then (0, else when its hold ends).
 */
function held(times: number[], on = 'R'): Promise<number[]> {
  return page.evaluate(([times, on]) => {
    const w = window as any, q: any = {};
    w.noteFrame(q, '.', 0);
    return times.map((t, i) => {
      w.noteFrame(q, i % 2 ? '.' : on, t);
      return w.heldAt(q, 0, t + 1);
    });
  }, [times, on] as const);
}

describe('the wall page tells a blink', () => {
  it('holds a fast (2.5 Hz; 4 Hz from older firmware) blink from its fourth change, for FAST_MS after each change', async () => {
    const h = await held([125, 250, 375, 500, 625]);
    expect(h).toEqual([0, 0, 0, 500 + 350, 625 + 350]);
    // The board's own: a change every 200 ms.
    expect(await held([200, 400, 600, 800, 1000])).toEqual([0, 0, 0, 800 + 350, 1000 + 350]);
  });

  it("does not hold a key's press and release: three quick changes are no blink", async () => {
    // K1 or BACK held ~200 ms redraws its column on press, on release and once more: 9 LEDs were
    // ringed for 350 ms, a blink that was not there (one flash and a half, no WCAG 2.3.1 hazard).
    expect(await held([120, 320, 440])).toEqual([0, 0, 0]);
    const ringed = await page.evaluate(() => {
      const w = window as any, q: any = {}, c = document.createElement('canvas');
      c.width = 680;
      c.height = 340;
      // Nine LEDs of a column, as a press redraws them.
      const col = (on: boolean) => (on ? 'WWWWWWWWW' : '.........');
      for (const [t, on] of [[0, false], [120, true], [320, false], [440, true]] as const) w.noteFrame(q, col(on), t);
      w.drawLeds(q, c, col(true), 9, 1, 450);
      return c.dataset.held;
    });
    expect(ringed).toBe('0');
  });

  it('does not hold a slow (1 Hz) blink without reduced motion, nor one frame of it held up by a busy host', async () => {
    expect(await held([500, 1000, 1500, 2000, 2500])).toEqual([0, 0, 0, 0, 0]);
    // The frame due at 1500 came at 1900 and the next on time: one short gap after a long one.
    expect(await held([500, 1000, 1900, 2000, 2500])).toEqual([0, 0, 0, 0, 0]);
  });

  it('draws a held LED lit in its colour with a ring while its frame is dark, and counts it', async () => {
    const r = await page.evaluate(() => {
      const w = window as any, q: any = {};
      // Two LEDs (330 px cells): LED 0 blinks red fast and is dark in the last frame; LED 1 is green.
      for (const [t, f] of [[0, '.G'], [125, 'RG'], [250, '.G'], [375, 'RG'], [500, '.G']] as const) w.noteFrame(q, f, t);
      const c = document.createElement('canvas');
      c.width = 680;
      c.height = 340;
      w.drawLeds(q, c, '.G', 2, 1, 510);
      const px = (x: number, y: number) => Array.from(c.getContext('2d')!.getImageData(x, y, 1, 1).data.slice(0, 3));
      // The centre of LED 0, and a point on its ring (0.47 of a cell out, left of the centre).
      return { centre: px(165, 165), ring: px(Math.round(165 - 330 * 0.47), 165), label: c.getAttribute('aria-label'), heldUntil: q.heldUntil };
    });
    expect(r.centre[0]).toBeGreaterThan(150);
    expect(r.centre[1]).toBeLessThan(120);
    expect(Math.min(...r.ring)).toBeGreaterThan(200);
    expect(r.label).toBe('LED board: 2 of 2 LEDs lit, 1 blinking (shown steady, ringed)');
    expect(r.heldUntil).toBe(500 + 350);
  });

  it('says how many LEDs are lit, and ends the hold drawn first at the first LED whose blink stopped', async () => {
    const r = await page.evaluate(() => {
      const w = window as any, q: any = {};
      // LED 0 blinks fast until 500, LED 1 until 550; LED 2 stays dark, LED 3 lit.
      for (const [t, f] of [[0, '...G'], [50, '.R.G'], [125, 'RR.G'], [175, 'R..G'], [250, '...G'], [300, '.R.G'], [375, 'RR.G'], [425, 'R..G'], [500, '...G'], [550, '.R.G']] as const) w.noteFrame(q, f, t);
      const c = document.createElement('canvas');
      c.width = 680;
      c.height = 340;
      w.drawLeds(q, c, '.R.G', 4, 1, 560);
      const first = q.heldUntil;
      w.drawLeds({}, c, '.R.G', 4, 1, 560);
      return { first, plain: c.getAttribute('aria-label') };
    });
    expect(r.first).toBe(500 + 350);
    expect(r.plain).toBe('LED board: 2 of 4 LEDs lit');
  });

  it("redraws a table's LEDs without a new frame when a hold has ended (the blink's last change came)", async () => {
    const r = await page.evaluate(() => {
      // The table's panel and its last frame, with LED 0 made to blink fast until 400 ms ago:
      // drawn held just before its hold ended, then the page's clock ticks once.
      const p = eval('panels').t1, f: string = p.ledsOf.frame, now = performance.now();
      const w = window as any, on = 'R' + f.slice(1), off = '.' + f.slice(1);
      p.blink = undefined;
      for (const [dt, fr] of [[-1000, off], [-775, on], [-650, off], [-525, on], [-400, off]] as const) w.noteFrame(p, fr, now + dt);
      const c = p.q('canvas') as HTMLCanvasElement;
      w.drawLeds(p, c, f, p.ledsOf.width, p.ledsOf.height, now - 60);
      const before = c.dataset.held;
      w.tick();
      return { before, after: c.dataset.held };
    });
    expect(r).toEqual({ before: '1', after: '0' });
  });

  it('with reduced motion, draws the attract sweep steady and ringed, and keeps it so between passes', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      const r = await page.evaluate(() => {
        const w = window as any, q: any = {}, c = document.createElement('canvas');
        c.width = 680;
        c.height = 340;
        // The board's sweep: a yellow LED stepping along 7 dice LEDs every 300 ms, two passes and more.
        const at = (t: number) => { const k = Math.floor(t / 300) % 7; return '.......'.slice(0, k) + 'Y' + '.......'.slice(k + 1); };
        const seen: string[] = [];
        for (let t = 0; t <= 6000; t += 300) {
          w.noteFrame(q, at(t), t);
          // What the page draws then, and until the next step; once each LED has changed four times
          // (the first frame is no change: LED 0's fourth is at 4500).
          for (const dt of [0, 150, 299]) {
            w.drawLeds(q, c, at(t), 7, 1, t + dt);
            if (t >= 4500) seen.push(c.dataset.held + ' ' + c.getAttribute('aria-label'));
          }
        }
        return seen;
      });
      // Every LED of the row steady, lit and ringed, at every step: nothing moves.
      expect(new Set(r)).toEqual(new Set(['7 LED board: 7 of 7 LEDs lit, 7 blinking (shown steady, ringed)']));
    } finally {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
    }
  });
});
