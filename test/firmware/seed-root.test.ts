import { describe, expect, it } from 'vitest';
import { verifyEspruinoShape } from '../../firmware/build/fix-up-for-espruino.js';
import { isRootSeed, seedRoot } from '../../firmware/build/seed-root.js';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { runOnEspruino } from '../support/run-on-espruino';
import * as acorn from 'acorn';
import type { JsNode } from '../../firmware/build/js-node.js';

const ESPRUINO_BIN = process.env.ESPRUINO_BIN;
const FLAT = '"use strict";var $a,$b;function $c(t){return JSON.stringify(t)+Math.floor(E.sum?1:0)+JSON.parse("1")}$a={E:1};$b=$a.E;';

describe('seedRoot', () => {
  it('names the built-in objects the code uses, most used first, right after the directives', () => {
    const out = seedRoot(FLAT);
    expect(out.startsWith('"use strict";JSON,E,Math;var $a,$b;')).toBe(true);
    // Property names ({E: 1}, $a.E) are not references: E is counted once (ties: SEEDABLE order).
    expect(out.slice(out.indexOf(';') + 1)).toMatch(/^JSON,E,Math;/);
    expect(() => verifyEspruinoShape(out)).not.toThrow();
  });

  it('leaves out what the simulated board lacks, and code that uses none unchanged', () => {
    const code = '"use strict";var $a;$a=typeof Uint24Array==="undefined"?null:new Uint24Array(3);';
    expect(seedRoot(code)).toBe(code);
  });

  it('accepts only bare seedable names as the seed statement', () => {
    const first = (code: string) => (acorn.parse(code, { ecmaVersion: 5 }) as unknown as JsNode).body[0];
    expect(isRootSeed(first('JSON,Math;'))).toBe(true);
    expect(isRootSeed(first('JSON,f();'))).toBe(false);
    expect(isRootSeed(first('Uint24Array;'))).toBe(false);
    // Anything else before the var declaration still fails the shape check.
    expect(() => verifyEspruinoShape('"use strict";f();var $a;')).toThrow();
  });

  it('is the first statement of the built firmware bundle', async () => {
    const { code } = await ensureBundle();
    const seed = (acorn.parse(code, { ecmaVersion: 5 }) as unknown as JsNode).body[1];
    expect(isRootSeed(seed)).toBe(true);
    expect(code.slice(seed.start, seed.end).replace(';', '').split(',')).toEqual(expect.arrayContaining(['E', 'JSON', 'Math', 'Object']));
  });

  it.skipIf(!ESPRUINO_BIN)('puts the names first in Espruino’s global scope ($ESPRUINO_BIN)', () => {
    const keys = (code: string): string[] => JSON.parse(runOnEspruino(ESPRUINO_BIN!, code + '$c(1);print(JSON.stringify(Object.keys(global)));').pop()!);
    // Without the seed the built-ins come after the program's own globals; with it, before them.
    const plain = keys(FLAT);
    expect(plain.indexOf('JSON')).toBeGreaterThan(plain.indexOf('$c'));
    const seeded = keys(seedRoot(FLAT));
    expect(seeded.indexOf('$a')).toBeGreaterThan(0);
    expect(seeded.slice(0, seeded.indexOf('$a')).filter((k) => k !== 'quit')).toEqual(['JSON', 'E', 'Math']);
  });
});
