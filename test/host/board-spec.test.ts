/**
 * Board names as mirror, script, config and flash take them (open-board.ts parseBoardSpec): a TCP
 * port past 65535 is a usage error at once, with the form to write (Node's net.connect would throw a
 * RangeError later, or the name would reach the board-opening loop).
 */
import { describe, expect, it } from 'vitest';
import { parseBoardSpec } from '../../host/src/link/open-board';
import { EXIT, HostError } from '../../host/src/errors';

function usageError(name: string): HostError {
  try {
    parseBoardSpec(name);
  } catch (e) {
    return e as HostError;
  }
  throw new Error(`${name} was taken`);
}

describe('board names', () => {
  it('takes TCP ports 1 to 65535, with an IPv6 address in brackets', () => {
    expect(parseBoardSpec('tcp://127.0.0.1:1')).toMatchObject({ kind: 'tcp', host: '127.0.0.1', port: 1 });
    expect(parseBoardSpec('tcp://[::1]:65535/')).toMatchObject({ kind: 'tcp', host: '::1', port: 65535 });
  });

  for (const name of ['tcp://127.0.0.1:0', 'tcp://127.0.0.1:65536', 'tcp://board.local:99999', 'tcp://127.0.0.1']) {
    it(`refuses ${name} as a usage error`, () => {
      const e = usageError(name);
      expect(e).toBeInstanceOf(HostError);
      expect(e.exitCode).toBe(EXIT.usage);
      expect(e.message).toBe(`bad board address ${name}`);
    });
  }
});
