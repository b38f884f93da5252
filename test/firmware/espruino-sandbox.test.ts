import { describe, expect, it } from 'vitest';
import { createEspruinoSandbox } from '../../host/src/sim/espruino-sandbox.js';
import { ABSENT_ARRAY_ONLY_METHODS, ABSENT_GLOBALS, ABSENT_METHODS, ABSENT_STATICS, ITERATOR_METHODS, PRESENT_STATICS } from '../../firmware/build/espruino-builtins.js';

describe('createEspruinoSandbox', () => {
  it.each(['Map', 'Set', 'WeakMap', 'Symbol', 'Proxy', 'Reflect', 'BigInt', 'queueMicrotask', 'RangeError'])('has no global %s', (name) => {
    expect(createEspruinoSandbox().run(`typeof ${name}`)).toBe('undefined');
  });

  it.each([
    'Array.from', 'Array.of', 'Math.imul', 'Math.trunc', 'Math.log2', 'Object.freeze', 'Object.is', 'Number.isInteger',
    'Number.isNaN', 'Number.EPSILON', 'Number.MAX_SAFE_INTEGER', 'Promise.race', 'String.raw', '[].lastIndexOf',
    '[].flat', '[].at', '[].keys', "''.trimStart", "''.localeCompare", '(1).toPrecision',
  ])('has no %s', (expr) => {
    expect(createEspruinoSandbox().run(`typeof ${expr}`)).toBe('undefined');
  });

  it('keeps what Espruino has', () => {
    const sandbox = createEspruinoSandbox();
    expect(sandbox.run("[Math.max(1, 2), Number('5') + 1, new Number(3) + 1, (5).constructor === Number, ''.lastIndexOf.length, Object.keys({ a: 1 })[0]].join()")).toBe('2,6,4,true,1,a');
  });

  it('sorts, but not stably', () => {
    const sandbox = createEspruinoSandbox();
    // ESPRUINO.md §1.3: keys i%2 over 8 items; a stable sort gives 0,2,4,6,1,3,5,7.
    const order = sandbox.run('[0,1,2,3,4,5,6,7].map(function (i) { return { k: i % 2, i: i }; }).sort(function (a, b) { return a.k - b.k; }).map(function (o) { return o.i; }).join()');
    expect(order).not.toBe('0,2,4,6,1,3,5,7');
    expect(order).toBe('6,4,2,0,7,5,3,1');
    expect(sandbox.run("[10, 9, 1, undefined, 2].sort().join()")).toBe('1,10,2,9,');
    expect(sandbox.run('[3, 1, 2].sort(function (a, b) { return a > b; }).join()')).toBe('1,2,3');
  });

  it('collects print output and takes extra globals', () => {
    const sandbox = createEspruinoSandbox({ E: { hwRand: () => 4 } });
    sandbox.run('print("roll", E.hwRand(), { d: 6 }); console.log("done");');
    expect(sandbox.output).toEqual(['roll 4 {"d":6}', 'done']);
  });

  // The build's list of what 2v29 lacks (firmware/build/espruino-builtins.ts, from ESPRUINO.md §1.2) and the
  // sandbox must agree: code the sandbox runs but the board cannot would pass the tests and fail on the table.
  it('lacks everything the build check says Espruino 2v29 lacks', () => {
    const sandbox = createEspruinoSandbox();
    const has = (expr: string): boolean => sandbox.run(`typeof ${expr} !== 'undefined'`) as boolean;
    expect([...ABSENT_GLOBALS].filter((name) => has(name))).toEqual([]);
    const prototypes: Record<string, string[]> = { Array: ['Array'], String: ['String'], 'Array/String': ['Array', 'String'], Number: ['Number'], Promise: ['Promise'], Object: ['Object'] };
    const methods = Object.entries(ABSENT_METHODS).flatMap(([name, owner]) => prototypes[owner].map((o) => `${o}.prototype.${name}`));
    methods.push(...[...ITERATOR_METHODS, ...ABSENT_ARRAY_ONLY_METHODS].map((name) => `Array.prototype.${name}`));
    methods.push(...Object.entries(ABSENT_STATICS).flatMap(([owner, names]) => [...names].map((name) => `${owner}.${name}`)));
    expect(methods.filter(has)).toEqual([]);
    // Where the build knows a global's every member, the sandbox has no others.
    for (const [owner, present] of Object.entries(PRESENT_STATICS)) {
      const own = sandbox.run(`Object.getOwnPropertyNames(${owner})`) as string[];
      // (Not the own properties every function has.)
      expect(own.filter((name) => !present.has(name) && !['length', 'name', 'arguments', 'caller'].includes(name)), owner).toEqual([]);
    }
  });
});
