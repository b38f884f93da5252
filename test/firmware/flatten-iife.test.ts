/**
 * The boot bundle runs without its IIFE (firmware/build/flatten-iife.ts): the IIFE's names become
 * `$` globals, everything else keeps its meaning. Checked on the sample program (every construct
 * the pipeline lowers) in the Espruino sandbox and, with ESPRUINO_BIN, on the real interpreter.
 */
import * as acorn from 'acorn';
import { describe, expect, it } from 'vitest';
import { bundleForEspruino } from '../../firmware/build/espruino-bundle.js';
import { flattenIife } from '../../firmware/build/flatten-iife.js';
import { createEspruinoSandbox } from '../../host/src/sim/espruino-sandbox.js';
import { runOnEspruino } from '../support/run-on-espruino.js';

const ESPRUINO_BIN = process.env.ESPRUINO_BIN;

function runInSandbox(code: string): { output: string[]; globals: string[] } {
  const sandbox = createEspruinoSandbox();
  const before = new Set(Object.keys(sandbox.context));
  sandbox.run(code);
  return { output: sandbox.output, globals: Object.keys(sandbox.context).filter((k) => !before.has(k)) };
}

function topLevelNames(code: string): string[] {
  const names: string[] = [];
  const program = acorn.parse(code, { ecmaVersion: 5 }) as any;
  for (const s of program.body) {
    if (s.type === 'FunctionDeclaration') names.push(s.id.name);
    if (s.type === 'VariableDeclaration') for (const d of s.declarations) names.push(d.id.name);
  }
  return names;
}

describe('flattenIife', () => {
  it('runs the sample program the same, with only $ names at the top level', async () => {
    const [wrapped, flat] = await Promise.all([
      bundleForEspruino({ entry: 'test/fixtures/espruino-sample/main.ts' }),
      bundleForEspruino({ entry: 'test/fixtures/espruino-sample/main.ts', flat: true }),
    ]);
    const expected = runInSandbox(wrapped.code).output;
    const got = runInSandbox(flat.code);
    expect(got.output).toEqual(expected);
    expect(topLevelNames(flat.code).length).toBeGreaterThan(10);
    for (const name of topLevelNames(flat.code)) expect(name).toMatch(/^\$[a-zA-Z]+$/);
    for (const name of got.globals) expect(name).toMatch(/^\$[a-zA-Z]+$/);
    if (ESPRUINO_BIN) expect(runOnEspruino(ESPRUINO_BIN, flat.code)).toEqual(runOnEspruino(ESPRUINO_BIN, wrapped.code));
  });

  it('renames only what resolves to the IIFE: shadowing parameters, vars, catch names and property keys stay', () => {
    const code =
      '"use strict";(function(){var a,b;function f(a){var b=a+1;return {a:b,b:a}.a}' +
      'function g(){try{throw 1}catch(a){return a}}a=f(2);b={a:a,f:f};print(a,b.a,b.f(5),g(),typeof f);})();';
    const flat = flattenIife(code);
    expect(runInSandbox(flat).output).toEqual(runInSandbox(code).output);
    expect(runInSandbox(flat).output).toEqual(['3 3 6 1 function']);
    // f and g became $ globals; inside them the parameter, the local, the catch name and the keys are as they were.
    expect(flat).toMatch(/function \$[a-zA-Z]+\(a\)\{var b=a\+1;return \{a:b,b:a\}\.a\}/);
    expect(flat).toMatch(/function \$[a-zA-Z]+\(\)\{try\{throw 1\}catch\(a\)\{return a\}\}/);
    expect(topLevelNames(flat).sort()).toEqual(['$a', '$b', '$c', '$d']);
  });

  it('never picks a $ name the program already uses', () => {
    const code = '(function(){var x=1,$a=2;function y(){var $b=3;return x+$b}print(y()+$a)})();';
    const flat = flattenIife(code);
    expect(runInSandbox(flat).output).toEqual(['6']);
    // $a and $b are taken (a top-level name and a local): the three top-level names get others.
    expect(topLevelNames(flat).sort()).toEqual(['$c', '$d', '$e']);
  });

  it('refuses code that is not one IIFE, or uses this/return/arguments at its top level', () => {
    expect(() => flattenIife('var a=1;(function(){})();')).toThrow(/one `\(function/);
    expect(() => flattenIife('(function(x){})(1);')).toThrow(/one `\(function/);
    expect(() => flattenIife('(function(){print(this)})();')).toThrow(/uses this/);
    expect(() => flattenIife('(function(){if(1)return;print(1)})();')).toThrow(/uses return/);
    expect(() => flattenIife('(function(){print(arguments)})();')).toThrow(/uses arguments/);
    // Inside nested functions they are fine.
    expect(runInSandbox(flattenIife('(function(){function f(){var t=this;return arguments.length}print(f(1))})();')).output).toEqual(['1']);
  });
});
