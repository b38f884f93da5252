/**
 * The option checks `mirror` and `sim` make before any board is opened (mirror-options.ts,
 * sim-options.ts, whole-option.ts), called directly: the edges of each range, the page's default
 * address, and the hint for each reason a board cannot be exposed.
 */
import { describe, expect, it } from 'vitest';
import { checkLabels, checkWebOptions } from '../../host/src/commands/mirror-options';
import { checkSimOptions, exposeError } from '../../host/src/commands/sim-options';
import { wholeOption } from '../../host/src/commands/whole-option';
import { EXIT, HostError } from '../../host/src/errors';

/** The usage error `f` throws (a HostError with exit 2). */
async function usage(f: () => unknown): Promise<HostError> {
  try {
    await f();
  } catch (e) {
    expect(e).toBeInstanceOf(HostError);
    expect((e as HostError).exitCode).toBe(EXIT.usage);
    return e as HostError;
  }
  throw new Error('no error');
}

describe('whole-number options', () => {
  it('take both ends of the range and spaces around the digits; one past either end is refused', async () => {
    expect(wholeOption('--web port', '65535', 0, 65535, 'h')).toBe(65535);
    expect(wholeOption('--web port', '0', 0, 65535, 'h')).toBe(0);
    expect(wholeOption('--web port', ' 8080 ', 0, 65535, 'h')).toBe(8080);
    expect((await usage(() => wholeOption('--web port', '65536', 0, 65535, 'a port number'))).message).toBe('bad --web port 65536');
    expect((await usage(() => wholeOption('--attract', '0', 1, 86400, 'h'))).hint).toBe('h');
  });
});

describe('mirror --web, --host, --attract', () => {
  it('serves this computer only unless told otherwise, on the default port with --web alone; --attract is in seconds', async () => {
    expect(await checkWebOptions({}, 8080)).toBe(null);
    expect(await checkWebOptions({ web: true }, 0)).toEqual({ port: 0, host: '127.0.0.1', attractMs: 600_000 });
    expect(await checkWebOptions({ web: '0', attract: '120' }, 8080)).toEqual({ port: 0, host: '127.0.0.1', attractMs: 120_000 });
    expect(await checkWebOptions({ web: '0', attract: '86400' }, 8080)).toMatchObject({ attractMs: 86_400_000 });
  });

  it('refuses an attract time of 0 or over a day, and a blank or spaced --host, even without --web', async () => {
    expect((await usage(() => checkWebOptions({ attract: '0' }, 8080))).message).toBe('bad --attract 0');
    expect((await usage(() => checkWebOptions({ web: '0', attract: '86401' }, 8080))).message).toBe('bad --attract 86401');
    for (const host of [' ', 'local host']) {
      const e = await usage(() => checkWebOptions({ web: '0', host }, 8080));
      expect(e.message).toBe(`bad --host ${JSON.stringify(host)}`);
      expect(e.hint).toMatch(/--host 127\.0\.0\.1/);
    }
  });

  it('two tables of one label are refused; distinct labels pass', async () => {
    expect(() => checkLabels(['A', 'B', 'C'])).not.toThrow();
    expect((await usage(() => checkLabels(['A', 'B', 'A']))).message).toBe('two tables are labelled A');
  });
});

describe('sim --tcp, --pty', () => {
  it('refuses port 0 and 65536, an empty --pty, and both at once', async () => {
    expect(() => checkSimOptions({ tcp: '1' })).not.toThrow();
    expect(() => checkSimOptions({ tcp: '65535' })).not.toThrow();
    expect((await usage(() => checkSimOptions({ tcp: '0' }))).message).toBe('bad --tcp port 0');
    expect((await usage(() => checkSimOptions({ tcp: '65536' }))).message).toBe('bad --tcp port 65536');
    expect((await usage(() => checkSimOptions({ pty: '  ' }))).message).toBe('--pty needs a path');
    expect((await usage(() => checkSimOptions({ pty: '/tmp/x', tcp: '2323' }))).message).toMatch(/--pty and --tcp/);
  });

  it('says why a board could not be exposed, with the hint for that reason', () => {
    const err = (code: string | undefined, message = 'listen failed') => Object.assign(new Error(message), { code });
    const inUse = exposeError({ tcp: '2323' }, err('EADDRINUSE'));
    expect([inUse.message, inUse.exitCode]).toEqual(['cannot listen on TCP port 2323: the port is in use', EXIT.usage]);
    const denied = exposeError({ tcp: '80' }, err('EACCES'));
    expect(denied.message).toBe('cannot listen on TCP port 80: permission denied');
    expect(denied.hint).toMatch(/ports below 1024 need root/);
    expect(exposeError({ pty: '/tmp/x' }, err(undefined, 'socat not found: install it')).hint).toMatch(/install socat/);
    expect(exposeError({ pty: '/nope/x' }, err('ENOENT', 'no such directory')).hint).toMatch(/directory of --pty exists/);
  });
});
