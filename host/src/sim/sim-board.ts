/**
 * The simulated board: runs the exact firmware bundle in an Espruino-like context (what
 * Espruino lacks is removed), with pins and debounced setWatch, neopixel, Storage in a file,
 * timers on a real or fake clock, the console with REPL packets (and link mode), and the
 * watchdog. Its serial side is a byte stream the caller connects to a pty, TCP or a test.
 */
import { EventEmitter } from 'node:events';
import { createEspruinoSandbox } from './espruino-sandbox';
import { FakeClock, RealClock, type SimClock } from './clock';
import { SimStorage } from './sim-storage';
import { crc32 } from './crc32';

export interface SimBoardOptions {
  /** The firmware bundle (firmware/dist/dicetray.js). */
  bundle: string;
  /** Button id → pin name (from the build manifest). */
  pins: Record<string, string>;
  /** Storage image file; null keeps Storage in memory only. */
  storageFile?: string | null;
  /** Shares Storage with an earlier board (power cut and restart in tests). */
  storage?: SimStorage;
  clock?: 'real' | 'fake';
  /** process.env.BOARD: PICO_R1_3 (pins) by default, LINUX to act like Espruino's Linux build. */
  boardName?: string;
}

interface Watch {
  fn: (e: { state: boolean; time: number; lastTime: number }) => void;
  pin: string;
  edge: string;
  debounce: number;
  repeat: boolean;
  reported: number;
  lastTime: number;
  pending: number;
}

const DLE = 0x10;
const SOH = 0x01;

export class SimBoard extends EventEmitter {
  readonly clock: SimClock;
  readonly storage: SimStorage;
  /** Last frame written to the LEDs (GRB bytes), and how many frames were written. */
  frame: Uint8Array = new Uint8Array(0);
  frames = 0;
  beeps: { freq: number; at: number }[] = [];
  /** Set when the bundle threw at load or in a timer. */
  errors: string[] = [];
  private levels: Record<string, number> = {};
  private watches = new Map<number, Watch>();
  private nextWatch = 1;
  private packetHandlers: ((o: unknown) => void)[] = [];
  private usbHandlers: ((d: string) => void)[] = [];
  private consoleOnPort = true;
  private locked = false;
  private password: string | undefined;
  private inState = 0;
  private inLen = 0;
  private inBuf: number[] = [];
  private line = '';
  private watchdog = { on: false, timeout: 0, last: 0 };
  private alive = false;
  private opts: SimBoardOptions;

  constructor(opts: SimBoardOptions) {
    super();
    this.opts = opts;
    this.clock = opts.clock === 'fake' ? new FakeClock() : new RealClock();
    this.storage = opts.storage || new SimStorage(opts.storageFile || null);
  }

  get fakeClock(): FakeClock {
    if (!(this.clock instanceof FakeClock)) throw new Error('this simulated board runs on the real clock');
    return this.clock;
  }

  /** Power on: a fresh interpreter runs the bundle, as .bootcde runs at every power-up. */
  boot(): void {
    this.clock.stopAll();
    this.watches.clear();
    this.packetHandlers = [];
    this.usbHandlers = [];
    this.consoleOnPort = true;
    this.locked = false;
    this.levels = {};
    this.alive = true;
    const sb = createEspruinoSandbox(this.globals());
    sb.output.length = 0;
    try {
      sb.run(this.opts.bundle, 'dicetray.js');
    } catch (e) {
      this.fail(e);
    }
  }

  /** Power cut: everything in RAM is gone, Storage stays. */
  powerCut(): void {
    this.alive = false;
    this.clock.stopAll();
    this.watches.clear();
    this.packetHandlers = [];
    this.usbHandlers = [];
  }

  private fail(e: unknown): void {
    const msg = e instanceof Error ? e.stack || e.message : String(e);
    this.errors.push(msg);
    this.out('Uncaught ' + msg.split('\n')[0] + '\r\n');
  }

  /** Bytes the board sends on its serial port. */
  private out(s: string): void {
    this.emit('data', Buffer.from(s, 'latin1'));
  }

  private guard(fn: (...a: any[]) => void): (...a: any[]) => void {
    return (...a: any[]) => {
      if (!this.alive) return;
      try {
        fn(...a);
      } catch (e) {
        this.fail(e);
      }
    };
  }

  private globals(): Record<string, unknown> {
    const clock = this.clock;
    const self = this;
    const print = (...args: unknown[]) => {
      const text = args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ') + '\r\n';
      if (self.consoleOnPort) self.out(text);
    };
    const storage = this.storage.api();
    const neopixel = {
      write(pin: string, data: ArrayLike<number>) {
        if (data.length % 3) throw new Error('neopixel: data length must be a multiple of 3');
        self.frame = Uint8Array.from(data as ArrayLike<number>);
        self.frames++;
        self.emit('frame', self.frame, pin);
      },
    };
    const E = {
      on(ev: string, fn: (...a: unknown[]) => void) {
        if (ev === 'packet') self.packetHandlers.push(fn as (o: unknown) => void);
      },
      mapInPlace(from: ArrayLike<number>, to: { [i: number]: number; length: number }, map: ArrayLike<number> | ((v: number) => number)) {
        for (let i = 0; i < from.length && i < to.length; i++) {
          const v = from[i];
          to[i] = typeof map === 'function' ? map(v) : (map[v] ?? 0);
        }
      },
      toString(...args: unknown[]) {
        let s = '';
        for (const a of args) {
          if (typeof a === 'string') s += a;
          else if (typeof a === 'number') s += String.fromCharCode(a & 0xff);
          else if (a && typeof (a as ArrayLike<number>).length === 'number') for (let i = 0; i < (a as ArrayLike<number>).length; i++) s += String.fromCharCode((a as ArrayLike<number>)[i] & 0xff);
        }
        return s;
      },
      CRC32(d: string | ArrayLike<number>) {
        return crc32(typeof d === 'string' ? Buffer.from(d, 'latin1') : Uint8Array.from(d));
      },
      setConsole(dev: unknown) {
        self.consoleOnPort = dev === USB || dev === null || dev === 'USB';
      },
      getConsole() {
        return self.consoleOnPort ? 'USB' : 'LoopbackA';
      },
      setPassword(pw: string | undefined) {
        self.password = pw;
      },
      lockConsole() {
        if (self.password) self.locked = true;
      },
      enableWatchdog(secs: number) {
        self.watchdog = { on: true, timeout: secs * 1000, last: clock.now() };
        const check = () => {
          if (!self.alive || !self.watchdog.on) return;
          if (clock.now() - self.watchdog.last > self.watchdog.timeout) {
            self.emit('watchdog');
            self.powerCut();
            self.boot();
          } else clock.setTimeout(check, 1000);
        };
        clock.setTimeout(check, 1000);
      },
      kickWatchdog() {
        self.watchdog.last = clock.now();
      },
      hwRand() {
        return (Math.random() * 0x100000000) | 0;
      },
    };
    const USB = {
      on(ev: string, fn: (d: string) => void) {
        if (ev === 'data') self.usbHandlers.push(fn);
      },
      write(s: string) {
        self.out(String(s));
      },
    };
    const LoopbackA = { on() {}, write() {} };
    const watch = (fn: Watch['fn'], pin: string, o: { repeat?: boolean; edge?: string; debounce?: number }) => {
      const id = self.nextWatch++;
      self.watches.set(id, {
        fn: self.guard(fn) as Watch['fn'],
        pin: String(pin),
        edge: o.edge || 'both',
        debounce: o.debounce || 0,
        repeat: !!o.repeat,
        reported: self.level(String(pin)),
        lastTime: clock.now() / 1000,
        pending: -1,
      });
      return id;
    };
    return {
      print,
      console: { log: print, info: print, warn: print, error: print },
      setTimeout: (fn: () => void, ms: number) => clock.setTimeout(self.guard(fn), ms || 0),
      clearTimeout: (id: number) => clock.clearTimeout(id),
      setInterval: (fn: () => void, ms: number) => clock.setInterval(self.guard(fn), ms || 0),
      clearInterval: (id: number) => clock.clearInterval(id),
      getTime: () => clock.now() / 1000,
      setWatch: watch,
      clearWatch: (id?: number) => (id === undefined ? self.watches.clear() : self.watches.delete(id)),
      pinMode: (pin: string, mode: string) => {
        if (mode === 'input_pullup' && self.levels[pin] === undefined) self.levels[pin] = 1;
      },
      digitalRead: (pin: string) => self.level(String(pin)),
      digitalWrite: () => {},
      analogWrite: (_pin: string, _v: number, o?: { freq?: number }) => {
        self.beeps.push({ freq: (o && o.freq) || 0, at: clock.now() });
      },
      require: (name: string) => {
        if (name === 'Storage') return storage;
        if (name === 'neopixel' && self.opts.boardName !== 'LINUX') return neopixel;
        throw new Error('Module "' + name + '" not found');
      },
      process: {
        env: { BOARD: this.opts.boardName || 'PICO_R1_3', VERSION: '2v29', SIMULATED: true },
        memory: () => ({ usage: 0, total: 5100, free: 5100 }),
      },
      E,
      USB,
      LoopbackA,
      LoopbackB: LoopbackA,
    };
  }

  private level(pin: string): number {
    return this.levels[pin] === undefined ? 1 : this.levels[pin];
  }

  /** Sets a pin's level; watches fire once the level has been stable for their debounce time. */
  setPin(pin: string, v: number): void {
    this.levels[pin] = v;
    for (const w of this.watches.values()) {
      if (w.pin !== pin) continue;
      if (w.pending >= 0) this.clock.clearTimeout(w.pending);
      const settle = () => {
        w.pending = -1;
        const now = this.level(pin);
        if (now === w.reported) return;
        w.reported = now;
        if (w.edge === 'both' || (w.edge === 'rising' && now === 1) || (w.edge === 'falling' && now === 0)) {
          const t = this.clock.now() / 1000;
          w.fn({ state: now === 1, time: t, lastTime: w.lastTime });
          w.lastTime = t;
        }
      };
      if (w.debounce > 0) w.pending = this.clock.setTimeout(settle, w.debounce);
      else settle();
    }
  }

  pinOf(button: string): string {
    const pin = this.opts.pins[button];
    if (!pin) throw new Error(`no button ${button} (known: ${Object.keys(this.opts.pins).join(' ')})`);
    return pin;
  }

  /** Presses a button for `ms` (pins pull to GND while pressed). Fake clock: advances time. */
  press(button: string, ms = 100): void {
    const pin = this.pinOf(button);
    this.setPin(pin, 0);
    this.after(ms, () => this.setPin(pin, 1));
  }

  /** Bouncing contact: a burst of edges shorter than the debounce time, then a clean press. */
  bounce(button: string, ms = 100): void {
    const pin = this.pinOf(button);
    const flips = [0, 1, 0, 1, 0];
    flips.forEach((v, i) => this.after(i * 2, () => this.setPin(pin, v)));
    this.after(ms, () => this.setPin(pin, 1));
    this.after(ms + 3, () => this.setPin(pin, 0));
    this.after(ms + 5, () => this.setPin(pin, 1));
  }

  private after(ms: number, fn: () => void): void {
    if (ms <= 0) fn();
    else this.clock.setTimeout(fn, ms);
  }

  /** Bytes from the host arriving on the board's serial port. */
  write(data: Uint8Array | string): void {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    if (!this.alive) return;
    if (!this.consoleOnPort) {
      const s = Buffer.from(bytes).toString('latin1');
      for (const h of this.usbHandlers) this.guard(h)(s);
      return;
    }
    for (const b of bytes) this.consoleByte(b);
  }

  /** Espruino's console: DLE SOH packets (EVENT fires E.on('packet'), ACK/NAK), else REPL lines. */
  private consoleByte(b: number): void {
    if (this.locked) {
      // A locked console feeds everything to its password prompt: packets do not work (jsinteractive.c).
      if (b === 13 || b === 10) {
        if (this.line === this.password) {
          this.locked = false;
          this.out('\r\n  Logged in.\r\n');
        } else this.out('\r\n  Invalid password\r\npassword>');
        this.line = '';
      } else if (this.line.length < 20) this.line += String.fromCharCode(b);
      return;
    }
    if (this.inState === 2) {
      this.inLen = b << 8;
      this.inState = 3;
      return;
    }
    if (this.inState === 3) {
      this.inLen |= b;
      this.inBuf = [];
      this.inState = (this.inLen & 0x1fff) === 0 ? 0 : 4;
      return;
    }
    if (this.inState === 4) {
      this.inBuf.push(b);
      if (this.inBuf.length >= (this.inLen & 0x1fff)) {
        this.inState = 0;
        this.packet(this.inLen & 0xe000, Buffer.from(this.inBuf).toString('latin1'));
      }
      return;
    }
    if (this.inState === 1 && b === SOH) {
      this.inState = 2;
      return;
    }
    this.inState = b === DLE ? 1 : 0;
    if (b === DLE) return;
    if (b === 13 || b === 10) {
      const line = this.line;
      this.line = '';
      if (line.trim()) this.evalLine(line);
      return;
    }
    if (b >= 32) this.line += String.fromCharCode(b);
  }

  private packet(type: number, body: string): void {
    if (type !== 0x4000) {
      this.out('\x15');
      return;
    }
    let o: unknown;
    try {
      o = JSON.parse(body);
    } catch {
      this.out('\x15');
      return;
    }
    if (!o || typeof o !== 'object' || Array.isArray(o) || this.packetHandlers.length === 0) {
      this.out('\x15');
      return;
    }
    for (const h of this.packetHandlers) this.guard(h)(o);
    this.out('\x06');
  }

  /** Minimal REPL: the interactive console people and EspruinoTools use for maintenance. */
  private evalLine(line: string): void {
    this.emit('repl', line);
  }

  /** The fake clock moves on by `ms`, running whatever falls due. */
  advance(ms: number): void {
    this.fakeClock.advance(ms);
  }
}
