/**
 * Mirror latency: how long a board event takes to reach `dicetray mirror`'s output (--json) and
 * the page's live feed (/events, what the page's EventSource receives), with several simulated
 * boards mirrored at once, each on its own pseudo-terminal (socat), as a USB board appears.
 *
 * Clock: everything is timed in this process. t0 is the moment the simulated board puts the
 * event's line on its serial port (its 'data' event, before socat); t1 is when the mirror's JSON
 * line (or the page's server-sent event) carrying that message's sequence number arrives here.
 *
 * Baselines over the same kind of pty with the same load, no mirror:
 *  - raw one-way: a line into the pty → a trivial reader process (node serialport) → its stdout
 *    → here; the same path as the mirror's with the mirror replaced by a pass-through;
 *  - raw round trip: a line into the pty → the reader writes it back into the pty → here.
 * Added latency = mirror p99 − raw one-way p99. Goal: ≤ 20 ms at p99 with 5 boards.
 *
 * `node --import tsx test/bench/mirror-latency.ts [boards] [events per board]` prints the figures;
 * test/bench/run.ts calls benchMirrorLatency().
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { SimBoard } from '../../host/src/sim/sim-board';
import { exposeOnPty, type Exposure } from '../../host/src/sim/expose';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { installFiles } from '../../host/src/sim/install-files';
import { encodePacket } from '../../shared/protocol/host-codec';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(ROOT, 'host', 'bin', 'dicetray.mjs');
const GOAL_ADDED_P99_MS = 20;

/** Reads the pty line by line: `out` prints each line on stdout, `echo` writes it back to the pty. */
const READER = `
import { SerialPort } from 'serialport';
const [path, mode] = process.argv.slice(1);
const port = new SerialPort({ path, baudRate: 115200 });
let buf = '';
port.on('data', (d) => {
  buf += d.toString('latin1');
  let nl;
  while ((nl = buf.indexOf('\\n')) >= 0) {
    const line = buf.slice(0, nl + 1);
    buf = buf.slice(nl + 1);
    if (mode === 'echo') port.write(line); else process.stdout.write(line);
  }
});
port.on('open', () => process.stdout.write('ready\\n'));
`;

function stats(xs: number[]): { n: number; p50: number; p90: number; p99: number; max: number; mean: number } {
  const s = xs.slice().sort((a, b) => a - b);
  const q = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : NaN);
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return { n: s.length, p50: r(q(0.5)), p90: r(q(0.9)), p99: r(q(0.99)), max: r(s[s.length - 1] ?? NaN), mean: r(s.reduce((a, b) => a + b, 0) / Math.max(1, s.length)) };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function lines(stream: NodeJS.ReadableStream, fn: (line: string, at: number) => void): void {
  let buf = '';
  stream.on('data', (d: Buffer) => {
    const at = performance.now();
    buf += d.toString('utf8');
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      fn(buf.slice(0, nl), at);
      buf = buf.slice(nl + 1);
    }
  });
}

async function until(what: string, cond: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('mirror latency bench: timed out waiting for ' + what);
    await sleep(10);
  }
}

/** A socat pty whose other side is this process (stdin/stdout of socat). */
function rawPty(file: string): Promise<{ write(s: string): void; onData(fn: (d: Buffer) => void): void; close(): void }> {
  return new Promise((resolve, reject) => {
    const p = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${file}`, 'STDIO'], { stdio: ['pipe', 'pipe', 'pipe'] });
    p.on('error', reject);
    p.stdin!.on('error', () => {});
    p.stderr!.on('data', (d: Buffer) => {
      if (/starting data transfer loop/.test(String(d))) resolve({ write: (s) => p.stdin!.write(s), onData: (fn) => p.stdout!.on('data', fn), close: () => p.kill() });
    });
  });
}

/** Raw pty figures: one-way to a reader's stdout, and round trip through an echoing reader. */
async function rawBaseline(dir: string, boards: number, events: number, gapMs: number): Promise<{ oneWay: number[]; roundTrip: number[] }> {
  const oneWay: number[] = [];
  const roundTrip: number[] = [];
  const procs: ChildProcess[] = [];
  const ptys: Awaited<ReturnType<typeof rawPty>>[] = [];
  try {
    for (const mode of ['out', 'echo'] as const) {
      const sent = new Map<string, number>();
      const ready: boolean[] = [];
      for (let b = 0; b < boards; b++) {
        const file = path.join(dir, `raw-${mode}-${b}`);
        const pty = await rawPty(file);
        ptys.push(pty);
        const child = spawn(process.execPath, ['--input-type=module', '-e', READER, file, mode], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
        procs.push(child);
        lines(child.stdout!, (line, at) => {
          if (line === 'ready') ready[b] = true;
          const t0 = sent.get(line.replace(/\r$/, ''));
          if (t0 !== undefined && mode === 'out') oneWay.push(at - t0);
        });
        if (mode === 'echo') {
          let buf = '';
          pty.onData((d) => {
            const at = performance.now();
            buf += d.toString('latin1');
            let nl;
            while ((nl = buf.indexOf('\n')) >= 0) {
              const t0 = sent.get(buf.slice(0, nl).replace(/\r$/, ''));
              if (t0 !== undefined) roundTrip.push(at - t0);
              buf = buf.slice(nl + 1);
            }
          });
        }
      }
      await until('the raw readers', () => ready.filter(Boolean).length === boards);
      for (let i = 0; i < events; i++) {
        for (let b = 0; b < boards; b++) {
          // A line like a board's button message (same size on the wire).
          const line = `DT:{"t":"btn","b":"S1","k":"press","s":${i},"board":${b},"mode":"${mode}"}`;
          sent.set(line, performance.now());
          ptys[ptys.length - boards + b].write(line + '\r\n');
          await sleep(gapMs / boards);
        }
      }
      await sleep(300);
    }
  } finally {
    for (const p of procs) p.kill();
    for (const p of ptys) p.close();
    await sleep(300);
  }
  return { oneWay, roundTrip };
}

interface Board {
  sim: SimBoard;
  exposure: Exposure;
  label: string;
  /** seq → time the line left the board. */
  sent: Map<number, number>;
}

export async function benchMirrorLatency(opts: { boards?: number; events?: number; gapMs?: number } = {}): Promise<Record<string, number | string>> {
  const boards = opts.boards ?? 5;
  const events = opts.events ?? 100;
  const gapMs = opts.gapMs ?? 50; // per board: 20 events/s on each table, plus its LED frames
  const dir = mkdtempSync(path.join(tmpdir(), 'dicetray-bench-'));
  const { code, manifest, files } = await ensureBundle();
  const list: Board[] = [];
  let mirror: ChildProcess | null = null;
  let sse: http.ClientRequest | null = null;
  try {
    for (let b = 0; b < boards; b++) {
      const sim = new SimBoard({ bundle: code, pins: manifest.pins, storageFile: null });
      installFiles(sim.storage, files);
      const board: Board = { sim, exposure: null as unknown as Exposure, label: `T${b + 1}`, sent: new Map() };
      // Registered before the pty's listener: t0 is taken as the line leaves the board.
      sim.on('data', (d: Buffer) => {
        const at = performance.now();
        const re = /DT:\{"t":"btn"[^\n]*?"s":(\d+)\}/g;
        const text = d.toString('latin1');
        let m;
        while ((m = re.exec(text))) board.sent.set(Number(m[1]), at);
      });
      board.exposure = await exposeOnPty(sim, path.join(dir, `tty${b}`));
      sim.boot();
      list.push(board);
    }

    const args = ['mirror', '--json', '--web', '0', '--no-log'];
    for (const b of list) args.push('--port', `${b.label}=${path.join(dir, 'tty' + list.indexOf(b))}`);
    mirror = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const jsonLat: number[] = [];
    const synced = new Set<string>();
    let url = '';
    let stderr = '';
    mirror.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    lines(mirror.stdout!, (line, at) => {
      let e: Record<string, any>;
      try {
        e = JSON.parse(line);
      } catch {
        return;
      }
      if (e.ev === 'web') url = e.url;
      else if (e.ev === 'synced') synced.add(e.table);
      else if (e.ev === 'button') {
        const b = list.find((x) => x.label === e.table);
        const t0 = b && b.sent.get(e.s);
        if (t0 !== undefined) jsonLat.push(at - t0);
      }
    });
    await until('the mirror to sync with every board (stderr: ' + stderr + ')', () => synced.size === boards && !!url, 60_000);

    // The page's feed: every server-sent event carries each table's last sequence number.
    const pageLat: number[] = [];
    const pageSeen = list.map(() => 0);
    await new Promise<void>((resolve, reject) => {
      sse = http.get(url + 'events', (res) => {
        res.socket.setNoDelay(true);
        let buf = '';
        res.on('data', (d: Buffer) => {
          const at = performance.now();
          buf += d.toString('utf8');
          let end;
          while ((end = buf.indexOf('\n\n')) >= 0) {
            const chunk = buf.slice(0, end);
            buf = buf.slice(end + 2);
            const data = chunk.split('\n').find((l) => l.startsWith('data: '));
            if (!data) continue;
            const st = JSON.parse(data.slice(6));
            st.tables.forEach((t: { seq: number }, i: number) => {
              const b = list[i];
              for (let s = pageSeen[i] + 1; s <= t.seq; s++) {
                const t0 = b.sent.get(s);
                if (t0 !== undefined) pageLat.push(at - t0);
              }
              pageSeen[i] = Math.max(pageSeen[i], t.seq);
            });
          }
        });
        resolve();
      });
      sse.on('error', reject);
    });
    await sleep(300);

    // Events: a seat button on each table in turn (setup mode: it toggles the seat, so the
    // board also sends a ui line and, with frames subscribed, an LED frame).
    const warmup = 10;
    for (let i = 0; i < events + warmup; i++) {
      if (i === warmup) {
        jsonLat.length = 0;
        pageLat.length = 0;
      }
      for (const b of list) {
        b.sim.write(encodePacket({ c: 'btn', b: 'S' + (1 + (i % 7)) }));
        await sleep(gapMs / boards);
      }
    }
    await sleep(500);
    sse!.destroy();
    mirror.kill('SIGINT');

    const raw = await rawBaseline(dir, boards, events, gapMs);
    const J = stats(jsonLat);
    const P = stats(pageLat);
    const R1 = stats(raw.oneWay);
    const RT = stats(raw.roundTrip);
    const added = Math.round((J.p99 - R1.p99) * 1000) / 1000;
    const addedPage = Math.round((P.p99 - R1.p99) * 1000) / 1000;
    return {
      boards,
      eventsPerBoard: events,
      eventIntervalPerBoardMs: gapMs,
      mirrorJsonEvents: J.n,
      mirrorJsonP50Ms: J.p50,
      mirrorJsonP90Ms: J.p90,
      mirrorJsonP99Ms: J.p99,
      mirrorJsonMaxMs: J.max,
      pageEvents: P.n,
      pageP50Ms: P.p50,
      pageP90Ms: P.p90,
      pageP99Ms: P.p99,
      pageMaxMs: P.max,
      rawOneWayP50Ms: R1.p50,
      rawOneWayP99Ms: R1.p99,
      rawRoundTripP50Ms: RT.p50,
      rawRoundTripP99Ms: RT.p99,
      ratioJsonToRawRoundTripP99: Math.round((J.p99 / RT.p99) * 100) / 100,
      ratioPageToRawRoundTripP99: Math.round((P.p99 / RT.p99) * 100) / 100,
      addedJsonP99Ms: added,
      addedPageP99Ms: addedPage,
      goal: `added p99 <= ${GOAL_ADDED_P99_MS} ms with ${boards} boards`,
      verdict: added <= GOAL_ADDED_P99_MS && addedPage <= GOAL_ADDED_P99_MS ? 'PASS' : 'OVER',
    };
  } finally {
    if (sse) (sse as http.ClientRequest).destroy();
    if (mirror && mirror.exitCode === null) mirror.kill('SIGKILL');
    for (const b of list) {
      b.exposure.close();
      b.sim.powerCut();
    }
    // Let the killed socat and reader processes exit while we are still here to reap them.
    await sleep(500);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [boards, events] = process.argv.slice(2).map(Number);
  benchMirrorLatency({ boards: boards || undefined, events: events || undefined }).then(
    (r) => {
      for (const [k, v] of Object.entries(r)) console.log(`${k.padEnd(30)} ${v}`);
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
