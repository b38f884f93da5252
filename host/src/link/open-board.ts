/**
 * Opens a board by name: a serial path (USB board, or a pseudo-terminal), tcp://HOST:PORT (a
 * network board, or Espruino's Linux build with --telnet), or `sim` (the simulated board in
 * this process; `sim:FILE` keeps its Storage in FILE). The result is a byte stream that
 * reopens itself after unplug, reset or a dropped connection and says so with 'open'/'close'.
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';
import { dirname, resolve } from 'node:path';
import { makeFolder } from '../../../firmware/build/make-folder';
import { SerialPort } from 'serialport';
import type { SimBoard } from '../sim/sim-board';
import { flashedSimBoard } from '../sim/flashed-sim-board';
import { DEFAULT_SIM_STORAGE } from '../defaults';
import { ensureBundle } from '../firmware-bundle';
import { EXIT, HostError } from '../errors';
import { findOneBoard } from './find-boards';
import { portWords } from './port-words';
import { existingFolder } from '../existing-folder';

export const BAUD_RATE = 115200;
const CONNECT_TIMEOUT_MS = 5000;

export type BoardSpec =
  /** `auto`: the one Espruino board plugged in, looked for again at every (re)open (see autoSpec). */
  | { kind: 'serial'; path: string; name: string; auto?: boolean }
  | { kind: 'tcp'; host: string; port: number; name: string }
  | { kind: 'sim'; storage: string | null; name: string };

/** Parses a board name; `auto` must be resolved first (see find-boards.ts). */
export function parseBoardSpec(s: string): BoardSpec {
  if (s === 'sim' || s.startsWith('sim:')) {
    const file = s === 'sim' ? DEFAULT_SIM_STORAGE : s.slice(4);
    return { kind: 'sim', storage: file === 'memory' ? null : resolve(file), name: s };
  }
  if (s.startsWith('tcp://')) {
    const m = /^tcp:\/\/(\[[^\]]+\]|[^:/]+):(\d{1,5})\/?$/.exec(s);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) throw new HostError(`bad board address ${s}`, EXIT.usage, 'write tcp://HOST:PORT, e.g. tcp://127.0.0.1:2323');
    return { kind: 'tcp', host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]), name: s };
  }
  if (!s || /^[a-z]+:\/\//i.test(s)) throw new HostError(`unknown board address ${s || '(empty)'}`, EXIT.usage, 'name a serial port (/dev/ttyACM0), tcp://HOST:PORT or sim');
  return { kind: 'serial', path: s, name: s };
}

/**
 * `--port auto` for a command that waits for its board (mirror --wait): the board is looked for at
 * every open attempt, so one plugged in later, or back under another name after a replug, is found.
 */
export function autoSpec(): BoardSpec {
  return { kind: 'serial', path: 'auto', name: 'auto', auto: true };
}

export interface BoardStream extends EventEmitter {
  readonly spec: BoardSpec;
  readonly isOpen: boolean;
  /** The simulated board, when the spec is `sim`. */
  readonly sim: SimBoard | null;
  write(data: Uint8Array): void;
  /** Closes for good (no reconnect). */
  close(): void;
  /**
   * Drops the connection as if it were lost ('close' with `reason`) and opens it again: for a
   * board that went quiet on a port that still looks open (a hung board, a hang-up the OS did
   * not pass on). The simulated board in this process cannot go quiet: nothing happens.
   */
  reconnect(reason: string): void;
  on(ev: 'open', fn: () => void): this;
  on(ev: 'close', fn: (reason: string) => void): this;
  on(ev: 'data', fn: (d: Buffer) => void): this;
  /** An open attempt failed; it will be retried. */
  on(ev: 'retry', fn: (reason: string) => void): this;
}

export interface OpenOptions {
  /** Pause between reopen attempts. */
  retryMs?: number;
  /** Fail instead of retrying when the very first open fails (default true). */
  failFast?: boolean;
  /** A simulated board's Storage file is read, never written (SimBoardOptions.readOnlyStorage). */
  readOnly?: boolean;
}

/** What one transport must provide; `openBoard` adds the reconnect loop. */
interface Transport {
  open(onData: (d: Buffer) => void, onClose: (reason: string) => void): Promise<{ write(d: Uint8Array): void; close(): void }>;
}

function serialTransport(path: string): Transport {
  return {
    open: (onData, onClose) =>
      new Promise((ok, fail) => {
        const port = new SerialPort({ path, baudRate: BAUD_RATE, autoOpen: false });
        port.open((err) => {
          if (err) return fail(err);
          let closed = false;
          const gone = (reason: string) => {
            if (closed) return;
            closed = true;
            onClose(reason);
          };
          port.on('data', onData);
          port.on('error', (e: Error) => {
            gone(portWords(e.message, (e as NodeJS.ErrnoException).code));
            if (port.isOpen) port.close(() => {});
          });
          port.on('close', (e?: Error & { disconnected?: boolean }) => gone(e ? portWords(e.message, (e as NodeJS.ErrnoException).code) : 'port closed'));
          ok({
            write: (d) => {
              if (!closed && port.isOpen) port.write(Buffer.from(d));
            },
            close: () => {
              closed = true;
              if (port.isOpen) port.close(() => {});
            },
          });
        });
      }),
  };
}

function autoTransport(): Transport {
  return { open: async (onData, onClose) => serialTransport(await findOneBoard()).open(onData, onClose) };
}

/**
 * A TCP connection to a network board (or a simulated one), given up after CONNECT_TIMEOUT_MS:
 * an address where nothing answers would wait for the system's own timeout (about 2 min on
 * Linux); a board on the network answers in well under this. The caller handles errors after it.
 */
export function connectTcp(host: string, port: number): Promise<net.Socket> {
  return new Promise((ok, fail) => {
    const sock = net.connect({ host, port });
    sock.setNoDelay(true);
    sock.setTimeout(CONNECT_TIMEOUT_MS, () => sock.destroy(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)));
    sock.once('error', fail);
    sock.once('connect', () => {
      sock.setTimeout(0);
      sock.removeListener('error', fail);
      ok(sock);
    });
  });
}

function tcpTransport(host: string, portNo: number): Transport {
  return {
    open: async (onData, onClose) => {
      const sock = await connectTcp(host, portNo);
      let closed = false;
      sock.on('data', onData);
      sock.on('error', () => {}); // a 'close' follows
      sock.on('close', () => {
        if (closed) return;
        closed = true;
        // A network board, like Espruino's telnet console, serves one client at a time: a
        // second one connecting hangs up the first.
        onClose('the board closed the connection: it was switched off or restarted, or another program connected (one client at a time)');
      });
      return {
        write: (d) => {
          if (!closed && !sock.destroyed) sock.write(d);
        },
        close: () => {
          closed = true;
          sock.destroy();
        },
      };
    },
  };
}

/** A connection that closes within this long of opening counts as short-lived (see attempt()). */
const SHORT_LIVED_MS = 3000;
const MAX_WAIT_MS = 4000;

class ReconnectingStream extends EventEmitter implements BoardStream {
  isOpen = false;
  sim: SimBoard | null = null;
  private conn: { write(d: Uint8Array): void; close(): void } | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  /** When the connection opened, and the wait before the next attempt. */
  private openedAt = 0;
  private waitMs: number;
  constructor(
    readonly spec: BoardSpec,
    private transport: Transport,
    private retryMs: number,
  ) {
    super();
    this.waitMs = retryMs;
  }

  async first(failFast: boolean): Promise<void> {
    try {
      await this.attempt();
    } catch (e) {
      if (failFast) throw e;
      this.emit('retry', portWords((e as Error).message, (e as NodeJS.ErrnoException).code));
      this.schedule();
    }
  }

  private async attempt(): Promise<void> {
    const conn = await this.transport.open(
      (d) => this.emit('data', d),
      (reason) => {
        if (this.conn !== conn) return;
        this.conn = null;
        this.isOpen = false;
        // Hung up soon after it opened, again and again (two programs taking turns at a network
        // board): wait longer each time, up to MAX_WAIT_MS, instead of twice a second for ever.
        this.waitMs = Date.now() - this.openedAt < SHORT_LIVED_MS ? Math.min(MAX_WAIT_MS, this.waitMs * 2) : this.retryMs;
        this.emit('close', reason);
        this.schedule();
      },
    );
    if (this.stopped) {
      conn.close();
      return;
    }
    this.conn = conn;
    this.isOpen = true;
    this.openedAt = Date.now();
    this.emit('open');
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopped) return;
      this.attempt().catch((e) => {
        this.emit('retry', portWords((e as Error).message, (e as NodeJS.ErrnoException).code));
        this.schedule();
      });
    }, this.waitMs);
  }

  write(data: Uint8Array): void {
    if (this.conn) this.conn.write(data);
  }

  reconnect(reason: string): void {
    const c = this.conn;
    if (!c || this.stopped) return;
    this.conn = null;
    this.isOpen = false;
    c.close();
    this.emit('close', reason);
    this.schedule();
  }

  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const c = this.conn;
    this.conn = null;
    this.isOpen = false;
    if (c) c.close();
  }
}

/** The simulated board in this process, on the real clock; it never disconnects. */
class SimStream extends EventEmitter implements BoardStream {
  isOpen = true;
  constructor(
    readonly spec: BoardSpec,
    readonly sim: SimBoard,
  ) {
    super();
    sim.on('data', (d: Buffer) => this.emit('data', d));
  }
  write(data: Uint8Array): void {
    this.sim.write(data);
  }
  reconnect(): void {}
  close(): void {
    this.isOpen = false;
    this.sim.powerCut();
    this.sim.removeAllListeners('data');
    this.sim.storage.release();
  }
}

export function openError(spec: BoardSpec, e: Error): HostError {
  const why = portWords(e.message, (e as NodeJS.ErrnoException).code || '');
  const hint =
    spec.kind === 'tcp'
      ? 'is the board (or `espruino --telnet`, or `dicetray sim --tcp PORT`) running and reachable?'
      : /permission/.test(why)
        ? 'add yourself to the dialout group (sudo usermod -aG dialout $USER) and log in again'
        : /in use/.test(why)
          ? // Usually the wall screen's own mirror (a service that restarts it when killed: README's unit
            // name): one program per port. Staff who stopped it forgot to start it again.
            'stop the program that has it open first, such as a running `dicetray mirror` (the wall screen\'s service: `systemctl --user stop dicetray-mirror`), then try again, and start it again after (`systemctl --user start dicetray-mirror`): until then the wall screen is not updated'
          : 'is the board plugged in? `dicetray list` shows the boards this computer sees';
  return new HostError(`cannot open ${spec.name}: ${why}`, EXIT.noBoard, hint);
}

/**
 * The folder of a simulated board's Storage file: made for `sim` alone (its default place), but
 * a `sim:FILE` in a folder that does not exist is a typo, refused (it made a new board there and
 * set or flashed that one without a word).
 */
export function simStorageFolder(spec: Extract<BoardSpec, { kind: 'sim' }>): void {
  if (!spec.storage) return;
  if (spec.name === 'sim') makeFolder(dirname(spec.storage));
  else existingFolder(spec.storage, spec.name, 'name a file in an existing folder (sim:FILE), or sim alone for the default one');
}

/** Opens the board; rejects with EXIT.noBoard if the first attempt fails (unless failFast is false). */
export async function openBoard(spec: BoardSpec, opts: OpenOptions = {}): Promise<BoardStream> {
  const retryMs = opts.retryMs ?? 500;
  if (spec.kind === 'sim') {
    simStorageFolder(spec);
    const sim = flashedSimBoard(await ensureBundle(), { storageFile: spec.storage, readOnlyStorage: opts.readOnly });
    const s = new SimStream(spec, sim);
    sim.boot();
    return s;
  }
  const t = spec.kind === 'tcp' ? tcpTransport(spec.host, spec.port) : spec.auto ? autoTransport() : serialTransport(spec.path);
  const s = new ReconnectingStream(spec, t, retryMs);
  try {
    await s.first(opts.failFast !== false);
  } catch (e) {
    throw openError(spec, e as Error);
  }
  return s;
}
