/**
 * The Pechvogel renderer (firmware/src/table/pechvogel-render.ts with leds/frame.ts) draws the
 * recorded frames (test/fixtures/pechvogel-frames.txt): the frame text, when it redraws next and
 * the GRB bytes for the LEDs, for states of seeded random games with entries, corrections, reroll
 * windows, refusals, attract mode, gappy seat maps and the set-up screen, at every blink phase.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { E_NATIVES } from '../../host/src/sim/espruino-e-natives';
import { readFileSync } from 'node:fs';
import { bundleForEspruino } from '../../firmware/build/espruino-bundle.js';
import { buildData, buildDefines } from '../../firmware/build/build-firmware.js';
import { createEspruinoSandbox } from '../../host/src/sim/espruino-sandbox.js';
import { renderCases } from '../support/render-cases.js';
import { runOnEspruino } from '../support/run-on-espruino.js';

const ESPRUINO_BIN = process.env.ESPRUINO_BIN;

const expected = readFileSync('test/fixtures/pechvogel-frames.txt', 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'));

describe('Pechvogel renderer', () => {
  let code = '';
  beforeAll(async () => {
    const cases = renderCases();
    expect(cases.length).toBe(expected.length);
    code = 'var CASES=' + JSON.stringify(cases) + ';\n' + (await bundleForEspruino({ entry: 'test/fixtures/render-probe.ts', define: buildDefines(buildData('pico')) })).code;
  });

  it('draws the recorded frames in the Node sandbox (the simulated board)', () => {
    // The simulated board's E natives; no E.sum, so the plain-JS fallbacks run.
    const sandbox = createEspruinoSandbox({ E: E_NATIVES });
    sandbox.run(code);
    expect(sandbox.output).toEqual(expected);
  });

  it.skipIf(!ESPRUINO_BIN)('draws the same on Espruino (Float64 patterns, E.mapInPlace, Uint24Array)', () => {
    expect(runOnEspruino(ESPRUINO_BIN!, code, 120_000)).toEqual(expected);
  });
});
