/**
 * The maintenance module (staff menu, self-test) is loaded from Storage when staff use it. On
 * Espruino's own Linux build, booted from .bootcde as a board boots: loading it mid-game, as a
 * staff-menu press does, leaves no RAM behind (kept loaded it held ~110 variables for good, which
 * put a 5-player game over the 1,500-variable budget once staff had opened the menu).
 *
 * Skipped without ESPRUINO_BIN.
 */
import { describe, expect, it } from 'vitest';
import { onBootedBundle, STAFF_LOAD } from '../support/espruino-process';

const BIN = process.env.ESPRUINO_BIN;

describe.skipIf(!BIN)('the maintenance module on Espruino 2v29 for Linux ($ESPRUINO_BIN)', () => {
  it('leaves no RAM behind after staff-menu presses in a 5-player game', () =>
    onBootedBundle('linux-maintenance-ram', async (q, mem) => {
      await q.request({ c: 'new', p: ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve'] });
      await q.request({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 4, 5, 5, 6] } });
      const before = await mem();
      for (let i = 0; i < 3; i++) {
        expect((await q.probe(STAFF_LOAD, /LOADED (\w+)/))[1]).toBe('function');
        expect(await mem()).toBeLessThanOrEqual(before + 2);
      }
      expect(q.alive).toBe(true);
    }), 240_000);
});
