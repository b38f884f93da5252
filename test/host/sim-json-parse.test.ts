/**
 * JSON.parse and require("Storage").readJSON on the simulated board as on Espruino 2v29: its own
 * parser over the JavaScript lexer (host/src/sim/espruino-json.ts), not Node's strict JSON.parse.
 * JSON.parse takes single quotes, comments, trailing commas, hex and octal, and ignores anything after
 * the first value, but a bare key throws; readJSON takes bare keys too and with noExceptions returns
 * what was parsed instead of throwing.
 *
 * The first block always runs on the simulated board, with what the Linux build answered (recorded
 * with the second block). The second block runs the same script on Espruino's Linux build
 * ($ESPRUINO_BIN, file mode) and on the simulated board (boardName LINUX) and compares the lines each
 * printed: every value exactly (number bits, string char codes, keys sorted, since Espruino keeps
 * numeric keys in insertion order and a JS object does not), and an exception as its constructor
 * and message.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SimBoard } from '../../host/src/sim/sim-board';
import { SimStorage } from '../../host/src/sim/sim-storage';
import { SHOW_FUNCTION } from '../support/espruino-show';

const BIN = process.env.ESPRUINO_BIN;

/** An exception: its constructor (SyntaxError or Error) and message. */
class Thrown {
  constructor(readonly what: string) {}
}
const syntax = (message: string) => new Thrown('SyntaxError:' + message);
const error = (message: string) => new Thrown('Error:' + message);

const K70 = 'k'.repeat(70);

/**
 * [text, JSON.parse(text), readJSON (default: as JSON.parse), readJSON with noExceptions (default:
 * readJSON's value, undefined where it threw)], as the Linux build answered. An empty text is not
 * written to Storage (Espruino cannot make a zero-length file).
 */
const TABLE: [string, unknown, unknown?, unknown?][] = [
  // JSON as Node would read it too (0.3 is Espruino's digit by digit reading, 0.1*3).
  ['{"a":1,"b":[true,false,null],"c":{"d":"x"}}', { a: 1, b: [true, false, null], c: { d: 'x' } }],
  ['[1,2.5,-3,"s"]', [1, 2.5, -3, 's']],
  ['"plain"', 'plain'],
  ['0.3', 0.1 * 3],
  ['1e3', 1000],
  ['-0', 0],
  ['null', null],
  ['  \n\t{"a" : 1 }  ', { a: 1 }],
  // Other quotes.
  ["{'a':'x'}", { a: 'x' }],
  ['{"a":`y`}', { a: 'y' }],
  ['{"a":`${1}`}', syntax('Expecting valid value, got TEMPLATE LITERAL')],
  // JavaScript escapes; a bad one raises but the parse goes on (readJSON's noExceptions gets the value).
  ['"\\x41\\u0042\\n\\101\\q"', 'AB\nAq'],
  ['"a\\xZZ"', error('Invalid escape sequence'), error('Invalid escape sequence'), 'a\0ZZ'],
  ['"\\u20ac"', '\u20ac'],
  ['"\\udc00"', error('Unmatched Unicode surrogate'), error('Unmatched Unicode surrogate'), '\udc00'],
  ['"\\ud83dx"', error('Unmatched Unicode surrogate'), error('Unmatched Unicode surrogate'), 'x'],
  ['"line\nbreak"', syntax('Expecting valid value, got UNFINISHED STRING')],
  // Trailing commas, but no holes.
  ['{"a":1,}', { a: 1 }],
  ['[1,2,]', [1, 2]],
  ['[,1]', syntax("Expecting valid value, got ','")],
  ['{,}', syntax("Got ',' expected '}'")],
  // Anything after the first value is ignored (0xFF: erased flash after a torn write).
  ['{"a":1} junk', { a: 1 }],
  ['{"a":1}}', { a: 1 }],
  ['true x', true],
  ['{"a":1}\xff\xff', { a: 1 }],
  // Comments; an unfinished one ends the text.
  ['/*c*/{"a":1 // x\n}', { a: 1 }],
  ['/* open', syntax('Expecting valid value, got EOF')],
  // Bare keys: JSON.parse throws, readJSON takes them.
  ['{a:1}', syntax('Got ID:a expected STRING'), { a: 1 }],
  ['{"x":{b:2}}', syntax('Got ID:b expected STRING'), { x: { b: 2 } }],
  ['{1:2}', syntax('Got INT expected STRING'), { 1: 2 }],
  ['{true:1}', syntax('Got true expected STRING'), { true: 1 }],
  ['{0x10:"h"}', syntax('Got INT expected STRING'), { 16: 'h' }],
  // Numbers as JavaScript writes them.
  ['0x1F', 31],
  ['012', 10],
  ['019', 19],
  ['1_000', 1000],
  ['0b101', 5],
  ['- 3', -3],
  ['+3', syntax("Expecting valid value, got '+'")],
  // A repeated key: the first is what a lookup finds.
  ['{"a":1,"a":2}', { a: 1 }],
  ["{'b':1,\"b\":2}", { b: 1 }],
  // Nothing, and what is not a value: '-' before anything but a number gives undefined, no exception.
  ['', syntax('Expecting valid value, got EOF')],
  ['-x', undefined],
  ['[-x]', undefined],
  ['undefined', syntax('Expecting valid value, got undefined')],
  ['NaN', syntax('Expecting valid value, got ID')],
  ['{"a":1 "b":2}', syntax("Got String:'b' expected ','")],
  ['{"a" 1}', syntax("Got INT expected ':'")],
  ['[1 2]', syntax("Got INT expected ','")],
  ['{"a":/x/}', syntax('Expecting valid value, got REGEX')],
  ['{"a":1 \xff}', syntax("Got [ERASED] expected ','")],
  ['{"a":"x', syntax('Expecting valid value, got UNFINISHED STRING')],
  ['{"a":1,', syntax("Got EOF expected '}'")],
  ['[[[[[[[[[[1]]]]]]]]]]', [[[[[[[[[[1]]]]]]]]]]],
  // The token in a message is cut to 29 characters; an ID to 63.
  ['{"a":1 ' + 'b'.repeat(40) + '}', syntax('Got ID:' + 'b'.repeat(26) + " expected ','")],
  ['{"a":1 >>>=}', syntax("Got >>>= expected ','")],
  ['\x01', syntax('Expecting valid value, got ?[1]')],
  // Raw UTF-8 in a string is one character on the Linux build; bytes 0x80 and up outside one are tokens.
  ['{"a":"\xc3\xa9"}', { a: '\xe9' }],
  ['[\xb4,\xd3]', [true, 0]],
  ['{' + K70 + ':1}', syntax('Got ID:' + 'k'.repeat(26) + ' expected STRING'), { ['k'.repeat(63)]: 1 }],
];

/** What a Pico (no ESPR_UNICODE_SUPPORT) gives instead, every way: bytes, and no surrogate checks. */
const PICO: Record<string, unknown> = {
  '"\\u20ac"': '\xac',
  '"\\udc00"': '\0',
  '"\\ud83dx"': '=x',
  '{"a":"\xc3\xa9"}': { a: '\xc3\xa9' },
};

/** The script's own show(), for expectations. */
function show(v: unknown): string {
  if (v instanceof Thrown) return '!' + v.what;
  if (typeof v === 'number') return 'n' + Array.from(new Uint8Array(new Float64Array([v]).buffer)).join('.');
  if (typeof v === 'string') return 's' + Array.from({ length: v.length }, (_, i) => v.charCodeAt(i)).join('.');
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return '[' + v.map(show).join(',') + ']';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return '{' + Object.keys(o).sort().map((k) => show(k) + ':' + show(o[k])).join(',') + '}';
  }
  return typeof v;
}

/** The line the script prints for a case. */
function expected(i: number, pico: boolean): string {
  const [text, parse, ...rest] = TABLE[i];
  if (pico && text in PICO) return `C${i} ${[PICO[text], PICO[text], PICO[text]].map(show).join(' | ')}`;
  const readJSON = rest.length > 0 ? rest[0] : parse;
  const kept = rest.length > 1 ? rest[1] : readJSON instanceof Thrown ? undefined : readJSON;
  return `C${i} ` + (text.length ? [parse, readJSON, kept].map(show).join(' | ') : show(parse));
}

/** A string literal that means the same bytes on Espruino and in the sandbox (\xHH, never raw bytes). */
function literal(s: string): string {
  let out = '"';
  for (const c of s) {
    const k = c.charCodeAt(0);
    if (c === '"' || c === '\\') out += '\\' + c;
    else if (k < 0x20 || (k >= 0x7f && k <= 0xff)) out += '\\x' + k.toString(16).padStart(2, '0');
    else if (k > 0xff) out += '\\u' + k.toString(16).padStart(4, '0');
    else out += c;
  }
  return out + '"';
}

/** Prints, for each case, JSON.parse's outcome, readJSON's and readJSON's with noExceptions; then a few calls of its own. */
const SCRIPT = `${SHOW_FUNCTION}
function attempt(f) {
  try { return show(f()); } catch (e) { return '!' + (e instanceof SyntaxError ? 'SyntaxError' : e instanceof Error ? 'Error' : typeof e) + ':' + e.message; }
}
var S = require('Storage'), CASES = [${TABLE.map((c) => literal(c[0])).join(',')}];
for (var i = 0; i < CASES.length; i++) {
  var t = CASES[i], line = attempt(function () { return JSON.parse(t); });
  if (t.length) { S.write('j', t); line += ' | ' + attempt(function () { return S.readJSON('j'); }) + ' | ' + attempt(function () { return S.readJSON('j', true); }); }
  print('C' + i + ' ' + line);
}
print('X0 ' + attempt(function () { return JSON.parse(); }) + ' ' + attempt(function () { return JSON.parse([1, 2]); }) + ' ' + attempt(function () { return JSON.parse(5); }) + ' ' + attempt(function () { return JSON.parse('[1]', function () { return 7; }); }));
print('X1 ' + attempt(function () { return S.readJSON('nope'); }) + ' ' + attempt(function () { return JSON.parse('{"p":1}').on === Object.prototype.on; }));
print('DONE');
`;

/** JSON.parse with no argument parses "undefined", an array its join, a reviver is ignored; readJSON of no file is undefined; objects have Espruino's Object.prototype. */
const EXTRA = [
  `X0 ${show(syntax('Expecting valid value, got undefined'))} ${show(1)} ${show(5)} ${show([1])}`,
  `X1 ${show(undefined)} true`,
];

const ours = (s: string) => s.split('\r\n').filter((l) => /^(C\d+|X\d) /.test(l));

function simLines(boardName?: string): { lines: string[]; errors: string[] } {
  const b = new SimBoard({ bundle: SCRIPT, pins: {}, storage: new SimStorage(null), clock: 'fake', boardName });
  let out = '';
  b.on('data', (d: Buffer) => (out += d.toString('latin1')));
  b.boot();
  return { lines: ours(out), errors: b.errors };
}

/** Line by line, where they differ (with the case's text). */
function differences(got: string[], want: string[]): string[] {
  const diffs: string[] = [];
  for (let i = 0; i < Math.max(got.length, want.length); i++) {
    if (got[i] === want[i]) continue;
    const c = /^C(\d+) /.exec(want[i] || got[i] || '');
    diffs.push(`${c ? JSON.stringify(TABLE[+c[1]][0]) : ''}: want ${want[i]} got ${got[i]}`);
  }
  return diffs;
}

describe('simulated board: JSON.parse and Storage.readJSON parse as Espruino does', () => {
  it('on the Linux build: every case as the Linux build answered', () => {
    const { lines, errors } = simLines('LINUX');
    expect(errors).toEqual([]);
    expect(differences(lines, [...TABLE.map((_, i) => expected(i, false)), ...EXTRA])).toEqual([]);
  });

  it('on a Pico: the same, but strings stay bytes (no UTF-8, \\u keeps its low byte, no surrogate checks)', () => {
    const { lines, errors } = simLines();
    expect(errors).toEqual([]);
    expect(differences(lines, [...TABLE.map((_, i) => expected(i, true)), ...EXTRA])).toEqual([]);
  });

  it("throws the board's own SyntaxError, which the firmware's catch takes", () => {
    const b = new SimBoard({
      bundle: 'var r; try { JSON.parse("{a:1}"); } catch (e) { r = [e instanceof SyntaxError, e.message]; } print(JSON.stringify(r));',
      pins: {},
      storage: new SimStorage(null),
      clock: 'fake',
    });
    let out = '';
    b.on('data', (d: Buffer) => (out += d.toString('latin1')));
    b.boot();
    expect(b.errors).toEqual([]);
    expect(out).toContain('[true,"Got ID:a expected STRING"]\r\n');
  });
});

describe.skipIf(!BIN)('JSON.parse and Storage.readJSON: simulated board against Espruino for Linux ($ESPRUINO_BIN)', () => {
  it('prints the same line for every case', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dicetray-json-parse-'));
    try {
      writeFileSync(path.join(dir, 'json.js'), SCRIPT, 'latin1');
      // Storage lives in ./espruino.flash; stdin stays open (EOF ends the interpreter) until DONE.
      const p = spawn(BIN!, [path.join(dir, 'json.js')], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
      p.stdin.on('error', () => {});
      let out = '';
      const done = new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error('Espruino did not finish: ' + JSON.stringify(out.slice(-300)))), 20_000);
        p.stdout.on('data', (d: Buffer) => {
          out += d.toString('latin1');
          if (out.includes('DONE\r\n')) {
            clearTimeout(t);
            resolve();
          }
        });
        p.on('exit', () => {
          clearTimeout(t);
          resolve();
        });
      });
      await done;
      if (p.exitCode === null && p.signalCode === null) {
        const gone = new Promise((r) => p.once('exit', r));
        p.kill('SIGKILL'); // the interpreter ignores SIGTERM
        await gone;
      }
      const real = ours(out);
      expect(real.length, out.slice(-500)).toBe(TABLE.length + 2);
      expect(differences(simLines('LINUX').lines, real)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
