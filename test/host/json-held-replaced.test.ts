/**
 * Under --json a one-object command's result is held until it ends: a failure after the command
 * printed its result replaces it, so stdout holds the error object alone and `ok` agrees with the
 * exit code (the result and the error were both printed: two objects, the first saying ok true).
 */
import { describe, expect, it, vi } from 'vitest';
import { EXIT, HostError } from '../../host/src/errors';
import { cli } from '../support/cli';

// odds as a command that prints its result, then fails (a file it could not write, a bug after the out).
vi.mock('../../host/src/commands/odds', () => ({
  odds: (_game: string, _opts: unknown, io: { out: (l: string) => void }) => {
    io.out(JSON.stringify({ ok: true, game: 'pechvogel' }));
    throw new HostError('cannot write late.csv (stand-in)', EXIT.input, 'give a file you can write');
  },
}));

describe('--json: a failure after the result', () => {
  it('prints the error object alone, with the exit code of the failure', async () => {
    const r = await cli(['odds', '--json']);
    expect(r.code).toBe(EXIT.input);
    expect(r.out.length, r.out.join('\n')).toBe(1);
    expect(JSON.parse(r.out[0])).toMatchObject({ ok: false, error: { message: 'cannot write late.csv (stand-in)', exit: EXIT.input } });
  });
});
