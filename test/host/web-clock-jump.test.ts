/**
 * The computer's clock set while the wall page runs (NTP at boot on a Raspberry Pi without a
 * clock battery, a clock set back by hand): how long things last is measured on a clock that
 * does not jump. Set back an hour, the page counted a reroll window down from "3607.9 s"; set
 * forward, the window's box vanished at once and the mirror dropped a working board as silent.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { simWebServer } from '../support/sim-web';
import type { MirrorUi } from '../../host/src/mirror/mirror-model';
import type { TableMirror } from '../../host/src/mirror/table-mirror';

const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});
beforeAll(() => {
  vi.spyOn(Date, 'now').mockImplementation(() => wall() + offset);
});
afterAll(() => {
  vi.restoreAllMocks();
});

/** The wall clock, and how far it was set from the real time (also before anything read Date.now). */
const wall = Date.now;
let offset = 0;
const setClock = (ms: number) => (offset = ms);

describe('the page server and the mirror, when the computer clock is set', () => {
  it("keep a reroll window's time left, a refusal's time and the board's liveness", async () => {
    const { table, web } = await simWebServer(stops, { attractMs: 60_000 });
    await table.start();
    // An 8 s window and a refusal, as the model records them when their ui line comes.
    const at = (table.model as unknown as { now: () => number }).now();
    const ui = { m: 'play', e: [], c: false, v: [], dl: 8000, vic: -1, err: 'wrong_count', at, ep: -1 } as unknown as MirrorUi;
    const page = async () => {
      (table as TableMirror).model.ui = ui; // the sim board's own ui lines must not replace it
      return (await (await fetch(web.url + 'state.json')).json()).tables[0];
    };
    const first = await page();
    expect(first.ui.left).toBeGreaterThan(7000);
    expect(first.refusalLeft).toBeGreaterThan(11_000);
    for (const jump of [-3_600_000, 3_600_000]) {
      setClock(jump);
      const t = await page();
      expect(t.ui.left).toBeGreaterThan(6000);
      expect(t.ui.left).toBeLessThanOrEqual(8000);
      expect(t.refusalLeft).toBeGreaterThan(10_000);
      expect(t.refusalLeft).toBeLessThanOrEqual(12_000);
      expect(t.idle).toBe(false);
      setClock(0);
    }
    // Set forward while the board is quiet: still live after the mirror's next liveness checks.
    setClock(3_600_000);
    await new Promise((r) => setTimeout(r, 2500));
    expect(table.status).toBe('live');
  });
});
