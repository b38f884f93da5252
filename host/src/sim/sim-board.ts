/**
 * The simulated board: runs the exact firmware bundle in an Espruino-like context (what
 * Espruino lacks is removed), with the globals Espruino gives it: pins and debounced setWatch
 * (sim-pins.ts), neopixel, Storage in a file (sim-storage.ts), timers on a real or fake clock,
 * the console with REPL packets and link mode (sim-console.ts), and the watchdog. Its serial
 * side is a byte stream the caller connects to a pty, TCP or a test.
 */
import { EventEmitter } from 'node:events';
import { createEspruinoSandbox, type EspruinoSandbox } from './espruino-sandbox';
import { FakeClock, RealClock, type SimClock } from './clock';
import { E_NATIVES } from './espruino-e-natives';
import { SimStorage } from './sim-storage';
import { crc32 } from './crc32';
import { REPL_LIMIT_MS, SimConsole } from './sim-console';
import { SimPins, type WatchFn } from './sim-pins';

export interface SimBoardOptions {
  /** The firmware bundle (firmware/dist/dicetray.js). */
  bundle: string;
  /** Button id → pin name (from the build manifest). */
  pins: Record<string, string>;
  /** Storage image file; null keeps Storage in memory only. */
  storageFile?: string | null;
  /**
   * `storageFile` is read but never written: the board's writes (its boot counter at every
   * power-up, firmware files a flash would update) last only as long as this board. For a command
   * that only reads from the board, which on a real, running board writes nothing.
   */
  readOnlyStorage?: boolean;
  /** Shares Storage with an earlier board (power cut and restart in tests). */
  storage?: SimStorage;
  clock?: 'real' | 'fake';
  /** process.env.BOARD: PICO_R1_3 (pins) by default, LINUX to act like Espruino's Linux build. */
  boardName?: string;
  /** Milliseconds a REPL line or EVAL packet may run (REPL_LIMIT_MS). */
  replLimitMs?: number;
}

export class SimBoard extends EventEmitter {
  readonly clock: SimClock;
  readonly storage: SimStorage;
  /** Last frame written to the LEDs (GRB bytes), and how many frames were written. */
  frame: Uint8Array = new Uint8Array(0);
  frames = 0;
  beeps: { freq: number; at: number }[] = [];
  /** Set when the bundle threw at load or in a timer. */
  errors: string[] = [];
  /** The firmware's process.on('uncaughtException') handler (gone at a power cut). */
  private onUncaught: ((e: unknown) => void) | null = null;
  private readonly pins: SimPins;
  private readonly console: SimConsole;
  private packetHandlers: ((o: unknown) => void)[] = [];
  private usbHandlers: ((d: string) => void)[] = [];
  /**
   * The STM32's watchdog: a power-up stops it; reset() and load() do not, nor its mode (Espruino
   * keeps it over a soft restart). Auto: Espruino's idle loop kicks it (the sim is idle between events).
   */
  private watchdog = { on: false, auto: false, timeout: 0, last: 0 };
  /** The watchdog's check loop in use (an older one stops). */
  private watchdogCheck = 0;
  private alive = false;
  private opts: SimBoardOptions;
  /** The interpreter's global context: boot code and REPL lines run in it. */
  private sandbox: EspruinoSandbox | null = null;
  /** reset() and load() run once the current line or callback has finished, as on the board. */
  private pending: { how: 'reset' | 'load'; file?: string } | null = null;

  constructor(opts: SimBoardOptions) {
    super();
    this.opts = opts;
    this.clock = opts.clock === 'fake' ? new FakeClock() : new RealClock();
    this.storage = opts.storage || new SimStorage(opts.storageFile || null, undefined, undefined, !!opts.readOnlyStorage);
    this.pins = new SimPins(this.clock);
    const board = this;
    this.console = new SimConsole(
      {
        get alive() {
          return board.alive;
        },
        get sandbox() {
          return board.sandbox;
        },
        get replLimitMs() {
          return board.opts.replLimitMs || REPL_LIMIT_MS;
        },
        out: (s) => this.out(s),
        fail: (e) => this.fail(e),
        event: (o) => {
          if (this.packetHandlers.length === 0) return false;
          for (const h of this.packetHandlers) this.call(h, [o]);
          return true;
        },
        settle: () => this.settle(),
        repl: (line) => this.emit('repl', line),
      },
      this.clock,
    );
  }

  get fakeClock(): FakeClock {
    if (!(this.clock instanceof FakeClock)) throw new Error('this simulated board runs on the real clock');
    return this.clock;
  }

  /**
   * Power on: a fresh interpreter runs the boot code from Storage (.boot0-3, then .bootrst or
   * .bootcde), as Espruino does at every power-up. With no .bootcde in Storage the bundle passed
   * in stands for it (a board that came flashed). `held`: buttons a finger is on through the
   * power-up (pins float at power-up; these read low before the firmware runs).
   */
  boot(held: string[] = []): void {
    this.start('power', undefined, held);
  }

  /** Restarts the interpreter: 'power' and 'load' run the boot files, 'reset' only .bootrst. */
  private start(how: 'power' | 'reset' | 'load', file?: string, held: string[] = []): void {
    this.storage.cut = false;
    this.clock.stopAll();
    this.pins.reset();
    for (const b of held) this.setPin(this.pinOf(b), 0);
    this.packetHandlers = [];
    this.usbHandlers = [];
    this.onUncaught = null;
    this.console.reset();
    if (how === 'power') this.watchdog = { on: false, auto: false, timeout: 0, last: 0 };
    // Nothing kicks it from here until the next code does (or its idle loop, in auto mode).
    else if (this.watchdog.on) this.armWatchdog();
    this.pending = null;
    this.alive = true;
    // Storage.readJSON: Espruino's liberal parser, making this sandbox's objects and errors; strings
    // as the Linux build reads them (ESPR_UNICODE_SUPPORT: UTF-8, \u escapes), a Pico's as bytes.
    const sb: EspruinoSandbox = createEspruinoSandbox(
      this.globals((text, noExceptions) => sb.parseJson(text, true, noExceptions)),
      { unicode: this.opts.boardName === 'LINUX' },
    );
    this.sandbox = sb;
    const files = this.storage.files;
    const run = (code: string, name: string) => {
      try {
        sb.run(code, name);
      } catch (e) {
        this.fail(e);
      }
    };
    if (how === 'load' && file !== undefined) {
      if (files[file] !== undefined) run(files[file], file);
      else this.fail(new Error('File ' + JSON.stringify(file) + ' not found'));
    } else {
      if (how !== 'reset') for (const f of ['.boot0', '.boot1', '.boot2', '.boot3']) if (files[f] !== undefined) run(files[f], f);
      if (files['.bootrst'] !== undefined) run(files['.bootrst'], '.bootrst');
      else if (how !== 'reset') {
        if (files['.bootcde'] !== undefined) run(files['.bootcde'], '.bootcde');
        else run(this.opts.bundle, 'dicetray.js');
      }
    }
    this.settle();
  }

  /** Where the console is, and whether it was forced there (it stays when a USB host comes or goes). */
  get consoleAt(): { onPort: boolean; forced: boolean } {
    return { onPort: this.console.onPort, forced: this.console.forced };
  }

  /** What boots at power-up: the flashed .bootcde, else the bundle the board came with. */
  get bootCode(): string {
    const f = this.storage.files['.bootcde'];
    return f !== undefined ? f : this.opts.bundle;
  }

  /** Checks the watchdog every second while it runs: not kicked for its timeout (manual mode), the board resets. */
  private armWatchdog(): void {
    const clock = this.clock;
    const id = ++this.watchdogCheck;
    const check = () => {
      if (id !== this.watchdogCheck || !this.alive || !this.watchdog.on) return;
      if (!this.watchdog.auto && clock.now() - this.watchdog.last > this.watchdog.timeout) {
        this.emit('watchdog');
        this.powerCut();
        this.boot();
      } else clock.setTimeout(check, 1000);
    };
    clock.setTimeout(check, 1000);
  }

  /** Power cut: everything in RAM is gone, Storage stays. */
  powerCut(): void {
    this.alive = false;
    this.clock.stopAll();
    this.pins.drop();
    this.packetHandlers = [];
    this.usbHandlers = [];
    this.sandbox = null;
    this.onUncaught = null;
    this.pending = null;
    this.console.cut();
  }

  private fail(e: unknown): void {
    // Errors may come from the board's realm (not instanceof this realm's Error).
    const err = e && typeof e === 'object' && 'message' in e ? (e as Error) : null;
    // Kept even when the firmware handles it: tests see every exception the firmware did not expect.
    this.errors.push(err ? err.stack || err.message : String(e));
    // process.on('uncaughtException'): the handler gets it and the console says nothing (jsiCheckErrors).
    const handler = this.onUncaught;
    if (handler) {
      try {
        handler(e);
        return;
      } catch (e2) {
        return this.fail(e2);
      }
    }
    this.console.print('Uncaught ' + (err ? (err.name || 'Error') + ': ' + err.message : String(e)) + '\r\n');
  }

  /** After a line, packet or callback: a reset() or load() it asked for, then the prompt. */
  private settle(): void {
    this.runPending();
    this.console.showPrompt();
  }

  private runPending(): void {
    while (this.pending && this.alive) {
      const p = this.pending;
      this.pending = null;
      if (p.how === 'reset') this.console.print('\r\n 2v29 (c) 2025 G.Williams (dicetray simulated board)\r\n\r\n');
      this.start(p.how, p.file);
    }
  }

  /** Bytes the board sends on its serial port. */
  private out(s: string): void {
    this.emit('data', Buffer.from(s, 'latin1'));
  }

  /** Wraps a callback the interpreter runs (timer, watch, data handler): errors are reported, then the prompt returns. */
  private guard(fn: (...a: any[]) => void): (...a: any[]) => void {
    return (...a: any[]) => {
      if (!this.alive) return;
      this.call(fn, a);
      this.settle();
    };
  }

  private call(fn: (...a: any[]) => void, a: unknown[]): void {
    try {
      fn(...a);
    } catch (e) {
      this.fail(e);
    }
  }

  /** What the interpreter gives the firmware; `parseJson`: Storage.readJSON's parser (the sandbox's). */
  private globals(parseJson: (text: string, noExceptions: boolean) => unknown): Record<string, unknown> {
    const clock = this.clock;
    const self = this;
    const print = (...args: unknown[]) => {
      self.console.print(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ') + '\r\n');
    };
    const storage = this.storage.api(parseJson);
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
      mapInPlace: E_NATIVES.mapInPlace,
      toString: E_NATIVES.toString,
      CRC32(d: string | ArrayLike<number>) {
        return crc32(typeof d === 'string' ? Buffer.from(d, 'latin1') : Uint8Array.from(d));
      },
      setConsole(dev: unknown, opts?: { force?: boolean }) {
        self.console.onPort = dev === USB || dev === null || dev === 'USB';
        self.console.forced = !!(opts && opts.force);
      },
      getConsole() {
        return self.console.onPort ? 'USB' : 'LoopbackA';
      },
      setPassword(pw: string | undefined) {
        self.console.password = pw;
      },
      lockConsole() {
        if (self.console.password) self.console.locked = true;
      },
      enableWatchdog(secs: number, isAuto?: boolean) {
        self.watchdog = { on: true, auto: isAuto !== false, timeout: secs * 1000, last: clock.now() };
        self.armWatchdog();
      },
      kickWatchdog() {
        self.watchdog.last = clock.now();
      },
      hwRand() {
        return (Math.random() * 0x100000000) | 0;
      },
      setBootCode(code: string, alwaysExec?: boolean) {
        const name = alwaysExec ? '.bootrst' : '.bootcde';
        if (code) storage.write(name, String(code));
        else storage.erase(name);
      },
      reboot() {
        self.pending = null;
        self.clock.setTimeout(() => {
          self.powerCut();
          self.boot();
        }, 0);
      },
    };
    const USB = {
      setConsole(force?: boolean) {
        self.console.onPort = true;
        self.console.forced = !!force;
      },
      on(ev: string, fn: (d: string) => void) {
        if (ev === 'data') self.usbHandlers.push(fn);
      },
      write(s: string) {
        self.out(String(s));
      },
    };
    const LoopbackA = { on() {}, write() {} };
    return {
      print,
      console: { log: print, info: print, warn: print, error: print },
      setTimeout: (fn: () => void, ms: number) => clock.setTimeout(self.guard(fn), ms || 0),
      clearTimeout: (id: number) => clock.clearTimeout(id),
      setInterval: (fn: () => void, ms: number) => clock.setInterval(self.guard(fn), ms || 0),
      clearInterval: (id: number) => clock.clearInterval(id),
      getTime: () => clock.now() / 1000,
      setWatch: (fn: WatchFn, pin: string, o: { repeat?: boolean; edge?: string; debounce?: number }) => self.pins.watch(self.guard(fn) as WatchFn, pin, o),
      clearWatch: (id?: number) => self.pins.clearWatch(id),
      pinMode: (pin: string, mode: string) => self.pins.pinMode(pin, mode),
      digitalRead: (pin: string) => self.pins.level(String(pin)),
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
        on: (event: string, fn: (e: unknown) => void) => {
          if (event === 'uncaughtException') self.onUncaught = fn;
        },
        env: { VERSION: '2v29', GIT_COMMIT: 'simulated', BOARD: this.opts.boardName || 'PICO_R1_3', CONSOLE: 'USB', MODULES: 'Storage', SIMULATED: true },
        memory: () => ({ usage: 0, total: 5100, free: 5100 }),
      },
      // The REPL's own functions (jswrap_interactive.c); reset() and load() happen after the current line.
      reset: () => {
        self.pending = { how: 'reset' };
      },
      load: (file?: string) => {
        self.pending = file === undefined ? { how: 'load' } : { how: 'load', file: String(file) };
      },
      echo: (on: unknown) => {
        self.console.echoOn = !!on;
      },
      setTime: () => {},
      // EspruinoTools sends Storage files as atob("…") chunks.
      atob: (s: string) => Buffer.from(String(s), 'base64').toString('latin1'),
      btoa: (s: string) => Buffer.from(String(s), 'latin1').toString('base64'),
      save: () => {
        throw new Error('save() is not supported by the simulated board: use Storage (E.setBootCode or .bootcde)');
      },
      E,
      USB,
      LoopbackA,
      LoopbackB: LoopbackA,
    };
  }

  /** Sets a pin's level; watches fire once the level has been stable for their debounce time. */
  setPin(pin: string, v: number): void {
    this.pins.set(pin, v);
  }

  pinOf(button: string): string {
    const pin = this.opts.pins[button];
    if (!pin) throw new Error(`no button ${button} (known: ${Object.keys(this.opts.pins).join(' ')})`);
    return pin;
  }

  /**
   * Presses a button for `ms` (pins pull to GND while pressed). Fake clock: advances time.
   * `released` runs when the button is up again (on the board's clock, however late that is).
   */
  press(button: string, ms = 100, released?: () => void): void {
    this.pins.press(this.pinOf(button), ms, released);
  }

  /** Bouncing contact: a burst of edges shorter than the debounce time, then a clean press. */
  bounce(button: string, ms = 100): void {
    this.pins.bounce(this.pinOf(button), ms);
  }

  /** Bytes from the host arriving on the board's serial port. */
  write(data: Uint8Array | string): void {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    if (!this.alive) return;
    if (!this.console.onPort) {
      const s = Buffer.from(bytes).toString('latin1');
      for (const h of this.usbHandlers) this.guard(h)(s);
      return;
    }
    for (const b of bytes) this.console.byte(b);
  }

  /** The fake clock moves on by `ms`, running whatever falls due. */
  advance(ms: number): void {
    this.fakeClock.advance(ms);
  }
}
