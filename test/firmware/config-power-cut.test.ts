/**
 * Board settings under power cuts: Storage rewrites a file by erasing the old copy first, so a cut
 * while the settings were written left a torn file and every setting went back to its default.
 * Now there is always one whole copy: a cut keeps either the settings before the change or after it.
 */
import { describe, expect, it } from 'vitest';
import type { HostCmd } from '../../shared/protocol/messages';
import { journalGame } from '../support/journal-game';
import { DEFAULT_BOARD_CONFIG } from '../../firmware/src/config';

const cfg = (k: string, v: unknown) => ({ c: 'cfg', k, v }) as HostCmd;
const windowMs = (g: Awaited<ReturnType<typeof journalGame>>) => (g.sim.snapshot() as unknown as { c: { window_ms: number } }).c.window_ms;

describe('board settings and power cuts', () => {
  for (const file of ['dt.cfg', 'dt.cf2'])
    for (const keep of [0, 5, 30]) {
      it(`a cut while ${file} is written (${keep} bytes in) keeps the old or the new settings, never the defaults`, async () => {
        const g = await game();
        g.sim.requestSync(cfg('window_ms', 5000));
        g.restart();
        expect(windowMs(g)).toBe(5000);
        g.board.storage.tearNext = { prefix: file, keep };
        try {
          g.sim.requestSync(cfg('window_ms', 6000));
        } catch {
          // the cut
        }
        g.board.storage.tearNext = null;
        g.restart();
        expect([5000, 6000]).toContain(windowMs(g));
        // The board goes on saving its settings.
        g.sim.requestSync(cfg('window_ms', 4000));
        g.restart();
        expect(windowMs(g)).toBe(4000);
      });
    }

  it('a cut before the spare copy is erased keeps the new settings', async () => {
    const g = await game();
    g.sim.requestSync(cfg('window_ms', 5000));
    g.board.storage.beforeErase = (name) => {
      g.board.powerCut();
      throw new Error('power cut before erasing ' + name + ' (simulated)');
    };
    try {
      g.sim.requestSync(cfg('window_ms', 7000));
    } catch {
      // the cut
    }
    g.board.storage.beforeErase = null;
    g.board.boot();
    g.board.advance(50);
    expect(windowMs(g)).toBe(7000);
    // And the next change is kept as well.
    g.sim.requestSync(cfg('window_ms', 9000));
    g.restart();
    expect(windowMs(g)).toBe(9000);
  });
});

describe('board settings read from Storage', () => {
  it('a setting of the wrong type (damage, a hand-edited file) goes back to its default; the others are kept', async () => {
    const g = await game();
    const files = (g.board.storage as unknown as { files: Record<string, string> }).files;
    delete files['dt.cf2'];
    files['dt.cfg'] = JSON.stringify({ window_ms: '9000', marker_ms: 1000, brightness: 20, beep: 'yes', abandon_ms: null, leds_link: true });
    g.restart();
    const c = (g.sim.snapshot() as unknown as { c: Record<string, unknown> }).c;
    expect(c).toEqual(Object.assign({}, DEFAULT_BOARD_CONFIG, { marker_ms: 1000, brightness: 20 }));
  });
});

const game = () => journalGame(4, ['Ann', 'Ben']);
