/** Table scripts: what players do at the table, one step per line, for tests and demos (grammar: script-grammar.ts). */
import { GEOMETRY } from '../../../hardware/led-board';
import { ACTIONS } from '../../../shared/games/pechvogel/rules';
import { pechvogel } from '../../../shared/games/pechvogel';
import { describeError } from '../../../shared/engine/error-text';
import { durationText } from '../duration-text';
import { parseDuration } from '../parse-duration';
import { didYouMean } from './did-you-mean';
import { otherGamesOf, PECHVOGEL_SAYS, REFUSAL_CODES } from './refusal-codes';
import { WAIT_LIMIT_MS } from './wait-limit';
import { stripComment } from './strip-comment';
import { beyondLatin1 } from './beyond-latin1';
import { nonFinitePath } from '../../../shared/conformance/non-finite-path';

export type Step =
  | { line: number; op: 'new'; names: string[]; seed?: number; start?: number; house67?: boolean }
  | { line: number; op: 'given'; given: Record<string, unknown>; config?: Record<string, unknown> }
  | { line: number; op: 'press' | 'hold' | 'bounce'; buttons: string[] }
  | { line: number; op: 'wait'; ms: number }
  | { line: number; op: 'chord'; buttons: string[]; ms: number }
  | { line: number; op: 'act'; action: Record<string, unknown> }
  | { line: number; op: 'powercut' }
  | { line: number; op: 'expect_act'; kind: string; subset?: unknown }
  | { line: number; op: 'expect_rej'; code: string }
  | { line: number; op: 'expect_state' | 'expect_ui'; pairs: [string, unknown][] }
  | { line: number; op: 'expect_led'; x: number; y: number; letter: string }
  | { line: number; op: 'expect_no_act' };

export class ScriptError extends Error {
  constructor(
    readonly line: number,
    /** What is wrong, without the line (the CLI says FILE:LINE: before it). */
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

export interface ParseOptions {
  /** The board runs on real time (not the simulated board's fake clock): waits are bounded tighter. */
  realTime?: boolean;
}

const BUTTON = /^(S[1-7]|K[1-6]|OK|BK)$/;
/** The step words and expectation kinds, for "did you mean" (expct, expect stat). */
const STEPS = ['new', 'given', 'press', 'hold', 'bounce', 'chord', 'wait', 'act', 'powercut', 'expect'];
const EXPECTATIONS = ['act', 'rej', 'state', 'ui', 'led', 'no act'];
/** The letters LED frames are sent in (firmware/src/leds/frame.ts PALETTE_LETTERS). */
const PALETTE = '.dWRGBYCMO';

/** A whole number in [lo, hi] written as digits, or null. */
function whole(w: string | undefined, lo: number, hi: number): number | null {
  if (w === undefined || !/^\d+$/.test(w)) return null;
  const n = Number(w);
  return n >= lo && n <= hi ? n : null;
}

function object(text: string, line: number, what: string): Record<string, unknown> {
  const v = json(text, line);
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new ScriptError(line, `${what} needs a JSON object, got ${text || 'nothing'}`);
  return v as Record<string, unknown>;
}

function noMore(words: string[], n: number, line: number, usage: string): void {
  if (words.length > n) throw new ScriptError(line, `unexpected ${words.slice(n).join(' ')} (write: ${usage})`);
}

function json(text: string, line: number): unknown {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new ScriptError(line, `not JSON: ${text} (${(e as Error).message})`);
  }
  finite(v, line);
  return v;
}

/** Refuses a number JSON cannot hold (1e400 reads as Infinity, sent and shown as null). */
function finite(v: unknown, line: number, where = ''): void {
  const p = nonFinitePath(v, where);
  if (p !== null) throw new ScriptError(line, `${p ? p + ' is ' : ''}a number beyond JSON's range (1e400 and the like are read as Infinity)`);
}

/** How a JSON value starts (a single quote too: JSON's strings take double ones). */
const JSON_START = /^[[{"'\d-]/;

/** Why a word is no path=value, where the words before it tell: spaces around =, or a value with a space unquoted. */
function pairHint(words: string[], i: number): string {
  if (words.some((x) => x === '=' || x.startsWith('=') || x.endsWith('='))) return ' (no spaces around =)';
  const prev = words[i - 1];
  if (!prev || prev.indexOf('=') < 1) return '';
  const eq = prev.indexOf('=');
  return ` (a value with a space goes in double quotes: ${prev.slice(0, eq + 1)}"${prev.slice(eq + 1)} ${words[i]}")`;
}

function pairs(words: string[], line: number): [string, unknown][] {
  return words.map((w, i) => {
    const eq = w.indexOf('=');
    if (eq < 1) throw new ScriptError(line, `expected path=value, got ${w}${pairHint(words, i)}`);
    const raw = w.slice(eq + 1);
    let v: unknown = raw;
    try {
      v = JSON.parse(raw);
    } catch (e) {
      // Bare words are strings (phase=await_throw); a value begun as JSON and broken
      // (markers=[3,4) was compared as that text and failed at run time, saying nothing of why.
      if (JSON_START.test(raw)) throw new ScriptError(line, `${w}: the value is not JSON (${(e as Error).message}); a text is a bare word or in double quotes`);
    }
    finite(v, line, w.slice(0, eq));
    return [w.slice(0, eq), v];
  });
}

/**
 * A wait's (or chord's) time in whole milliseconds: digits are milliseconds (wait 8000), or a
 * duration as `config` reads one (8s, 1m30s, 500ms; a space between number and unit too: 8 s);
 * null if it is neither.
 */
function durationMs(w: string | undefined): number | null {
  if (w === undefined) return null;
  const ms = /^\d+$/.test(w) ? Number(w) : parseDuration(w.toLowerCase());
  return ms !== null && Number.isInteger(ms) ? ms : null;
}

/** A number and a unit as two words: a time written with a space (8 s). */
const NUMBER = /^\d+(\.\d+)?$/;
const UNIT = /^[a-z]+$/i;

/**
 * The time at the start of `words` and how many words it took: `8s`, or `8 s` (two words, as
 * people write a quantity); null if it is no time.
 */
function timeWords(words: string[]): { ms: number; used: number } | null {
  const two = NUMBER.test(words[0] || '') && UNIT.test(words[1] || '') ? durationMs(`${words[0]}${words[1]}`) : null;
  if (two !== null) return { ms: two, used: 2 };
  const one = durationMs(words[0]);
  return one === null ? null : { ms: one, used: 1 };
}

/**
 * Refuses words after a time (the first `used` of `words`), saying why where they look like part of it:
 * a unit misspelt (8 secs) or a time's second part apart from its first (1m 30s).
 */
function noMoreAfterTime(words: string[], used: number, line: number, usage: string): void {
  const next = words[used];
  if (next === undefined) return;
  const time = words.slice(0, used).join(' ');
  if (used === 1 && NUMBER.test(words[0]) && UNIT.test(next)) throw new ScriptError(line, `${time} ${next}: no unit is called ${next} (ms, s, sec, m, min, h; write: ${usage})`);
  if (durationMs(next) !== null && /[a-z]/i.test(next)) throw new ScriptError(line, `${time} ${next}: a time's parts go together, without a space (1m30s)`);
  noMore(words, used, line, usage);
}

/**
 * A "quoted string": inside it a backslash escapes the next character, as JSON's strings (and
 * strip-comment.ts) read it, so "Ann\\" is Ann\ and "Ann\" is open ("Ann\" ended the word here
 * while the comment was taken as quoted).
 */
const QUOTED = /"(?:[^"\\]|\\.)*"/.source;
/** A script line's words, keeping "quoted strings" (with spaces) and JSON values in one piece. */
const WORD = new RegExp(`(?:[^\\s"]+|${QUOTED})+`, 'g');
/** The words read with \" ending a quote: how a writer who meant a backslash at a name's end sees them. */
const WORD_NO_ESCAPES = /(?:[^\s"]+|"[^"]*")+/g;
const QUOTED_WORD = new RegExp(`^${QUOTED}$`);

/** A quoted name's text, read as a JSON string as expect state reads a quoted value ("Ann\\" is Ann\). */
function quotedName(w: string, line: number): string {
  try {
    return JSON.parse(w) as string;
  } catch {
    throw new ScriptError(line, `the name ${w} is no JSON string: inside quotes a backslash escapes the next character (\\" a quote, \\\\ a backslash)`);
  }
}

/**
 * What a given's config may hold, after the rules' `option KEY` (which names the key alone): the
 * options are Pechvogel's, and virtual dice come from a seed beside the players, not an option.
 */
function optionHint(detail: string): string {
  const m = /^option (.+)$/.exec(detail);
  if (!m) return '';
  const made = pechvogel.setup({ players: ['A', 'B'] });
  const keys = made.ok ? Object.keys(made.state.config) : [];
  const seed = /seed|virtual|dice/i.test(m[1]) ? '; virtual dice: "seed":N beside "players", not in "config"' : '';
  if (keys.indexOf(m[1]) >= 0) return `: ${m[1]} is true or false`;
  return `: "config" takes ${keys.join(', ')}, each true or false${didYouMean(m[1], keys)}${seed}`;
}

/** Refuses a player's name the board would mangle (beyond-latin1.ts). */
function boardName(name: string, line: number): void {
  const c = beyondLatin1(name);
  if (c) throw new ScriptError(line, `the name ${name} has ${c}: the board keeps one byte a character (Latin-1: ü, é, ß are fine), so it would show another; write it without`);
}

/** Refuses a wait (or chord) longer than the board's clock makes sense of (wait-limit.ts). */
function checkWait(ms: number, line: number, what: string, realTime: boolean): void {
  const limit = realTime ? WAIT_LIMIT_MS.realTime : WAIT_LIMIT_MS.simulated;
  if (ms <= limit) return;
  const why = realTime
    ? `a board on real time waits that long for real; at most ${durationText(limit)} here (on sim, whose clock jumps, up to ${durationText(WAIT_LIMIT_MS.simulated)})`
    : `longer than any timer of the board runs; at most ${durationText(limit)} (a typo?)`;
  throw new ScriptError(line, `${what} ${ms} ms is ${durationText(ms)}: ${why}`);
}

/** A `new` step from the words after `new`: the players' names, then seed=N and start=N. */
function newStep(rest: string[], line: number): Step {
  // "Ann Lee" is one name, without its quotes (as expect state reads a quoted value).
  const names = rest.filter((w) => !w.includes('=')).map((w) => (QUOTED_WORD.test(w) ? quotedName(w, line) : w));
  if (!names.length) throw new ScriptError(line, 'new needs the players\' names (new Ann Ben [seed=N] [start=N] [house67=1])');
  for (const n of names) boardName(n, line);
  const opts: { seed?: number; start?: number; house67?: number } = {};
  for (const w of rest.filter((x) => x.includes('='))) {
    const [k, v] = [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)];
    if (k !== 'seed' && k !== 'start' && k !== 'house67') throw new ScriptError(line, `unknown option ${k} (seed=N, start=N, house67=1)`);
    const n = k === 'house67' ? whole(v, 0, 1) : whole(v, 0, 2 ** 31 - 1);
    if (n === null) throw new ScriptError(line, k === 'house67' ? `house67 is 1 (6 or 7 players allowed) or 0, got ${v}` : `${k} needs a whole number, got ${v}`);
    opts[k] = n;
  }
  // The board has 7 seats but the box says 2–5: the board only said bad_setup to a table of 7,
  // with no word of the house rule it plays (cfg unofficial_player_count).
  const most = opts.house67 ? 7 : 5;
  if (names.length > most) {
    const how = opts.house67 ? 'the board has 7 seats' : '6 or 7 is a house rule the board plays too: add house67=1';
    throw new ScriptError(line, `Pechvogel is for 2 to ${most} players, got ${names.length} names; ${how}`);
  }
  // start counts from 0 while seats count from 1: start=3 of three players failed only on the
  // board, as bad_setup (start).
  if (opts.start !== undefined && opts.start >= names.length) {
    throw new ScriptError(line, `start=${opts.start}: start is who begins, counted from 0 (start=0 is ${names[0]}), so 0..${names.length - 1} for ${names.length} player${names.length === 1 ? '' : 's'}`);
  }
  return { line, op: 'new', names, seed: opts.seed, start: opts.start, ...(opts.house67 ? { house67: true } : {}) };
}

/** A `chord` step from the words after `chord`: the buttons, then the time from the first word that begins with a digit (3500, 3.5s, 3.5 s). */
function chordStep(rest: string[], line: number): Step {
  const at = rest.findIndex((w) => /^\d/.test(w));
  const buttons = at < 0 ? rest : rest.slice(0, at);
  for (const b of buttons) if (!BUTTON.test(b)) throw new ScriptError(line, `unknown button ${b} (S1..S7, K1..K6, OK, BK)`);
  const time = at < 0 ? null : timeWords(rest.slice(at));
  const needs = 'chord needs two or more buttons and a time: milliseconds as digits (3500) or with a unit (3.5s)';
  if (time === null || !(time.ms > 0) || buttons.length < 2) throw new ScriptError(line, `${needs}, got ${rest.join(' ') || 'nothing'}`);
  noMoreAfterTime(rest.slice(at), time.used, line, 'chord OK BK 3500 or chord OK BK 3.5s');
  // Simulated board only: its clock's bound.
  checkWait(time.ms, line, 'chord', false);
  return { line, op: 'chord', buttons, ms: time.ms };
}

export function parseScript(text: string, opts: ParseOptions = {}): Step[] {
  const realTime = !!opts.realTime;
  const steps: Step[] = [];
  // NFC: a decomposed ü (u + U+0308, from macOS or a PDF) is the board's one-byte ü, not a name refused.
  // CRLF too (a script written on Windows): a \r left at the end kept a comment in the step ('.' stops at it).
  text.normalize('NFC').split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    // A byte that is not UTF-8 (a Latin-1 or Windows-1252 file) was read as U+FFFD: a name
    // with it reached the board as another.
    if (raw.indexOf('\ufffd') >= 0) throw new ScriptError(line, 'not UTF-8: save the file as UTF-8');
    const t = stripComment(raw).trim();
    if (!t) return;
    const [op, ...rest] = t.match(WORD) || [];
    if (!op) return;
    const tail = t.slice(op.length).trim();
    // A quote left open was dropped from the words: new "Ann Lee Ben made three players of it.
    // (given, act and expect act read their JSON whole, escaped quotes and all.)
    if (!/^(given|act|expect\s+act)\b/.test(t) && t.replace(WORD, '').trim()) {
      // Closed if \" ended a quote: the writer meant a backslash at the end of a name ("Ann\").
      const why = !t.replace(WORD_NO_ESCAPES, '').trim() ? ': inside quotes \\" is a quote, not the end (a backslash is written \\\\: "Ann\\\\")' : ' (a name or text with spaces goes in double quotes: "Ann Lee")';
      throw new ScriptError(line, `a " is not closed${why}`);
    }
    switch (op) {
      case 'new':
        steps.push(newStep(rest, line));
        return;
      case 'given': {
        const g = object(tail, line, 'given');
        const config = g.config as Record<string, unknown> | undefined;
        delete g.config;
        // A given the rules turn down is the script's slip, found without a board (it failed at run time).
        const r = pechvogel.fromGiven(g, config || {});
        if (!r.ok) throw new ScriptError(line, `given refused by the rules: ${r.error.code} (${describeError(r.error)})${optionHint(r.error.message)}`);
        // The board reads the names of a loaded game as those of a new one.
        for (const p of r.state.players) boardName(p.name, line);
        steps.push({ line, op: 'given', given: g, config });
        return;
      }
      case 'press':
      case 'hold':
      case 'bounce':
        for (const b of rest) if (!BUTTON.test(b)) throw new ScriptError(line, `unknown button ${b} (S1..S7, K1..K6, OK, BK)`);
        if (!rest.length) throw new ScriptError(line, `${op} needs a button`);
        steps.push({ line, op, buttons: rest });
        return;
      case 'chord':
        steps.push(chordStep(rest, line));
        return;
      case 'wait': {
        const time = timeWords(rest);
        if (time === null) throw new ScriptError(line, `wait needs a time: milliseconds as digits (wait 8000) or with a unit (wait 8s, 1m30s, 500ms)${rest[0] ? `, got ${rest.join(' ')}` : ''}`);
        noMoreAfterTime(rest, time.used, line, 'wait 8000 or wait 8s');
        checkWait(time.ms, line, 'wait', realTime);
        steps.push({ line, op: 'wait', ms: time.ms });
        return;
      }
      case 'act': {
        const action = object(tail, line, 'act');
        if (typeof action.do !== 'string') throw new ScriptError(line, 'act needs an action with "do", e.g. act {"do":"pass"}');
        steps.push({ line, op: 'act', action });
        return;
      }
      case 'powercut':
        noMore(rest, 0, line, 'powercut');
        steps.push({ line, op: 'powercut' });
        return;
      case 'expect': {
        const what = rest[0];
        const more = tail.slice(what ? what.length : 0).trim();
        if (what === 'act') {
          const kind = rest[1];
          if (!kind) throw new ScriptError(line, 'expect act needs an action kind');
          // A typo (thorw) would fail only at run time, as "got nothing".
          if (ACTIONS.indexOf(kind) < 0) throw new ScriptError(line, `expect act: no action is called ${kind}${didYouMean(kind, ACTIONS)} (${ACTIONS.join(', ')})`);
          const sub = more.slice(kind.length).trim();
          steps.push({ line, op: 'expect_act', kind, subset: sub ? json(sub, line) : undefined });
        } else if (what === 'rej') {
          if (!rest[1]) throw new ScriptError(line, 'expect rej needs a refusal code, e.g. expect rej window_open');
          noMore(rest, 2, line, 'expect rej CODE');
          // A typo (window_opne) would fail only at run time, as "got nothing", or never be met.
          if (REFUSAL_CODES.indexOf(rest[1]) < 0) {
            // Another game's code (illegal_spot) never arrives from a Pechvogel board either: it was
            // taken, and the script waited for it and failed at run time as "got nothing".
            const games = otherGamesOf(rest[1]);
            const what = games.length ? `${rest[1]} is a refusal of ${games.join(' and ')}; a script plays Pechvogel, whose board never sends it` : `no refusal is called ${rest[1]}`;
            const near = PECHVOGEL_SAYS[rest[1]] ? ` (did you mean ${PECHVOGEL_SAYS[rest[1]]}?)` : didYouMean(rest[1], REFUSAL_CODES);
            throw new ScriptError(line, `expect rej: ${what}${near || " (the codes: Pechvogel's, the table's and the link's in shared/engine/error-text.ts)"}`);
          }
          steps.push({ line, op: 'expect_rej', code: rest[1] });
        } else if (what === 'state' || what === 'ui') {
          if (rest.length < 2) throw new ScriptError(line, `expect ${what} needs path=value pairs, e.g. expect state phase=await_throw`);
          steps.push({ line, op: what === 'state' ? 'expect_state' : 'expect_ui', pairs: pairs(rest.slice(1), line) });
        } else if (what === 'led') {
          const x = whole(rest[1], 0, GEOMETRY.width - 1);
          const y = whole(rest[2], 0, GEOMETRY.height - 1);
          const letter = rest[3] || '';
          if (x === null || y === null || letter.length !== 1 || PALETTE.indexOf(letter) < 0) {
            throw new ScriptError(line, `expect led needs X (0..${GEOMETRY.width - 1}) Y (0..${GEOMETRY.height - 1}) and a palette letter (${PALETTE.split('').join(' ')}), got ${rest.slice(1).join(' ') || 'nothing'}`);
          }
          noMore(rest, 4, line, 'expect led X Y LETTER');
          steps.push({ line, op: 'expect_led', x, y, letter });
        } else if (what === 'no' && rest[1] === 'act') {
          noMore(rest, 2, line, 'expect no act');
          steps.push({ line, op: 'expect_no_act' });
        } else throw new ScriptError(line, `unknown expectation ${what || '(none)'}${what ? didYouMean(what, EXPECTATIONS) : ''} (expect ${EXPECTATIONS.join(', ')})`);
        return;
      }
      default:
        throw new ScriptError(line, `unknown step ${op}${didYouMean(op, STEPS)} (${STEPS.join(', ')})`);
    }
  });
  // An action the rules do not know (act {"do":"pas"}) is a typo, as for expect act, unless the
  // next step expects the board to turn it down (a test of that refusal).
  steps.forEach((s, i) => {
    const next = steps[i + 1];
    if (s.op !== 'act' || ACTIONS.indexOf(s.action.do as string) >= 0 || (next && next.op === 'expect_rej')) return;
    const kind = s.action.do as string;
    throw new ScriptError(s.line, `act: no action is called ${kind}${didYouMean(kind, ACTIONS)} (${ACTIONS.join(', ')}); to test its refusal, write expect rej invalid_event as the next step`);
  });
  return steps;
}
