/**
 * The real-interpreter tests play once more on fresh boards when Espruino's Linux port dies of its
 * stdin race (test/support/espruino-process.ts), and only then: any other failure, or the race a
 * second time, still fails them.
 */
import { describe, expect, it, vi } from 'vitest';
import { isPortRace, linuxPortRace, retryOnPortRace } from '../support/espruino-process';

/** The error EspruinoProcess.waitFor gives when the interpreter exited on the race's assertion. */
const ASSERT = 'ASSERT(len <= 64) FAILED AT src/jsdevices.c:591';
const RACE = new Error(`Espruino exited (code 1) while waiting for ack: ${ASSERT}${linuxPortRace(ASSERT)}; last output: ""`);

describe('retryOnPortRace', () => {
  it('tells the race from other failures', () => {
    expect(isPortRace(RACE)).toBe(true);
    expect(linuxPortRace('ASSERT(x) FAILED AT src/jsvar.c:10')).toBe('');
    expect(isPortRace(new Error('Espruino exited (code 139) while waiting for ack; last output: ""'))).toBe(false);
    expect(isPortRace(new Error('expected 3 to be 4'))).toBe(false);
  });

  it('plays once more on fresh boards after the race', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let plays = 0;
    let freshes = 0;
    await retryOnPortRace(
      'demo',
      async () => {
        if (++plays === 1) throw RACE;
      },
      async () => {
        freshes++;
      },
    );
    expect([plays, freshes]).toEqual([2, 1]);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('fails on any other error without playing again', async () => {
    let plays = 0;
    await expect(
      retryOnPortRace('demo', async () => {
        plays++;
        throw new Error('messages differ');
      }),
    ).rejects.toThrow('messages differ');
    expect(plays).toBe(1);
  });

  it('fails when the race comes twice', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let plays = 0;
    await expect(
      retryOnPortRace('demo', async () => {
        plays++;
        throw RACE;
      }),
    ).rejects.toBe(RACE);
    expect(plays).toBe(2);
    warn.mockRestore();
  });
});
