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
import { openBoard, parseBoardSpec, type BoardSpec, type BoardStream } from '../link/open-board';
import { findOneBoard } from '../link/find-boards';
import { bridgeToTcp } from '../link/tcp-bridge';
import { BoardLink } from '../link/board-link';
import { evaluate } from '../espruino-tools';
import { DEFAULT_BOARD_CONFIG, setConfig, type BoardConfig } from '../../../firmware/src/config';
import { RARE_FILE, type Rare } from '../../../firmware/src/rare/load-rare';
import { LED_BUDGET_MAX_MA } from '../../../hardware/power-figures';
import { PROTOCOL_VERSION, type BoardMsg, type Snapshot } from '../../../shared/protocol/messages';
import { EXIT, HostError } from '../errors';
import type { Output } from '../output';

export type SettingKey = keyof BoardConfig;

export interface Setting {
  key: SettingKey;
  /** The friendlier name (`abandon` for abandon_ms), whose durations need a unit. */
  alias: string | null;
  kind: 'ms' | 'mA' | 'level' | 'bool';
  /** Largest value the host sends. */
  max: number;
  /** Smallest (default 0). */
  min?: number;
  /** What 0 means, where it means something of its own. */
  zero?: string;
  meaning: string;
}

/** Durations beyond a day are typos (abandon=30d), not settings anyone means. */
const MAX_MS = 24 * 3600 * 1000;

/** Every key of BoardConfig, in the firmware's order (the test checks none is missing). */
export const SETTINGS: Setting[] = [
  // A window of 0 passes every throw at once: nobody could ever frustrate or reduce.
  { key: 'window_ms', alias: 'window', kind: 'ms', max: MAX_MS, min: 2000, meaning: 'reroll window: how long opponents have to frustrate a throw' },
  { key: 'marker_ms', alias: 'marker', kind: 'ms', max: MAX_MS, zero: 'at once', meaning: 'before the board applies the only possible marker action (BACK still corrects the throw)' },
  { key: 'brightness', alias: null, kind: 'level', max: 255, meaning: 'LED brightness: the highest level of a colour channel (0..255)' },
  { key: 'led_budget_ma', alias: 'led_budget', kind: 'mA', max: LED_BUDGET_MAX_MA, meaning: 'current the lit LEDs may draw; brighter frames are dimmed to fit' },
  { key: 'attract_ms', alias: 'attract', kind: 'ms', max: MAX_MS, zero: 'never', meaning: 'idle time before the attract pattern' },
  { key: 'abandon_ms', alias: 'abandon', kind: 'ms', max: MAX_MS, zero: 'never', meaning: 'idle time after which a game in progress is cleared for the next table (kiosk)' },
  { key: 'leds_link', alias: null, kind: 'bool', max: 1, meaning: 'send every LED frame to the host until the board restarts (a mirror turns it on while connected)' },
  { key: 'beep', alias: null, kind: 'bool', max: 1, meaning: 'beep on refusals, votes and turn changes' },
];

/** The keys and their ranges, for help and for every refusal's hint. */
function settingsHelp(): string[] {
  return SETTINGS.map((s) => {
    const name = s.alias ? `${s.key} (${s.alias})` : s.key;
    const range =
      s.kind === 'ms' ? `${s.min ? describeValue(s, s.min) : '0'} to 24 h${s.zero ? ', 0 = ' + s.zero : ''}; e.g. ${s.alias}=${s.zero === 'never' ? '30m' : '10s'}${s.zero === 'never' ? ', ' + s.alias + '=off' : ''}, ${s.key}=${s.zero === 'never' ? 1800000 : 10000}` :
      s.kind === 'mA' ? `0 to ${s.max} mA (the USB limit)` :
      s.kind === 'level' ? '0 to 255' :
      'on or off';
    return `${name.padEnd(28)} ${range}`;
  });
}

/** Every key and its range, one a line (a refused key's hint). */
function keysHint(): string {
  return 'the settings (KEY or its short name) and their ranges:\n  ' + settingsHelp().join('\n  ');
}

/** How a value reads: 1800000 → "30 min", 0 → "never" where 0 means that. */
function describeValue(s: Setting, v: unknown): string {
  if (v === null || v === undefined) return '?';
  if (s.kind === 'bool') return v ? 'on' : 'off';
  if (s.kind === 'mA') return `${v} mA`;
  if (s.kind === 'level') return `${v} of 255`;
  const ms = v as number;
  if (ms === 0 && s.zero) return s.zero;
  const parts: string[] = [];
  const h = Math.floor(ms / 3600000);
  const min = Math.floor((ms % 3600000) / 60000);
  const rest = ms % 60000;
  if (h) parts.push(`${h} h`);
  if (min) parts.push(`${min} min`);
  if (rest >= 1000) parts.push(`${rest / 1000} s`);
  else if (rest || !parts.length) parts.push(`${rest} ms`);
  return parts.join(' ');
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, sec: 1000, m: 60000, min: 60000, h: 3600000 };

/** `30m`, `1h30m`, `1.5s`, `500ms`; null if it is not a duration. */
function parseDuration(t: string): number | null {
  const re = /(\d+(?:\.\d+)?)\s*(ms|sec|min|s|m|h)/gy;
  let total = 0;
  let at = 0;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    total += Number(m[1]) * UNIT_MS[m[2]];
    at = re.lastIndex;
  }
  return at > 0 && at === t.length ? Math.round(total * 1000) / 1000 : null;
}

function usageError(message: string, hint: string): HostError {
  return new HostError(message, EXIT.usage, hint);
}

/** One `KEY=VALUE` argument, checked against the host's table and the board's own rule (setConfig). */
function parseAssignment(arg: string): { setting: Setting; value: number | boolean } {
  const m = /^([A-Za-z_]+)=(.*)$/.exec(arg);
  if (!m) throw usageError(`expected KEY=VALUE, got ${JSON.stringify(arg)}`, 'e.g. dicetray config -p auto abandon=30m window=10s; ' + keysHint());
  const name = m[1].toLowerCase();
  const s = SETTINGS.find((x) => x.key === name || x.alias === name);
  if (!s) throw usageError(`unknown setting ${m[1]}`, keysHint());
  const text = m[2].trim().toLowerCase();
  const range = settingsHelp()[SETTINGS.indexOf(s)].replace(/^\S+(?: \(\S+\))?\s+/, '');
  const bad = (why = '') => usageError(`bad value for ${s.key}: ${JSON.stringify(m[2])}${why ? ' (' + why + ')' : ''}`, `${s.key}: ${range}`);
  let value: number | boolean;
  if (s.kind === 'bool') {
    if (/^(on|true|yes|1)$/.test(text)) value = true;
    else if (/^(off|false|no|0)$/.test(text)) value = false;
    else throw bad();
  } else if (s.kind === 'ms') {
    if ((text === 'off' || text === 'never') && s.zero === 'never') value = 0;
    else if (/^\d+(\.\d+)?$/.test(text)) {
      // A bare number is milliseconds under the key's own name; under the short one it is a slip
      // (window=10 would be 10 ms), unless it is 0.
      if (name !== s.key && Number(text) !== 0) throw usageError(`${m[1]}=${m[2]}: give a unit (${text}s, ${text}m, ${text}ms), or use ${s.key}=${text} for milliseconds`, `${s.key}: ${range}`);
      value = Number(text);
    } else {
      const ms = parseDuration(text);
      if (ms === null) throw bad('a duration such as 10s, 30m, 1h30m or 500ms');
      value = ms;
    }
    if (!Number.isInteger(value)) throw bad('whole milliseconds');
  } else {
    const t = s.kind === 'mA' ? text.replace(/\s*ma$/, '') : text;
    if (!/^\d+$/.test(t)) throw bad('a whole number');
    value = Number(t);
  }
  if (typeof value === 'number' && value > s.max) throw bad(`at most ${s.kind === 'level' ? s.max : describeValue(s, s.max)}`);
  if (typeof value === 'number' && s.min && value < s.min) throw bad(`at least ${describeValue(s, s.min)}`);
  // The board's own check, so nothing the board would turn down is sent.
  if (setConfig(Object.assign({}, DEFAULT_BOARD_CONFIG), s.key, value) !== null) throw bad();
  return { setting: s, value };
}

function parseAssignments(args: string[]): { setting: Setting; value: number | boolean }[] {
  const out = args.map(parseAssignment);
  for (let i = 0; i < out.length; i++) {
    for (let j = 0; j < i; j++) if (out[j].setting === out[i].setting) throw usageError(`${out[i].setting.key} is given twice (${args[j]}, ${args[i]})`, 'give each setting once');
  }
  return out;
}

const HELLO_TIMEOUT_MS = 5000;
const HELLO_RETRY_MS = 1000;
const ANSWER_TIMEOUT_MS = 5000;

/**
 * The protocol side of one config run: hello, the cfg packets, the snapshot after them. Not a
 * TableMirror (flash's handshake): a mirror turns the board's leds_link on at hello, and a
 * board with LEDs would then send every frame to nobody until its next restart.
 */
class ConfigLink {
  readonly link: BoardLink;
  /** The console's ACK came back after a packet: the board's console is on this port. */
  console = false;
  private sent = false;
  private lost: string | null = null;
  private waiters: ((m: BoardMsg | null) => void)[] = [];

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
      HELLO_TIMEOUT_MS,
      (m) => (m.t === 'hello' ? m : undefined),
      () => new HostError(`no dicetray firmware answered on ${name} within ${HELLO_TIMEOUT_MS / 1000} s`, EXIT.protocol, `flash the firmware with \`dicetray flash --port ${name}\`, or check the port is the board`),
      () => this.send({ c: 'hello' }),
    );
    this.send({ c: 'hello' });
    const h = await p;
    if (h.v !== PROTOCOL_VERSION) throw new HostError(`protocol mismatch on ${name}: the board speaks v${h.v}, this host v${PROTOCOL_VERSION} (board firmware ${h.fw})`, EXIT.protocol, `flash this host's firmware: dicetray flash --port ${name}`);
    return h;
  }

  /**
   * Sends the settings, then asks for a snapshot: the board handles packets in order, so every
   * 'bad_config' for them comes before the snapshot's last chunk.
   */
  async apply(sets: { key: string; value: unknown }[]): Promise<{ snap: Partial<Snapshot>; refused: string[] }> {
    const refused: string[] = [];
    const chunks: string[] = [];
    let last = -1;
    // A line lost on the way (a gap in the sequence, a chunk missing) could be a refusal read as
    // taken, or settings read as '?': said, not guessed.
    const lost = () => new HostError(`a line from ${this.stream.spec.name} was lost while reading its settings`, EXIT.protocol, 'run it again (the settings sent are checked when read back)');
    const p = this.until(
      ANSWER_TIMEOUT_MS,
      (m) => {
        if (last >= 0 && m.s !== last + 1) throw lost();
        last = m.s;
        if (m.t === 'err' && m.code === 'bad_config') refused.push(m.msg);
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
      snap = JSON.parse(text);
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
  if (spec.kind === 'tcp') {
    // One client at a time on a network console: hang up before EspruinoTools connects (as flash does).
    stream.close();
    text = await evaluate(`tcp://${spec.host}:${spec.port}`, READ_EXPR);
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
  const stream = await openBoard(spec, { failFast: true });
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
      else source = 'console';
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
    else confirmed[s.setting.key] = source === 'console' ? 'read_back' : 'snapshot';
  }
  const unknown = SETTINGS.filter((s) => values[s.key] === undefined).map((s) => s.key);

  const failure = kept.length ? `${spec.name} did not keep what was set: ${kept.join('; ')}` : '';
  const failureHint = 'run it again; a board that still does not keep it may have no Storage left for its settings';

  if (opts.json) {
    const settings: Record<string, unknown> = {};
    for (const s of SETTINGS) settings[s.key] = values[s.key] === undefined ? null : values[s.key];
    const set: Record<string, unknown> = {};
    for (const s of sets) set[s.setting.key] = { value: s.value, confirmed: confirmed[s.setting.key] || null };
    const error = failure ? { code: 'failed', message: failure, hint: failureHint, exit: EXIT.failed } : undefined;
    io.out(JSON.stringify({ ok: !failure, board: spec.name, fw: hello.fw, bh: hello.bh, hw: hello.board, source, settings, unknown, set, note: note || undefined, error }));
  } else {
    io.out(`${spec.name}: dicetray ${hello.fw} on ${hello.board}; ${source === 'console' ? "settings as saved in the board's Storage (read through its console)" : `settings the board reports in use (${note})`}`);
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
  }
  if (failure) {
    // Under --json the object above carries the error: one JSON object, as every command prints.
    io.err(`dicetray: ${failure}`);
    io.err(`hint: ${failureHint}`);
    return EXIT.failed;
  }
  return EXIT.ok;
}
