import { describe, expect, it } from 'vitest';
import {
  BOARDS, INPUT_NAMES, LED_COUNT, PinMapError, REQUIRED_PINS, STORAGE_FILE_HEADER_BYTES, checkFirmwareFits, resolveBoard,
  validateBoard, type BoardSpec, type PinAssignment,
} from '../../hardware/pinmap';
import { GEOMETRY } from '../../hardware/led-layout';

const IDS = Object.keys(BOARDS) as Array<keyof typeof BOARDS>;

/** A copy of a board spec with some of its pins replaced. */
function withPins(id: keyof typeof BOARDS, change: Partial<PinAssignment>): BoardSpec {
  const spec = BOARDS[id];
  if (spec.pins === null) throw new Error('no pins');
  return { ...spec, pins: { ...spec.pins, ...change } };
}

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PinMapError);
    return (e as PinMapError).message;
  }
  throw new Error('expected a PinMapError');
}

describe('every supported board resolves', () => {
  it.each(IDS)('%s', (id) => {
    const b = resolveBoard(id);
    expect(b.id).toBe(id);
    expect(b.seat).toHaveLength(7);
    expect(b.pad).toHaveLength(8);
    expect(Object.keys(b.inputs)).toEqual([...INPUT_NAMES]);
    expect([...b.watched, ...b.polled].sort()).toEqual([...INPUT_NAMES].sort());
    // Every used pin is distinct and none of them is spare.
    const used = [...b.seat, ...b.pad, b.ledData, ...(b.buzzer ? [b.buzzer] : [])];
    expect(new Set(used).size).toBe(used.length);
    for (const p of used) expect(b.spare).not.toContain(p);
    // JSON round trip: the firmware build embeds it as-is.
    expect(JSON.parse(JSON.stringify(b))).toEqual(b);
  });

  it('the Pico is the reference, with LED data on a MOSI pin and the buzzer on PWM', () => {
    const pico = resolveBoard('pico');
    expect(IDS[0]).toBe('pico');
    expect(pico.ledData).toBe('B5');
    expect(pico.buzzer).toBe('A8');
    expect(pico.polled).toEqual(['BACK']);
  });

  it('the WiFi polls OK because it shares its pin number with K1 (watching it is refused)', () => {
    expect(messageOf(() => validateBoard(withPins('wifi', { polled: ['BACK'] }))))
      .toBe('wifi: K1 (A0) and OK (B0) share EXTI line 0: STM32 can watch only one pin per pin number (poll one of them or move it)');
  });

  it('nRF52: 8 watched buttons are accepted, 9 refused', () => {
    const pad = ['K2', 'K3', 'K4', 'K5', 'K6', 'OK', 'BACK'] as const;
    expect(validateBoard(withPins('mdbt42q', { polled: [...pad] })).watched).toHaveLength(8);
    expect(messageOf(() => validateBoard(withPins('mdbt42q', { polled: pad.slice(1) }))))
      .toBe('mdbt42q: 9 watched buttons but MDBT42Q breakout has only 8 watch channels (poll the rest)');
  });

  it('more LEDs than the board\'s neopixel driver handles', () => {
    expect(messageOf(() => validateBoard({ ...BOARDS.mdbt42q, maxLeds: 100 })))
      .toBe(`mdbt42q: ${LED_COUNT} LEDs exceed the 100 the neopixel driver handles here`);
  });

  it('a polled input listed twice', () => {
    expect(messageOf(() => validateBoard(withPins('pico', { polled: ['BACK', 'BACK'] }))))
      .toBe('pico: polled input BACK listed twice');
  });

  it('the pin map and the LED geometry agree on the LED count', () => {
    expect(LED_COUNT).toBe(GEOMETRY.width * GEOMETRY.height);
  });
});

describe('impossible configurations are build errors that name the conflict', () => {
  it('unknown board', () => {
    expect(messageOf(() => resolveBoard('arduino'))).toMatch(/unknown board "arduino"/);
  });

  it('Puck.js has too few pins and points at the MDBT42Q', () => {
    const msg = messageOf(() => resolveBoard('puck'));
    expect(msg).toMatch(/^puck: /);
    expect(msg).toContain(`needs ${REQUIRED_PINS}`);
    expect(msg).toContain('mdbt42q');
  });

  it('pin used twice', () => {
    const pins = BOARDS.pico.pins!;
    const pad = [...pins.pad];
    pad[1] = pins.seat[2]; // K2 onto SEAT3's pin
    expect(messageOf(() => validateBoard(withPins('pico', { pad }))))
      .toBe(`pico: pin ${pins.seat[2]} used twice: SEAT3 and K2`);
  });

  it('LED data on a non-MOSI pin of an STM32 board', () => {
    expect(messageOf(() => validateBoard(withPins('pico', { ledData: 'B4' }))))
      .toBe('pico: LED data pin B4 is not a hardware SPI MOSI pin (use A7, B5 or B15)');
  });

  it('any pin drives neopixels on nRF52', () => {
    expect(validateBoard(withPins('mdbt42q', { ledData: 'D5' })).ledData).toBe('D5');
  });

  it('reserved pin', () => {
    const seat = [...BOARDS.pico.pins!.seat];
    seat[0] = 'B2';
    expect(messageOf(() => validateBoard(withPins('pico', { seat }))))
      .toBe('pico: SEAT1 pin B2 is reserved (on-board red LED1)');
  });

  it('unknown pin', () => {
    const pad = [...BOARDS.wifi.pins!.pad];
    pad[2] = 'Z9';
    expect(messageOf(() => validateBoard(withPins('wifi', { pad }))))
      .toBe('wifi: K3 pin Z9 is not a pin of the Espruino WiFi');
  });

  it('buzzer on a pin without PWM', () => {
    expect(messageOf(() => validateBoard(withPins('pico', { buzzer: 'A4', pad: ['B1', 'A3', 'A2', 'A1', 'A0', 'B9', 'B8', 'A10'] }))))
      .toMatch(/^pico: buzzer pin A4 is not PWM-capable \(free PWM pins: .*B3.*\)$/);
  });

  it('two watched buttons on the same STM32 pin number', () => {
    // BACK on A10 shares EXTI 10 with SEAT4 on B10; it is only legal while BACK is polled.
    expect(messageOf(() => validateBoard(withPins('pico', { polled: [] }))))
      .toBe('pico: SEAT4 (B10) and BACK (A10) share EXTI line 10: STM32 can watch only one pin per pin number (poll one of them or move it)');
  });

  it('more watched buttons than nRF52 watch channels', () => {
    expect(messageOf(() => validateBoard(withPins('mdbt42q', { polled: ['BACK'] }))))
      .toBe('mdbt42q: 14 watched buttons but MDBT42Q breakout has only 8 watch channels (poll the rest)');
  });

  it('wrong number of seat or pad pins', () => {
    expect(messageOf(() => validateBoard(withPins('pico', { seat: BOARDS.pico.pins!.seat.slice(0, 6) }))))
      .toBe('pico: seat needs 7 pins (SEAT1..SEAT7), got 6');
  });

  it('a polled entry that is not an input', () => {
    expect(messageOf(() => validateBoard(withPins('pico', { polled: ['BACK', 'K9' as never] }))))
      .toBe('pico: polled input "K9" is not an input name');
  });

  it('a board that draws more than the power budget allows', () => {
    expect(messageOf(() => validateBoard({ ...BOARDS.wifi, typicalMa: 200 })))
      .toBe('wifi: board draws about 200 mA, more than POWER.boardMa (60 mA) allows for');
  });
});

describe('checkFirmwareFits', () => {
  const headers = 2 * STORAGE_FILE_HEADER_BYTES;

  it('accepts a bundle that fits and reports what is left', () => {
    const fit = checkFirmwareFits('pico', { bundleBytes: 30000, journalBytes: 4096, variables: 2000 });
    expect(fit.storageUsedBytes).toBe(30000 + 4096 + headers);
    expect(fit.storageFreeBytes).toBe(49152 - 30000 - 4096 - headers);
    expect(fit.variablesFree).toBe(3100);
  });

  it('counts a header for every code file and the journal, and each file padded to 4 bytes', () => {
    // .bootcde 30001 B (+3 padding), two Storage modules 2094 (+2) and 6056 (+0): 4 headers.
    const fit = checkFirmwareFits('pico', { bundleBytes: 30001 + 2094 + 6056, files: [30001, 2094, 6056], journalBytes: 8192, variables: 1500 });
    expect(fit.storageUsedBytes).toBe(30001 + 2094 + 6056 + 8192 + 4 * STORAGE_FILE_HEADER_BYTES + 3 + 2);
  });

  it('accepts an exact fit', () => {
    expect(checkFirmwareFits('original', { bundleBytes: 20480 - 1000 - headers, journalBytes: 1000, variables: 2756 }).storageFreeBytes).toBe(0);
  });

  it('rejects a bundle too large for Storage, naming the sizes', () => {
    expect(messageOf(() => checkFirmwareFits('original', { bundleBytes: 18000, journalBytes: 4000, variables: 1000 })))
      .toBe(`original: bundle 18000 B + journal 4000 B + file headers ${headers} B = ${22000 + headers} B does not fit the 20480 B of Storage`);
  });

  it('the same bundle fits the Pico', () => {
    expect(() => checkFirmwareFits('pico', { bundleBytes: 18000, journalBytes: 4000, variables: 1000 })).not.toThrow();
  });

  it('rejects too many variables', () => {
    expect(messageOf(() => checkFirmwareFits('mdbt42q', { bundleBytes: 1000, journalBytes: 0, variables: 3000 })))
      .toBe('mdbt42q: firmware uses 3000 variables but the board has 2950');
  });

  it('rejects unknown and unsupported boards', () => {
    expect(messageOf(() => checkFirmwareFits('nope', { bundleBytes: 1, journalBytes: 0, variables: 1 }))).toMatch(/unknown board/);
    expect(messageOf(() => checkFirmwareFits('puck', { bundleBytes: 1, journalBytes: 0, variables: 1 }))).toMatch(/^puck: /);
  });
});
