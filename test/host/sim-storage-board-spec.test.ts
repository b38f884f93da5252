/** `sim --storage sim:memory` (a board spec where a file goes) is refused; it made a file named "sim:memory". */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './cli-run';

describe('sim --storage with a board spec', () => {
  it('is refused with a usage error, and no file is made', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dicetray-simspec-'));
    try {
      const r = await run(['sim', '--storage', 'sim:memory', '--headless', '--tcp', '47999'], dir, 20_000);
      expect(r.code).toBe(2);
      expect(r.err).toContain('--storage takes a file, not a board');
      expect(r.err).toContain('hint: the sim keeps its Storage in a file');
      const f = await run(['sim', '--storage', 'sim:table.json', '--headless', '--tcp', '47999'], dir, 20_000);
      expect(f.code).toBe(2);
      expect(f.err).toContain('hint: --storage table.json');
      expect(existsSync(join(dir, 'sim:memory'))).toBe(false);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
