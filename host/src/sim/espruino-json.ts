/**
 * Espruino's liberal JSON parser (src/jswrap_json.c jswrap_json_parse_liberal: jswrap_json_parse_internal
 * with JSON_DROP_QUOTES over the JavaScript lexer of src/jslex.c), which parses EVENT packet bodies
 * (src/jsinteractive.c jsiPacketProcess). Checked against the Linux build (test/host/sim-packet-json.test.ts):
 *
 * - keys: "quoted", 'quoted', `quoted`, bare words (reserved words too: {true:1}) and integers
 *   ({0x10:1} is key "16"); a float key fails;
 * - values: strings in ', " or ` (a ` string with `${` fails; a raw newline ends a '/" string: fails),
 *   escapes \n \t \xHH \uHHHH \0-\377 (octal) and \<anything> as itself; integers in decimal, 0x, 0o,
 *   0b and leading-zero octal (012 is 10, 019 is decimal), `_` separators, floats 1. .5 1e3
 *   (Espruino's own float reading, not always correctly rounded); `-` before a number (-0 is 0;
 *   `- 3` works, +3 and -'3' do not); true false null; no undefined, NaN, Infinity, regexes;
 * - comments and whitespace anywhere; trailing commas in objects and arrays ({a:1,}, [1,]); anything
 *   after the first value is ignored ({"a":1} junk);
 * - a repeated key: Espruino keeps both, a lookup finds the first, so here the first wins (where
 *   Espruino's JSON.stringify and for-in would still show both);
 * - "__proto__" becomes the prototype, as it does on Espruino.
 *
 * Not modelled: Espruino keeps numeric keys in insertion order (a JS object here puts them first),
 * pretokenised bytes (0x80 and up outside a string), numbers printed back with 12 digits.
 */

/** How strings come out: `unicode` (the Linux build, ESPR_UNICODE_SUPPORT) decodes UTF-8 and \u; a Pico keeps bytes. */
export interface LiberalJsonOptions {
  unicode?: boolean;
  /** Makes the objects and arrays (the sandbox's own realm, so they carry its prototypes). */
  newObject?: () => Record<string, unknown>;
  newArray?: () => unknown[];
}

export interface LiberalJsonResult {
  /** The parsed value; undefined when parsing failed (Espruino returns nothing). */
  value: unknown;
  /** Whether the parser raised an exception (Espruino clears it, but the console redraws its prompt). */
  threw: boolean;
}

type Tok =
  | { t: 'EOF' }
  | { t: 'STR'; v: string }
  | { t: 'INT'; v: number }
  | { t: 'FLOAT'; v: number }
  | { t: 'ID'; v: string }
  | { t: 'BAD' } // unfinished string/comment, template literal with ${}
  | { t: 'CH'; v: string };

const FAIL = Symbol('fail');

const isWs = (c: string) => c === '\t' || c === '\x0b' || c === '\x0c' || c === ' ' || c === '\n' || c === '\r';
const isDigit = (c: string) => c >= '0' && c <= '9';
const isAlpha = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isHex = (c: string) => isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');

function chtod(c: string): number {
  if (isDigit(c)) return c.charCodeAt(0) - 48;
  if (c >= 'a' && c <= 'z') return 10 + c.charCodeAt(0) - 97;
  if (c >= 'A' && c <= 'Z') return 10 + c.charCodeAt(0) - 65;
  return -1;
}

/** src/jsutils.c getRadix: 0x 0o 0b, a leading 0 is octal unless a '.', 8 or 9 follows among the digits. */
function getRadix(s: string, i: number): [number, number] {
  let radix = 10;
  if (s[i] === '0') {
    radix = 8;
    i++;
    const c = s[i];
    if (c === 'o' || c === 'O') i++;
    else if (c === 'x' || c === 'X') {
      radix = 16;
      i++;
    } else if (c === 'b' || c === 'B') {
      radix = 2;
      i++;
    } else {
      for (let p = i; p < s.length; p++) {
        if (s[p] === '.' || s[p] === '8' || s[p] === '9') radix = 10;
        else if (s[p] < '0' || s[p] > '9') break;
      }
    }
  }
  return [radix, i];
}

/** src/jsutils.c stringToInt (a 64-bit long long), then jsvNewFromLongInteger (a float outside int32). */
export function espruinoStringToInt(s: string): number {
  let [radix, i] = getRadix(s, 0);
  let v = 0n;
  for (; i < s.length; i++) {
    const d = chtod(s[i]);
    if (d < 0 || d >= radix) break;
    v = BigInt.asIntN(64, v * BigInt(radix) + BigInt(d));
  }
  return Number(v);
}

/** src/jsutils.c stringToFloat: digit by digit in doubles (so not always the nearest double, as on the board). */
export function espruinoStringToFloat(s: string): number {
  const start = 0;
  let [radix, i] = getRadix(s, 0);
  let v = 0;
  let mul = 0.1;
  for (; i < s.length; i++) {
    const d = chtod(s[i]);
    if (d < 0 || d >= radix) break;
    v = v * radix + d;
  }
  if (radix === 10) {
    if (s[i] === '.') {
      i++;
      for (; i < s.length && isDigit(s[i]); i++) {
        v += mul * (s.charCodeAt(i) - 48);
        mul /= 10;
      }
    }
    if (s[i] === 'e' || s[i] === 'E') {
      i++;
      let neg = false;
      if (s[i] === '-' || s[i] === '+') {
        neg = s[i] === '-';
        i++;
      }
      let e = 0;
      for (; i < s.length && isDigit(s[i]); i++) e = e * 10 + (s.charCodeAt(i) - 48);
      if (neg) e = -e;
      while (e > 0) {
        v *= 10;
        e--;
      }
      while (e < 0) {
        v /= 10;
        e++;
      }
    }
  }
  if (i === start || (s[start] === '.' && i === start + 1)) return NaN;
  return v;
}

class Lexer {
  private i = 0;
  /** An exception was raised (bad escape): Espruino's parse loops stop at jspHasError(). */
  err = false;
  tk: Tok = { t: 'EOF' };

  constructor(
    private s: string,
    private unicode: boolean,
  ) {
    this.next();
  }

  private ch(k = 0): string {
    return this.s[this.i + k] ?? '';
  }

  next(): void {
    const s = this.s;
    for (;;) {
      while (this.i < s.length && isWs(s[this.i])) this.i++;
      if (this.ch() === '/' && this.ch(1) === '/') {
        while (this.i < s.length && s[this.i] !== '\n') this.i++;
        this.i++;
        continue;
      }
      if (this.ch() === '/' && this.ch(1) === '*') {
        const end = s.indexOf('*/', this.i + 2);
        if (end < 0) {
          this.i = s.length;
          this.tk = { t: 'BAD' };
          return;
        }
        this.i = end + 2;
        continue;
      }
      break;
    }
    const c = this.ch();
    if (c === '' || c === '\0') {
      this.tk = { t: 'EOF' };
      return;
    }
    if (isAlpha(c) || c === '$') {
      const from = this.i;
      while (isAlpha(this.ch()) || isDigit(this.ch()) || this.ch() === '$') this.i++;
      this.tk = { t: 'ID', v: s.slice(from, this.i) };
      return;
    }
    if (isDigit(c) || (c === '.' && isDigit(this.ch(1)))) return this.number();
    if (c === '"' || c === "'" || c === '`') return this.string(c);
    this.i++;
    // '--' and '-=' are tokens of their own (LEX_MINUSMINUS, LEX_MINUSEQUAL): not a minus sign.
    if (c === '-' && (this.ch() === '-' || this.ch() === '=')) {
      this.tk = { t: 'CH', v: c + this.ch() };
      this.i++;
      return;
    }
    this.tk = { t: 'CH', v: c };
  }

  /** src/jslex.c JSLJT_NUMBER: the token text (without `_`), then stringToInt or stringToFloat. */
  private number(): void {
    let tok = '';
    let float = false;
    let canBeFloating = true;
    const take = () => {
      tok += this.ch();
      this.i++;
    };
    if (this.ch() === '.') {
      float = true;
      take();
    } else {
      if (this.ch() === '0') {
        take();
        if ('xXbBoO'.includes(this.ch()) && this.ch() !== '') {
          canBeFloating = false;
          take();
        }
      }
      while (isDigit(this.ch()) || (!canBeFloating && isHex(this.ch())) || this.ch() === '_') {
        if (this.ch() === '_') this.i++;
        else take();
      }
      if (canBeFloating && this.ch() === '.') {
        float = true;
        take();
      }
    }
    if (float) {
      while (isDigit(this.ch()) || this.ch() === '_') {
        if (this.ch() === '_') this.i++;
        else take();
      }
    }
    if (canBeFloating && (this.ch() === 'e' || this.ch() === 'E')) {
      float = true;
      take();
      if (this.ch() === '-' || this.ch() === '+') take();
      while (isDigit(this.ch()) || this.ch() === '_') {
        if (this.ch() === '_') this.i++;
        else take();
      }
    }
    this.tk = float ? { t: 'FLOAT', v: espruinoStringToFloat(tok) } : { t: 'INT', v: espruinoStringToInt(tok) };
  }

  /** src/jslex.c jslLexString. */
  private string(delim: string): void {
    const s = this.s;
    this.i++;
    let out = '';
    let lastCh = delim;
    let nesting = 0;
    let hasTemplate = false;
    let utf8 = false;
    while (this.i < s.length && s[this.i] !== '\0' && (s[this.i] !== delim || nesting)) {
      const c = s[this.i];
      if (delim === '`') {
        if ((lastCh === '$' || nesting) && c === '{') {
          nesting++;
          hasTemplate = true;
        } else if (nesting && c === '}') nesting--;
      }
      if (nesting === 0 && c === '\\') {
        this.i++;
        let e = this.ch();
        const simple: Record<string, string> = { n: '\n', b: '\b', f: '\f', r: '\r', t: '\t', v: '\v' };
        if (simple[e] !== undefined) {
          this.i++;
          e = simple[e];
        } else if (e === 'u' || e === 'x') {
          const isU = e === 'u';
          this.i++;
          let digits = '';
          for (let n = isU ? 4 : 2; n > 0; n--) {
            if (!isHex(this.ch())) {
              this.err = true; // "Invalid escape sequence"
              break;
            }
            digits += this.ch();
            this.i++;
          }
          const code = digits ? parseInt(digits, 16) : 0;
          // A Pico (no ESPR_UNICODE_SUPPORT) keeps the low byte of \uHHHH; the Linux build the character.
          e = isU && this.unicode ? String.fromCharCode(code) : String.fromCharCode(code & 0xff);
        } else if (e >= '0' && e <= '7') {
          let oct = e;
          this.i++;
          if (this.ch() >= '0' && this.ch() <= '7') {
            oct += this.ch();
            this.i++;
            if (this.ch() >= '0' && this.ch() <= '7') {
              oct += this.ch();
              this.i++;
            }
          }
          e = String.fromCharCode(parseInt(oct, 8) & 0xff);
        } else if (e !== '') this.i++;
        lastCh = e;
        out += e;
      } else if (c === '\n' && delim !== '`') {
        break;
      } else {
        if (c.charCodeAt(0) >= 0x80) utf8 = true;
        out += c;
        lastCh = c;
        this.i++;
      }
    }
    const finished = this.ch() === delim;
    this.i++;
    if (!finished || (delim === '`' && hasTemplate)) {
      this.tk = { t: 'BAD' };
      return;
    }
    if (utf8 && this.unicode) {
      // The Linux build reads valid UTF-8 in a string as characters.
      const bytes = Buffer.from(out, 'latin1');
      const text = bytes.toString('utf8');
      if (!text.includes('\ufffd')) out = text;
    }
    this.tk = { t: 'STR', v: out };
  }
}

/**
 * Parses `text` as Espruino's jswrap_json_parse_liberal does. `value` is undefined when Espruino's
 * parser returns nothing.
 */
export function parseLiberalJson(text: string, opts: LiberalJsonOptions = {}): LiberalJsonResult {
  const lex = new Lexer(text, !!opts.unicode);
  const newObject = opts.newObject || ((): Record<string, unknown> => ({}));
  const newArray = opts.newArray || (() => []);
  let threw = false;
  const isCh = (v: string) => lex.tk.t === 'CH' && lex.tk.v === v;
  /** jslMatch: a mismatch raises an exception. */
  const match = (v: string): boolean => {
    if (!isCh(v)) {
      threw = true;
      return false;
    }
    lex.next();
    return true;
  };
  const value = (): unknown => {
    const tk = lex.tk;
    switch (tk.t) {
      case 'ID':
        if (tk.v === 'true' || tk.v === 'false' || tk.v === 'null') {
          lex.next();
          return tk.v === 'null' ? null : tk.v === 'true';
        }
        break;
      case 'INT':
      case 'FLOAT':
      case 'STR':
        lex.next();
        return tk.v;
      case 'CH':
        if (tk.v === '-') {
          lex.next();
          if (lex.tk.t !== 'INT' && lex.tk.t !== 'FLOAT') return FAIL;
          const v = value() as number;
          return 0 - v;
        }
        if (tk.v === '[') {
          const arr = newArray();
          lex.next();
          while (!isCh(']') && !lex.err) {
            const v = value();
            if (v === FAIL || (!isCh(']') && !match(','))) return FAIL;
            arr.push(v);
          }
          if (!match(']')) return FAIL;
          return arr;
        }
        if (tk.v === '{') {
          const obj = newObject();
          lex.next();
          while ((lex.tk.t === 'STR' || lex.tk.t === 'INT' || lex.tk.t === 'ID') && !lex.err) {
            const key = String(lex.tk.v);
            lex.next();
            if (!match(':')) return FAIL;
            const v = value();
            if (v === FAIL || (!isCh('}') && !match(','))) return FAIL;
            // Espruino adds a second child of the same name; lookups find the first.
            if (!Object.prototype.hasOwnProperty.call(obj, key)) obj[key] = v;
          }
          if (!match('}')) return FAIL;
          return obj;
        }
        break;
    }
    // "Expecting valid value, got …"
    threw = true;
    return FAIL;
  };
  const v = value();
  return { value: v === FAIL ? undefined : v, threw: threw || lex.err };
}
