/**
 * The self-test LAYOUT.md and the assembly steps describe (hardware/led-layout.ts SELFTEST_TIMING,
 * SELFTEST_COLUMNS) is the one the firmware runs (firmware/src/maintenance/selftest.ts, redrawn by
 * firmware/src/app.ts every SELFTEST_TICK_MS).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../hardware/generate';
import { LED_COUNT, SELFTEST_COLUMNS, SELFTEST_TIMING } from '../../hardware/led-layout';
import {
  CHASE_MS, COLUMN, EXIT_MS, SELFTEST_ENTER_MS, SWEEP_HOLD_MS, SWEEP_MS, SelfTest, WHITE_MS,
} from '../../firmware/src/maintenance/selftest';
import type { Frame } from '../../firmware/src/leds/frame';

/** A number constant of a firmware source file that is not exported (the boot bundle's app.ts). */
function sourceConst(path: string, name: string): number {
  const m = readFileSync(join(REPO_ROOT, path), 'utf8').match(new RegExp(`const ${name} = (\\d+);`));
  if (!m) throw new Error(`no const ${name} in ${path}`);
  return Number(m[1]);
}

/** Firmware button id → input name. */
function inputName(id: string): string {
  if (id === 'BK') return 'BACK';
  if (/^S\d$/.test(id)) return 'SEAT' + id.slice(1);
  return id;
}

const g = globalThis as unknown as { getTime?: () => number };
let clock = 0;

afterEach(() => {
  delete g.getTime;
});

describe('self-test: firmware and hardware/led-layout.ts agree', () => {
  it('timing', () => {
    expect(SELFTEST_ENTER_MS).toBe(SELFTEST_TIMING.enterHoldMs);
    expect(sourceConst('firmware/src/app.ts', 'SELFTEST_ENTER_MS')).toBe(SELFTEST_TIMING.enterHoldMs);
    expect(EXIT_MS).toBe(SELFTEST_TIMING.exitHoldMs);
    expect(SWEEP_HOLD_MS).toBe(SELFTEST_TIMING.sweepHoldMs);
    expect(SWEEP_MS).toBe(SELFTEST_TIMING.sweepColourMs);
    expect(WHITE_MS).toBe(SELFTEST_TIMING.sweepWhiteMs);
    expect(CHASE_MS).toBe(SELFTEST_TIMING.chaseStepMs);
    const beep = readFileSync(join(REPO_ROOT, 'firmware/src/maintenance/selftest.ts'), 'utf8').match(/beep\((\d+), (\d+)\)/);
    expect(beep && [Number(beep[1]), Number(beep[2])]).toEqual([SELFTEST_TIMING.beepHz, SELFTEST_TIMING.beepMs]);
  });

  it('the chase steps once per redraw: its step is the app\'s self-test tick', () => {
    expect(sourceConst('firmware/src/app.ts', 'SELFTEST_TICK_MS')).toBe(CHASE_MS);
  });

  it('columns', () => {
    const columns: Record<string, number> = {};
    for (const id of Object.keys(COLUMN)) columns[inputName(id)] = COLUMN[id];
    expect(columns).toEqual(SELFTEST_COLUMNS);
  });

  it('redrawn on the app\'s ticks (late by up to 60 ms), the chase lights every LED in turn, none skipped', () => {
    g.getTime = () => clock / 1000;
    clock = 1_000_037;
    const frame = {
      leds: new Uint8Array(LED_COUNT),
      chainLed: -1,
      chainColour: 0,
      clear(): void {
        this.leds.fill(46);
        this.chainLed = -1;
      },
      set(): void {},
    };
    const t = new SelfTest({ pressedNow: () => [], beep: () => {} }, frame as unknown as Frame, () => {});
    // Every button once: the sweep starts at once.
    for (const id of Object.keys(COLUMN)) {
      t.button(id, 'down');
      t.button(id, 'up');
    }
    const seen: number[] = [];
    let rnd = 7;
    const tick = sourceConst('firmware/src/app.ts', 'SELFTEST_TICK_MS');
    for (let b = clock - (clock % tick) + tick; seen.length < 2 * LED_COUNT && b < clock + 60_000; b += tick) {
      rnd = (rnd * 1103515245 + 12345) % 2147483648;
      // A tick fires 1 ms after the boundary (app.ts schedule), later when the board is busy.
      t.render(b + 1 + (rnd % 60));
      if (frame.chainLed >= 0) seen.push(frame.chainLed);
      else if (seen.length) break;
    }
    expect(seen).toEqual(Array.from({ length: LED_COUNT }, (_, i) => i));
  });
});
