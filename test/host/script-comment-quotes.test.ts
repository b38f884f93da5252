/** A `#` starts a comment only outside double quotes: new "Ann #1" Ben named Ann alone, cut there. */
import { describe, expect, it } from 'vitest';
import { parseScript } from '../../host/src/script/parse-script';
import { stripComment } from '../../host/src/script/strip-comment';

describe('comments in table scripts', () => {
  it('keep a # inside a quoted name', () => {
    expect(parseScript('new "Ann #1" Ben\n')).toEqual([{ line: 1, op: 'new', names: ['Ann #1', 'Ben'], seed: undefined, start: undefined }]);
    expect(parseScript('new "Ann #1" Ben   # two players\n')[0]).toMatchObject({ names: ['Ann #1', 'Ben'] });
  });

  it('keep a # inside a JSON string, escaped quotes and all', () => {
    expect(parseScript('act {"do":"pass","note":"a \\" # b"} # why\nexpect rej invalid_event\n')[0]).toMatchObject({ action: { do: 'pass', note: 'a " # b' } });
  });

  it('still start at the line start or after a space outside quotes', () => {
    expect(parseScript('# all comment\n   # indented\npress K1 # a press\n')).toEqual([{ line: 3, op: 'press', buttons: ['K1'] }]);
    expect(stripComment('press K1#x')).toBe('press K1#x');
    expect(stripComment('expect state players."Seat #1".markers=[3] # c')).toBe('expect state players."Seat #1".markers=[3] ');
  });
});
