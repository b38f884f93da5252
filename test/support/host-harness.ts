/**
 * Real parts for host tests: the simulated board on a real pseudo-terminal (socat) or TCP, and
 * the `dicetray` command as a child process whose output lines can be awaited.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SimBoard } from '../../host/src/sim/sim-board';
import { exposeOnPty, exposeOnTcp, type Exposure } from '../../host/src/sim/expose';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { flashedSimBoard } from '../../host/src/sim/flashed-sim-board';
import { encodePacket } from '../../shared/protocol/host-codec';
import type { BoardMsg, HostCmd } from '../../shared/protocol/messages';
import { BoardLink } from '../../host/src/link/board-link';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = path.join(REPO, 'host', 'bin', 'dicetray.mjs');

export function scratchDir(prefix = 'dicetray-host-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export async function waitUntil(what: string, cond: () => boolean, timeoutMs = 10_000, stepMs = 20): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface SimOptions {
  /** Replaces the bundle (e.g. one that speaks another protocol version). */
  patch?: (code: string) => string;
  storageFile?: string | null;
  boardName?: string;
  /** 'fake': time moves only through board.advance() (default: the real clock). */
  clock?: 'real' | 'fake';
}

/** A simulated board in this process, with the firmware's extra files installed. */
export async function makeSim(o: SimOptions = {}): Promise<SimBoard> {
  const b = await ensureBundle();
  return flashedSimBoard(o.patch ? Object.assign({}, b, { code: o.patch(b.code) }) : b, { storageFile: o.storageFile ?? null, boardName: o.boardName, clock: o.clock });
}

/** Collects every protocol message a simulated board prints, as they come. */
export function boardMessages(board: SimBoard): BoardMsg[] {
  const msgs: BoardMsg[] = [];
  const link = new BoardLink(() => {});
  link.on('msg', (m: BoardMsg) => msgs.push(m));
  board.on('data', (d: Buffer) => link.receive(d));
  return msgs;
}

/** A simulated board reachable as a serial device: socat owns the pty at `path`. */
export class PtyBoard {
  exposure: Exposure | null = null;
  constructor(
    readonly board: SimBoard,
    readonly path: string,
  ) {}

  static async start(dir: string, name: string, o: SimOptions = {}): Promise<PtyBoard> {
    const b = new PtyBoard(await makeSim(o), path.join(dir, name));
    await b.plug();
    b.board.boot();
    return b;
  }

  /** Plugs the cable in (socat creates the pty). */
  async plug(): Promise<void> {
    this.exposure = await exposeOnPty(this.board, this.path);
  }

  /** Pulls the cable: the pty disappears; the board keeps running. */
  unplug(): void {
    if (this.exposure) this.exposure.close();
    this.exposure = null;
  }

  /** Sends a command to the board as the host would (its replies go out on the pty). */
  command(cmd: HostCmd): void {
    this.board.write(encodePacket(cmd));
  }

  /** Puts raw bytes on the wire from the board's side (garbage, half lines). */
  inject(bytes: string): void {
    this.board.emit('data', Buffer.from(bytes, 'latin1'));
  }

  stop(): void {
    this.unplug();
    this.board.powerCut();
  }
}

export async function tcpBoard(o: SimOptions = {}): Promise<{ board: SimBoard; url: string; exposure: Exposure }> {
  const board = await makeSim(o);
  const exposure = await exposeOnTcp(board, 0);
  board.boot();
  return { board, url: exposure.describe.replace(/^tcp:\/\//, 'tcp://'), exposure };
}

/** A kiosk board on a pty (console off its port, locked with `staff42`), as `flash --kiosk-password` leaves it. */
export async function kioskPtyBoard(dir: string, name: string): Promise<PtyBoard> {
  const storage = path.join(dir, name + '-storage.json');
  writeFileSync(storage, JSON.stringify({ 'dt.kiosk': JSON.stringify({ pw: 'staff42' }) }));
  return PtyBoard.start(dir, name, { storageFile: storage });
}

/** Staff at the table: the staff menu (OK + BACK held 3 s), then K4 held (console for flashing). */
export async function holdStaffK4(board: SimBoard): Promise<void> {
  board.press('OK', 3600);
  board.press('BK', 3600);
  await sleep(3900);
  board.press('K4', 1200);
}

/** `dicetray …` as a child process; stdout and stderr collected line by line. */
export class Cli {
  readonly out: string[] = [];
  readonly err: string[] = [];
  readonly exited: Promise<number>;
  private proc: ChildProcess;
  constructor(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
    this.proc = spawn(process.execPath, [CLI, ...args], { cwd: opts.cwd || REPO, env: opts.env || process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = (into: string[]) => {
      let buf = '';
      return (d: Buffer) => {
        buf += d.toString('utf8');
        let nl = buf.indexOf('\n');
        while (nl >= 0) {
          into.push(buf.slice(0, nl));
          buf = buf.slice(nl + 1);
          nl = buf.indexOf('\n');
        }
      };
    };
    this.proc.stdout!.on('data', lines(this.out));
    this.proc.stderr!.on('data', lines(this.err));
    this.exited = new Promise((r) => this.proc.on('exit', (code, sig) => r(code === null ? (sig === 'SIGINT' || sig === 'SIGTERM' ? 0 : 1) : code)));
  }

  /** stdout lines parsed as JSON (the rest skipped). */
  json(): Record<string, any>[] {
    const r: Record<string, any>[] = [];
    for (const l of this.out) {
      try {
        r.push(JSON.parse(l));
      } catch {
        // not JSON
      }
    }
    return r;
  }

  /** Waits for a JSON event matching `pred`, looking only at events from index `from` on. */
  async event(pred: (e: Record<string, any>) => boolean, timeoutMs = 15_000, from = 0): Promise<Record<string, any>> {
    let hit: Record<string, any> | undefined;
    await waitUntil(`an event in ${JSON.stringify(this.out.slice(-5))} / stderr ${JSON.stringify(this.err.slice(-5))}`, () => {
      hit = this.json().slice(from).find(pred);
      return !!hit;
    }, timeoutMs);
    return hit!;
  }

  count(): number {
    return this.json().length;
  }

  stop(): Promise<number> {
    return this.kill('SIGINT');
  }

  /** Sends a signal without waiting for anything (SIGSTOP and SIGCONT: a board that hangs and comes back). */
  signal(signal: NodeJS.Signals): void {
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill(signal);
  }

  kill(signal: NodeJS.Signals): Promise<number> {
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill(signal);
    return this.exited;
  }
}

/**
 * `dicetray mirror --json --web 0 --no-log` of one `port` (LABEL=PATH), stopped by the caller's
 * clean-up list `done`; returned once its page is served, with the page's address.
 */
export async function webMirror(port: string, done: (() => unknown)[]): Promise<{ cli: Cli; url: string }> {
  const cli = new Cli(['mirror', '--port', port, '--json', '--web', '0', '--no-log']);
  done.push(() => cli.stop());
  const url = (await cli.event((e) => e.ev === 'web')).url as string;
  return { cli, url };
}
