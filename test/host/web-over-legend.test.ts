/**
 * The wall page at game over, in real headless Chromium over a simulated board: a guest walking up
 * at the end saw standings (ranks, crosses, a green bar chart on the LED board) without a key: the
 * crosses' legend was left out at game over, and nothing said what the LED board shows then. Now
 * both are said. Screenshots: test/out/web-over-legend-*.png.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openPage as openChromium } from '../support/chromium-page';
import { REPO } from '../support/host-harness';
import { simWebServer, untilNote } from '../support/sim-web';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import { endedGame } from '../support/pv-states';

const OUT = path.join(REPO, 'test', 'out');
mkdirSync(OUT, { recursive: true });
const done: (() => unknown)[] = [];
afterAll(async () => {
  while (done.length) await done.pop()!();
});

/** A finished game of three: Ben won, Cleo has frustrations and Murphy. */
function over() {
  const r = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo'] });
  if (!r.ok) throw new Error('setup');
  const s = r.state;
  [[3, 4], [5, 6, 7], [3, 7]].forEach((m, i) => (s.players[i].markers = m));
  [0, 1, 2].forEach((f, i) => (s.players[i].frustrations = f));
  s.murphy = 2;
  return endedGame(s);
}

describe('the wall page at game over', () => {
  it('says what the crosses and the LED board mean', async () => {
    const sim = await simWebServer(done, { label: 'Tisch 4' });
    await sim.table.start();
    // Mid-game the LED board shows the game, not the standings: no legend then.
    const start = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo'] });
    if (!start.ok) throw new Error('setup');
    const mid = start.state;
    mid.players[2].frustrations = 1;
    let synced = untilNote(sim.table, (n) => n.ev === 'synced');
    sim.table.link.send({ c: 'load', st: mid } as never);
    await synced;
    const before = await openChromium({ width: 1280, height: 720 }, done);
    await before.goto(sim.web.url);
    const playing = before.locator(`[data-table="t1"][data-phase="${mid.phase}"]`);
    await playing.locator('.player').first().waitFor();
    expect(await playing.locator('.middle').textContent()).toContain('✖ a frustration: −3 points at the end');
    expect(await playing.locator('.leds .legend').textContent()).toBe('');
    synced = untilNote(sim.table, (n) => n.ev === 'synced');
    sim.table.link.send({ c: 'load', st: over() } as never);
    await synced;
    for (const [width, height] of [[1280, 720], [1080, 1920]]) {
      const page = await openChromium({ width, height }, done);
      await page.goto(sim.web.url);
      const panel = page.locator('[data-table="t1"][data-phase="game_over"]');
      await panel.locator('.player').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(OUT, `web-over-legend-${width}x${height}.png`) });
      // The crosses: what each cost.
      expect(await panel.locator('.middle').textContent()).toContain('✖ a frustration: −3 points (−7 with Murphy)');
      // The LED board: the standings' bars, the winner's light, Murphy's.
      const legend = panel.locator('.leds .legend');
      expect(await legend.isVisible()).toBe(true);
      expect(await legend.textContent()).toBe('LED board: a green bar per seat, the taller the better placed; the blinking light on top: the best score (each of them on a tie); blue: Murphy');
    }
  });
});
