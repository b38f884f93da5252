import { describe, expect, it } from 'vitest';
import { createEspruinoSandbox } from '../../host/src/sim/espruino-sandbox.js';

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
});
