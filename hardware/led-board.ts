/**
 * The LED board as the firmware needs it: two 8×8 WS2812B panels side by side, where each
 * (x, y) sits in the data chain, and the blink timings. The firmware build reads it (the chain
 * order goes into the bundle as data); Espruino-safe all the same (test/hardware/espruino.test.ts
 * runs it there): plain loops, no spread, destructuring or default parameters.
 */

/** [x, y]: x = column 0..15 from the left, y = row 0..7 from the top. */
export type Cell = readonly [number, number];

/**
 * progressive: every row runs left→right; serpentine: even rows left→right, odd rows
 * right→left. Both start at the panel's top-left LED (its DIN corner).
 */
export type PanelWiring = 'progressive' | 'serpentine';

export interface Panel {
  name: string;
  x0: number;
  y0: number;
  width: number;
  height: number;
  wiring: PanelWiring;
}

export interface Geometry {
  width: number;
  height: number;
  /** Byte order the LEDs expect: WS2812B wants G, R, B. */
  colourOrder: 'GRB';
  /** In data-chain order: panel A's DOUT feeds panel B's DIN. */
  panels: readonly Panel[];
}

/** Two 8×8 WS2812B panels side by side. A serpentine panel is a one-word change of `wiring`. */
export const GEOMETRY: Geometry = {
  width: 16,
  height: 8,
  colourOrder: 'GRB',
  panels: [
    { name: 'A', x0: 0, y0: 0, width: 8, height: 8, wiring: 'progressive' },
    { name: 'B', x0: 8, y0: 0, width: 8, height: 8, wiring: 'progressive' },
  ],
};

export const LED_COUNT = GEOMETRY.width * GEOMETRY.height;

/** Position in the data chain of the LED at (x, y) for a given geometry. */
export function ledIndexIn(geometry: Geometry, x: number, y: number): number {
  let offset = 0;
  for (let p = 0; p < geometry.panels.length; p++) {
    const panel = geometry.panels[p];
    const lx = x - panel.x0;
    const ly = y - panel.y0;
    if (lx >= 0 && lx < panel.width && ly >= 0 && ly < panel.height) {
      const col = panel.wiring === 'serpentine' && ly % 2 === 1 ? panel.width - 1 - lx : lx;
      return offset + ly * panel.width + col;
    }
    offset += panel.width * panel.height;
  }
  throw new Error('LED (' + x + ',' + y + ') is outside the board');
}

/** Position in the data chain of the LED at (x, y): multiply by 3 for its G byte. */
export function ledIndex(x: number, y: number): number {
  return ledIndexIn(GEOMETRY, x, y);
}

/** How a lit LED behaves over time; each one is told apart without colour. */
export type Look = 'solid' | 'dim' | 'slow' | 'fast';

/** Timing and level of each look. */
export const BLINK = {
  /** 'dim' = this fraction of the region's level. */
  dimLevel: 0.25,
  /** 'slow': 1 Hz, half on. */
  slowPeriodMs: 1000,
  /**
   * 'fast': 2.5 Hz, half on: a refusal's red column, a stuck key in the self-test. Under WCAG 2.3.1's
   * three flashes a second (it was 4 Hz, six red flashes in a refusal's 1.5 s).
   */
  fastPeriodMs: 400,
} as const;
