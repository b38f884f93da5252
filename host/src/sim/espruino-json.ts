/**
 * Espruino's JSON parser (src/jswrap_json.c jswrap_json_parse_internal over the JavaScript lexer of
 * src/jslex.c), in both of its modes:
 *
 * - liberal (JSON_DROP_QUOTES: jswrap_json_parse_liberal), for EVENT packet bodies (src/jsinteractive.c
 *   jsiPacketProcess) and require("Storage").readJSON (src/jswrap_storage.c);
 * - strict keys (flags 0: jswrap_json_parse), for JSON.parse: the same, except that a key must be a
 *   string ("Got ID:a expected STRING"); `strictKeys`.
 *
 * Checked against the Linux build (test/host/sim-packet-json.test.ts, test/host/sim-json-parse.test.ts):
 *
 * - keys: "quoted", 'quoted', `quoted`; liberal only: bare words (reserved words too: {true:1}) and
 *   integers ({0x10:1} is key "16"); a float key fails;
 * - values: strings in ', " or ` (a ` string with `${` fails; a raw newline ends a '/" string: fails),
 *   escapes \n \t \xHH \uHHHH \0-\377 (octal) and \<anything> as itself; integers in decimal, 0x, 0o,
 *   0b and leading-zero octal (012 is 10, 019 is decimal), `_` separators, floats 1. .5 1e3
 *   (Espruino's own float reading, not always correctly rounded); `-` before a number (-0 is 0;
 *   `- 3` works, +3 and -'3' do not; `-` before anything else gives undefined with no error:
 *   JSON.parse('-x') returns undefined); true false null; no undefined, NaN, Infinity, regexes;
 * - comments and whitespace anywhere; trailing commas in objects and arrays ({a:1,}, [1,]); anything
 *   after the first value is ignored ({"a":1} junk);
 * - a repeated key: Espruino keeps both, a lookup finds the first, so here the first wins (where
 *   Espruino's JSON.stringify and for-in would still show both);
 * - "__proto__" becomes the prototype, as it does on Espruino;
 * - bytes 0x80 and up outside a string are pretokenised tokens (0xB4 is `true`, 0xD1 a raw string,
 *   0xFF "[ERASED]"), as the lexer reads them;
 * - IDs and numbers are cut to 63 characters (the lexer's token buffer);
 * - errors: the first exception raised wins, with Espruino's message: SyntaxError "Expecting valid
 *   value, got EOF", "Got ID:a expected ','" (the token text cut to 29 characters), Error "Invalid
 *   escape sequence", and on the Linux build (`unicode`) "Unmatched Unicode surrogate". A lexer error
 *   does not stop the parse: Storage.readJSON(name, true) returns what was parsed ({a:"\xZZ"} gives
 *   {a:"\0ZZ"}).
 *
 * Not modelled: Espruino keeps numeric keys in insertion order (a JS object here puts them first),
 * numbers printed back with 12 digits, the error object's own fields (Espruino's has `type` and a
 * `stack` pointing at the column; no `name`), a string token over 63 characters in an error message
 * (the Linux build asserts), a raw string that runs past the end of the text, and UTF-8 strings on the
 * Linux build that mix raw bytes 0x80-0xC1/0xF5-0xFF in (kept as characters U+0080-U+00FF here).
 */

/** How strings come out: `unicode` (the Linux build, ESPR_UNICODE_SUPPORT) decodes UTF-8 and \u; a Pico keeps bytes. */
export interface LiberalJsonOptions {
  unicode?: boolean;
  /** JSON.parse (flags 0): a key must be a string; a bare word or integer raises "Got … expected STRING". */
  strictKeys?: boolean;
  /** Makes the objects and arrays (the sandbox's own realm, so they carry its prototypes). */
  newObject?: () => Record<string, unknown>;
  newArray?: () => unknown[];
}

/** The exception Espruino raised (the first; later ones are dropped), as its constructor and message. */
export interface EspruinoJsonError {
  type: 'SyntaxError' | 'Error';
  message: string;
}

export interface LiberalJsonResult {
  /** The parsed value; undefined when parsing failed (Espruino returns nothing). */
  value: unknown;
  /** Whether the parser raised an exception (Espruino clears it, but the console redraws its prompt). */
  threw: boolean;
  /** The exception, when it threw: JSON.parse and Storage.readJSON(name) throw it. */
  error?: EspruinoJsonError;
}

// Token kinds (src/jslex.h LEX_TYPES, grouped by what the parser does with them).
const EOF: number = 0;
const ID: number = 1;
const INT: number = 2;
const FLOAT: number = 3;
const STR: number = 4;
/** A reserved word (LEX_R_*): true, false and null are values; all are keys in liberal mode. */
const WORD: number = 5;
/** Punctuation and operators: `str` is the text ('{', ',', '-', '==' …). */
const OP: number = 6;
/** Anything else (unfinished string, regex, control characters …): `str` is its name in messages. */
const OTHER: number = 7;

/** src/jslex.c jslReservedWordAsString: the operators, then the reserved words, in token order. */
const OPERATORS1 = ['==', '===', '!=', '!==', '<=', '<<', '<<=', '>=', '>>', '>>>', '>>=', '>>>=', '+=', '-=', '++', '--', '*=', '/=', '%=', '&=', '&&', '|=', '||', '^=', '=>'];
const WORDS = [
  'if', 'else', 'do', 'while', 'for', 'break', 'continue', 'function', 'return', 'var', 'let', 'const', 'this', 'throw', 'try',
  'catch', 'finally', 'true', 'false', 'null', 'undefined', 'new', 'in', 'instanceof', 'switch', 'case', 'default', 'delete',
  'typeof', 'void', 'debugger', 'class', 'extends', 'super', 'static', 'of',
];
const WORD_SET = new Set(WORDS);
/** Token numbers of pretokenised bytes (LEX_TOKEN_START 128 …). */
const TK_OPERATORS1 = 138;
const TK_WORDS = TK_OPERATORS1 + OPERATORS1.length; // 163
const TK_PADDING = TK_WORDS + WORDS.length; // 199-207: padding for new words, named ''
const TK_NULLISH = 208;
const TK_RAW_STRING8 = 209;
const TK_RAW_STRING16 = 210;
const TK_RAW_INT0 = 211;
const TK_RAW_INT8 = 212;
const TK_RAW_INT16 = 213;
const TK_OTHER_NAMES: Record<number, string> = {
  132: 'UNFINISHED STRING',
  133: 'TEMPLATE LITERAL',
  134: 'UNFINISHED TEMPLATE LITERAL',
  135: 'REGEX',
  136: 'UNFINISHED REGEX',
  137: 'UNFINISHED COMMENT',
  255: '[ERASED]',
};
/** JSLEX_MAX_TOKEN_LENGTH less the final NUL: an ID's or number's text is cut there. */
const MAX_TOKEN = 63;
/** Single characters after which '/' starts a regex (src/jslex.c JSLJT_FORWARDSLASH). */
const REGEX_AFTER = '!%&*+-/<=>?[{}(,;:';
/** The characters jslex.c reads as the start of a 2-4 character operator, and what may follow. */
const OPERATOR_STARTS = '!+-&|^*?/%=<>';

const FAIL = Symbol('fail');

const isDigitC = (c: number) => c >= 48 && c <= 57;
const isAlphaC = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isIdC = (c: number) => isAlphaC(c) || isDigitC(c) || c === 36;
const isHexC = (c: number) => isDigitC(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const isWsC = (c: number) => c === 32 || (c >= 9 && c <= 13);

function chtod(c: string): number {
  const k = c.charCodeAt(0);
  if (isDigitC(k)) return k - 48;
  if (k >= 97 && k <= 122) return 10 + k - 97;
  if (k >= 65 && k <= 90) return 10 + k - 65;
  return -1;
}

/** src/jsutils.c getRadix: 0x 0o 0b, a leading 0 is octal unless a '.', 8 or 9 follows among the digits. */
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

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
      // (Once v is 0 or infinite it stays so: stop there, so a huge exponent takes no time.)
      while (e > 0 && v !== 0 && v !== Infinity) {
        v *= 10;
        e--;
      }
      while (e < 0 && v !== 0 && v !== Infinity) {
        v /= 10;
        e++;
      }
    }
  }
  if (i === start || (s[start] === '.' && i === start + 1)) return NaN;
  return v;
}

/** A UTF-8 sequence the Linux build's lexer takes as one character (src/jslex.c jslLexString), or 0. */
function utf8Length(s: string, i: number): number {
  const c = s.charCodeAt(i);
  // jsUTF8IsStartChar: 0xC2-0xF4; jsUTF8LengthFromChar.
  if (c < 0xc2 || c > 0xf4) return 0;
  const len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
  for (let k = 1; k < len; k++) {
    const d = s.charCodeAt(i + k);
    if (!(d >= 0x80 && d <= 0xbf)) return 0;
  }
  return len;
}

function decodeUtf8(s: string, i: number, len: number): string {
  const c = s.charCodeAt(i);
  let cp = len === 2 ? c & 0x1f : len === 3 ? c & 0x0f : c & 0x07;
  for (let k = 1; k < len; k++) cp = (cp << 6) | (s.charCodeAt(i + k) & 0x3f);
  return cp <= 0x10ffff ? String.fromCodePoint(cp) : s.substr(i, len);
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

class Lexer {
  private i = 0;
  /** The first exception raised (Espruino's parse loops stop at jspHasError()); later ones are dropped. */
  error: EspruinoJsonError | null = null;
  kind = EOF;
  /** ID: its name; STR: its value; WORD, OP: its text; OTHER: its name in messages. */
  str = '';
  /** INT, FLOAT: the value. */
  num = 0;
  /** Whether a '/' after this token starts a regex (src/jslex.c JSLJT_FORWARDSLASH); true at the start. */
  private regexNext = true;

  constructor(
    private s: string,
    private unicode: boolean,
  ) {
    this.next();
  }

  raise(type: EspruinoJsonError['type'], message: string): void {
    if (!this.error) this.error = { type, message };
  }

  private set(kind: number, str: string, regexNext: boolean): void {
    this.kind = kind;
    this.str = str;
    this.regexNext = regexNext;
  }

  /** jslSkipWhiteSpace: whitespace, // and /* comments (a NUL ends a comment; an unfinished one ends the text). */
  private skip(): void {
    const s = this.s;
    const n = s.length;
    for (;;) {
      while (this.i < n && isWsC(s.charCodeAt(this.i))) this.i++;
      if (s.charCodeAt(this.i) !== 47) return; // '/'
      const c2 = s.charCodeAt(this.i + 1);
      if (c2 === 47) {
        this.i += 2;
        while (this.i < n && s.charCodeAt(this.i) !== 10 && s.charCodeAt(this.i) !== 0) this.i++;
        this.i++;
      } else if (c2 === 42) {
        this.i += 2;
        while (this.i < n && s.charCodeAt(this.i) !== 0 && !(s.charCodeAt(this.i) === 42 && s.charCodeAt(this.i + 1) === 47)) this.i++;
        // Unfinished: the lexer is left at the end (or a NUL), which reads as EOF.
        if (this.i >= n || s.charCodeAt(this.i) === 0) return;
        this.i += 2;
      } else return;
    }
  }

  next(): void {
    this.skip();
    const s = this.s;
    const i = this.i;
    if (i >= s.length) return this.set(EOF, '', false);
    const c = s.charCodeAt(i);
    if (c === 0) {
      this.i++;
      return this.set(EOF, '', false);
    }
    if (isAlphaC(c) || c === 36) {
      let j = i + 1;
      while (j < s.length && isIdC(s.charCodeAt(j))) j++;
      this.i = j;
      const name = j - i > MAX_TOKEN ? s.slice(i, i + MAX_TOKEN) : s.slice(i, j);
      if (WORD_SET.has(name)) return this.set(WORD, name, name !== 'true' && name !== 'false' && name !== 'null' && name !== 'undefined');
      return this.set(ID, name, false);
    }
    if (isDigitC(c) || (c === 46 && isDigitC(s.charCodeAt(i + 1)))) return this.number();
    if (c === 34 || c === 39 || c === 96) return this.string(c);
    if (c === 47 && this.regexNext) return this.regex();
    if (c >= 128 && c <= 255) return this.pretokenised(c);
    this.i++;
    if (c < 33 || c > 255) return this.set(OTHER, '?[' + c + ']', false);
    const ch = s[i];
    if (OPERATOR_STARTS.indexOf(ch) >= 0) {
      // The longest operator jslex.c makes from here ('!==', '>>>=', '=>', '??' …).
      for (let len = 4; len >= 2; len--) {
        const op = s.substr(i, len);
        if (op.length === len && (OPERATORS1.indexOf(op) >= 0 || op === '??')) {
          this.i = i + len;
          return this.set(OP, op, true);
        }
      }
    }
    return this.set(OP, ch, REGEX_AFTER.indexOf(ch) >= 0);
  }

  /** A byte 0x80-0xFF outside a string: a token number, as in pretokenised code (src/jslex.c). */
  private pretokenised(c: number): void {
    const s = this.s;
    this.i++;
    if (c === 128) return this.set(ID, '', false);
    if (c === 129 || c === 130) {
      this.num = c === 129 ? 0 : NaN; // stringToInt('') / stringToFloat('')
      return this.set(c === 129 ? INT : FLOAT, '', false);
    }
    if (c === 131) return this.set(STR, '', false);
    if (c < TK_OPERATORS1) return this.set(OTHER, TK_OTHER_NAMES[c], false);
    if (c < TK_WORDS) return this.set(OP, OPERATORS1[c - TK_OPERATORS1], true);
    if (c < TK_PADDING) {
      const w = WORDS[c - TK_WORDS];
      return this.set(WORD, w, w !== 'true' && w !== 'false' && w !== 'null' && w !== 'undefined');
    }
    if (c < TK_NULLISH) return this.set(OTHER, '', true);
    if (c === TK_NULLISH) return this.set(OP, '??', true);
    const byte = (k: number) => s.charCodeAt(k) & 0xff || 0;
    if (c === TK_RAW_STRING8 || c === TK_RAW_STRING16) {
      let len = byte(this.i++);
      if (c === TK_RAW_STRING16) len |= byte(this.i++) << 8;
      const v = s.substr(this.i, len);
      this.i += len;
      return this.set(STR, v, false);
    }
    if (c === TK_RAW_INT0) this.num = 0;
    else if (c === TK_RAW_INT8) this.num = (byte(this.i++) << 24) >> 24;
    else if (c === TK_RAW_INT16) {
      const lo = byte(this.i++);
      this.num = ((byte(this.i++) << 24) >> 16) | lo;
    } else return this.set(OTHER, TK_OTHER_NAMES[c] || '?[' + c + ']', false);
    return this.set(INT, '', false);
  }

  /** src/jslex.c jslLexRegex: only its name matters here (no value starts with one). */
  private regex(): void {
    const s = this.s;
    let i = this.i + 1;
    for (;;) {
      const c = s.charCodeAt(i);
      if (!(c > 0) || c === 47 || c === 10) break; // end, NUL, '/', newline
      i += c === 92 && i + 1 < s.length ? 2 : 1; // '\\' takes the next character with it
    }
    const finished = s.charCodeAt(i) === 47;
    if (finished) {
      i++;
      while ('gimyu'.indexOf(s[i] || '#') >= 0) i++;
    }
    this.i = i;
    this.set(OTHER, finished ? 'REGEX' : 'UNFINISHED REGEX', false);
  }

  /** src/jslex.c JSLJT_NUMBER: the token text (without `_`), then stringToInt or stringToFloat. */
  private number(): void {
    const s = this.s;
    const from = this.i;
    let i = from;
    let float = false;
    let canBeFloating = true;
    let c = s.charCodeAt(i);
    if (c === 46) {
      float = true;
      i++;
    } else {
      if (c === 48) {
        i++;
        c = s.charCodeAt(i) | 32;
        if (c === 120 || c === 98 || c === 111) {
          canBeFloating = false;
          i++;
        }
      }
      while (isDigitC((c = s.charCodeAt(i))) || c === 95 || (!canBeFloating && isHexC(c))) i++;
      if (canBeFloating && s.charCodeAt(i) === 46) {
        float = true;
        i++;
      }
    }
    if (float) while (isDigitC((c = s.charCodeAt(i))) || c === 95) i++;
    if (canBeFloating && (s.charCodeAt(i) | 32) === 101) {
      float = true;
      i++;
      if (s.charCodeAt(i) === 45 || s.charCodeAt(i) === 43) i++;
      while (isDigitC((c = s.charCodeAt(i))) || c === 95) i++;
    }
    this.i = i;
    let tok = s.slice(from, i);
    if (tok.indexOf('_') >= 0) tok = tok.replace(/_/g, '');
    if (tok.length > MAX_TOKEN) tok = tok.slice(0, MAX_TOKEN);
    if (float) this.num = espruinoStringToFloat(tok);
    // Up to 15 decimal digits without a leading 0: exact as a double, and what stringToInt gives.
    else if (tok.length <= 15 && tok.charCodeAt(0) !== 48) this.num = +tok;
    else this.num = espruinoStringToInt(tok);
    this.set(float ? FLOAT : INT, '', false);
  }

  /** src/jslex.c jslLexString. */
  private string(delim: number): void {
    const s = this.s;
    const n = s.length;
    // Most strings: no escapes, nothing to decode.
    if (delim !== 96) {
      let j = this.i + 1;
      for (;;) {
        const c = s.charCodeAt(j);
        if (c === delim) {
          const v = s.slice(this.i + 1, j);
          this.i = j + 1;
          return this.set(STR, v, false);
        }
        if (!(c > 0) || c === 92 || c === 10 || (this.unicode && c >= 0x80)) break;
        j++;
      }
    }
    let i = this.i + 1;
    let out = '';
    let lastCh = delim;
    let nesting = 0;
    let hasTemplate = false;
    let high = 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === 0 || (c === delim && !nesting)) break;
      if (delim === 96) {
        if ((lastCh === 36 || nesting) && c === 123) {
          nesting++;
          hasTemplate = true;
        } else if (nesting && c === 125) nesting--;
      }
      if (nesting === 0 && c === 92) {
        i++;
        let e = s.charCodeAt(i);
        let ch: string;
        const simple = e === 110 ? '\n' : e === 98 ? '\b' : e === 102 ? '\f' : e === 114 ? '\r' : e === 116 ? '\t' : e === 118 ? '\v' : '';
        if (simple) {
          i++;
          ch = simple;
        } else if (e === 117 || e === 120) {
          const isU = e === 117;
          i++;
          let digits = '';
          for (let k = isU ? 4 : 2; k > 0; k--) {
            if (!isHexC(s.charCodeAt(i))) {
              this.raise('Error', 'Invalid escape sequence');
              break;
            }
            digits += s[i];
            i++;
          }
          let code = digits ? parseInt(digits, 16) : 0;
          if (isU && this.unicode) {
            // The Linux build pairs surrogates; an unmatched one raises (a lone high one is dropped).
            if (high) {
              if (!isLowSurrogate(code)) {
                this.raise('Error', 'Unmatched Unicode surrogate');
                if (isHighSurrogate(code)) {
                  high = code;
                  continue;
                }
              } else code = 0x10000 + ((code & 0x3ff) | ((high & 0x3ff) << 10));
              high = 0;
            } else if (isHighSurrogate(code)) {
              high = code;
              continue;
            } else if (isLowSurrogate(code)) this.raise('Error', 'Unmatched Unicode surrogate');
            ch = String.fromCodePoint(code);
          } else {
            // A Pico (no ESPR_UNICODE_SUPPORT) keeps the low byte of \uHHHH.
            ch = String.fromCharCode(code & 0xff);
          }
          e = code;
        } else if (e >= 48 && e <= 55) {
          let oct = s[i];
          i++;
          for (let k = 0; k < 2 && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 55; k++) oct += s[i++];
          e = parseInt(oct, 8) & 0xff;
          ch = String.fromCharCode(e);
        } else {
          // Anything else is itself (a NUL too, or nothing at the very end).
          ch = i < n ? s[i] : '';
          if (i < n) i++;
        }
        lastCh = e;
        out += ch;
      } else if (c === 10 && delim !== 96) {
        break;
      } else {
        const len = this.unicode ? utf8Length(s, i) : 0;
        if (len) {
          // The Linux build reads valid UTF-8 in a string as one character.
          out += decodeUtf8(s, i, len);
          i += len;
        } else {
          out += s[i];
          lastCh = c;
          i++;
        }
      }
      if (high) {
        this.raise('Error', 'Unmatched Unicode surrogate');
        high = 0;
      }
    }
    const finished = i < n && s.charCodeAt(i) === delim;
    this.i = i + 1;
    if (!finished) return this.set(OTHER, delim === 96 ? 'UNFINISHED TEMPLATE LITERAL' : 'UNFINISHED STRING', false);
    if (delim === 96 && hasTemplate) return this.set(OTHER, 'TEMPLATE LITERAL', false);
    this.set(STR, out, false);
  }

  /** src/jslex.c jslTokenAsString: how "Expecting valid value, got …" names the token. */
  name(): string {
    switch (this.kind) {
      case EOF:
        return 'EOF';
      case ID:
        return 'ID';
      case INT:
        return 'INT';
      case FLOAT:
        return 'FLOAT';
      case STR:
        return 'STRING';
      case OP:
        return this.str.length === 1 ? "'" + this.str + "'" : this.str;
      default:
        return this.str;
    }
  }

  /** src/jslex.c jslGetTokenString, in jslMatchError's 30-byte buffer: "Got … expected …". */
  got(): string {
    let t = this.kind === ID ? 'ID:' + this.str : this.kind === STR ? "String:'" + this.str + "'" : this.name();
    const nul = t.indexOf('\0');
    if (nul >= 0) t = t.slice(0, nul);
    return t.slice(0, 29);
  }
}

/** src/jswrap_json.c jswrap_json_parse_internal over the lexer (methods, not closures: no allocation per call). */
class Parser extends Lexer {
  constructor(
    text: string,
    unicode: boolean,
    private strictKeys: boolean,
    private newObject: () => Record<string, unknown>,
    private newArray: () => unknown[],
  ) {
    super(text, unicode);
  }

  private isOp(v: string): boolean {
    return this.kind === OP && this.str === v;
  }

  /** jslMatch: a mismatch raises "Got … expected …". */
  private match(v: string): boolean {
    if (!this.isOp(v)) {
      this.raise('SyntaxError', 'Got ' + this.got() + " expected '" + v + "'");
      return false;
    }
    this.next();
    return true;
  }

  value(): unknown {
    switch (this.kind) {
      case WORD: {
        const w = this.str;
        if (w === 'true' || w === 'false' || w === 'null') {
          this.next();
          return w === 'null' ? null : w === 'true';
        }
        break;
      }
      case INT:
      case FLOAT: {
        const v = this.num;
        this.next();
        return v;
      }
      case STR: {
        const v = this.str;
        this.next();
        return v;
      }
      case OP:
        if (this.str === '-') {
          this.next();
          // Not a number: nothing, and no exception.
          if (this.kind !== INT && this.kind !== FLOAT) return FAIL;
          const v = this.value() as number;
          return 0 - v;
        }
        if (this.str === '[') return this.array();
        if (this.str === '{') return this.object();
        break;
    }
    this.raise('SyntaxError', 'Expecting valid value, got ' + this.name());
    return FAIL;
  }

  private array(): unknown {
    const arr = this.newArray();
    this.next();
    while (!this.isOp(']') && !this.error) {
      const v = this.value();
      if (v === FAIL || (!this.isOp(']') && !this.match(','))) return FAIL;
      arr.push(v);
    }
    if (!this.match(']')) return FAIL;
    return arr;
  }

  private object(): unknown {
    const obj = this.newObject();
    this.next();
    while ((this.kind === STR || this.kind === INT || this.kind === ID || this.kind === WORD) && !this.error) {
      if (this.strictKeys && this.kind !== STR) {
        // jslMatch(LEX_STR). (Espruino returns the object so far, but the exception stands.)
        this.raise('SyntaxError', 'Got ' + this.got() + ' expected STRING');
        return FAIL;
      }
      const key = this.kind === INT ? String(this.num) : this.str;
      this.next();
      if (!this.match(':')) return FAIL;
      const v = this.value();
      if (v === FAIL || (!this.isOp('}') && !this.match(','))) return FAIL;
      // Espruino adds a second child of the same name; lookups find the first.
      if (!hasOwn.call(obj, key)) obj[key] = v;
    }
    if (!this.match('}')) return FAIL;
    return obj;
  }
}

const hasOwn = Object.prototype.hasOwnProperty;
const plainObject = (): Record<string, unknown> => ({});
const plainArray = (): unknown[] => [];

/**
 * Parses `text` as Espruino's jswrap_json_parse_liberal does (or its JSON.parse, `strictKeys`).
 * `value` is undefined when Espruino's parser returns nothing.
 */
export function parseLiberalJson(text: string, opts: LiberalJsonOptions = {}): LiberalJsonResult {
  const p = new Parser(text, !!opts.unicode, !!opts.strictKeys, opts.newObject || plainObject, opts.newArray || plainArray);
  const v = p.value();
  const error = p.error || undefined;
  return { value: v === FAIL ? undefined : v, threw: !!error, error };
}
