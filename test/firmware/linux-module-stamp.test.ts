/**
 * On Espruino's own Linux build: a dt.rare from another flash (its stamp names another firmware
 * hash) is not run. The board boots on default settings, says hello and `no_rare`, and answers a
 * host's snapshot ask with it (module-stamp.test.ts has the same on the simulated board). A module
 * that was used is not left behind as a global (RAM for good). Skipped without ESPRUINO_BIN.
 */
import { describe, expect, it } from 'vitest';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { EspruinoProcess } from '../support/espruino-process';
import type { HostCmd } from '../../shared/protocol/messages';

const BIN = process.env.ESPRUINO_BIN;

describe.skipIf(!BIN)('a module from another flash on the real interpreter', () => {
  it('boots, says no_rare, and answers snap and new with it', async () => {
    const bundle = await ensureBundle();
    const storage = Object.assign({}, bundle.files, { 'dt.rare': '"0badc0de"' + bundle.files['dt.rare'].slice(10) });
    const p = await EspruinoProcess.start({ bin: BIN, code: bundle.code, storage });
    try {
      expect(p.msgs.find((m) => m.t === 'hello')).toMatchObject({ bh: bundle.manifest.hash });
      expect(p.msgs.find((m) => m.t === 'err')).toMatchObject({ code: 'no_rare' });
      for (const c of [{ c: 'snap' }, { c: 'new', p: ['Ann', 'Ben'] }]) {
        const r = await p.request(c as HostCmd);
        expect(r.msgs.find((m) => m.t === 'err')).toMatchObject({ code: 'no_rare' });
      }
      expect(p.noise.filter((l) => /Uncaught|ERROR/.test(l))).toEqual([]);
    } finally {
      await p.stop();
    }
  }, 60_000);

  it('drops a module again after each use: its functions take RAM only while they run', async () => {
    const bundle = await ensureBundle();
    const p = await EspruinoProcess.start({ bin: BIN, code: bundle.code, storage: bundle.files });
    try {
      // Boot, a new game and a setting: each a load of dt.rare, which sets DT_RARE as it runs.
      await p.request({ c: 'new', p: ['Ann', 'Ben'] } as HostCmd);
      await p.request({ c: 'cfg', k: 'window_ms', v: 9000 } as HostCmd);
      expect((await p.probe('print("G",typeof DT_RARE)', /G (\w+)/))[1]).toBe('undefined');
    } finally {
      await p.stop();
    }
  }, 60_000);
});
