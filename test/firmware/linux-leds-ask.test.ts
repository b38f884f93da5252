/**
 * A mirror's ask for the LED frame (`{c:'leds'}`, no `on`: table-mirror.ts after a third of
 * --silence) must not turn frames over the link on. Every Espruino object has an `on` (the event
 * emitter's, on Object.prototype), so `c.on !== undefined` held for it on a board, not in Node:
 * only the real interpreter shows it. Found by differential fuzzing (sim against the Linux build).
 *
 * Skipped without ESPRUINO_BIN.
 */
import { describe, expect, it } from 'vitest';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { EspruinoProcess, retryOnPortRace } from '../support/espruino-process';
import { joinSnapshot } from '../support/game-driver';

const BIN = process.env.ESPRUINO_BIN;

describe.skipIf(!BIN)('leds on Espruino 2v29 for Linux ($ESPRUINO_BIN)', () => {
  it("an ask for the frame leaves the board's leds_link as it was; on: true and on: false set it", () =>
    retryOnPortRace('linux-leds-ask', async () => {
      const b = await ensureBundle();
      const q = await EspruinoProcess.start({ bin: BIN, code: b.code, storage: b.files });
      try {
        const linked = async () => (joinSnapshot((await q.request({ c: 'snap' })).msgs) as unknown as { c: { leds_link: boolean } }).c.leds_link;
        expect(await linked()).toBe(false);
        const ask = await q.request({ c: 'leds' });
        expect(ask.ack).toBe(true);
        expect(ask.msgs.some((m) => m.t === 'leds')).toBe(true);
        expect(await linked()).toBe(false);
        await q.request({ c: 'leds', on: true });
        await q.request({ c: 'leds' });
        expect(await linked()).toBe(true);
        await q.request({ c: 'leds', on: false });
        expect(await linked()).toBe(false);
        expect(q.alive).toBe(true);
      } finally {
        await q.stop();
      }
    }), 120_000);
});
