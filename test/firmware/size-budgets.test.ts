import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEngineBundle, buildFirmware } from '../../firmware/build/build-firmware';

// Sizes are deterministic, so their budgets are tests; timing budgets live in `npm run bench`.
describe('size budgets', () => {
  it('the Pechvogel engine (step function and set-up) is at most 8 KB minified', async () => {
    const code = await buildEngineBundle('engine-core-entry');
    expect(code.length).toBeLessThanOrEqual(8 * 1024);
  });

  // The boot bundle (.bootcde) is the budget's 32 KB; with it, the Storage modules (dt.maint,
  // dt.rare) and the journal's Storage must fit the Pico's 48 KB.
  it('the boot bundle is at most 32 KB, and it, its Storage modules and the journal fit a Pico', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'dt-fw-')), 'dicetray.js');
    const r = await buildFirmware({ board: 'pico', out });
    expect(r.bytes).toBeLessThanOrEqual(32 * 1024);
    expect(r.storageFree).toBeGreaterThanOrEqual(0);
  });

  it('a build that does not fit its board writes nothing (the simulator ran what a failed build left)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-fw-'));
    await expect(buildFirmware({ board: 'original', out: join(dir, 'dicetray.js') })).rejects.toThrow(/does not fit the 20480 B of Storage/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
