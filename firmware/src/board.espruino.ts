/**
 * The board, with Espruino APIs: the only file that touches setWatch, neopixel, the console and
 * packets. On Espruino's Linux build (no pins, no neopixel) the same code runs: buttons then
 * come from host commands and LED frames go over the link. Plain functions, because every
 * function object (and every closure's scope) costs RAM on the board.
 */
import type { ButtonKind } from './board';
import type { App } from './app';
import { buttonEdge } from './buttons';
import { PacketParser } from '../../shared/protocol/board-codec';
import { espruinoModule } from './espruino-module';
import type { EspruinoE, EspruinoGlobals, EspruinoProcess } from './espruino-types';

declare const E: EspruinoE;
declare const process: EspruinoProcess;
declare const setWatch: EspruinoGlobals['setWatch'];
declare const pinMode: EspruinoGlobals['pinMode'];
declare const digitalRead: (pin: unknown) => number;
declare const analogWrite: EspruinoGlobals['analogWrite'];
declare const digitalWrite: EspruinoGlobals['digitalWrite'];
declare const getTime: EspruinoGlobals['getTime'];
declare const USB: any;
declare const print: (...args: unknown[]) => void;
declare const LoopbackA: any;

/** What the firmware build embeds from the resolved pin map (hardware/pinmap.ts). */
export interface BoardPins {
  /** Button id (S1..S7, K1..K6, OK, BK) → pin name. */
  inputs: Record<string, string>;
  /** Ids to setWatch; the rest are polled (boards with fewer interrupt lines than buttons). */
  watched: string[];
  polled: string[];
  ledData: string;
  buzzer: string | null;
  debounceMs: number;
  pollMs: number;
}

/** The pin map, read from the build data when needed (boot, self-test) rather than kept in RAM. */
function pinMap(): BoardPins {
  return JSON.parse(__DT_BUILD__.pins);
}

/** Board name as the interpreter reports it (e.g. PICO_R1_3, LINUX). */
export const boardName = String(process.env.BOARD);
/** False where pins do nothing (Espruino's Linux build): LED frames then go over the link. */
export const hasPins = boardName !== 'LINUX';

let neopixel: { write(pin: string, data: Uint8Array): void } | null = null;
/** The port in link mode (console moved away); null: lines go out through print. */
let port: any = null;
let watchdog = false;

/**
 * Starts the buttons (pins pull to GND: pressed = low) and the watchdog; `press` gets every
 * button event (buttons.ts turns edges into press/long/down/up).
 */
export function startBoard(press: (id: string, kind: ButtonKind) => void): void {
  if (!hasPins) return;
  // Dropped at the end: the button callbacks keep this scope, not the whole pin map.
  let pins: BoardPins | null = pinMap();
  try {
    neopixel = espruinoModule('neopixel');
  } catch (e) {
    neopixel = null;
  }
  const debounce = pins.debounceMs;
  pins.watched.forEach((id) => {
    const pin = pins!.inputs[id];
    pinMode(pin, 'input_pullup');
    setWatch((e) => buttonEdge(id, !e.state, press), pin, { repeat: true, edge: 'both', debounce: debounce });
  });
  const polled = pins.polled;
  if (polled.length) {
    const pin: string[] = [];
    const last: number[] = [];
    const same: number[] = [];
    for (let i = 0; i < polled.length; i++) {
      pin.push(pins.inputs[polled[i]]);
      pinMode(pin[i], 'input_pullup');
      last.push(1);
      same.push(0);
    }
    // Two equal samples 15 ms apart = a debounced change, like setWatch's debounce.
    setInterval(() => {
      for (let i = 0; i < polled.length; i++) {
        const v = digitalRead(pin[i]);
        if (v !== last[i]) {
          if (++same[i] >= 2) {
            last[i] = v;
            same[i] = 0;
            buttonEdge(polled[i], v === 0, press);
          }
        } else same[i] = 0;
      }
    }, pins.pollMs);
  }
  pins = null;
  // The console stays on USB: unforced, Espruino moves it to Serial1 (9600 baud, a 128-byte buffer)
  // while no USB host is there, a table on a charger, and every press then waited ~0.2 s for its
  // lines to go out of a pin nobody reads. A USB without a host drops them at once. (The boot's own
  // lines, waiting for Espruino's first second, go too: a host asks for hello when it connects.)
  USB.setConsole(true);
  try {
    E.enableWatchdog(10, false);
    watchdog = true;
  } catch (e) {
    watchdog = false;
  }
}

/** Buttons that read pressed right now (held through power-up: self-test entry). */
export function pressedNow(): string[] {
  const out: string[] = [];
  if (hasPins) {
    const inputs = pinMap().inputs;
    for (const id in inputs) if (digitalRead(inputs[id]) === 0) out.push(id);
  }
  return out;
}

/** Writes a frame of GRB bytes to the LED chain (no-op without pins). */
export function showLeds(grb: Uint8Array): void {
  if (neopixel) neopixel.write(__DT_BUILD__.ledData, grb);
}

export function beep(freq: number, ms: number): void {
  const pin = __DT_BUILD__.buzzer;
  if (!hasPins || !pin) return;
  analogWrite(pin, 0.5, { freq: freq });
  setTimeout(() => digitalWrite(pin, 0), ms);
}

/**
 * Sends one protocol line to the host: the console's print itself (a native call: no function body
 * for Espruino to read per line), or in link mode a write to the port.
 */
export let sendLine: (line: string) => void = print;

function toPort(line: string): void {
  port.write(line + '\n');
}

/**
 * Host commands (already decoded objects) and undecodable input (error code). Link mode (kiosk):
 * move the REPL off the port and parse the host's packets here, so commands keep working while
 * the console is password-locked (a locked console feeds every byte to its password prompt and
 * fires no packet events).
 */
export function listen(linkMode: boolean, fn: (cmd: unknown) => void, onBad: (code: string) => void): void {
  if (linkMode && hasPins) {
    const parser = new PacketParser(fn, onBad);
    port = USB;
    sendLine = toPort;
    E.setConsole(LoopbackA, { force: true });
    port.on('data', (d: string) => parser.feed(d, getTime() * 1000));
  } else E.on('packet', fn);
}

/**
 * Staff maintenance: gives the (password-locked) console back to the port, for flashing. Said
 * first, while the port still carries protocol lines: a mirror learns why its packets go
 * unanswered from then on (they would land in the password prompt).
 */
export function consoleToPort(app: App): void {
  const p = port;
  if (p) {
    app.send({ t: 'ui', m: 'flash' });
    port = null;
    sendLine = print;
    E.setConsole(USB, { force: true });
    // No upload within 5 minutes (an upload's reset() clears this timer): the link again, so a
    // guest who found K4 does not cut the wall screen off until the next restart.
    setTimeout(() => {
      port = p;
      sendLine = toPort;
      E.setConsole(LoopbackA, { force: true });
      // Locked again: staff may have logged in (flash --unlock) and not flashed.
      E.lockConsole();
      app.sendHello();
    }, 300000);
  }
}

/** Keeps the hardware watchdog from resetting the board. */
export function kick(): void {
  if (watchdog) E.kickWatchdog();
}
