/**
 * makeFolder, which every folder the host and the build make goes through: the missing levels
 * made, an existing folder taken as it is, and a folder that cannot be made an error, not a hang.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeFolder } from '../../firmware/build/make-folder';
import { scratchDir } from '../support/host-harness';

describe('makeFolder', () => {
  const dir = scratchDir('dt-make-folder-');

  it('makes every missing level down to the folder itself', () => {
    const deep = path.join(dir, 'a', 'b', 'c');
    makeFolder(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    // Made again: already there, no error.
    makeFolder(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
  });

  it('throws the file error where a level cannot be made', () => {
    const file = path.join(dir, 'plain.txt');
    writeFileSync(file, 'x');
    expect(() => makeFolder(path.join(file, 'sub', 'deeper'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
    expect(() => makeFolder('/proc/nope/logs')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    expect(existsSync(path.join(file, 'sub'))).toBe(false);
  });
});
