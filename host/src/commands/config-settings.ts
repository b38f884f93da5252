/**
 * The board's settings as the host knows them: every key of BoardConfig with its short name, unit
 * and range, how a value reads, and `KEY=VALUE` parsing checked against the firmware's own rule.
 * Kept apart from the command so `dicetray config --help` lists them without loading the serial side.
 */
import { DEFAULT_BOARD_CONFIG, MAX_SETTING_MS, setConfig, WINDOW_MIN_MS, type BoardConfig } from '../../../firmware/src/config';
import { LED_BUDGET_MAX_MA } from '../../../hardware/power-figures';
import { EXIT, HostError } from '../errors';
import { durationText } from '../duration-text';
import { parseDuration } from '../parse-duration';

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
  /** Lives until the board restarts: never in Storage, so read back live (the snapshot), not as loaded at power-up. */
  session?: boolean;
}

/** Durations beyond a day are typos (abandon=30d), not settings anyone means (the board's limit). */
const MAX_MS = MAX_SETTING_MS;

/** Every key of BoardConfig, in the firmware's order (test/host/config-cli.test.ts checks none is missing; tsc does not). */
export const SETTINGS: Setting[] = [
  // A window of 0 passes every throw at once: nobody could ever frustrate or reduce.
  { key: 'window_ms', alias: 'window', kind: 'ms', max: MAX_MS, min: WINDOW_MIN_MS, meaning: 'reroll window: how long opponents have to frustrate a throw' },
  { key: 'marker_ms', alias: 'marker', kind: 'ms', max: MAX_MS, zero: 'at once', meaning: 'before the board applies the only possible marker action (BACK still corrects the throw)' },
  { key: 'brightness', alias: null, kind: 'level', max: 255, meaning: 'LED brightness: the highest level of a colour channel (0..255)' },
  { key: 'led_budget_ma', alias: 'led_budget', kind: 'mA', max: LED_BUDGET_MAX_MA, meaning: 'current the lit LEDs may draw; brighter frames are dimmed to fit' },
  { key: 'attract_ms', alias: 'attract', kind: 'ms', max: MAX_MS, zero: 'never', meaning: 'idle time before the attract pattern' },
  { key: 'abandon_ms', alias: 'abandon', kind: 'ms', max: MAX_MS, zero: 'never', meaning: 'idle time after which a game in progress is cleared for the next table (meant for a café kiosk; any board with it set does it)' },
  { key: 'leds_link', alias: null, kind: 'bool', max: 1, session: true, meaning: 'send every LED frame to the host until the board restarts (a mirror turns it on while connected)' },
  { key: 'beep', alias: null, kind: 'bool', max: 1, meaning: 'beep on refusals, votes and turn changes' },
];

/** A setting's name as help shows it: `window_ms (window)`. */
function helpName(s: Setting): string {
  return s.alias ? `${s.key} (${s.alias})` : s.key;
}

/** A setting's range with examples: `2 s to 24 h; e.g. window=10s, window_ms=10000`. */
function rangeText(s: Setting): string {
  return s.kind === 'ms' ? `${s.min ? describeValue(s, s.min) : '0'} to 24 h${s.zero ? ', 0 = ' + s.zero : ''}; e.g. ${s.alias}=${s.zero === 'never' ? '30m' : '10s'}${s.zero === 'never' ? ', ' + s.alias + '=off' : ''}, ${s.key}=${s.zero === 'never' ? 1800000 : 10000}` :
    s.kind === 'mA' ? `0 to ${s.max} mA (the USB limit)` :
    s.kind === 'level' ? '0 to 255' :
    'on or off';
}

const NAME_WIDTH = Math.max(...SETTINGS.map((s) => helpName(s).length)) + 2;

/** The keys and their ranges, one a line (a refused key's hint). */
function settingsHelp(): string[] {
  return SETTINGS.map((s) => `${helpName(s).padEnd(NAME_WIDTH)} ${rangeText(s)}`);
}

/** `config --help`'s table: every key, what it does, and its range below. */
export function settingsTable(): string[] {
  const out: string[] = [];
  for (const s of SETTINGS) out.push(`${helpName(s).padEnd(NAME_WIDTH)} ${s.meaning}`, `${''.padEnd(NAME_WIDTH)} ${rangeText(s)}`);
  return out;
}

/** Every key and its range, one a line (a refused key's hint). */
export function keysHint(): string {
  return 'the settings (KEY or its short name) and their ranges:\n  ' + settingsHelp().join('\n  ');
}

/** How a value reads: 1800000 → "30 min", 0 → "never" where 0 means that. */
export function describeValue(s: Setting, v: unknown): string {
  if (v === null || v === undefined) return '?';
  if (s.kind === 'bool') return v ? 'on' : 'off';
  if (s.kind === 'mA') return `${v} mA`;
  if (s.kind === 'level') return `${v} of 255`;
  const ms = v as number;
  return ms === 0 && s.zero ? s.zero : durationText(ms);
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
  const range = rangeText(s);
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

export function parseAssignments(args: string[]): { setting: Setting; value: number | boolean }[] {
  const out = args.map(parseAssignment);
  for (let i = 0; i < out.length; i++) {
    for (let j = 0; j < i; j++) if (out[j].setting === out[i].setting) throw usageError(`${out[i].setting.key} is given twice (${args[j]}, ${args[i]})`, 'give each setting once');
  }
  return out;
}
