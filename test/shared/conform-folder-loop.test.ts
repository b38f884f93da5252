/** `dicetray conform FOLDER` with a link back up the tree reads each file once. */
import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../support/cli';

describe('conform on a folder with a symlink loop', () => {
  it('walks each folder once (it read the scenarios again at every level of the loop)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-conform-loop-'));
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    copyFileSync(join(process.cwd(), '..', 'shared', 'scenarios', 'pechvogel.json'), join(sub, 'pechvogel.json'));
    symlinkSync('..', join(sub, 'up'));
    const r = await cli(['conform', '--json', dir]);
    expect(JSON.parse(r.out[0])).toMatchObject({ ok: true, passed: 22, failed: 0 });
    expect(r.code).toBe(0);
    // Named twice, or by another path, the folder is no "empty folder" the second time.
    const twice = await cli(['conform', '--json', sub, sub + '/.']);
    expect(JSON.parse(twice.out[0])).toMatchObject({ ok: true, passed: 22 });
  });
});
