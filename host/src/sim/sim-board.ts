/**
 * The simulated board: runs the exact firmware bundle in an Espruino-like context (what
 * Espruino lacks is removed), with pins and debounced setWatch, neopixel, Storage in a file,
 * timers on a real or fake clock, the console with REPL packets (and link mode), and the
 * watchdog. Its serial side is a byte stream the caller connects to a pty, TCP or a test.
 */
import { EventEmitter } from 'node:events';
import vm from 'node:vm';
import { createEspruinoSandbox, type EspruinoSandbox } from './espruino-sandbox';
import { FakeClock, RealClock, type SimClock } from './clock';
import { E_NATIVES } from './espruino-e-natives';
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
  /** Milliseconds a REPL line or EVAL packet may run (REPL_LIMIT_MS). */
  replLimitMs?: number;
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
  /** The firmware's process.on('uncaughtException') handler (gone at a power cut). */
  private onUncaught: ((e: unknown) => void) | null = null;
  private levels: Record<string, number> = {};
  private watches = new Map<number, Watch>();
  /** Presses not yet released (liftPresses). */
  private presses = new Set<() => void>();
  private nextWatch = 1;
  private packetHandlers: ((o: unknown) => void)[] = [];
  private usbHandlers: ((d: string) => void)[] = [];
  private consoleOnPort = true;
  private locked = false;
  private password: string | undefined;
  private inState = 0;
  /** Counts packets so a stale 5-second timeout cannot NAK a later packet. */
  private packetSeq = 0;
  private inLen = 0;
  private inBuf: number[] = [];
  private line = '';
  private watchdog = { on: false, timeout: 0, last: 0 };
  private alive = false;
  private opts: SimBoardOptions;
  /** The interpreter's global context: boot code and REPL lines run in it. */
  private sandbox: EspruinoSandbox | null = null;
  /** REPL state (jsinteractive.c): echo(), the '>' prompt on screen, echo off for this line (DLE), ESC sequences. */
  private echoOn = true;
  private promptShown = false;
  private lineNoEcho = false;
  /** While a DLE line runs, output does not erase the prompt (echo is off) but still removes it. */
  private runningNoEcho = false;
  /** Characters of a multi-line input already echoed. */
  private echoed = 0;
  private esc = 0;
  /** reset() and load() run once the current line or callback has finished, as on the board. */
  private pending: { how: 'reset' | 'load'; file?: string } | null = null;

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

  /**
   * Power on: a fresh interpreter runs the boot code from Storage (.boot0-3, then .bootrst or
   * .bootcde), as Espruino does at every power-up. With no .bootcde in Storage the bundle passed
   * in stands for it (a board that came flashed).
   */
  boot(): void {
    this.start('power');
  }

  /** Restarts the interpreter: 'power' and 'load' run the boot files, 'reset' only .bootrst. */
  private start(how: 'power' | 'reset' | 'load', file?: string): void {
    this.storage.cut = false;
    this.clock.stopAll();
    this.watches.clear();
    this.liftPresses();
    this.packetHandlers = [];
    this.usbHandlers = [];
    this.onUncaught = null;
    this.consoleOnPort = true;
    this.locked = false;
    this.password = undefined;
    this.watchdog = { on: false, timeout: 0, last: 0 };
    this.levels = {};
    this.echoOn = true;
    this.promptShown = false;
    this.pending = null;
    this.alive = true;
    const sb = createEspruinoSandbox(this.globals());
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
    this.runPending();
    this.showPrompt();
  }

  /** What boots at power-up: the flashed .bootcde, else the bundle the board came with. */
  get bootCode(): string {
    const f = this.storage.files['.bootcde'];
    return f !== undefined ? f : this.opts.bundle;
  }

  /** Power cut: everything in RAM is gone, Storage stays. */
  powerCut(): void {
    this.alive = false;
    this.clock.stopAll();
    this.watches.clear();
    this.liftPresses();
    this.packetHandlers = [];
    this.usbHandlers = [];
    this.sandbox = null;
    this.onUncaught = null;
    this.pending = null;
    this.line = '';
    this.inState = 0;
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
    this.print('Uncaught ' + (err ? (err.name || 'Error') + ': ' + err.message : String(e)) + '\r\n');
  }

  /** Console output (print, errors): erases the prompt first, as Espruino does when idle. */
  private print(text: string): void {
    if (!this.consoleOnPort) return;
    if (this.promptShown) {
      if (this.echoOn && !this.runningNoEcho) this.out('\r\x1b[J');
      this.promptShown = false;
    }
    this.out(text);
  }

  /** Shows the '>' prompt with the pending input line again (after output, a line or a callback). */
  private showPrompt(): void {
    if (!this.alive || !this.consoleOnPort || !this.echoOn || this.promptShown || this.locked) return;
    this.out('>' + this.line);
    this.promptShown = true;
  }

  private runPending(): void {
    while (this.pending && this.alive) {
      const p = this.pending;
      this.pending = null;
      if (p.how === 'reset') this.print('\r\n 2v29 (c) 2025 G.Williams (dicetray simulated board)\r\n\r\n');
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
      this.runPending();
      this.showPrompt();
    };
  }

  private call(fn: (...a: any[]) => void, a: unknown[]): void {
    try {
      fn(...a);
    } catch (e) {
      this.fail(e);
    }
  }

  private globals(): Record<string, unknown> {
    const clock = this.clock;
    const self = this;
    const print = (...args: unknown[]) => {
      self.print(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ') + '\r\n');
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
      mapInPlace: E_NATIVES.mapInPlace,
      toString: E_NATIVES.toString,
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
        self.echoOn = !!on;
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

  /**
   * Presses a button for `ms` (pins pull to GND while pressed). Fake clock: advances time.
   * `released` runs when the button is up again (on the board's clock, however late that is).
   */
  press(button: string, ms = 100, released?: () => void): void {
    const pin = this.pinOf(button);
    this.setPin(pin, 0);
    const up = () => {
      this.presses.delete(up);
      this.setPin(pin, 1);
      if (released) released();
    };
    this.presses.add(up);
    this.after(ms, up);
  }

  /**
   * A restart drops the board's timers, a press's release with them: the finger comes up anyway
   * (the keyboard's queue waited for it for good). Called with no watches left to see the edge.
   */
  private liftPresses(): void {
    const ups = Array.from(this.presses);
    this.presses.clear();
    for (const up of ups) up();
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
      // Espruino gives up on a packet still incomplete after 5 s and NAKs it (measured on the Linux build).
      if (this.inState === 4) {
        const started = (this.packetSeq = this.packetSeq + 1);
        this.clock.setTimeout(() => {
          if (this.alive && this.inState === 4 && this.packetSeq === started) {
            this.inState = 0;
            this.out('\x15');
          }
        }, 5000);
      }
      return;
    }
    if (this.inState === 4) {
      this.inBuf.push(b);
      if (this.inBuf.length >= (this.inLen & 0x1fff)) {
        this.inState = 0;
        this.packetSeq++;
        this.packet(this.inLen & 0xe000, Buffer.from(this.inBuf).toString('latin1'));
      }
      return;
    }
    if (this.inState === 1 && b === SOH) {
      this.inState = 2;
      return;
    }
    // DLE not followed by SOH: echo off for this line (EspruinoTools prefixes every line with it).
    if (this.inState === 1) this.lineNoEcho = true;
    this.inState = b === DLE ? 1 : 0;
    if (b === DLE) return;
    if (this.esc === 1) {
      // ESC LF (Alt-Enter): a newline inside the line that does not run it; ESC [ starts a sequence.
      this.esc = b === 0x5b ? 2 : 0;
      if (b === 10 || b === 13) this.line += '\n';
      return;
    }
    if (this.esc === 2) {
      // ESC [ <n> d sets the line number; arrows and the rest are ignored.
      if (b >= 0x40 && b <= 0x7e) this.esc = 0;
      return;
    }
    if (b === 0x1b) {
      this.esc = 1;
      return;
    }
    if (b === 3) {
      // Ctrl-C: drops the input line.
      if (this.line) {
        this.line = '';
        this.echoed = 0;
        if (this.promptShown && this.echoOn) this.out('\r\x1b[J');
        this.promptShown = false;
      }
      this.lineNoEcho = false;
      this.showPrompt();
      return;
    }
    if (b === 8 || b === 127) {
      this.line = this.line.slice(0, -1);
      return;
    }
    if (b === 13 || b === 10) {
      const line = this.line;
      const noEcho = this.lineNoEcho;
      this.line = '';
      this.lineNoEcho = false;
      this.evalLine(line, noEcho);
      return;
    }
    if (b >= 32 || b === 9) this.line += String.fromCharCode(b);
  }

  private packet(type: number, body: string): void {
    if (type === 0x2000 && this.sandbox) {
      // EVAL: ACK, then a RESPONSE packet (type 0) with the result as JSON, as Espruino answers.
      let text: string;
      try {
        const r = this.sandbox.run(body, 'packet', this.replLimitMs);
        text = r === undefined ? 'undefined' : JSON.stringify(r);
      } catch {
        this.out('\x15');
        return;
      }
      this.out('\x06\x10\x01' + String.fromCharCode((text.length >> 8) & 0x1f, text.length & 0xff) + text);
      return;
    }
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
    for (const h of this.packetHandlers) this.call(h, [o]);
    // ACK after the handler's output, then the prompt comes back (what the Linux build prints).
    this.out('\x06');
    this.runPending();
    this.showPrompt();
  }

  /**
   * The REPL: runs a line in the board's global context. Echo and `=result` unless the line
   * came with DLE or echo(0) is on; an unfinished statement waits for more lines.
   */
  private evalLine(line: string, noEcho: boolean): void {
    this.emit('repl', line);
    const echo = this.echoOn && !noEcho;
    if (echo) this.out(line.slice(this.echoed).replace(/\n/g, '\r\n:') + '\r\n');
    this.echoed = 0;
    // A shown line is gone once it runs; a DLE line leaves the prompt until something prints.
    if (!noEcho) this.promptShown = false;
    if (!line.trim() || !this.sandbox) {
      this.showPrompt();
      return;
    }
    let script: vm.Script;
    try {
      script = new vm.Script(line, { filename: 'repl' });
    } catch (e) {
      if (e instanceof Error && /Unexpected end of input|Unterminated template/.test(e.message)) {
        // Open brackets: keep collecting, like Espruino's multi-line input.
        this.line = line + '\n';
        this.echoed = this.line.length;
        this.lineNoEcho = noEcho;
        if (echo) this.out(':');
        return;
      }
      this.runLine(() => this.fail(e), noEcho);
      return;
    }
    let result: unknown;
    let ok = true;
    this.runLine(() => {
      try {
        result = script.runInContext(this.sandbox!.context, { timeout: this.replLimitMs });
      } catch (e) {
        ok = false;
        if (isTimeout(e)) this.print('Execution Interrupted\r\n');
        else this.fail(e);
      }
      if (ok && echo && this.alive) this.print('=' + replValue(result) + '\r\n');
    }, noEcho);
  }

  /** How long a REPL line or EVAL packet may run (REPL_LIMIT_MS unless the options say). */
  private get replLimitMs(): number {
    return this.opts.replLimitMs || REPL_LIMIT_MS;
  }

  private runLine(fn: () => void, noEcho: boolean): void {
    this.runningNoEcho = noEcho;
    try {
      fn();
    } finally {
      this.runningNoEcho = false;
    }
    this.runPending();
    this.showPrompt();
  }

  /** The fake clock moves on by `ms`, running whatever falls due. */
  advance(ms: number): void {
    this.fakeClock.advance(ms);
  }
}

/**
 * Code typed at the REPL or sent in an EVAL packet is stopped after this long, as Ctrl-C stops it
 * on a board: the simulated board runs in the host's only thread, so while `while(1){}` runs it
 * could read no Ctrl-C (nor its own quit key) and would hang for good.
 */
export const REPL_LIMIT_MS = 5000;

function isTimeout(e: unknown): boolean {
  return !!e && typeof e === 'object' && (e as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
}

/** How the REPL prints a result after `=` (close to Espruino's: strings quoted, objects as JSON). */
function replValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'function') return 'function () { [code] }';
  if (v && typeof v === 'object') {
    try {
      return JSON.stringify(v);
    } catch {
      return '{ }';
    }
  }
  return String(v);
}
