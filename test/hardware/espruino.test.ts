import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { REPO_ROOT } from '../../hardware/generate';
import { runOnEspruino } from '../support/run-on-espruino';

// led-board.ts and power.ts are kept Espruino-safe (the firmware has its own limiter, but may reuse them); they must run unchanged on Espruino 2v29.
const ESPRUINO_BIN = process.env.ESPRUINO_BIN;

const PROBE = `
import { ledIndex, BLINK } from ${JSON.stringify(join(REPO_ROOT, 'hardware/led-board'))};
import { limitFrame, frameDriveMa, scaleToCap, POWER } from ${JSON.stringify(join(REPO_ROOT, 'hardware/power'))};
const white = new Uint8ClampedArray(POWER.ledCount * 3);
for (let i = 0; i < white.length; i++) white[i] = 255;
const whiteMa = limitFrame(white);
const few = new Uint8Array(POWER.ledCount * 3);
few[0] = 200; few[5] = 20;
const fewMa = limitFrame(few);
let sum = 0;
for (let y = 0; y < 8; y++) for (let x = 0; x < 16; x++) sum += ledIndex(x, y);
// Currents in hundredths of a mA: Espruino prints floats with fewer digits than Node.
const centi = (v: number) => Math.round(v * 100);
print(JSON.stringify([centi(whiteMa), white[0], white[white.length - 1], centi(fewMa), few[0], few[5], centi(frameDriveMa(few)),
  scaleToCap(255), scaleToCap(128), sum, ledIndex(8, 0), ledIndex(15, 7), BLINK.slowPeriodMs]));
`;

async function bundle(): Promise<string> {
  const out = await build({
    stdin: { contents: PROBE, loader: 'ts', resolveDir: REPO_ROOT },
    bundle: true,
    format: 'iife',
    target: 'es2015',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

describe('led-board.ts and power.ts on Espruino', () => {
  it('bundle small and give the expected numbers', async () => {
    const code = await bundle();
    expect(code.length).toBeLessThan(2500);
    const printed: string[] = [];
    runInNewContext(code, { print: (s: string) => printed.push(s), Uint8Array, Uint8ClampedArray, JSON, Math });
    const [whiteMa, first, last, fewMa, few0, few5, fewDrive, capFull, capHalf, sum, b0, last127, slow] = JSON.parse(printed[0]);
    expect(whiteMa).toBeLessThanOrEqual(25000);
    expect(first).toBe(last);
    expect(fewMa).toBe(fewDrive);
    expect([few0, few5]).toEqual([32, 20]);
    expect([capFull, capHalf]).toEqual([32, 16]);
    expect(sum).toBe((127 * 128) / 2);
    expect([b0, last127, slow]).toEqual([64, 127, 1000]);
  });

  it.skipIf(!ESPRUINO_BIN)('prints the same on the Espruino binary ($ESPRUINO_BIN)', async () => {
    const code = await bundle();
    const printed: string[] = [];
    runInNewContext(code, { print: (s: string) => printed.push(s), Uint8Array, Uint8ClampedArray, JSON, Math });
    expect(runOnEspruino(ESPRUINO_BIN!, code)).toEqual(printed);
  });
});
