import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEngineBundle, buildFirmware } from '../../firmware/build/build-firmware';

// Sizes are deterministic, so their budgets are tests; timing budgets live in `npm run bench`.
describe('size budgets', () => {
  it('the Pechvogel engine (step function and set-up) is at most 8 KB minified', async () => {
    const code = await buildEngineBundle('engine-core-entry');
    expect(code.length).toBeLessThanOrEqual(8 * 1024);
  });

  it('the whole firmware bundle is at most 32 KB and fits a Pico with its journal', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'dt-fw-')), 'dicetray.js');
    const r = await buildFirmware({ board: 'pico', out });
    expect(r.bytes).toBeLessThanOrEqual(32 * 1024);
    expect(r.storageFree).toBeGreaterThan(0);
  });
});
