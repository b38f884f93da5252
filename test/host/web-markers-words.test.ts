/**
 * The page's standings for a screen reader: a player's markers were bare values beside the score
 * ("1. Ben 3 5 7 15 pts"), one number among others; they are named ("markers 3, 5, 7").
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openPage as openChromium } from '../support/chromium-page';
import { simWebServer, untilNote } from '../support/sim-web';
import { endedGame } from '../support/pv-states';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

const done: (() => unknown)[] = [];
afterAll(async () => {
  while (done.length) await done.pop()!();
});

describe('the page names the markers', () => {
  it('in the standings, as words a screen reader reads', async () => {
    const { table, web } = await simWebServer(done, { label: 'Tisch' });
    await table.start();
    const r = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo'] });
    if (!r.ok) throw new Error('setup');
    const st = r.state;
    st.players[0].markers = [4];
    st.players[1].markers = [3, 5, 7];
    const loaded = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'load', st: endedGame(st) } as never);
    await loaded;

    const page = await openChromium({ width: 1280, height: 720 }, done);
    await page.goto(web.url);
    const list = page.locator('[data-table="t1"] .players');
    await page.locator('[data-table="t1"] .player .score:text("pts")').first().waitFor();
    const snap = await list.ariaSnapshot();
    expect(snap).toContain('1. Ben');
    expect(snap).toContain('img "markers 3, 5, 7"');
    expect(snap).toContain('img "marker 4"');
    // No markers: nothing said (not "markers" with none).
    expect(await page.locator('[data-table="t1"] .player').nth(2).locator('.markers').getAttribute('aria-label')).toBeNull();
  }, 30_000);
});
