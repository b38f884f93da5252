/** `dicetray config`'s KEY=VALUE parsing and how a value reads (host/src/commands/config-settings.ts), without a board. */
import { describe, expect, it } from 'vitest';
import { describeValue, parseAssignments, SETTINGS } from '../../host/src/commands/config-settings';

const setting = (key: string) => SETTINGS.find((s) => s.key === key)!;
const value = (arg: string) => parseAssignments([arg])[0].value;

describe('config values', () => {
  it('reads whole seconds as seconds, a second and more included', () => {
    const marker = setting('marker_ms');
    expect(describeValue(marker, 1000)).toBe('1 s');
    expect(describeValue(marker, 61000)).toBe('1 min 1 s');
    expect(describeValue(marker, 999)).toBe('999 ms');
    expect(describeValue(marker, 0)).toBe('at once');
    expect(describeValue(setting('abandon_ms'), 3600000 + 1500)).toBe('1 h 1.5 s');
  });

  it('takes on/off in every spelling the hint allows', () => {
    for (const on of ['on', 'true', 'yes', '1', 'ON']) expect(value(`beep=${on}`), on).toBe(true);
    for (const off of ['off', 'false', 'no', '0']) expect(value(`beep=${off}`), off).toBe(false);
  });

  it('refuses a fraction of a millisecond (the board stores whole ones)', () => {
    expect(value('marker=1.5s')).toBe(1500);
    expect(() => parseAssignments(['marker_ms=1.5'])).toThrow(/bad value for marker_ms: "1.5" \(whole milliseconds\)/);
    expect(() => parseAssignments(['marker=1.5ms'])).toThrow(/whole milliseconds/);
  });

  it('"off" and "never" are 0 only where 0 means never', () => {
    expect(value('abandon=off')).toBe(0);
    expect(value('attract=never')).toBe(0);
    // marker 0 is "at once", not "off"; a window of 0 is no window.
    expect(() => parseAssignments(['marker=off'])).toThrow(/bad value for marker_ms: "off"/);
    expect(() => parseAssignments(['window=never'])).toThrow(/bad value for window_ms: "never"/);
  });
});
