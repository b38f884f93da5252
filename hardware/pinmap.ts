/**
 * The pin map: the single source of truth for which board pin does what.
 *
 * The firmware build calls resolveBoard(id) (and checkFirmwareFits) and embeds the result;
 * hardware/generate.ts turns the same data into WIRING.md and the wiring SVGs.
 *
 * Board facts come from the Espruino board files (boards/<BOARD>.py, boards/pins/*.csv,
 * scripts/pinutils.py in espruino/Espruino) and ESPRUINO.md §3/§5. Two limits there shape the
 * design more than any other:
 *  - STM32 setWatch uses one EXTI line per pin *number* (watchedPins[16] in targets/stm32/
 *    jshardware.c): A5 and B5 cannot both be watched.
 *  - nRF52 Espruino has 8 watch channels in total (ESPR_EXTI_COUNT = 8).
 * 15 buttons therefore cannot all use setWatch on any supported board; the ones that cannot are
 * listed in `polled` and the firmware samples them on a timer instead.
 */
import { POWER, limitFrame } from './power';

/** Pico 1v3: USB 5 V reaches VCC through D1, a Schottky rated 300 mA (the 1v3 schematic: "40V-300mA SOD-323"). */
export const PICO_1V3_D1_MA = 300;
/** The board setting led_budget that keeps a Pico 1v3's whole draw within 90 % of D1's rating: that less the board and the dark LEDs. */
export const PICO_1V3_LED_BUDGET_MA = Math.floor(PICO_1V3_D1_MA * 0.9) - POWER.boardMa - POWER.ledCount * POWER.idleMaPerLed;
/** USB current during the self-test's white sweep (all LEDs white at the cap, scaled to the frame budget). */
export const WHITE_SWEEP_MA = POWER.boardMa + POWER.ledCount * POWER.idleMaPerLed +
  limitFrame(new Uint8Array(POWER.ledCount * 3).fill(POWER.brightnessCap));

/** Seat buttons, then the entry pad in its fixed order. */
const SEAT_INPUTS = ['SEAT1', 'SEAT2', 'SEAT3', 'SEAT4', 'SEAT5', 'SEAT6', 'SEAT7'] as const;
const PAD_INPUTS = ['K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'OK', 'BACK'] as const;
export const INPUT_NAMES = [...SEAT_INPUTS, ...PAD_INPUTS] as const;
export type InputName = (typeof INPUT_NAMES)[number];

/** Pins the design needs: 15 buttons + LED data; the buzzer is optional. */
export const REQUIRED_PINS = INPUT_NAMES.length + 1;

/**
 * Button timing. Watched buttons use setWatch({debounce}); polled buttons are sampled every
 * pollIntervalMs and a change counts once pollStableSamples samples agree (≈ the same 30 ms).
 */
export const INPUT_TIMING = {
  debounceMs: 30,
  pollIntervalMs: 15,
  pollStableSamples: 2,
} as const;

/** How many LEDs the power figures count (must match led-board.ts GEOMETRY; test/hardware/pinmap.test.ts checks it). */
export const LED_COUNT = POWER.ledCount;

export type McuFamily = 'stm32' | 'nrf52';

/** What a board can do, independent of this project's wiring. */
export interface BoardFacts {
  id: string;
  name: string;
  /** process.env.BOARD on it (Espruino's board file name): `flash` refuses a build for another board. */
  espruinoBoard: string;
  mcu: string;
  family: McuFamily;
  /** JsVars available (board file `variables`). */
  variables: number;
  /** Storage (saved_code) bytes: pages × page size. */
  storageBytes: number;
  /** Header pins free for this project. */
  gpio: readonly string[];
  /** Pins that exist but must not be used, with the reason. */
  reserved: Readonly<Record<string, string>>;
  /** Pins require("neopixel") can drive: SPI MOSI pins on STM32 (pin → peripheral), 'any' on nRF52. */
  neopixelPins: Readonly<Record<string, string>> | 'any';
  /** Pins with hardware PWM for analogWrite (pin → timer channel), 'any' on nRF52. */
  pwmPins: Readonly<Record<string, string>> | 'any';
  /** Free pins that are NOT 5 V tolerant (informational: this design never puts 5 V on a GPIO). */
  notFiveVoltTolerant: readonly string[] | 'all';
  /** Most setWatch pins at once: 'per-pin-number' = STM32 EXTI lines (one pin per number). */
  watchLimit: 'per-pin-number' | number;
  /** Most LEDs require("neopixel") handles on this board. */
  maxLeds: number;
  /** Where the LED panels take 5 V from; 'in' = the board is fed there too (no USB socket of its own). */
  powerPin: { pin: string; direction: 'out' | 'in'; note: string };
  /** How USB reaches the board, for the wiring diagram (two short lines). */
  usbIn: readonly [string, string];
  /**
   * Where the 500 mA fuse F1 goes on this board, or null when the USB supply to the panels is
   * already fused on the board at about USB's 500 mA.
   */
  f1: { where: string; when: string | null } | null;
  /** Estimated board current (MCU + regulator) in mA, without LEDs. */
  typicalMa: number;
  notes: readonly string[];
}

/** This project's wiring on one board. */
export interface PinAssignment {
  /** SEAT1..SEAT7. */
  seat: readonly string[];
  /** K1..K6, OK, BACK. */
  pad: readonly string[];
  ledData: string;
  /** Optional piezo buzzer (PWM); null when the board has none fitted. */
  buzzer: string | null;
  /** Inputs the firmware polls because the board cannot setWatch them (see header comment). */
  polled: readonly InputName[];
}

export interface BoardSpec extends BoardFacts {
  /** null: the board cannot carry this design (validateBoard says why). */
  pins: PinAssignment | null;
}

/** A validated board: plain JSON, so the firmware build can embed it as-is. */
export interface ResolvedBoard {
  id: string;
  name: string;
  mcu: string;
  family: McuFamily;
  variables: number;
  storageBytes: number;
  /** Pin of every input, by name. */
  inputs: Record<InputName, string>;
  seat: string[];
  pad: string[];
  ledData: string;
  buzzer: string | null;
  /** Inputs to setWatch (debounce INPUT_TIMING.debounceMs). */
  watched: InputName[];
  /** Inputs to poll every INPUT_TIMING.pollIntervalMs. */
  polled: InputName[];
  /** Free header pins left over. */
  spare: string[];
  powerPin: BoardFacts['powerPin'];
  power: typeof POWER;
  timing: typeof INPUT_TIMING;
  notes: string[];
}

/** A configuration that cannot work; the message names the conflict. */
export class PinMapError extends Error {
  constructor(message: string) {
    super(message);
    Object.setPrototypeOf(this, PinMapError.prototype);
    this.name = 'PinMapError';
  }
}

// STM32F401/F411 share one pin table (stm32f401.csv + stm32f401_af.csv); TIM5 is Espruino's
// utility timer and is removed from PWM (pinutils.remove_used_pinfunctions).
const STM32F4_PWM: Record<string, string> = {
  A0: 'TIM2_CH1', A1: 'TIM2_CH2', A2: 'TIM2_CH3', A3: 'TIM2_CH4', A5: 'TIM2_CH1', A6: 'TIM3_CH1',
  A7: 'TIM3_CH2', A8: 'TIM1_CH1', A10: 'TIM1_CH3', B0: 'TIM3_CH3', B1: 'TIM3_CH4', B3: 'TIM2_CH2',
  B4: 'TIM3_CH1', B5: 'TIM3_CH2', B6: 'TIM4_CH1', B7: 'TIM4_CH2', B8: 'TIM4_CH3', B9: 'TIM4_CH4',
  B10: 'TIM2_CH3', B13: 'TIM1_CH1N', B14: 'TIM1_CH2N', B15: 'TIM1_CH3N',
};
const STM32F4_MOSI: Record<string, string> = { A7: 'SPI1 MOSI', B5: 'SPI1/SPI3 MOSI', B15: 'SPI2 MOSI' };

const CONSOLE_B6_B7 = 'Serial1 console when USB is not enumerated (e.g. on a charger)';

export const BOARDS: Readonly<Record<'pico' | 'wifi' | 'original' | 'mdbt42q', BoardSpec>> = {
  pico: {
    id: 'pico',
    espruinoBoard: 'PICO_R1_3',
    name: 'Espruino Pico',
    mcu: 'STM32F401CDU6',
    family: 'stm32',
    variables: 5100,
    storageBytes: 3 * 16384,
    gpio: ['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A10',
      'B1', 'B3', 'B4', 'B5', 'B8', 'B9', 'B10', 'B13', 'B14', 'B15'],
    reserved: {
      A9: 'USB VSENSE (wired to USB 5 V)', A11: 'USB D-', A12: 'USB D+',
      A13: 'SWDIO pad on the underside', A14: 'SWCLK pad on the underside', A15: 'SWD pad on the underside',
      B0: 'FET gate when the FET/B0 jumper is shorted', B2: 'on-board red LED1', B12: 'on-board green LED2',
      B6: CONSOLE_B6_B7, B7: CONSOLE_B6_B7,
      C13: 'on-board button BTN1', C14: '32 kHz crystal pads', C15: '32 kHz crystal pads',
      H0: 'main crystal', H1: 'main crystal',
    },
    neopixelPins: STM32F4_MOSI,
    pwmPins: STM32F4_PWM,
    notFiveVoltTolerant: [],
    watchLimit: 'per-pin-number',
    maxLeds: 1000,
    powerPin: {
      pin: 'VBAT',
      direction: 'out',
      note: 'USB 5 V through the Schottky D1 (0.2-0.3 V less). ' +
        'VBAT as in Espruino\'s pinout: the pin printed VCC (1v3) or Vout (1v4), between GND and 3.3 in the row with B3-B7 and A8; never Bat (1v3) / Vin (1v4), ' +
        'the battery input at the USB end of the other row. The printing also tells 1v3 from 1v4. On a 1v3, D1 is rated ' + PICO_1V3_D1_MA + ' mA: see the notes',
    },
    usbIn: ['J1 A-male → A-female', 'into the USB-A plug'],
    f1: { where: 'in series with the VBAT → panel A +5V wire, at the Pico end, or in the pass-through\'s +5V wire (notes); 1v4 has a 500 mA polyfuse ahead of VBAT', when: '1v3 only' },
    typicalMa: 35,
    notes: [
      'The headers offer 14 distinct pin numbers (11 and 12 are USB and LED2), so 14 buttons are watched and BACK is polled.',
      'Do not enable deep sleep (setDeepSleep): wake-on-USB borrows EXTI 9 from K6 on B9.',
      'Revision: printed VCC and Bat = 1v3, Vout and Vin = 1v4. Rev 1v3 has no fuse: fit F1 on a 1v3 only. Rev 1v4 has a 500 mA polyfuse ahead of VBAT ' +
        '(espruino/EspruinoBoard pico_1v4.sch: USB → FUSE → Schottky D1 → VCC).',
      `Rev 1v3: D1 (USB 5 V → VCC) is rated ${PICO_1V3_D1_MA} mA, less than this design draws (up to ${Math.round(WHITE_SWEEP_MA)} mA in the self-test white sweep; POWER.md). ` +
        'Either feed the panels and U2 from USB 5 V ahead of the Pico: a USB-A pass-through (J3, male/female breakout) in J1, its +5V through F1 to panel A +5V and U2 pin 14, its GND to PCB1, ' +
        `the Pico's VBAT then left unconnected; or keep the total under ${PICO_1V3_D1_MA} mA with \`dicetray config led_budget=${PICO_1V3_LED_BUDGET_MA}\` ` +
        `(90 % of ${PICO_1V3_D1_MA}, less ${POWER.boardMa} for the board and ${POWER.ledCount * POWER.idleMaPerLed} for the dark LEDs; busy frames then dim to fit). The 1v4 schematic does not state D1's rating.`,
      'The panels run at VBAT, USB 5 V less the diode\'s 0.2-0.3 V (4.7-4.8 V from a 5.0 V supply at light load only: less with the polyfuse at full load), where the WS2812B wants VIH = 0.7 × VDD = 3.3-3.4 V: ' +
        '3.3 V data is at or below it, so U2 is fitted here as on every board. Check: +5V at panel A during the self-test white sweep should stay ≥ 4.5 V (U2\'s minimum).',
      'The whole pad sits on the 0.05" (1.27 mm) row at the end of the board, in this order along it: A4 A3 A2 A1 A0 A10 B9 B8 = K1 K2 K3 K4 K5 BACK K6 OK. ' +
        'Solder thin wire (28-30 AWG) straight to those pads, or a 1.27 mm header; the pad\'s GND comes from PCB1 (the common ground point), not from this row. The other pins are on the two 0.1" rows.',
    ],
    pins: {
      seat: ['B15', 'B14', 'B13', 'B10', 'A7', 'A6', 'A5'],
      pad: ['A4', 'A3', 'A2', 'A1', 'A0', 'B9', 'B8', 'A10'],
      ledData: 'B5',
      buzzer: 'A8',
      polled: ['BACK'],
    },
  },
  wifi: {
    id: 'wifi',
    espruinoBoard: 'ESPRUINOWIFI',
    name: 'Espruino WiFi',
    mcu: 'STM32F411CEU6',
    family: 'stm32',
    variables: 8190,
    storageBytes: 65536,
    gpio: ['A0', 'A1', 'A4', 'A5', 'A6', 'A7', 'A8', 'A10',
      'B0', 'B1', 'B3', 'B4', 'B5', 'B8', 'B9', 'B10', 'B13', 'B14', 'B15'],
    reserved: {
      A2: 'ESP8266 RX', A3: 'ESP8266 TX', A9: 'USB VSENSE', A11: 'USB D-', A12: 'USB D+',
      A13: 'ESP8266 GPIO0 / SWDIO', A14: 'ESP8266 CH_PD / SWCLK', A15: 'ESP8266 CTS',
      B2: 'on-board LED1', B12: 'on-board LED2', B6: CONSOLE_B6_B7, B7: CONSOLE_B6_B7,
      C13: 'on-board button BTN1', C14: 'RTC crystal', C15: 'RTC crystal', H0: 'main crystal', H1: 'main crystal',
    },
    neopixelPins: STM32F4_MOSI,
    pwmPins: STM32F4_PWM,
    notFiveVoltTolerant: [],
    watchLimit: 'per-pin-number',
    maxLeds: 1000,
    powerPin: {
      pin: 'VUSB',
      direction: 'out',
      note: 'USB 5 V straight from the Micro USB socket (Espruino\'s board file: "connected directly to USB 5V"), ahead of the board\'s 500 mA polyfuse: fit F1',
    },
    usbIn: ['J1 USB A → Micro-B', 'into the board\'s socket'],
    f1: {
      where: 'in series with the VUSB → panel A +5V wire, at the board end: VUSB is wired to the USB socket ahead of the board\'s own polyfuse, ' +
        'which protects only the board (espruino/EspruinoBoard WiFi schematic: VBUS goes to the VUSB header pin and through F1 to the regulator)',
      when: null,
    },
    typicalMa: 40,
    notes: [
      'Pin numbers 2, 11 and 12 are not on the headers, so 13 buttons are watched and OK and BACK are polled.',
      'Keep the ESP8266 powered down (do not require("EspruinoWiFi")): it draws far more than POWER.boardMa allows.',
      'The panels run at the full 5.0 V from VUSB, where 3.3 V data is below the WS2812B\'s VIH (0.7 × VDD = 3.5 V): U2 (74AHCT125) is required here.',
      'Do not enable deep sleep (setDeepSleep): wake-on-USB borrows EXTI 9 from K6 on B9.',
    ],
    pins: {
      seat: ['B15', 'B14', 'B13', 'B10', 'A7', 'A6', 'A5'],
      pad: ['A0', 'A1', 'A4', 'B3', 'B8', 'B9', 'B0', 'B4'],
      ledData: 'B5',
      buzzer: 'A8',
      polled: ['OK', 'BACK'],
    },
  },
  original: {
    id: 'original',
    espruinoBoard: 'ESPRUINOBOARD',
    name: 'Original Espruino (1v3/1v4)',
    mcu: 'STM32F103RCT6',
    family: 'stm32',
    variables: 2756,
    storageBytes: 10 * 2048,
    gpio: ['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8',
      'B0', 'B1', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B9', 'B10', 'B11',
      'C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10', 'C11', 'C12'],
    reserved: {
      A9: 'Serial1 console / HC-05 Bluetooth pads', A10: 'Serial1 console / HC-05 Bluetooth pads',
      A11: 'USB D-', A12: 'USB D+', A13: 'on-board red LED1', A14: 'on-board green LED2', A15: 'on-board blue LED3',
      B2: 'BOOT1', B12: 'on-board button BTN1',
      B13: 'SD card slot (SPI2 SCK)', B14: 'SD card slot (SPI2 MISO)', B15: 'SD card slot (SPI2 MOSI)', D2: 'SD card slot (CS)',
      C13: 'USB disconnect', C14: 'RTC crystal', C15: 'RTC crystal', D0: 'main crystal', D1: 'main crystal',
    },
    neopixelPins: { A7: 'SPI1 MOSI', B5: 'SPI3 MOSI (SPI1 remapped)' },
    pwmPins: {
      A0: 'TIM2_CH1', A1: 'TIM2_CH2', A2: 'TIM2_CH3', A3: 'TIM2_CH4', A6: 'TIM3_CH1', A7: 'TIM3_CH2',
      A8: 'TIM1_CH1', B0: 'TIM3_CH3', B1: 'TIM3_CH4', B3: 'TIM2_CH2', B4: 'TIM3_CH1', B5: 'TIM3_CH2',
      B6: 'TIM4_CH1', B7: 'TIM4_CH2', B8: 'TIM4_CH3', B9: 'TIM4_CH4', B10: 'TIM2_CH3', B11: 'TIM2_CH4',
      C6: 'TIM8_CH1', C7: 'TIM8_CH2', C8: 'TIM8_CH3', C9: 'TIM8_CH4',
    },
    notFiveVoltTolerant: ['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'B0', 'B1', 'B5',
      'C0', 'C1', 'C2', 'C3', 'C4', 'C5'],
    watchLimit: 'per-pin-number',
    maxLeds: 1000,
    powerPin: { pin: 'VBAT', direction: 'out', note: 'USB 5 V through the USB/battery switch-over diode (about 4.7 V) and the 1 A polyfuse' },
    usbIn: ['J1 USB cable', 'into the board\'s socket'],
    f1: null,
    typicalMa: 45,
    notes: [
      'Pin numbers 13, 14 and 15 are taken (LEDs, SD slot, USB, crystal), so 13 buttons are watched and OK and BACK are polled.',
      'Leave the SD slot empty and unused: its pins are reserved.',
      'Do not enable deep sleep (setDeepSleep): it watches A11, which SEAT1 on C11 needs.',
      'Storage is 20 KB and variables 2756: checkFirmwareFits decides whether this board can run a given build. ' +
        'The current firmware does not fit: with its journal reserve it takes about 46 KB of a Pico\'s 48 KB of Storage, ' +
        'so `dicetray build --board original` fails. Build on the Pico or the WiFi.',
    ],
    pins: {
      seat: ['C11', 'C10', 'C9', 'C8', 'C7', 'C6', 'C5'],
      pad: ['C0', 'C1', 'C2', 'C3', 'C4', 'C12', 'A0', 'A1'],
      ledData: 'A7',
      buzzer: 'A8',
      polled: ['OK', 'BACK'],
    },
  },
  mdbt42q: {
    id: 'mdbt42q',
    espruinoBoard: 'MDBT42Q',
    name: 'MDBT42Q breakout',
    mcu: 'nRF52832',
    family: 'nrf52',
    variables: 2950,
    storageBytes: 10 * 4096,
    gpio: ['D3', 'D4', 'D5', 'D7', 'D11', 'D14', 'D15', 'D16', 'D17', 'D18', 'D19', 'D20', 'D22',
      'D25', 'D26', 'D27', 'D28', 'D29', 'D30', 'D31'],
    reserved: {
      D0: 'on-board button BTN1 (high at boot = bootloader)', D1: 'on-board LED1', D2: 'on-board LED2',
      D6: 'Serial1 console TX', D8: 'Serial1 console RX (sampled at boot)', D9: 'NFC antenna', D10: 'NFC antenna',
      D12: 'module pad only, not on the breakout header', D13: 'neopixel I2S LRCK output',
      D21: 'reset (CONFIG_GPIO_AS_PINRESET)', D23: 'neopixel I2S SCK output', D24: 'module pad only, not on the breakout header',
    },
    neopixelPins: 'any',
    pwmPins: 'any',
    notFiveVoltTolerant: 'all',
    watchLimit: 8,
    // The nRF52 driver puts 12 bytes per LED on the stack (ESPRUINO.md §5): stay well below "a few hundred".
    maxLeds: 256,
    powerPin: { pin: 'Vin', direction: 'in', note: 'regulator input (2.5-16 V): feed Vin and the panels from the same USB 5 V supply' },
    usbIn: ['J2 USB-A plug', 'breakout'],
    f1: { where: 'in the J2 VBUS wire, before it splits to Vin and the panels (the breakout has no fuse)', when: null },
    typicalMa: 10,
    notes: [
      'nRF52 Espruino has 8 watch channels: the 7 seats are watched, the 8 pad keys are polled (one spare channel).',
      'Storage is 40 KB: the current firmware does not fit (with its journal reserve it takes about 46 KB of a Pico\'s 48 KB), so ' +
        '`dicetray build --board mdbt42q` fails. Build on the Pico or the WiFi.',
      'The breakout has no USB socket: power it and the panels from a USB 5 V supply; the console is Bluetooth.',
      'All pins are 3.3 V only: never connect 5 V to a GPIO.',
      'The panels run at the full 5.0 V here, where 3.3 V data is below the WS2812B\'s VIH (0.7 × VDD = 3.5 V): U2 (74AHCT125) is required here.',
      'dicetray flash and mirror talk to a USB serial port at 115200 baud; this breakout has no USB, its console is Bluetooth ' +
        'or Serial1 at 9600 baud on D8/D6, and the kiosk link mode expects a USB console: not yet supported by the host tool.',
    ],
    pins: {
      seat: ['D25', 'D26', 'D27', 'D28', 'D29', 'D30', 'D31'],
      pad: ['D22', 'D20', 'D19', 'D18', 'D17', 'D16', 'D15', 'D14'],
      ledData: 'D3',
      buzzer: 'D4',
      polled: ['K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'OK', 'BACK'],
    },
  },
};

/** Boards that were considered and cannot carry the design; resolveBoard explains why. */
export const UNSUPPORTED_BOARDS: Readonly<Record<'puck', BoardSpec>> = {
  puck: {
    id: 'puck',
    espruinoBoard: 'PUCKJS',
    name: 'Puck.js v2',
    mcu: 'nRF52832',
    family: 'nrf52',
    variables: 2630,
    storageBytes: 10 * 4096,
    gpio: ['D1', 'D2', 'D11', 'D23', 'D24', 'D28', 'D29', 'D30', 'D31'],
    reserved: {
      D0: 'on-board button', D3: 'LED3', D4: 'LED2', D5: 'LED1', D16: 'neopixel I2S LRCK output',
      D22: 'neopixel I2S SCK output', D26: 'FET output (IR)',
    },
    neopixelPins: 'any',
    pwmPins: 'any',
    notFiveVoltTolerant: 'all',
    watchLimit: 8,
    maxLeds: 256,
    powerPin: { pin: 'none', direction: 'in', note: 'coin cell; no 5 V input for the panels' },
    usbIn: ['none', ''],
    f1: null,
    typicalMa: 10,
    notes: ['Too few pins: use the MDBT42Q breakout (board id mdbt42q), the same nRF52832 with 20 free header pins.'],
    pins: null,
  },
};

export type BoardId = keyof typeof BOARDS;

function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return items.slice(0, -1).join(', ') + ' or ' + items[items.length - 1];
}

/** STM32 pin names are port letter + number; the number is the EXTI line. */
function pinNumber(pin: string): number {
  return parseInt(pin.slice(1), 10);
}

/**
 * Checks one board spec against its own limits and returns the resolved wiring.
 * Throws PinMapError naming the first conflict found.
 */
export function validateBoard(spec: BoardSpec): ResolvedBoard {
  const id = spec.id;
  const fail = (msg: string): never => {
    throw new PinMapError(id + ': ' + msg);
  };
  if (spec.gpio.length < REQUIRED_PINS) {
    fail(`${spec.name} brings out only ${spec.gpio.length} free GPIO (${spec.gpio.join(', ')}) but this design needs ` +
      `${REQUIRED_PINS} (15 buttons + LED data; ${REQUIRED_PINS + 1} with the buzzer)` +
      (spec.family === 'nrf52' ? '; use the MDBT42Q breakout (board id mdbt42q) as the nRF52 board' : ''));
  }
  const pins = spec.pins;
  if (pins === null) return fail(`${spec.name} has no pin assignment`);
  if (pins.seat.length !== SEAT_INPUTS.length) fail(`seat needs ${SEAT_INPUTS.length} pins (SEAT1..SEAT7), got ${pins.seat.length}`);
  if (pins.pad.length !== PAD_INPUTS.length) fail(`pad needs ${PAD_INPUTS.length} pins (K1..K6, OK, BACK), got ${pins.pad.length}`);

  // Every role with its pin, in a fixed order so messages are stable.
  const roles: Array<[string, string]> = [];
  SEAT_INPUTS.forEach((name, i) => roles.push([name, pins.seat[i]]));
  PAD_INPUTS.forEach((name, i) => roles.push([name, pins.pad[i]]));
  roles.push(['LED data', pins.ledData]);
  if (pins.buzzer !== null) roles.push(['buzzer', pins.buzzer]);

  const owner: Record<string, string> = {};
  for (const [role, pin] of roles) {
    if (Object.prototype.hasOwnProperty.call(spec.reserved, pin)) {
      fail(`${role} pin ${pin} is reserved (${spec.reserved[pin]})`);
    }
    if (!spec.gpio.includes(pin)) fail(`${role} pin ${pin} is not a pin of the ${spec.name}`);
    if (owner[pin] !== undefined) fail(`pin ${pin} used twice: ${owner[pin]} and ${role}`);
    owner[pin] = role;
  }

  if (spec.neopixelPins !== 'any' && !Object.prototype.hasOwnProperty.call(spec.neopixelPins, pins.ledData)) {
    const usable = Object.keys(spec.neopixelPins).filter((p) => spec.gpio.includes(p));
    fail(`LED data pin ${pins.ledData} is not a hardware SPI MOSI pin (use ${joinOr(usable)})`);
  }
  if (pins.buzzer !== null && spec.pwmPins !== 'any' && !Object.prototype.hasOwnProperty.call(spec.pwmPins, pins.buzzer)) {
    const pwm = spec.pwmPins;
    const usable = spec.gpio.filter((p) => Object.prototype.hasOwnProperty.call(pwm, p) && owner[p] === undefined);
    fail(`buzzer pin ${pins.buzzer} is not PWM-capable (free PWM pins: ${usable.join(', ')})`);
  }

  const polledSeen: Record<string, boolean> = {};
  for (const name of pins.polled) {
    if (!(INPUT_NAMES as readonly string[]).includes(name)) fail(`polled input "${name}" is not an input name`);
    if (polledSeen[name]) fail(`polled input ${name} listed twice`);
    polledSeen[name] = true;
  }
  const inputs = {} as Record<InputName, string>;
  roles.forEach(([role, pin]) => {
    if ((INPUT_NAMES as readonly string[]).includes(role)) inputs[role as InputName] = pin;
  });
  const watched = INPUT_NAMES.filter((n) => !polledSeen[n]);
  const polled = INPUT_NAMES.filter((n) => polledSeen[n]);

  if (spec.watchLimit === 'per-pin-number') {
    const line: Record<number, InputName> = {};
    for (const name of watched) {
      const n = pinNumber(inputs[name]);
      const other = line[n];
      if (other !== undefined) {
        fail(`${other} (${inputs[other]}) and ${name} (${inputs[name]}) share EXTI line ${n}: STM32 can watch only one pin ` +
          `per pin number (poll one of them or move it)`);
      }
      line[n] = name;
    }
  } else if (watched.length > spec.watchLimit) {
    fail(`${watched.length} watched buttons but ${spec.name} has only ${spec.watchLimit} watch channels (poll the rest)`);
  }

  if (LED_COUNT > spec.maxLeds) fail(`${LED_COUNT} LEDs exceed the ${spec.maxLeds} the neopixel driver handles here`);
  if (spec.typicalMa > POWER.boardMa) {
    fail(`board draws about ${spec.typicalMa} mA, more than POWER.boardMa (${POWER.boardMa} mA) allows for`);
  }
  const idle = POWER.ledCount * POWER.idleMaPerLed;
  if (POWER.boardMa + idle + POWER.ledBudgetMa > POWER.usbLimitMa) {
    fail(`power: board ${POWER.boardMa} + idle LEDs ${idle} + LED budget ${POWER.ledBudgetMa} mA exceed USB ${POWER.usbLimitMa} mA`);
  }

  return {
    id,
    name: spec.name,
    mcu: spec.mcu,
    family: spec.family,
    variables: spec.variables,
    storageBytes: spec.storageBytes,
    inputs,
    seat: pins.seat.slice(),
    pad: pins.pad.slice(),
    ledData: pins.ledData,
    buzzer: pins.buzzer,
    watched,
    polled,
    spare: spec.gpio.filter((p) => owner[p] === undefined),
    powerPin: { pin: spec.powerPin.pin, direction: spec.powerPin.direction, note: spec.powerPin.note },
    power: POWER,
    timing: INPUT_TIMING,
    notes: spec.notes.slice(),
  };
}

/** Validated wiring for a board id; throws PinMapError for unknown or unsuitable boards. */
export function resolveBoard(id: string): ResolvedBoard {
  if (Object.prototype.hasOwnProperty.call(BOARDS, id)) return validateBoard(BOARDS[id as BoardId]);
  if (Object.prototype.hasOwnProperty.call(UNSUPPORTED_BOARDS, id)) {
    return validateBoard(UNSUPPORTED_BOARDS[id as keyof typeof UNSUPPORTED_BOARDS]);
  }
  throw new PinMapError(`unknown board "${id}" (known: ${Object.keys(BOARDS).join(', ')})`);
}

/** Storage keeps a 32-byte header (size + 28-char name) per file. */
export const STORAGE_FILE_HEADER_BYTES = 32;

export interface FirmwareBudget {
  /** Minified bundle written to Storage as .bootcde. */
  bundleBytes: number;
  /** Storage reserved for the game journal/state files, including room for rewrites. */
  journalBytes: number;
  /** JsVars the firmware uses at its peak (process.memory().usage on a board or an estimate). */
  variables: number;
  /** Sizes of the code files written (.bootcde and the Storage modules); default: the bundle as one. */
  files?: number[];
}

export interface FirmwareFit {
  storageUsedBytes: number;
  storageFreeBytes: number;
  variablesFree: number;
}

/** Espruino keeps Storage files on 4-byte boundaries on these boards (JSF_ALIGNMENT, jsutils.h). */
const STORAGE_ALIGNMENT = 4;

/** The room a Storage file of `bytes` takes: its header and its size up to the next 4-byte boundary. */
export function storageFileRoom(bytes: number): number {
  return Math.ceil(bytes / STORAGE_ALIGNMENT) * STORAGE_ALIGNMENT + STORAGE_FILE_HEADER_BYTES;
}

/**
 * A StorageFile (open(name, 'a')) takes its room a chunk at a time, reserved whole at the chunk's
 * first byte: min(flash page, 4 KB) less its header (STORAGEFILE_CHUNKSIZE, jswrap_storage.c).
 * A Pico's pages are 16 KB.
 */
export const STORAGE_CHUNK_BYTES = 4096 - STORAGE_FILE_HEADER_BYTES;

/**
 * Throws PinMapError when the bundle + journal do not fit the board's Storage or the variable
 * use exceeds the board's JsVars. Counts a file header for every code file and one for the
 * journal, and each code file's padding to the next 4-byte boundary.
 */
export function checkFirmwareFits(id: string, budget: FirmwareBudget): FirmwareFit {
  const board = resolveBoard(id);
  const files = budget.files || [budget.bundleBytes];
  let headers = STORAGE_FILE_HEADER_BYTES;
  for (const n of files) headers += storageFileRoom(n) - n;
  const used = budget.bundleBytes + budget.journalBytes + headers;
  if (used > board.storageBytes) {
    throw new PinMapError(`${id}: bundle ${budget.bundleBytes} B + journal ${budget.journalBytes} B + file headers ${headers} B = ` +
      `${used} B does not fit the ${board.storageBytes} B of Storage`);
  }
  if (budget.variables > board.variables) {
    throw new PinMapError(`${id}: firmware uses ${budget.variables} variables but the board has ${board.variables}`);
  }
  return {
    storageUsedBytes: used,
    storageFreeBytes: board.storageBytes - used,
    variablesFree: board.variables - budget.variables,
  };
}
