import vm from 'node:vm';
import { parseLiberalJson, type EspruinoJsonError, type LiberalJsonResult } from './espruino-json';

// A node:vm context that looks like Espruino 2v29 to code built for it (docs/ESPRUINO.md §1.2, §1.3):
// the built-ins Espruino lacks are deleted from the context's own intrinsics, Array#sort is
// unstable, and JSON.parse is Espruino's own parser (espruino-json.ts: single quotes, comments,
// trailing commas and junk after the value pass; a bare key throws), so tests fail where the board
// would. Not emulated: number printing, `arr.length = n`
// throwing, Function.name being undefined, and arrays passed in through `extraGlobals` (they keep
// the outer realm's prototypes).

/** Globals Espruino 2v29 does not have. */
const ABSENT_GLOBALS = [
  'Map', 'Set', 'WeakMap', 'WeakSet', // no keyed collections on the board
  'Symbol', // no symbols, hence no iterators
  'Proxy', 'Reflect', // no meta-programming
  'BigInt', 'BigInt64Array', 'BigUint64Array', // no BigInt
  'queueMicrotask', // Espruino schedules only through its timers and Promise
  'RangeError', 'EvalError', 'URIError', 'AggregateError', // only Error/TypeError/SyntaxError/ReferenceError/InternalError
  'WeakRef', 'FinalizationRegistry', 'SharedArrayBuffer', 'Atomics', 'Intl', // absent from the 2v29 builtin list
];

/** Prototype and static members that are missing, by owner. */
const ABSENT_MEMBERS: Record<string, string[]> = {
  // Array.from/of: Espruino's Array has only isArray.
  Array: ['from', 'of', 'fromAsync'],
  // Missing Array.prototype methods (measured); keys/entries/values as iterators do not exist.
  'Array.prototype': ['lastIndexOf', 'reduceRight', 'flat', 'flatMap', 'at', 'findLast', 'findLastIndex', 'keys', 'entries', 'values', 'copyWithin', 'toSorted', 'toReversed', 'toSpliced', 'with'],
  // Object has no freeze/seal/is/getOwnPropertySymbols (and no other integrity or ES2022+ statics).
  Object: ['freeze', 'isFrozen', 'seal', 'isSealed', 'preventExtensions', 'isExtensible', 'is', 'getOwnPropertySymbols', 'hasOwn', 'groupBy'],
  // Object.prototype.propertyIsEnumerable is missing.
  'Object.prototype': ['propertyIsEnumerable'],
  // String.raw is missing (tagged templates themselves work after the build).
  String: ['raw'],
  // Missing String.prototype methods (measured).
  'String.prototype': ['trimStart', 'trimEnd', 'trimLeft', 'trimRight', 'search', 'localeCompare', 'codePointAt', 'normalize', 'at', 'matchAll'],
  // Only toFixed exists among the number formatting methods.
  'Number.prototype': ['toPrecision'],
  // Promise has only resolve/reject/all, and no finally.
  Promise: ['race', 'allSettled', 'any', 'withResolvers', 'try'],
  'Promise.prototype': ['finally'],
};

/** Math members that exist (src/jswrap_math.c); every other Math function is deleted (imul, trunc, hypot, log2 …). */
const MATH_MEMBERS = [
  'E', 'PI', 'LN2', 'LN10', 'LOG2E', 'LOG10E', 'SQRT2', 'SQRT1_2', 'abs', 'acos', 'asin', 'atan', 'atan2', 'ceil', 'cos',
  'exp', 'floor', 'log', 'max', 'min', 'pow', 'random', 'round', 'sign', 'sin', 'sqrt', 'tan',
];

/** Number statics that exist (src/jswrap_number.c); isInteger, isNaN, EPSILON, MAX_SAFE_INTEGER … do not. */
const NUMBER_STATICS = ['NaN', 'MAX_VALUE', 'MIN_VALUE', 'POSITIVE_INFINITY', 'NEGATIVE_INFINITY'];

// Runs inside the context, so it edits the context's own intrinsics. Plain ES5 on purpose.
const PRELUDE = `(function (absentGlobals, absentMembers, mathMembers, numberStatics) {
  var g = globalThis;
  function owner(path) { var o = g, parts = path.split('.'); for (var i = 0; i < parts.length; i++) o = o[parts[i]]; return o; }
  for (var i = 0; i < absentGlobals.length; i++) delete g[absentGlobals[i]];
  Object.keys(absentMembers).forEach(function (path) {
    var o = owner(path);
    absentMembers[path].forEach(function (name) { delete o[name]; });
  });
  Object.getOwnPropertyNames(Math).forEach(function (name) { if (mathMembers.indexOf(name) < 0) delete Math[name]; });

  // Number's constants (EPSILON, MAX_SAFE_INTEGER) cannot be deleted: swap in a Number with only Espruino's statics.
  var RealNumber = Number;
  var EspruinoNumber = function Number(value) {
    var n = arguments.length ? RealNumber(value) : 0;
    return new.target ? new RealNumber(n) : n;
  };
  EspruinoNumber.prototype = RealNumber.prototype;
  Object.defineProperty(RealNumber.prototype, 'constructor', { value: EspruinoNumber, writable: true, configurable: true });
  numberStatics.forEach(function (name) { EspruinoNumber[name] = RealNumber[name]; });
  Object.defineProperty(g, 'Number', { value: EspruinoNumber, writable: true, configurable: true });

  // Espruino's JSON.stringify writes every character above ASCII as a backslash-u escape (upper-case hex), so lines
  // keep their byte length on the wire; Node's would send raw characters.
  var realStringify = JSON.stringify;
  JSON.stringify = function (v, r, sp) {
    var out = realStringify(v, r, sp);
    return typeof out === 'string' ? out.replace(/[\\u0080-\\uffff]/g, function (c) {
      return '\\\\u' + ('000' + c.charCodeAt(0).toString(16).toUpperCase()).slice(-4);
    }) : out;
  };

  // Every Espruino object is an event emitter and can clone itself (src/jswrap_object.c): on, addListener,
  // prependListener, emit, removeListener, removeAllListeners and clone are on Object.prototype, so every
  // object, array and function has them (not enumerable: JSON.stringify and for-in do not show them).
  // Listeners live in the object's own '#on<event>' array, which is an ordinary property on Espruino
  // (JSON.stringify and Object.keys list it); emit queues the call for after the current code, as
  // jsiQueueEvents does.
  var hasOwn = Object.prototype.hasOwnProperty;
  function hidden(name, fn) { Object.defineProperty(Object.prototype, name, { value: fn, writable: true, configurable: true }); }
  function parentOk(o) {
    if (o === null || o === undefined || (typeof o !== 'object' && typeof o !== 'function'))
      throw new TypeError('Parent must be an object - not a String, Integer, etc');
  }
  function listen(first) {
    return function (event, listener) {
      'use strict';
      parentOk(this);
      if (typeof event !== 'string') throw new TypeError('First argument must be String');
      if (typeof listener !== 'function' && typeof listener !== 'string') throw new TypeError('Second argument must be a function or a String');
      var key = '#on' + event, old = hasOwn.call(this, key) ? this[key] : undefined, list = [];
      if (first) list.push(listener);
      if (Array.isArray(old)) for (var i = 0; i < old.length; i++) list.push(old[i]);
      else if (old !== undefined) list.push(old);
      if (!first) list.push(listener);
      this[key] = list;
    };
  }
  hidden('on', listen(false));
  hidden('addListener', listen(false));
  hidden('prependListener', listen(true));
  hidden('emit', function (event) {
    'use strict';
    parentOk(this);
    if (typeof event !== 'string') throw new TypeError('First argument must be String');
    var args = Array.prototype.slice.call(arguments, 1, 5), self = this, key = '#on' + event;
    var list = hasOwn.call(this, key) ? this[key] : undefined;
    if (list !== undefined) {
      var fns = Array.isArray(list) ? list.slice() : [list];
      g.setTimeout(function () {
        for (var i = 0; i < fns.length; i++) if (typeof fns[i] === 'function') fns[i].apply(self, args);
      }, 0);
    }
    if (arguments.length > 5) throw new TypeError('Too many arguments (>4)');
  });
  hidden('removeListener', function (event, listener) {
    'use strict';
    parentOk(this);
    if (typeof event !== 'string') throw new TypeError('First argument must be String');
    var key = '#on' + event, list = hasOwn.call(this, key) ? this[key] : undefined;
    if (Array.isArray(list)) { var i = list.indexOf(listener); if (i >= 0) list.splice(i, 1); }
  });
  hidden('removeAllListeners', function (event) {
    'use strict';
    parentOk(this);
    if (typeof event === 'string') delete this['#on' + event];
    else if (event === undefined) { for (var k in this) if (hasOwn.call(this, k) && k.indexOf('#on') === 0) delete this[k]; }
    else throw new TypeError('First argument must be String or undefined');
  });
  // A shallow copy with the same prototype (jsvCopy).
  hidden('clone', function () {
    'use strict';
    if (this === null || this === undefined || (typeof this !== 'object' && typeof this !== 'function')) return this;
    if (typeof this === 'function') return this;
    var c = Array.isArray(this) ? [] : Object.create(Object.getPrototypeOf(this)), names = Object.getOwnPropertyNames(this);
    for (var i = 0; i < names.length; i++) if (!(Array.isArray(this) && names[i] === 'length')) c[names[i]] = this[names[i]];
    return c;
  });

  // Espruino's sort is not stable. This one is deterministic but reverses every run of equal keys,
  // so code that depends on stability fails in tests instead of on the board.
  function merge(a, lo, mid, hi, cmp, tmp) {
    var i = lo, j = mid, k = lo;
    while (i < mid && j < hi) tmp[k++] = cmp(a[i], a[j]) > 0 ? a[j++] : a[i++];
    while (i < mid) tmp[k++] = a[i++];
    while (j < hi) tmp[k++] = a[j++];
    for (k = lo; k < hi; k++) a[k] = tmp[k];
  }
  function mergeSort(a, lo, hi, cmp, tmp) {
    if (hi - lo < 2) return;
    var mid = (lo + hi) >> 1;
    mergeSort(a, lo, mid, cmp, tmp);
    mergeSort(a, mid, hi, cmp, tmp);
    merge(a, lo, mid, hi, cmp, tmp);
  }
  function defaultCompare(x, y) { var a = String(x), b = String(y); return a < b ? -1 : a > b ? 1 : 0; }
  Object.defineProperty(Array.prototype, 'sort', {
    writable: true, configurable: true,
    value: function sort(compare) {
      var cmp = compare === undefined ? defaultCompare : function (x, y) { var r = +compare(x, y); return r === r ? r : 0; };
      var len = this.length, items = [], undefs = 0, i;
      for (i = 0; i < len; i++) if (i in this) { if (this[i] === undefined) undefs++; else items.push(this[i]); }
      items.reverse();
      mergeSort(items, 0, items.length, cmp, []);
      for (i = 0; i < items.length; i++) this[i] = items[i];
      for (; i < items.length + undefs; i++) this[i] = undefined;
      for (; i < len; i++) delete this[i];
      return this;
    },
  });
})`;

export interface EspruinoSandbox {
  /** The vm context: the global object of the code that runs in it. */
  context: vm.Context;
  /** Lines written by `print` and `console.log`, in order. */
  output: string[];
  /**
   * Runs a script in the context and returns its completion value. `timeoutMs`: stop code that
   * runs longer (Node's vm timeout; undefined: no limit).
   */
  run(code: string, filename?: string, timeoutMs?: number): unknown;
  /**
   * Espruino's liberal JSON parser (EVENT packets, espruino-json.ts), building the context's own
   * objects and arrays, with the sandbox's string handling (its `unicode` option).
   */
  parseLiberal(text: string): LiberalJsonResult;
  /**
   * Espruino's JSON parser as the firmware calls it, with the context's own objects, arrays and
   * errors: `liberal` false is JSON.parse (jswrap_json_parse: keys must be strings), true is
   * Storage.readJSON (jswrap_json_parse_liberal). Throws the context's SyntaxError or Error with
   * Espruino's message, unless `noExceptions` (readJSON's second argument): then whatever was parsed.
   */
  parseJson(text: string, liberal: boolean, noExceptions?: boolean): unknown;
}

export interface EspruinoSandboxOptions {
  /** Strings as the Linux build makes them (ESPR_UNICODE_SUPPORT: UTF-8, \u escapes); default a Pico's bytes. */
  unicode?: boolean;
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** A fresh Espruino-like context; `extraGlobals` are added after the built-ins are trimmed. */
export function createEspruinoSandbox(extraGlobals: Record<string, unknown> = {}, opts: EspruinoSandboxOptions = {}): EspruinoSandbox {
  const output: string[] = [];
  const print = (...args: unknown[]): void => {
    output.push(args.map(formatValue).join(' '));
  };
  const context = vm.createContext({});
  const prelude = vm.runInContext(PRELUDE, context, { filename: 'espruino-sandbox-prelude.js' }) as (...args: unknown[]) => void;
  // Pass the tables as JSON so the prelude only touches objects of its own realm.
  prelude(...(JSON.parse(JSON.stringify([ABSENT_GLOBALS, ABSENT_MEMBERS, MATH_MEMBERS, NUMBER_STATICS])) as unknown[]));
  // The context's own objects, arrays and errors (its constructors as they are now: code that
  // replaces a global later does not change what the parser makes).
  const make = vm.runInContext(
    '(function (SyntaxError, Error) { return { o: function () { return {}; }, a: function () { return []; }, e: function (t, m) { return t === "SyntaxError" ? new SyntaxError(m) : new Error(m); } }; })(SyntaxError, Error)',
    context,
  ) as { o: () => Record<string, unknown>; a: () => unknown[]; e: (type: EspruinoJsonError['type'], message: string) => Error };
  const unicode = !!opts.unicode;
  const parseJson = (text: string, liberal: boolean, noExceptions?: boolean): unknown => {
    const r = parseLiberalJson(text, { unicode, strictKeys: !liberal, newObject: make.o, newArray: make.a });
    if (r.error && !noExceptions) throw make.e(r.error.type, r.error.message);
    return r.value;
  };
  // JSON.parse(text): the text as a string ("undefined" with none), any reviver ignored, as on Espruino.
  const installParse = vm.runInContext('(function (host) { JSON.parse = function parse(text) { return host(String(text)); }; })', context) as (host: (t: string) => unknown) => void;
  installParse((t) => parseJson(t, false));
  Object.assign(context, {
    print,
    console: { log: print, info: print, warn: print, error: print },
    setTimeout,
    setInterval,
    clearTimeout,
    clearInterval,
    ...extraGlobals,
  });
  return {
    context,
    output,
    parseLiberal: (text) => parseLiberalJson(text, { unicode, newObject: make.o, newArray: make.a }),
    parseJson,
    run: (code, filename = 'espruino-sandbox.js', timeoutMs) => vm.runInContext(code, context, { filename, timeout: timeoutMs }),
  };
}
