/**
 * A serial port's failure in words (portWords): the system's own text ("bad file descriptor",
 * "Input/output error") told staff nothing about the cable. Each kind as Linux and the serialport
 * package give it, by its errno code or by its text alone (the package often sets no code).
 */
import { describe, expect, it } from 'vitest';
import { portWords } from '../../host/src/link/port-words';

const AWAY = 'the port went away: cable pulled, or the board restarted';

describe('portWords', () => {
  it('names a missing port, a forbidden one and one in use, by code or by text', () => {
    expect(portWords('Error: No such file or directory, cannot open /dev/ttyACM0')).toBe('no such port');
    expect(portWords('cannot open', 'ENOENT')).toBe('no such port');
    expect(portWords('Error: Permission denied, cannot open /dev/ttyACM0')).toBe('permission denied');
    expect(portWords('cannot open', 'EACCES')).toBe('permission denied');
    expect(portWords('Error: Resource temporarily unavailable Cannot lock port')).toBe('port is in use by another program');
    expect(portWords('cannot open', 'EBUSY')).toBe('port is in use by another program');
    // Either half of Linux's 'Resource temporarily unavailable Cannot lock port' alone says so too.
    expect(portWords('Error: Cannot lock port')).toBe('port is in use by another program');
    expect(portWords('Error: Resource temporarily unavailable, cannot open /dev/ttyACM0')).toBe('port is in use by another program');
  });

  it('says a port that vanished under an open handle went away, with the system text in brackets (its "Error:" dropped)', () => {
    for (const [message, code] of [
      ['Error: bad file descriptor', undefined],
      ['read failed', 'EBADF'],
      ['Error: Input/output error', undefined],
      ['read failed', 'EIO'],
      ['read failed', 'ENXIO'],
      ['read failed', 'ENODEV'],
      ['Port disconnected', undefined],
    ] as [string, string | undefined][]) {
      expect(portWords(message, code)).toBe(`${AWAY} (${message.replace(/^Error: /, '')})`);
    }
  });

  it('leaves any other text as the system gave it (no guess)', () => {
    expect(portWords('Error: something new', 'EWHATEVER')).toBe('Error: something new');
    // EIO is a code of its own, not the start of a longer one.
    expect(portWords('odd', 'EIOX')).toBe('odd');
  });
});
