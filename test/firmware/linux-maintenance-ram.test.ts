/**
 * The maintenance module (staff menu, self-test) is loaded from Storage when staff use it. On
 * Espruino's own Linux build, booted from .bootcde as a board boots: loading it mid-game, as a
 * staff-menu press does, leaves no RAM behind (kept loaded it held ~110 variables for good, which
 * put a 5-player game over the 1,500-variable budget once staff had opened the menu).
 *
 * Skipped without ESPRUINO_BIN.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { EspruinoProcess, retryOnPortRace, STAFF_LOAD } from '../support/espruino-process';

const BIN = process.env.ESPRUINO_BIN;

describe.skipIf(!BIN)('the maintenance module on Espruino 2v29 for Linux ($ESPRUINO_BIN)', () => {
  let p: EspruinoProcess | null = null;
  afterEach(async () => {
    if (p) await p.stop();
    p = null;
  });

  it('leaves no RAM behind after staff-menu presses in a 5-player game', () =>
    retryOnPortRace('linux-maintenance-ram', async () => {
      if (p) await p.stop();
      const b = await ensureBundle();
      const q = await EspruinoProcess.start({ bin: BIN, storage: { ...b.files, '.bootcde': b.code } }, undefined, 60_000);
      p = q;
      const mem = async () => Number((await q.probe('print("MEM",process.memory().usage)', /MEM (\d+)/))[1]);
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
