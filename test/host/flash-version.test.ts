import { describe, expect, it } from 'vitest';
import { olderThanTested, TESTED_ESPRUINO, wrongBoard } from '../../host/src/commands/flash';

// flash warns when the board's Espruino is older than the one the firmware is made for (2v29).
describe('flash: the Espruino version check', () => {
  it('older releases and their cutting-edge builds warn; the tested one, newer ones and unknown strings do not', () => {
    expect(TESTED_ESPRUINO).toBe('2v29');
    for (const v of ['2v25', '2v28.104', '1v99', '2v9']) expect(olderThanTested(v), v).toBe(true);
    for (const v of ['2v29', '2v29.3', '2v30', '3v0', '', undefined, 'unknown']) expect(olderThanTested(v), String(v)).toBe(false);
  });
});

// A build's pins are one board's; flash refuses another board before writing anything.
describe('flash: the board check', () => {
  it('takes the board the build is for, the Linux build and a board that does not say; refuses others with the right --board', () => {
    for (const [b, id] of [['PICO_R1_3', 'pico'], ['ESPRUINOWIFI', 'wifi'], ['LINUX', 'pico'], [undefined, 'pico'], ['', 'wifi']] as const) expect(wrongBoard(b, id, 'P'), `${b} ${id}`).toBeNull();
    const w = wrongBoard('ESPRUINOWIFI', 'pico', '/dev/ttyACM0')!;
    expect(w.message).toBe('/dev/ttyACM0 runs Espruino for Espruino WiFi (ESPRUINOWIFI); this build is for Espruino Pico (PICO_R1_3): nothing written');
    expect(w.hint).toMatch(/^flash it with --board wifi/);
    const p = wrongBoard('PUCKJS', 'pico', 'P')!;
    expect(p.message).toMatch(/runs Espruino for Puck\.js.* \(PUCKJS\)/);
    expect(p.hint).toMatch(/made for: pico, wifi, original, mdbt42q/);
    expect(wrongBoard('BANGLEJS2', 'pico', 'P')!.message).toContain('BANGLEJS2, a board this firmware has no pin map for');
  });
});
