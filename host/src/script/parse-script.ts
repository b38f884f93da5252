/** Table scripts: what players do at the table, one step per line, for tests and demos (grammar: script-grammar.ts). */
import { GEOMETRY } from '../../../hardware/led-board';
import { ACTIONS } from '../../../shared/games/pechvogel/rules';

export type Step =
  | { line: number; op: 'new'; names: string[]; seed?: number; start?: number }
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
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

const BUTTON = /^(S[1-7]|K[1-6]|OK|BK)$/;
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
  try {
    return JSON.parse(text);
  } catch {
    throw new ScriptError(line, `not JSON: ${text}`);
  }
}

function pairs(words: string[], line: number): [string, unknown][] {
  return words.map((w) => {
    const eq = w.indexOf('=');
    if (eq < 1) throw new ScriptError(line, `expected path=value, got ${w}`);
    const raw = w.slice(eq + 1);
    let v: unknown = raw;
    try {
      v = JSON.parse(raw);
    } catch {
      // bare words are strings: phase=await_throw
    }
    return [w.slice(0, eq), v];
  });
}

export function parseScript(text: string): Step[] {
  const steps: Step[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const t = raw.replace(/\s+#.*$/, '').trim();
    if (!t || t.startsWith('#')) return;
    // Words, keeping "quoted strings" (with spaces) and JSON values in one piece.
    const [op, ...rest] = t.match(/(?:[^\s"]+|"[^"]*")+/g) || [];
    if (!op) return;
    const tail = t.slice(op.length).trim();
    switch (op) {
      case 'new': {
        // "Ann Lee" is one name, without its quotes (as expect state reads a quoted value).
        const names = rest.filter((w) => !w.includes('=')).map((w) => (/^"[^"]*"$/.test(w) ? w.slice(1, -1) : w));
        if (!names.length) throw new ScriptError(line, 'new needs the players\' names (new Ann Ben [seed=N] [start=N])');
        const opts: { seed?: number; start?: number } = {};
        for (const w of rest.filter((x) => x.includes('='))) {
          const [k, v] = [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)];
          if (k !== 'seed' && k !== 'start') throw new ScriptError(line, `unknown option ${k} (seed=N, start=N)`);
          const n = whole(v, 0, 2 ** 31 - 1);
          if (n === null) throw new ScriptError(line, `${k} needs a whole number, got ${v}`);
          opts[k] = n;
        }
        steps.push({ line, op: 'new', names, seed: opts.seed, start: opts.start });
        return;
      }
      case 'given': {
        const g = object(tail, line, 'given');
        const config = g.config as Record<string, unknown> | undefined;
        delete g.config;
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
      case 'chord': {
        const ms = Number(rest[rest.length - 1]);
        const buttons = rest.slice(0, -1);
        for (const b of buttons) if (!BUTTON.test(b)) throw new ScriptError(line, `unknown button ${b}`);
        if (!(ms > 0) || buttons.length < 2) throw new ScriptError(line, 'chord needs two or more buttons and milliseconds');
        steps.push({ line, op: 'chord', buttons, ms });
        return;
      }
      case 'wait':
        if (!/^\d+$/.test(rest[0] || '')) throw new ScriptError(line, 'wait needs milliseconds');
        noMore(rest, 1, line, 'wait MS');
        steps.push({ line, op: 'wait', ms: Number(rest[0]) });
        return;
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
          if (ACTIONS.indexOf(kind) < 0) throw new ScriptError(line, `expect act: no action is called ${kind} (${ACTIONS.join(', ')})`);
          const sub = more.slice(kind.length).trim();
          steps.push({ line, op: 'expect_act', kind, subset: sub ? json(sub, line) : undefined });
        } else if (what === 'rej') {
          if (!rest[1]) throw new ScriptError(line, 'expect rej needs a refusal code, e.g. expect rej window_open');
          noMore(rest, 2, line, 'expect rej CODE');
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
        } else throw new ScriptError(line, `unknown expectation ${what || '(none)'}`);
        return;
      }
      default:
        throw new ScriptError(line, `unknown step ${op}`);
    }
  });
  return steps;
}
