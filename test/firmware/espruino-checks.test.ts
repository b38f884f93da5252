import * as acorn from 'acorn';
import { describe, expect, it } from 'vitest';
import { checkEspruinoCompat } from '../../firmware/build/check-espruino-compat.js';
import { findRegexProblems } from '../../firmware/build/find-regex-problems.js';
import type { JsNode } from '../../firmware/build/js-node.js';

const problems = (code: string): string[] =>
  checkEspruinoCompat(acorn.parse(code, { ecmaVersion: 'latest', locations: true }) as unknown as JsNode).map((p) => p.message);

describe('findRegexProblems', () => {
  it.each([
    ['a(?=b)', '', /lookahead/],
    ['(?<!a)b', '', /lookbehind/],
    ['(?<year>\\d{4})', '', /named group/],
    ['(?<y>a)\\k<y>', '', /named backreference/],
    ['a+?', '', /lazy/],
    ['a{2,3}?', '', /lazy/],
    ['a??', '', /lazy/],
    ['^b', 'm', /flag 'm'/],
  ])('flags /%s/%s', (pattern, flags, message) => {
    expect(findRegexProblems(pattern, flags).join()).toMatch(message);
  });

  it.each([
    ['[?=]x', 'gi'],
    ['\\(?:x\\)?', ''],
    ['(?:ab)+c?', 'i'],
    ['\\d{2}\\*?', ''],
    ['[a-z]+\\?', 'g'],
  ])('accepts /%s/%s', (pattern, flags) => {
    expect(findRegexProblems(pattern, flags)).toEqual([]);
  });
});

describe('checkEspruinoCompat resolves names by scope', () => {
  it('flags globals but not locals that shadow them', () => {
    expect(problems('function f(Map) { return new Map(); } class Set {} new Set(); try {} catch (Symbol) { Symbol(); }')).toEqual([]);
    expect(problems('function f() { return new Map(); }')).toEqual(["'Map' does not exist on Espruino 2v29"]);
    expect(problems('function f({ a = Symbol() } = {}) { var Proxy; return Proxy; }')).toEqual(["'Symbol' does not exist on Espruino 2v29"]);
  });

  it('sees var hoisting and class expression names', () => {
    expect(problems('function f() { Reflect = 1; if (0) { var Reflect; } } const C = class WeakMap { m() { return WeakMap; } };')).toEqual([]);
  });

  it('flags array-only methods only on evident arrays', () => {
    expect(problems("'abc'.lastIndexOf('c'); const s = 'x'; s.lastIndexOf('x');")).toEqual([]);
    expect(problems("const a = [1]; a.lastIndexOf(1); 'a,b'.split(',').lastIndexOf('b');")).toHaveLength(2);
  });

  it('treats polyfills and feature tests as fine', () => {
    expect(problems('if (!Array.from) Array.from = function (x) { return x; }; Array.from([]); typeof Math.trunc;')).toEqual([]);
  });
});

describe('checkEspruinoCompat flags what Espruino 2v29 mis-runs', () => {
  it.each([
    ['arguments in an arrow function', 'function f() { return () => arguments[0]; }', /'arguments' inside an arrow function/],
    ['a missing Array/String method', 'function f(a) { return a.at(-1) + a.flat().length; }', /'\.at\(\)'[^]*'\.flat\(\)'/],
    ['an array iterator method', 'const a = [1, 2]; for (const k of a.keys()) print(k);', /'\.keys\(\)' iterators do not exist/],
    ['a method read from Array.prototype', 'function f(x) { return Array.prototype.slice.call(x, 1); }', /'Array\.prototype\.slice' reads as undefined[^]*\[\]\.slice/],
    ['a class extending Array', 'class Row extends Array {}', /extends Array' does not work/],
    ['an async function', 'async function f() { return 1; }', /async functions are not supported/],
  ])('%s', (_name, code, message) => {
    expect(problems(code).join('\n')).toMatch(message);
  });

  it('leaves their look-alikes alone', () => {
    // A normal function's arguments, Object.keys/values, an instance's method, a class of its own.
    expect(problems('function f() { return [].slice.call(arguments, 1); } Object.keys({}); Object.values({}); class Row {} class E2 extends Error { constructor() { super(); Object.setPrototypeOf(this, E2.prototype); } }')).toEqual([]);
  });
});
