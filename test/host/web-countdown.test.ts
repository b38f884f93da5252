/**
 * The reroll window's countdown on the wall page: a page that connects (or reconnects after the
 * café's Wi-Fi dropped) halfway through a window is given the time left, not the window's length
 * again: `ui.left` counts from when the board's ui line came, on the server's clock.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { simWebServer } from '../support/sim-web';
import type { MirrorUi } from '../../host/src/mirror/mirror-model';

const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

describe('the page server, in a reroll window', () => {
  it("gives a page that comes late the window's time left", async () => {
    let clock = 1_000_000;
    const { table, web } = await simWebServer(stops, { now: () => clock });
    // The board's ui line for a window of 60 s came at `clock` (as the mirror model records it).
    const ui = { m: 'play', e: [], c: false, v: [], dl: 60_000, vic: -1, err: '', at: clock, ep: -1 } as unknown as MirrorUi;
    const left = async () => {
      table.model.ui = ui; // the sim board's own ui lines must not replace the window under test
      const j = await (await fetch(web.url + 'state.json')).json();
      return j.tables[0].ui.left as number;
    };
    expect(await left()).toBe(60_000);
    clock += 1_500;
    expect(await left()).toBe(58_500);
    clock += 70_000;
    expect(await left()).toBe(0);
  });
});
