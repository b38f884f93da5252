/**
 * The one adapter around EspruinoTools (npm `espruino`), used as a library: its callbacks become
 * promises, its console chatter goes to a log, and every failure becomes a HostError with
 * EXIT.flash. EspruinoTools reaches boards here over TCP only (tcp://HOST:PORT): `flash`
 * bridges a serial port or pseudo-terminal to a local TCP port first, because EspruinoTools
 * opens only ports that SerialPort.list() returns (it needs udevadm and never lists ptys).
 */
import { createRequire } from 'node:module';
import { EXIT, HostError } from './errors';
import type { BoardSpec } from './link/open-board';

/**
 * The address EspruinoTools can connect to itself, or null where a local bridge must stand in: a
 * serial port, and a TCP board by IPv6 address (its socket code splits HOST:PORT at the first
 * colon). Rebuilt from the parts: it refused a trailing '/'.
 */
export function directUrl(spec: BoardSpec): string | null {
  return spec.kind === 'tcp' && spec.host.indexOf(':') < 0 ? `tcp://${spec.host}:${spec.port}` : null;
}

/* EspruinoTools keeps everything in one global object. */
declare const Espruino: any;

export interface UploadOptions {
  /** tcp://HOST:PORT */
  port: string;
  /** The board as the user named it, for messages (`port` may be a local bridge to it). */
  name?: string;
  /** Code to write to Storage. */
  code: string;
  /** Storage file for the code (default .bootcde: it runs at every power-up). */
  storageFile?: string;
  /** Other Storage files to write first (name → content), e.g. modules the code loads. */
  files?: Record<string, string>;
  /** Statements run on the board before the upload (one line, e.g. kiosk settings). */
  before?: string;
  /** Bytes sent so far / bytes to send. */
  onProgress?: (sent: number, total: number) => void;
  /** EspruinoTools' own log lines (console output), for --verbose. */
  onLog?: (line: string) => void;
  /** Whole operation (default 180 s). */
  timeoutMs?: number;
  /** Called with the board's process.env before anything is written: an error stops the upload there. */
  check?: (env: Record<string, unknown>) => Error | null;
}

export interface UploadResult {
  /** Everything the board printed during the upload. */
  output: string;
  /** process.env as the board reported it on connect (VERSION, BOARD …), when it answered. */
  env: Record<string, unknown>;
  /** Errors and warnings EspruinoTools reported without failing. */
  warnings: string[];
}

let loaded: Promise<void> | null = null;
let busy = false;
let logSink: (line: string) => void = () => {};
let progressSink: (inc: number, total?: number) => void = () => {};
const notes: string[] = [];

/**
 * EspruinoTools prints freely with console.*, also from its timers: while it works, console
 * output goes to the log (--verbose) instead of our stdout. Nested uses restore once.
 */
let quietDepth = 0;
let savedConsole: Pick<Console, 'log' | 'info' | 'warn' | 'error'> | null = null;
function hush(): () => void {
  if (quietDepth++ === 0) {
    savedConsole = { log: console.log, info: console.info, warn: console.warn, error: console.error };
    const sink = (...a: unknown[]) => logSink(a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' '));
    console.log = console.info = console.warn = console.error = sink;
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--quietDepth === 0 && savedConsole) Object.assign(console, savedConsole);
  };
}

function quietly<T>(fn: () => T): T {
  const unhush = hush();
  try {
    return fn();
  } finally {
    unhush();
  }
}

function load(): Promise<void> {
  if (loaded) return loaded;
  loaded = new Promise<void>((resolve, reject) => {
    let esp: { init(cb: () => void): void };
    try {
      esp = createRequire(import.meta.url)('espruino');
    } catch (e) {
      reject(new HostError(`cannot load EspruinoTools (npm espruino): ${(e as Error).message}`, EXIT.flash, 'run npm install'));
      return;
    }
    quietly(() =>
      esp.init(() => {
        const C = Espruino.Config;
        // = the CLI's --no-ble: without it node-ble crashes looking for D-Bus.
        C.BLUETOOTH_LOW_ENERGY = false;
        C.BLUETOOTH_LOW_ENERGY_DBUS = false;
        C.SET_TIME_ON_WRITE = false;
        C.MINIFICATION_LEVEL = '';
        C.MODULE_MINIFICATION_LEVEL = '';
        C.PRETOKENISE = 0;
        Espruino.Core.Notifications = {
          success: (m: string) => logSink(String(m)),
          info: (m: string) => logSink(String(m)),
          warning: (m: string) => {
            notes.push('warning: ' + m);
            logSink('warning: ' + m);
          },
          error: (m: string) => {
            notes.push(String(m));
            logSink('error: ' + m);
          },
        };
        Espruino.Core.Status = {
          setStatus: (m: string, total?: number) => {
            logSink(String(m));
            if (total) progressSink(0, total);
          },
          hasProgress: () => true,
          incrementProgress: (n: number) => progressSink(n),
        };
        // A connection hung up while EspruinoTools was still connecting (a network board that a
        // mirror took back: one client at a time) is reported to us as "cannot connect", but its
        // connect steps run on: one wrote to the closed port, the last called a callback it had
        // cleared, and each threw outside any command ("unexpected error … a bug in dicetray"
        // after `config` had printed its settings). Those steps end quietly instead.
        const S = Espruino.Core.Serial;
        const write = S.write;
        S.write = (...a: unknown[]) => (S.isConnected() ? write(...a) : undefined);
        const call = Espruino.callProcessor;
        Espruino.callProcessor = (name: string, data: unknown, cb?: (d: unknown) => void) =>
          call(name, data, name === 'connected' && cb ? (d: unknown) => (S.isConnected() ? cb(d) : logSink('connection closed while connecting')) : cb);
        resolve();
      }),
    );
  });
  return loaded;
}

function fail(message: string, hint = ''): HostError {
  return new HostError(message, EXIT.flash, hint);
}

/** One EspruinoTools session at a time: its state is global. */
async function session<T>(opts: { port: string; onLog?: (l: string) => void; timeoutMs: number }, body: (done: (v: T) => void, bad: (e: Error) => void) => void): Promise<T> {
  if (!/^tcp:\/\/[^:]+:\d+$/.test(opts.port)) throw fail(`EspruinoTools adapter needs tcp://HOST:PORT, got ${opts.port}`);
  await load();
  if (busy) throw fail('another EspruinoTools operation is still running');
  busy = true;
  const log = opts.onLog || (() => {});
  logSink = log;
  notes.length = 0;
  Espruino.Config.SERIAL_TCPIP = [opts.port];
  const unhush = hush();
  try {
    return await new Promise<T>((resolve, reject) => {
      let settled = false;
      const finish = (f: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        f();
      };
      const timer = setTimeout(() => {
        finish(() => reject(fail(`no answer from the board at ${opts.port} within ${Math.round(opts.timeoutMs / 1000)} s`, 'is the console free (no other tool connected, not in kiosk mode)?')));
        quietly(() => {
          if (Espruino.Core.Serial.isConnected()) Espruino.Core.Serial.close();
        });
      }, opts.timeoutMs);
      quietly(() =>
        body(
          (v) => finish(() => resolve(v)),
          (e) =>
            finish(() => {
              // Hang up, or the open connection keeps this process alive.
              quietly(() => {
                if (Espruino.Core.Serial.isConnected()) Espruino.Core.Serial.close();
              });
              reject(e);
            }),
        ),
      );
    });
  } finally {
    // Its last timers (closing the port) still print: keep them out of our output.
    setTimeout(unhush, 1000).unref();
    busy = false;
    logSink = () => {};
    progressSink = () => {};
  }
}

/**
 * Writes `code` into the board's Storage the way `espruino --storage .bootcde:-` does (reset,
 * 1 KB Storage.write chunks) and then runs load(), i.e. a full boot as at power-up.
 */
export function uploadToStorage(o: UploadOptions): Promise<UploadResult> {
  const file = o.storageFile || '.bootcde';
  let output = '';
  let sent = 0;
  let total = 0;
  return session<UploadResult>({ port: o.port, onLog: o.onLog, timeoutMs: o.timeoutMs || 180_000 }, (done, bad) => {
    const C = Espruino.Config;
    C.SAVE_ON_SEND = 3; // to a Storage file
    C.SAVE_STORAGE_FILE = file;
    C.LOAD_STORAGE_FILE = 1; // then load(): the boot a power-up does
    C.RESET_BEFORE_SEND = true;
    progressSink = (inc, t) => {
      if (t !== undefined) {
        total = t;
        sent = 0;
      } else sent += inc;
      // Only the upload itself, not the short queries around it.
      if (o.onProgress && total >= 1024) o.onProgress(Math.min(sent, total), total);
    };
    const S = Espruino.Core.Serial;
    S.startListening((data: ArrayBuffer) => {
      output += Buffer.from(new Uint8Array(data)).toString('latin1');
    });
    let uploaded = false;
    S.open(
      o.port,
      (status: unknown) => {
        if (status === undefined) return bad(fail(`cannot connect to ${o.name || o.port}`, 'is the board running and the port free?'));
        const env = Object.assign({}, Espruino.Core.Env.getBoardData());
        // Words for staff: "no REPL answered (process.env not readable)" told them nothing.
        if (!env.VERSION) return bad(fail(`the board's console at ${o.name || o.port} did not answer (flashing needs it to say which Espruino version the board runs)`, 'a kiosk board has no console on its port: on the board hold OK+BACK for 3 s, then hold K4 (console for flashing), then flash with --unlock PASSWORD'));
        const refused = o.check ? o.check(env) : null;
        if (refused) return bad(refused);
        Espruino.callProcessor('transformForEspruino', o.code, (code: string) => {
          // As the CLI does for --storage NAME:FILE: plain statements before the wrapped code.
          // First the watchdog in auto mode: it outlives the upload's reset() on an STM32, with the
          // firmware's manual mode, and nothing would kick it through a ~14 s upload (250 ms a
          // Storage chunk): the board reset half-written. Espruino's idle loop kicks it from here
          // until the new firmware takes it over. (A build without one throws: caught.)
          const pre: string[] = ['try{E.enableWatchdog(10)}catch(e){}'];
          if (o.before) pre.push(o.before);
          for (const [name, data] of Object.entries(o.files || {})) pre.push(Espruino.Core.Utils.getUploadFileCode(name, data));
          const all = pre.join('\n') + '\n' + code;
          Espruino.Core.CodeWriter.writeToEspruino(all, () => {
            uploaded = true;
            // Let load() start and print, then hang up.
            setTimeout(() => quietly(() => S.close()), 500);
          });
        });
      },
      () => {
        if (!uploaded) return bad(fail(`the connection to ${o.name || o.port} closed during the upload`, 'another program may have taken the board (a mirror or script still running: stop it), else check the cable; then flash again. The upload began with a reset, so until then the board runs its firmware only after a restart'));
        done({ output, env: Object.assign({}, Espruino.Core.Env.getBoardData()), warnings: notes.slice() });
      },
    );
  });
}

/** Evaluates an expression on the board and returns its JSON text (EspruinoTools' executeExpression). */
export function evaluate(port: string, expr: string, onLog?: (l: string) => void): Promise<string> {
  return session<string>({ port, onLog, timeoutMs: 30_000 }, (done, bad) => {
    const S = Espruino.Core.Serial;
    S.startListening(() => {});
    let result: string | undefined;
    S.open(
      port,
      (status: unknown) => {
        if (status === undefined) return bad(fail(`cannot connect to ${port}`));
        Espruino.Core.Utils.executeExpression(expr, (r: string | undefined) => {
          result = r;
          setTimeout(() => quietly(() => S.close()), 100);
        });
      },
      () => {
        if (result === undefined) bad(fail(`no result for ${expr} from ${port}`));
        else done(result.trim());
      },
    );
  });
}
