import { describe, expect, it } from 'vitest';
import { WIRE_KEYS } from '../../shared/protocol/wire-keys';
import { INTERNAL_PROPS, safeInternalProps } from '../../firmware/build/internal-props';
import { ROOT } from '../../firmware/build/paths';
import { ensureBundle } from '../../host/src/firmware-bundle';

// The firmware build renames the properties in INTERNAL_PROPS (esbuild mangleProps renames a name
// on every object): each must be the firmware's own class member and nothing else, anywhere.
describe('internal property names the firmware build shortens', () => {
  it('are all still safe to rename (else take the name out of INTERNAL_PROPS)', () => {
    const safe = new Set(safeInternalProps(ROOT));
    expect(INTERNAL_PROPS.filter((p) => !safe.has(p))).toEqual([]);
  });

  it('are gone from the built bundle, which still names what the host reads', async () => {
    const { code } = await ensureBundle();
    for (const p of INTERNAL_PROPS) expect(code.indexOf('.' + p), p).toBe(-1);
    for (const p of ['correcting', 'deadline', 'window_ms', 'leds_link', 'seatsIn']) expect(code.indexOf(p), p).toBeGreaterThan(0);
    // The state's keys go by their wire names (protocol v2): not one long name is left as a key.
    for (const k of Object.keys(WIRE_KEYS)) expect([code.search(new RegExp('\\.' + k + '\\b')), code.search(new RegExp('[{,]' + k + ':'))], k).toEqual([-1, -1]);
    expect(code.indexOf('.' + WIRE_KEYS.players), 'players as B').toBeGreaterThan(0);
  });
});
