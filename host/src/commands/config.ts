/**
 * `dicetray config -p BOARD [KEY=VALUE …]`: shows the board's settings (firmware/src/config.ts,
 * kept in its Storage) and changes them, on any board the other commands take.
 *
 * Setting: one {c:'cfg'} packet per value, which every board takes (a kiosk board too: its
 * firmware parses packets itself). The board answers a refused value with an err line
 * 'bad_config' and a taken one with nothing, so a snapshot requested after them is the fence: an
 * error not seen before the snapshot's last chunk never came.
 *
 * Reading: through the board's console where it has one, the route `flash` uses (EspruinoTools,
 * host/src/espruino-tools.ts): the board runs its own loadConfig (dt.rare), so the host sees what
 * the board loads at power-up, from Storage, defaults included. A kiosk board has no console on
 * its port (it answers packets without the console's ACK): there the snapshot's settings in use
 * are shown (older firmware sent only window_ms and brightness; the others are then reported as
 * not readable), and setting works all the same.
 */
import { parseSnapshot } from '../../../shared/protocol/host-codec';
import { openBoard, parseBoardSpec, type BoardSpec, type BoardStream } from '../link/open-board';
import { findOneBoard } from '../link/find-boards';
import { bridgeToTcp } from '../link/tcp-bridge';
import { BoardLink } from '../link/board-link';
import { directUrl, evaluate } from '../espruino-tools';
import { RARE_FILE, type Rare } from '../../../firmware/src/rare/load-rare';
import { PROTOCOL_VERSION, type BoardMsg, type Snapshot } from '../../../shared/protocol/messages';
import { errorObject, EXIT, HostError } from '../errors';
import { errorText } from '../../../shared/engine/error-text';
import { HELLO_WAIT_MS, noAnswerError, protocolMismatchError } from '../link/hello-errors';
import { describeValue, keysHint, parseAssignments, SETTINGS } from './config-settings';
import { BRIGHTNESS_CAP, LED_BUDGET_MA } from '../../../hardware/power-figures';
import type { Output } from '../output';
import { existsSync } from 'node:fs';

const HELLO_RETRY_MS = 1000;
const ANSWER_TIMEOUT_MS = 5000;

/**
 * The protocol side of one config run: hello, the cfg packets, the snapshot after them. Not a
 * TableMirror (flash's handshake): config reads what a mirror keeps to itself, the console's ACK
 * after a packet (is the console on this port?) and the err line of each refused key.
 */
class ConfigLink {
  readonly link: BoardLink;
  /** The console's ACK came back after a packet: the board's console is on this port. */
  console = false;
  private sent = false;
  private lost: string | null = null;
  private waiters: ((m: BoardMsg | null) => void)[] = [];
  /** The sequence number of the last line read (the hello's, before apply): -1 before any. */
  private lastSeq = -1;

  constructor(private stream: BoardStream) {
    this.link = BoardLink.over(stream);
    stream.on('data', (d: Buffer) => {
      if (this.sent && d.indexOf(0x06) >= 0) this.console = true;
    });
    stream.on('close', (reason: string) => {
      this.lost = reason;
      for (const w of this.waiters.splice(0)) w(null);
    });
    this.link.on('msg', (m: BoardMsg) => {
      this.lastSeq = m.s;
      for (const w of this.waiters.slice()) w(m);
    });
  }

  send(cmd: Parameters<BoardLink['send']>[0]): void {
    this.sent = true;
    this.link.send(cmd);
  }

  private lostError(): HostError {
    return new HostError(`lost ${this.stream.spec.name} (${this.lost})`, EXIT.noBoard, 'one client at a time: close the other program (mirror, script), check the cable, then run it again');
  }

  /** Resolves once `take` returns a value for a message; rejects when the board is lost or after `ms`. */
  private until<T>(ms: number, take: (m: BoardMsg) => T | undefined, onTimeout: () => HostError, tick?: () => void): Promise<T> {
    return new Promise<T>((ok, fail) => {
      if (this.lost) return fail(this.lostError());
      const ticker = tick ? setInterval(tick, HELLO_RETRY_MS) : null;
      const done = () => {
        clearTimeout(timer);
        if (ticker) clearInterval(ticker);
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
      };
      const waiter = (m: BoardMsg | null) => {
        if (!m) {
          done();
          return fail(this.lostError());
        }
        let v: T | undefined;
        try {
          v = take(m);
        } catch (e) {
          done();
          return fail(e);
        }
        if (v !== undefined) {
          done();
          ok(v);
        }
      };
      const timer = setTimeout(() => {
        done();
        fail(onTimeout());
      }, ms);
      this.waiters.push(waiter);
    });
  }

  async hello(): Promise<Extract<BoardMsg, { t: 'hello' }>> {
    const name = this.stream.spec.name;
    const p = this.until(
      HELLO_WAIT_MS,
      (m) => (m.t === 'hello' ? m : undefined),
      () => noAnswerError(name, HELLO_WAIT_MS / 1000),
      () => this.send({ c: 'hello' }),
    );
    this.send({ c: 'hello' });
    const h = await p;
    if (h.v !== PROTOCOL_VERSION) throw protocolMismatchError(name, h);
    return h;
  }

  /**
   * Sends the settings, then asks for a snapshot: the board handles packets in order, so every
   * 'bad_config' for them comes before the snapshot's last chunk.
   */
  async apply(sets: { key: string; value: unknown }[]): Promise<{ snap: Partial<Snapshot>; refused: string[] }> {
    const refused: string[] = [];
    const chunks: string[] = [];
    // From the last line read before (the hello): the first line after it lost was not noticed,
    // and a refusal lost there read as "taken".
    let last = this.lastSeq;
    // A line lost on the way (a gap in the sequence, a chunk missing) could be a refusal read as
    // taken, or settings read as '?': said, not guessed.
    const lost = () => new HostError(`a line from ${this.stream.spec.name} was lost while reading its settings`, EXIT.protocol, 'run it again (the settings sent are checked when read back)');
    const p = this.until(
      ANSWER_TIMEOUT_MS,
      (m) => {
        if (last >= 0 && m.s !== last + 1) throw lost();
        last = m.s;
        if (m.t === 'err' && m.code === 'bad_config') refused.push(m.msg);
        // Without its set-up module the board takes no setting and sends no snapshot: said at once,
        // not as a snapshot that never came ("another program talking to the board?").
        if (m.t === 'err' && m.code === 'no_rare') throw new HostError(`${this.stream.spec.name}: ${errorText(m.code, '')}`, EXIT.protocol, `flash the firmware again: dicetray flash --port ${this.stream.spec.name}`);
        if (m.t !== 'snap') return undefined;
        if (m.i === 0) chunks.length = 0;
        if (m.i !== chunks.length) throw lost();
        chunks.push(m.d);
        return m.end ? chunks.join('') : undefined;
      },
      () => new HostError(`${this.stream.spec.name} did not send its snapshot within ${ANSWER_TIMEOUT_MS / 1000} s`, EXIT.protocol, 'is another program talking to the board? run it again'),
    );
    for (const s of sets) this.send({ c: 'cfg', k: s.key, v: s.value });
    this.send({ c: 'snap' });
    const text = await p;
    let snap: Partial<Snapshot> = {};
    try {
      snap = parseSnapshot(text);
    } catch {
      // A garbled snapshot only costs the kiosk fallback's values.
    }
    return { snap, refused };
  }
}

/** Runs the board's own loadConfig through its console: what it loads at power-up. */
const LOAD: keyof Rare = 'loadConfig';
const READ_EXPR = `(function(){var g=globalThis;g.eval(require("Storage").read(${JSON.stringify(RARE_FILE)}));var c=g.DT_RARE.${LOAD}();delete g.DT_RARE;return c})()`;

async function readThroughConsole(spec: BoardSpec, stream: BoardStream): Promise<Record<string, unknown>> {
  let text: string;
  const url = directUrl(spec);
  if (url) {
    // One client at a time on a network console: hang up before EspruinoTools connects (as flash does).
    stream.close();
    text = await evaluate(url, READ_EXPR);
  } else {
    const bridge = await bridgeToTcp(stream);
    try {
      text = await evaluate(bridge.url, READ_EXPR);
    } finally {
      await bridge.close();
    }
  }
  const o = JSON.parse(text);
  if (!o || typeof o !== 'object') throw new Error(`the console answered ${text.slice(0, 60)}`);
  return o as Record<string, unknown>;
}

export interface ConfigOptions {
  port?: string;
  json?: boolean;
}

type Confirmed = 'read_back' | 'snapshot' | 'accepted';

export async function config(args: string[], opts: ConfigOptions, io: Output): Promise<number> {
  // Every value is checked before the board is opened: a typo changes nothing.
  const sets = parseAssignments(args);
  const spec = parseBoardSpec(!opts.port || opts.port === 'auto' ? await findOneBoard() : opts.port);
  // Only listing: a simulated board boots for this run and counts the boot in its Storage (dt.boots),
  // which a real board, already running, does not do when a program just reads it. Its file stays as it was.
  // A simulated board with no Storage file yet (or sim:memory) lists a new board's defaults: useful
  // (what it would start with), but said, not passed off as what some board saved.
  const noFile = spec.kind === 'sim' && sets.length === 0 && (spec.storage === null || !existsSync(spec.storage));
  const stream = await openBoard(spec, { failFast: true, readOnly: sets.length === 0 });
  let values: Record<string, unknown> = {};
  let source: 'console' | 'snapshot' = 'snapshot';
  let note = '';
  let hello: Extract<BoardMsg, { t: 'hello' }>;
  let refused: string[];
  try {
    const cl = new ConfigLink(stream);
    hello = await cl.hello();
    const r = await cl.apply(sets.map((s) => ({ key: s.setting.key, value: s.value })));
    refused = r.refused;
    if (!refused.length) {
      if (cl.console) {
        try {
          values = await readThroughConsole(spec, stream);
        } catch (e) {
          note = `could not read the settings through the board's console (${(e as Error).message})`;
        }
      } else note = "a kiosk board, its console is not on its port";
      if (note) values = r.snap.c ? Object.assign({}, r.snap.c) : { window_ms: r.snap.w, brightness: r.snap.br };
      else {
        source = 'console';
        // A session setting (leds_link) lasts until the board restarts: Storage never holds it (what
        // a power-up loads is always off), so its value is the live one, from the snapshot.
        for (const st of SETTINGS) if (st.session && r.snap.c && r.snap.c[st.key] !== undefined) values[st.key] = r.snap.c[st.key];
      }
    }
  } finally {
    stream.close();
  }

  if (refused.length) {
    const took = sets.filter((s) => refused.indexOf(s.setting.key) < 0).map((s) => s.setting.key);
    throw new HostError(
      `${spec.name} refused ${refused.join(', ')} (bad_config)${took.length ? '; it took ' + took.join(', ') : ''}`,
      EXIT.usage,
      `the board runs other firmware than this host knows (${hello.fw}, bundle ${hello.bh}): flash it with \`dicetray flash --port ${spec.name}\`; ${keysHint()}`,
    );
  }

  // Each value set, confirmed as far as this board lets us see.
  const confirmed: Record<string, Confirmed> = {};
  const kept: string[] = [];
  for (const s of sets) {
    const got = values[s.setting.key];
    if (got === undefined) confirmed[s.setting.key] = 'accepted';
    else if (got !== s.value) kept.push(`${s.setting.key} is ${JSON.stringify(got)}, not ${JSON.stringify(s.value)}`);
    else confirmed[s.setting.key] = source === 'console' && !s.setting.session ? 'read_back' : 'snapshot';
  }
  const unknown = SETTINGS.filter((s) => values[s.key] === undefined).map((s) => s.key);

  const failure = kept.length ? `${spec.name} did not keep what was set: ${kept.join('; ')}` : '';
  const failureHint = 'run it again; a board that still does not keep it may have no Storage left for its settings';

  const newBoard =
    spec.kind === 'sim' && spec.storage !== null
      ? `its Storage file ${spec.storage} does not exist yet: these are a new board's defaults (setting a value, KEY=VALUE, makes the file)`
      : "sim:memory starts with empty Storage: these are a new board's defaults";
  if (opts.json) {
    const settings: Record<string, unknown> = {};
    for (const s of SETTINGS) settings[s.key] = values[s.key] === undefined ? null : values[s.key];
    const set: Record<string, unknown> = {};
    for (const s of sets) set[s.setting.key] = { value: s.value, confirmed: confirmed[s.setting.key] || null };
    const error = failure ? errorObject(failure, EXIT.failed, failureHint) : undefined;
    // `port` names the board as flash's and script's results do; `board` is kept for older readers.
    io.out(JSON.stringify({ ok: !failure, board: spec.name, port: spec.name, fw: hello.fw, bh: hello.bh, hw: hello.board, source, settings, unknown, set, note: note || (noFile ? newBoard : undefined), error }));
  } else {
    io.out(`${spec.name}: dicetray ${hello.fw} on ${hello.board}; ${noFile ? newBoard : source === 'console' ? "settings as saved in the board's Storage (read through its console)" : `settings the board reports in use (${note})`}`);
    for (const s of SETTINGS) {
      const v = values[s.key];
      const mark = sets.some((x) => x.setting === s) ? '*' : ' ';
      io.out(`${mark} ${s.key.padEnd(14)} ${(v === undefined ? '?' : String(v)).padStart(8)}  ${(v === undefined ? '' : describeValue(s, v)).padEnd(12)} ${s.meaning}`);
    }
    if (unknown.length) io.out(`? ${unknown.join(', ')}: not readable here: ${note}`);
    const how: Record<Confirmed, string> = { read_back: "read back from the board's Storage", snapshot: 'reported back by the board', accepted: 'taken and saved by the board (no error), not read back' };
    for (const c of ['read_back', 'snapshot', 'accepted'] as Confirmed[]) {
      const done = sets.filter((s) => confirmed[s.setting.key] === c);
      if (done.length) io.out(`* set ${done.map((s) => `${s.setting.key} = ${s.value} (${describeValue(s.setting, s.value)})`).join(', ')}: ${how[c]}`);
    }
    // The board counts idle time from the last press, not from this setting: said, not a surprise.
    const ab = sets.find((s) => s.setting.key === 'abandon_ms' && s.value);
    if (ab) io.out(`  a game nobody has touched for ${describeValue(ab.setting, ab.value)} already is cleared at the board's next check (within a second)`);
    // Allowed (a board kept dark on purpose), but a table that sees nothing should know why.
    // Staff who tried 0 were left with a dark table and no way back in sight: said here. The staff
    // menu's K2 steps the brightness only; a re-flash writes the code, not the settings.
    const port = opts.port && opts.port !== 'auto' ? ` -p ${spec.name}` : ' -p auto';
    for (const dark of sets.filter((s) => (s.setting.key === 'brightness' || s.setting.key === 'led_budget_ma') && s.value === 0)) {
      const back = dark.setting.key === 'brightness' ? `dicetray config${port} brightness=${BRIGHTNESS_CAP}, or at the board the staff menu (hold OK + BACK 3 s) then K2` : `dicetray config${port} led_budget=${LED_BUDGET_MA}mA`;
      io.out(`  ${dark.setting.key} 0: the LEDs stay dark, after a power cut or a re-flash too (the board keeps its settings); to light them again: ${back}`);
    }
  }
  if (failure) {
    // Under --json the object above carries the error: one JSON object, as every command prints.
    io.err(`dicetray: ${failure}`);
    io.err(`hint: ${failureHint}`);
    return EXIT.failed;
  }
  return EXIT.ok;
}
