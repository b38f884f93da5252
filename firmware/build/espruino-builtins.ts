// What Espruino 2v29 lacks, as the build checks it. Sources: docs ESPRUINO.md §1.2 (measured on the
// Linux build) and, for Math and Number, the JSON doc blocks in src/jswrap_math.c and src/jswrap_number.c.

/** Globals that do not exist at all: any free reference to them fails at run time. */
export const ABSENT_GLOBALS: ReadonlySet<string> = new Set([
  'Map', 'Set', 'WeakMap', 'WeakSet', 'Symbol', 'Proxy', 'Reflect', 'BigInt', 'queueMicrotask', 'RangeError',
  // Not in the 2v29 builtin list either (§1.2 lists every global it has).
  'WeakRef', 'FinalizationRegistry', 'AggregateError', 'EvalError', 'URIError', 'Intl', 'structuredClone',
  'SharedArrayBuffer', 'Atomics', 'BigInt64Array', 'BigUint64Array', 'TextEncoder', 'TextDecoder', 'setImmediate',
]);

/**
 * Static members that exist, for the globals whose member list is known completely.
 * Anything else read from these objects is `undefined` on the board.
 */
export const PRESENT_STATICS: Readonly<Record<string, ReadonlySet<string>>> = {
  Math: new Set([
    'E', 'PI', 'LN2', 'LN10', 'LOG2E', 'LOG10E', 'SQRT2', 'SQRT1_2',
    'abs', 'acos', 'asin', 'atan', 'atan2', 'ceil', 'cos', 'exp', 'floor', 'log', 'max', 'min', 'pow',
    'random', 'round', 'sign', 'sin', 'sqrt', 'tan', 'clip', 'wrap', 'randInt',
  ]),
  Number: new Set(['NaN', 'MAX_VALUE', 'MIN_VALUE', 'POSITIVE_INFINITY', 'NEGATIVE_INFINITY', 'prototype']),
  Object: new Set([
    'assign', 'create', 'defineProperties', 'defineProperty', 'entries', 'fromEntries', 'getOwnPropertyDescriptor',
    'getOwnPropertyDescriptors', 'getOwnPropertyNames', 'getPrototypeOf', 'keys', 'setPrototypeOf', 'values', 'prototype',
  ]),
  Array: new Set(['isArray', 'prototype']),
  Promise: new Set(['resolve', 'reject', 'all', 'prototype']),
};

/** Static members known to be missing on globals whose full member list we do not pin down. */
export const ABSENT_STATICS: Readonly<Record<string, ReadonlySet<string>>> = {
  String: new Set(['raw']),
};

/**
 * Prototype methods that are missing, flagged by name on any receiver because types are erased.
 * A name the bundle defines itself (class member, object key, `x.name = …`) is not flagged.
 */
export const ABSENT_METHODS: Readonly<Record<string, string>> = {
  reduceRight: 'Array', flat: 'Array', flatMap: 'Array', at: 'Array/String', findLast: 'Array',
  findLastIndex: 'Array', copyWithin: 'Array', toSorted: 'Array', toReversed: 'Array', toSpliced: 'Array',
  trimStart: 'String', trimEnd: 'String', trimLeft: 'String', trimRight: 'String', search: 'String',
  localeCompare: 'String', codePointAt: 'String', normalize: 'String', matchAll: 'String',
  toPrecision: 'Number', finally: 'Promise', propertyIsEnumerable: 'Object',
};

/** Iterator methods: missing on arrays, fine as `Object.keys/values/entries`. */
export const ITERATOR_METHODS: ReadonlySet<string> = new Set(['keys', 'values', 'entries']);

/** Missing on arrays only (strings have it); flagged when the receiver is evidently an array. */
export const ABSENT_ARRAY_ONLY_METHODS: ReadonlySet<string> = new Set(['lastIndexOf']);

/** Methods whose result is always an array, used to recognise array receivers. */
export const ARRAY_RETURNING_METHODS: ReadonlySet<string> = new Set([
  'map', 'filter', 'splice', 'sort', 'reverse', 'split', 'fill',
]);

/** `X.prototype.m` reads as undefined on Espruino for these built-ins (ESPRUINO.md §1.2). */
export const UNREADABLE_PROTOTYPES: ReadonlySet<string> = new Set(['Array', 'String', 'Function']);

/** Built-in errors a class may extend if it restores its prototype with Object.setPrototypeOf. */
export const ERROR_CLASSES: ReadonlySet<string> = new Set(['Error', 'TypeError', 'SyntaxError', 'ReferenceError', 'InternalError']);
