/**
 * Board implemented with Espruino APIs: the only file that touches setWatch, neopixel, Storage,
 * the console and packets. On Espruino's Linux build (no pins, no neopixel) the same code runs:
 * buttons then come from host commands and LED frames go over the link.
 */
import type { Board, BoardStorage, ButtonKind } from './board';
import { ButtonTimer } from './buttons';
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

export interface EspruinoBoardOptions {
  /**
   * Link mode (kiosk): move the REPL off the port and parse the host's packets ourselves, so
   * commands keep working while the console is password-locked (a locked console feeds every
   * byte to its password prompt and fires no packet events).
   */
  linkMode: boolean;
}

function storage(): BoardStorage {
  const S = espruinoModule('Storage');
  return {
    read: (name) => S.read(name),
    write: (name, data) => {
      S.write(name, data);
    },
    append: (name, line) => {
      S.open(name, 'a').write(line + '\n');
    },
    readLog: (name) => {
      const f = S.open(name, 'r');
      let out = '';
      let chunk = f.read(256);
      while (chunk !== undefined) {
        out += chunk;
        chunk = f.read(256);
      }
      return out.length ? out : undefined;
    },
    erase: (name) => {
      S.erase(name);
    },
    eraseLog: (name) => {
      S.open(name, 'r').erase();
    },
    free: () => S.getFree(),
  };
}

export function createEspruinoBoard(pins: BoardPins, opts: EspruinoBoardOptions): Board {
  const name = String(process.env.BOARD);
  const hasPins = name !== 'LINUX';
  let buttonFn: (id: string, kind: ButtonKind) => void = () => {};
  const timer = new ButtonTimer(
    (ms, fn) => setTimeout(fn, ms) as unknown as number,
    (id) => clearTimeout(id),
    (id, kind) => buttonFn(id, kind),
  );
  let neopixel: { write(pin: string, data: Uint8Array): void } | null = null;
  let port: any = null;
  let watchdog = false;

  if (hasPins) {
    try {
      neopixel = espruinoModule('neopixel');
    } catch (e) {
      neopixel = null;
    }
    // Buttons pull to GND: pressed = low.
    pins.watched.forEach((id) => {
      pinMode(pins.inputs[id], 'input_pullup');
      setWatch((e) => timer.edge(id, !e.state), pins.inputs[id], { repeat: true, edge: 'both', debounce: pins.debounceMs });
    });
    if (pins.polled.length) {
      const last: Record<string, number> = {};
      const same: Record<string, number> = {};
      pins.polled.forEach((id) => {
        pinMode(pins.inputs[id], 'input_pullup');
        last[id] = 1;
        same[id] = 0;
      });
      // Two equal samples 15 ms apart = a debounced change, like setWatch's debounce.
      setInterval(() => {
        pins.polled.forEach((id) => {
          const v = digitalRead(pins.inputs[id]);
          if (v !== last[id]) {
            if (++same[id] >= 2) {
              last[id] = v;
              same[id] = 0;
              timer.edge(id, v === 0);
            }
          } else same[id] = 0;
        });
      }, pins.pollMs);
    }
    try {
      E.enableWatchdog(10, false);
      watchdog = true;
    } catch (e) {
      watchdog = false;
    }
  }

  return {
    name: name,
    hasPins: hasPins,
    now: () => getTime() * 1000,
    after: (ms, fn) => setTimeout(fn, ms) as unknown as number,
    cancel: (id) => clearTimeout(id),
    onButton: (fn) => {
      buttonFn = fn;
    },
    injectButton: (id, kind) => buttonFn(id, kind),
    pressedNow: () => {
      const out: string[] = [];
      if (hasPins) for (const id in pins.inputs) if (digitalRead(pins.inputs[id]) === 0) out.push(id);
      return out;
    },
    showLeds: (grb) => {
      if (neopixel) neopixel.write(pins.ledData, grb);
    },
    beep: (freq, ms) => {
      if (!hasPins || !pins.buzzer) return;
      const pin = pins.buzzer;
      analogWrite(pin, 0.5, { freq: freq });
      setTimeout(() => digitalWrite(pin, 0), ms);
    },
    send: (line) => {
      if (port) port.write(line + '\n');
      else print(line);
    },
    onCommand: (fn, onBad) => {
      if (opts.linkMode && hasPins) {
        const parser = new PacketParser(fn, onBad);
        port = USB;
        E.setConsole(LoopbackA, { force: true });
        port.on('data', (d: string) => parser.feed(d, getTime() * 1000));
      } else {
        E.on('packet', (o: unknown) => fn(o));
      }
    },
    storage: storage(),
    memory: () => {
      const m = process.memory(false);
      return { usage: m.usage, total: m.total };
    },
    maintenance: () => {
      if (port) {
        port = null;
        E.setConsole(USB, { force: true });
      }
    },
    kick: () => {
      if (watchdog) E.kickWatchdog();
    },
  };
}
