import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { simWebServer } from '../support/sim-web';
import { waitUntil } from '../support/host-harness';

// A café's wall screen runs for days on one mirror, its browser reloading the page now and then
// (a kiosk reload every hour, staff tabs opened and closed). Each page holds a live feed; the
// server must keep nothing for a page that left, or it writes every update to a growing set of
// dead feeds (measured: the count stayed at the pages still open).

const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

/** A live feed as a page opens it; resolves once its first update came. */
function openFeed(url: string): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(url + 'events', (res) => {
      expect(res.statusCode).toBe(200);
      res.once('data', () => resolve(req));
    });
    req.on('error', reject);
  });
}

describe('live feeds of pages that left', () => {
  it('are not kept: after many page loads only the open page has one', { timeout: 30_000 }, async () => {
    const { web } = await simWebServer(stops);
    const wall = await openFeed(web.url);
    stops.push(() => wall.destroy());
    for (let round = 0; round < 5; round++) {
      // Fewer at a time than one address may hold (MAX_FEEDS_PER_ADDRESS), the wall screen's included.
      const left = await Promise.all(Array.from({ length: 8 }, () => openFeed(web.url)));
      expect(web.feeds(), `round ${round}, open`).toBe(9);
      for (const f of left) f.destroy();
      await waitUntil(`the server to drop the feeds that left (round ${round}; ${web.feeds()} open)`, () => web.feeds() === 1);
    }
    expect(web.feeds()).toBe(1);
  });
});
