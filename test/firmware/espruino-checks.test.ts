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
