/**
 * The LED frame (firmware/src/leds/frame.ts) on Espruino: row-major letters (the text) gathered
 * into chain order, GRB bytes through the palette into a Uint24Array view, the current limit with
 * E.sum and E.mapInPlace. The real
 * interpreter takes those native paths, the Node sandbox the plain-JS fallbacks; both must give
 * what a reference computed here from the palette, the chain order and the current rule gives.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { E_NATIVES } from '../../host/src/sim/espruino-e-natives';
import { bundleForEspruino } from '../../firmware/build/espruino-bundle.js';
import { buildData, buildDefines } from '../../firmware/build/build-firmware.js';
import { PALETTE_LETTERS, PALETTE_RGB } from '../../firmware/src/leds/frame.js';
import { frameBytes } from '../support/frame-bytes.js';
import { createEspruinoSandbox } from '../../host/src/sim/espruino-sandbox.js';
import { runOnEspruino } from '../support/run-on-espruino.js';

const ESPRUINO_BIN = process.env.ESPRUINO_BIN;

interface Printed {
  changed: boolean;
  again: boolean;
  grb: string;
  text: string;
}

/** What the probe must print for one case (test/fixtures/frame-probe.ts). */
function reference(cap: number, budgetMa: number, seed: number, chainLed: number): Printed {
  const letters: string[] = [];
  let x = seed;
  for (let i = 0; i < 128; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    letters.push(PALETTE_LETTERS[x % 20 < 10 ? 0 : x % 10]);
  }
  const text = letters.join('');
  const scaled = frameBytes(text, cap, budgetMa, chainLed);
  return { changed: true, again: false, grb: Buffer.from(scaled).toString('hex'), text };
}

const CASES: Array<[number, number, number, number]> = [
  [32, 250, 1, -1],
  [32, 2000, 2, -1],
  [255, 250, 3, 5],
  [255, 500, 4, -1],
];

describe('LED frame', () => {
  let code = '';
  beforeAll(async () => {
    code = (await bundleForEspruino({ entry: 'test/fixtures/frame-probe.ts', define: buildDefines(buildData('pico')) })).code;
  });

  it('has the palette the layout is drawn in (the reference below reads PALETTE_RGB, so it cannot catch a wrong colour)', () => {
    expect(PALETTE_LETTERS).toBe('.dWRGBYCMO');
    expect(PALETTE_RGB).toEqual([
      [0, 0, 0], [40, 40, 40], [255, 255, 255], [255, 0, 0], [0, 255, 0],
      [0, 0, 255], [255, 180, 0], [0, 255, 255], [255, 0, 255], [255, 80, 0],
    ]);
  });

  it('gives the reference bytes and text in the Node sandbox (plain-JS fallbacks)', () => {
    // The simulated board's E natives; no E.sum, so the plain-JS fallbacks run.
    const sandbox = createEspruinoSandbox({ E: E_NATIVES });
    sandbox.run(code);
    expect(sandbox.output.map((l) => JSON.parse(l))).toEqual(CASES.map((c) => reference(...c)));
  });

  it.skipIf(!ESPRUINO_BIN)('gives the same on Espruino (Uint24Array, E.sum, E.mapInPlace)', () => {
    expect(runOnEspruino(ESPRUINO_BIN!, code).map((l) => JSON.parse(l))).toEqual(CASES.map((c) => reference(...c)));
  });

  // One frame through several pictures and limits: each over-budget picture scaled by its own
  // factor (not the last one's), and a changed brightness cap or budget applied to the picture
  // already shown (update() must not take it for the frame it showed).
  const LIMIT_STEPS: Array<[number, number, number]> = [
    [255, 250, 3],
    [255, 250, 4],
    [255, 250, 5],
    [32, 250, 5],
    [255, 150, 5],
  ];
  let limitsCode = '';
  beforeAll(async () => {
    limitsCode = (await bundleForEspruino({ entry: 'test/fixtures/frame-limits-probe.ts', define: buildDefines(buildData('pico')) })).code;
  });

  it('one frame: every picture scaled by its own factor, new limits applied to the picture shown (Node sandbox)', () => {
    const sandbox = createEspruinoSandbox({ E: E_NATIVES });
    sandbox.run(limitsCode);
    const want = LIMIT_STEPS.map((c) => reference(c[0], c[1], c[2], -1));
    // The steps differ from each other: a stale result cannot pass for the next one.
    for (let i = 1; i < want.length; i++) expect(want[i].grb).not.toBe(want[i - 1].grb);
    expect(sandbox.output.map((l) => JSON.parse(l))).toEqual(want);
  });

  it.skipIf(!ESPRUINO_BIN)('one frame through pictures and limits: the same on Espruino', () => {
    expect(runOnEspruino(ESPRUINO_BIN!, limitsCode).map((l) => JSON.parse(l))).toEqual(LIMIT_STEPS.map((c) => reference(c[0], c[1], c[2], -1)));
  });
});
