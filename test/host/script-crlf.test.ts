/** A table script saved with Windows line endings (CRLF) reads as the same steps as with LF. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseScript } from '../../host/src/script/parse-script';

describe('table scripts with CRLF line endings', () => {
  it('give the same steps, comments after a step included', () => {
    const text = readFileSync('test/fixtures/scripts/kelly.table', 'utf8');
    expect(text).toMatch(/\S +# /);
    expect(parseScript(text.replace(/\n/g, '\r\n'))).toEqual(parseScript(text));
  });
});
