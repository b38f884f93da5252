/**
 * A port where no dicetray hello came: the hint names another program on the port first (a mirror
 * left running, a serial monitor: the usual cause at a café, where flashing would not help), then
 * the wrong port, then missing firmware.
 */
import { describe, expect, it } from 'vitest';
import { noAnswerError } from '../../host/src/link/hello-errors';

describe('no answer on a port', () => {
  it('says what to check in the order staff meet them, the flash command last', () => {
    const e = noAnswerError('/dev/ttyACM0', 7);
    expect(e.message).toBe('no dicetray firmware answered on /dev/ttyACM0 within 7 s');
    const hint = e.hint || '';
    expect(hint).toMatch(/^is another program using \/dev\/ttyACM0 \(a mirror already running, a serial monitor\)\? stop it and try again/);
    expect(hint.indexOf('another program')).toBeLessThan(hint.indexOf('dicetray flash --port /dev/ttyACM0'));
  });
});
