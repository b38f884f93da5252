import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import * as esbuild from 'esbuild';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForEspruino, buildFile, EspruinoBuildError, type EspruinoBundle } from '../../firmware/build/espruino-bundle.js';
import { fixUpForEspruino, verifyEspruinoShape } from '../../firmware/build/fix-up-for-espruino.js';
import { createEspruinoSandbox } from '../../host/src/sim/espruino-sandbox.js';
import { runOnEspruino } from '../support/run-on-espruino.js';

const FIXTURES = 'test/fixtures/espruino-sample';
const SAMPLE = `${FIXTURES}/main.ts`;
const ESPRUINO_BIN = process.env.ESPRUINO_BIN;

/** What the TypeScript source prints on Node: a plain ES2022 bundle in an ordinary vm context. */
async function referenceOutput(entry: string): Promise<string[]> {
  const result = await esbuild.build({ entryPoints: [entry], bundle: true, format: 'iife', platform: 'neutral', target: 'es2022', write: false, logLevel: 'silent' });
  const output: string[] = [];
  const print = (...args: unknown[]): void => {
    output.push(args.map(String).join(' '));
  };
  vm.runInContext(result.outputFiles[0].text, vm.createContext({ print, console: { log: print } }));
  return output;
}

function runInSandbox(code: string): string[] {
  const sandbox = createEspruinoSandbox();
  sandbox.run(code, 'bundle.js');
  return sandbox.output;
}

function identifierNames(code: string, ecmaVersion: 5 | 'latest' = 5): Set<string> {
  const names = new Set<string>();
  walk.full(acorn.parse(code, { ecmaVersion }), (node) => {
    if (node.type === 'Identifier') names.add((node as acorn.Identifier).name);
  });
  return names;
}

describe('bundleForEspruino on the sample program', () => {
  let minified: EspruinoBundle;
  let readable: EspruinoBundle;
  let expected: string[];

  beforeAll(async () => {
    [minified, readable, expected] = await Promise.all([
      bundleForEspruino({ entry: SAMPLE }),
      bundleForEspruino({ entry: SAMPLE, minify: false }),
      referenceOutput(SAMPLE),
    ]);
  });

  it('prints a deterministic result on Node', () => {
    expect(expected[0]).toBe('== sample ==');
    expect(expected).toContain('loops 0,10,20 AB');
    expect(expected).toContain('sorted 5/0 5/2 2/1 2/4 1/3');
  });

  it('emits ES5 that acorn parses, in the shape the fix-up promises', () => {
    for (const bundle of [minified, readable]) {
      expect(() => acorn.parse(bundle.code, { ecmaVersion: 5 })).not.toThrow();
      expect(() => verifyEspruinoShape(bundle.code)).not.toThrow();
      expect(/^[\x00-\x7f]*$/.test(bundle.code)).toBe(true);
    }
  });

  it('contains no identifier named `of`', () => {
    expect(identifierNames(minified.code).has('of')).toBe(false);
    expect(identifierNames(readable.code).has('of')).toBe(false);
  });

  it('adds only the helpers the sample needs', () => {
    expect(minified.helpers).toEqual(['__assign', '__extends', '__rest', '__spreadArray']);
    expect(minified.bytes).toBe(Buffer.byteLength(minified.code));
    expect(minified.bytes).toBeLessThan(readable.bytes);
    // Size guard: the measured size is in the commit message; a large jump means the pipeline regressed.
    expect(minified.bytes).toBeLessThan(6000);
  });

  it('prints the same in the Espruino sandbox as the TypeScript source on Node', () => {
    expect(runInSandbox(minified.code)).toEqual(expected);
    expect(runInSandbox(readable.code)).toEqual(expected);
  });

  it.skipIf(!ESPRUINO_BIN)('prints the same on the Espruino binary ($ESPRUINO_BIN)', () => {
    expect(runOnEspruino(ESPRUINO_BIN!, minified.code)).toEqual(expected);
    expect(runOnEspruino(ESPRUINO_BIN!, readable.code)).toEqual(expected);
  });
});

describe('bundleForEspruino on constructs that need the rarer helpers', () => {
  it('runs tagged templates, anonymous classes with statics and computed keys the same everywhere', async () => {
    const entry = `${FIXTURES}/extras.ts`;
    const [bundle, expected] = await Promise.all([bundleForEspruino({ entry }), referenceOutput(entry)]);
    expect(bundle.helpers).toEqual(['__makeTemplateObject', '__rest', '__setFunctionName']);
    expect(expected).toEqual(['anonymous 1 true', 'tagged x|y|z/1,2', 'computed {"dyn":1,"b1":2} 5', 'rest 1 {"b":2,"c":3} 2']);
    expect(runInSandbox(bundle.code)).toEqual(expected);
    if (ESPRUINO_BIN) expect(runOnEspruino(ESPRUINO_BIN, bundle.code)).toEqual(expected);
  });
});

describe('bundleForEspruino rejects what Espruino 2v29 cannot run', () => {
  /** The 1-based line holding the `// forbidden` marker. */
  const markedLine = (file: string): number => readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes('// forbidden')) + 1;

  const cases: Array<[name: string, file: string, message: RegExp]> = [
    ['a label', 'label.ts', /label 'outer:'/],
    ["'case' after 'default'", 'case-after-default.ts', /'case' after 'default'/],
    ['Map', 'map.ts', /'Map' does not exist/],
    ['Array.from', 'array-from.ts', /'Array.from' does not exist/],
    ['Math.imul', 'math-imul.ts', /'Math.imul' does not exist/],
    ['Number.isInteger', 'number-is-integer.ts', /'Number.isInteger' does not exist/],
    ['new C(...args)', 'new-spread.ts', /new X\(\.\.\.args\)/],
    ['a #private field', 'private-field.ts', /#private/],
    ['a regex lookahead', 'regex-lookahead.ts', /lookahead/],
    ['arr.length = 0', 'length-assign.ts', /'\.length'/],
    ['an Error subclass without setPrototypeOf', 'error-subclass.ts', /Object\.setPrototypeOf/],
    ['Array#lastIndexOf on an array (not on a string)', 'array-last-index-of.ts', /Array\.prototype\.lastIndexOf/],
    ['a generator', 'generator.ts', /generator/],
    ['Map in an imported module', 'lib/tally.ts', /'Map' does not exist/],
  ];

  it.each(cases)('%s', async (_name, file, message) => {
    const source = path.join(FIXTURES, 'forbidden', file);
    const entry = file === 'lib/tally.ts' ? path.join(FIXTURES, 'forbidden', 'imports-map.ts') : source;
    const error = await bundleForEspruino({ entry }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EspruinoBuildError);
    // One issue, in the original .ts file at the marked line; the unused `new Set` in lib/tally.ts is tree-shaken.
    expect((error as EspruinoBuildError).issues).toEqual([{ file: source, line: markedLine(source), column: expect.any(Number), message: expect.stringMatching(message) }]);
  });

  it('reports a BigInt literal through esbuild, with its position', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'espruino-bigint-'));
    try {
      writeFileSync(path.join(dir, 'big.ts'), 'const a = 1;\nconsole.log(10n + BigInt(a));\n');
      const error = (await bundleForEspruino({ entry: path.join(dir, 'big.ts') }).catch((e: unknown) => e)) as EspruinoBuildError;
      expect(error).toBeInstanceOf(EspruinoBuildError);
      expect(error.issues[0]).toMatchObject({ line: 2, message: expect.stringMatching(/BigInt/) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds look-alikes: a local class named Map, a guarded polyfill, string lastIndexOf, Object.keys/entries', async () => {
    const bundle = await bundleForEspruino({ entry: `${FIXTURES}/allowed.ts` });
    expect(runInSandbox(bundle.code)).toEqual(['7 4 ab 2 12 false true']);
  });
});

describe('buildFile', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'espruino-build-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the bundle and returns its stats', async () => {
    const outfile = path.join(dir, 'nested', 'game.min.js');
    const stats = await buildFile(SAMPLE, outfile);
    const written = readFileSync(outfile, 'utf8');
    expect(stats).toMatchObject({ outfile, bytes: Buffer.byteLength(written), helpers: ['__assign', '__extends', '__rest', '__spreadArray'] });
  });

  it('exposes the entry exports through globalName and applies define', async () => {
    const entry = path.join(dir, 'lib.ts');
    writeFileSync(
      entry,
      'declare const FW_VERSION: string;\nexport const version = FW_VERSION;\nexport const answer = 6 * 7;\nexport function twice(n: number): number { return helper(n) * 2; }\nfunction helper(n: number) { return n; }\n',
    );
    const bundle = await bundleForEspruino({ entry, globalName: 'dicetray', define: { FW_VERSION: '"1.2.3"' } });
    const sandbox = createEspruinoSandbox();
    sandbox.run(bundle.code);
    expect(sandbox.run('dicetray.version + " " + (dicetray.answer + dicetray.twice(4))')).toBe('1.2.3 50');
    if (ESPRUINO_BIN) expect(runOnEspruino(ESPRUINO_BIN, `${bundle.code}\nprint(dicetray.version, dicetray.answer + dicetray.twice(4));`)).toEqual(['1.2.3 50']);
  });
});

describe('the fix-up pass, on the ES5 Espruino mis-runs', () => {
  // ES5 snippets; `raw breaks` marks those that plain Espruino 2v29 runs differently from Node (checked
  // against the binary when ESPRUINO_BIN is set). Holes and for-in vars ran fine natively on 2v29.
  const snippets: Array<[name: string, rawBreaks: boolean, code: string]> = [
    ['var used before its statement', true, 'function f() { x = 5; var x; return x; } print(f());'],
    ['var declared in a branch that did not run', true, 'function g(c) { if (c) { var y = 1; } y = (y || 0) + 2; return y; } print(g(false));'],
    ["esbuild's minifier hoisting pattern", true, '(function(){var o=[];for(n=0;n<3;n++)o.push(function(){return n});var n;print(o.map(function(f){return f()}).join());})();'],
    ['functions called before their declaration', true, 'print(h(2)); function h(v) { return v * k(); } function k() { return inner(); function inner() { return 21; } }'],
    ['TypeScript ES5 class shape', true, 'var B = (function (_super) { ext(B, _super); function B() { this.v = 1; } return B; }(Object)); function ext(d, b) { d.base = b; } print(new B().v, B.base === Object);'],
    ['identifier named of', true, 'var of = 2; function t(of) { return of * 3; } print(t(of), { of: 1 }.of);'],
    ['a function declared in a block after its use', true, 'function t(c) { if (c) { print(x()); function x() { return "x"; } } } t(1);'],
    ['a function declared in a switch case after its use', true, 'function s(n) { switch (n) { case 1: print(h()); function h() { return 1; } } } s(1);'],
    // Dropping `var b` must not join `a = 1` to the parenthesised call on the next line (ASI).
    ['a var without a value between lines without semicolons', false, 'var a = 1\nvar b\n(function () { print(a, b); })()'],
    ['array holes', false, 'var a = [1,,3]; var b = [1,,]; print(a.length, a[1] === undefined, b.length, [,].length);'],
    ['for-in and for with var', false, 'var o = { a: 1, b: 2 }, ks = []; for (var k in o) ks.push(k); for (var i = 0, j; i < 2; i++) ks.push(i); print(ks.join(), j);'],
  ];

  it.each(snippets)('%s', (_name, rawBreaks, code) => {
    const expected: string[] = [];
    vm.runInContext(code, vm.createContext({ print: (...a: unknown[]) => expected.push(a.map(String).join(' ')) }));
    const fixed = fixUpForEspruino(code);
    // The sandbox runs the raw snippet as Node does, so output alone cannot tell whether the fix-up
    // did anything: the snippet is not in Espruino's shape before it, and is after it.
    expect(() => verifyEspruinoShape(code)).toThrow();
    expect(() => verifyEspruinoShape(fixed)).not.toThrow();
    expect(runInSandbox(fixed)).toEqual(expected);
    if (ESPRUINO_BIN) {
      expect(runOnEspruino(ESPRUINO_BIN, fixed)).toEqual(expected);
      if (rawBreaks) expect(runOnEspruino(ESPRUINO_BIN, code)).not.toEqual(expected);
    }
  });

  it('renames `of` when esbuild picks it as a minified name', async () => {
    // Enough locals in one scope that esbuild's minifier reaches two-letter names (ESPRUINO.md §2.1 item 3).
    const dir = mkdtempSync(path.join(tmpdir(), 'espruino-of-'));
    try {
      const n = 1500;
      const locals = Array.from({ length: n }, (_, i) => `  const v${i} = seed + ${i};`).join('\n');
      // A flat array literal, not a long `a + b + …` chain: that would nest 1500 deep and overflow walkers.
      const all = Array.from({ length: n }, (_, i) => `v${i}`).join(', ');
      writeFileSync(path.join(dir, 'big.ts'), `function big(seed: number): number {\n${locals}\n  return [${all}].reduce((a, b) => a + b, 0);\n}\nconsole.log(big(1));\n`);
      const raw = await esbuild.build({ entryPoints: [path.join(dir, 'big.ts')], bundle: true, minify: true, format: 'iife', write: false });
      expect(identifierNames(raw.outputFiles[0].text, 'latest').has('of')).toBe(true);
      const bundle = await bundleForEspruino({ entry: path.join(dir, 'big.ts') });
      expect(identifierNames(bundle.code).has('of')).toBe(false);
      expect(runInSandbox(bundle.code)).toEqual([String(n + (n * (n - 1)) / 2)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

it('every forbidden fixture is covered by a case', () => {
  const files = readdirSync(path.join(FIXTURES, 'forbidden')).filter((f) => f.endsWith('.ts'));
  expect(files.sort()).toEqual(
    ['array-from', 'array-last-index-of', 'case-after-default', 'error-subclass', 'generator', 'imports-map', 'label', 'length-assign', 'map', 'math-imul', 'new-spread', 'number-is-integer', 'private-field', 'regex-lookahead'].map((f) => `${f}.ts`),
  );
});
