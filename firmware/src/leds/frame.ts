/**
 * An LED frame kept twice: logical colours (one palette index per LED, what the host and the
 * terminal view see) and the GRB bytes for the WS2812 chain. Only lit cells cost JS work;
 * clearing, scaling and encoding use Espruino's native typed-array helpers, because a Pico
 * runs only ~400 simple JS loop iterations in a 50 ms frame.
 */
import type { EspruinoE } from '../espruino-types';

declare const E: EspruinoE;

/** Palette: index → [r, g, b] at full scale; letter used on the link. */
export const PALETTE_RGB = [
  [0, 0, 0], // 0 off
  [40, 40, 40], // 1 dim white
  [255, 255, 255], // 2 white
  [255, 0, 0], // 3 red
  [0, 255, 0], // 4 green
  [0, 0, 255], // 5 blue
  [255, 180, 0], // 6 yellow
  [0, 255, 255], // 7 cyan
  [255, 0, 255], // 8 magenta
  [255, 80, 0], // 9 orange
];
export const PALETTE_LETTERS = '.dWRGBYCMO';
const LETTER_CODES = new Uint8Array(PALETTE_LETTERS.length);
for (let i = 0; i < PALETTE_LETTERS.length; i++) LETTER_CODES[i] = PALETTE_LETTERS.charCodeAt(i);

export const C = { off: 0, dim: 1, white: 2, red: 3, green: 4, blue: 5, yellow: 6, cyan: 7, magenta: 8, orange: 9 };

export class Frame {
  readonly w: number;
  readonly h: number;
  /** Palette index per LED, row-major (index y * w + x). */
  readonly logical: Uint8Array;
  /** GRB bytes in chain order (see the layout's wiring). */
  readonly grb: Uint8Array;
  /** Capped colours per palette entry and their current in mA (WS2812: ~20 mA per channel at 255). */
  private pal: Uint8Array;
  private ma: number[];
  private load = 0;
  private budget: number;
  private index: (x: number, y: number) => number;

  constructor(w: number, h: number, index: (x: number, y: number) => number, brightness: number, budgetMa: number) {
    this.w = w;
    this.h = h;
    this.index = index;
    this.logical = new Uint8Array(w * h);
    this.grb = new Uint8Array(w * h * 3);
    this.pal = new Uint8Array(PALETTE_RGB.length * 3);
    this.ma = [];
    this.budget = budgetMa;
    this.setBrightness(brightness);
  }

  setBrightness(cap: number): void {
    for (let i = 0; i < PALETTE_RGB.length; i++) {
      const c = PALETTE_RGB[i];
      const r = Math.round((c[0] * cap) / 255);
      const g = Math.round((c[1] * cap) / 255);
      const b = Math.round((c[2] * cap) / 255);
      this.pal[i * 3] = g;
      this.pal[i * 3 + 1] = r;
      this.pal[i * 3 + 2] = b;
      this.ma[i] = ((r + g + b) * 20) / 255;
    }
  }

  clear(): void {
    this.logical.fill(0);
    this.grb.fill(0);
    this.load = 0;
  }

  set(x: number, y: number, colour: number): void {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    const l = y * this.w + x;
    const i = this.index(x, y);
    this.load += this.ma[colour] - this.ma[this.logical[l]];
    this.logical[l] = colour;
    const p = colour * 3;
    this.grb[i * 3] = this.pal[p];
    this.grb[i * 3 + 1] = this.pal[p + 1];
    this.grb[i * 3 + 2] = this.pal[p + 2];
  }

  /** Lights the i-th LED of the data chain directly (self-test chase: shows the wiring order). */
  setChain(i: number, colour: number): void {
    const p = colour * 3;
    this.grb[i * 3] = this.pal[p];
    this.grb[i * 3 + 1] = this.pal[p + 1];
    this.grb[i * 3 + 2] = this.pal[p + 2];
    this.load += this.ma[colour];
  }

  /** Estimated LED current of the frame in mA (idle current not included). */
  current(): number {
    return this.load;
  }

  /** Scales the GRB bytes down when the frame would exceed the current budget. Returns the factor. */
  limit(): number {
    if (this.load <= this.budget) return 1;
    const f = this.budget / this.load;
    const table = new Uint8Array(256);
    for (let v = 0; v < 256; v++) table[v] = Math.floor(v * f);
    E.mapInPlace(this.grb, this.grb, table);
    return f;
  }

  /** One letter per LED in row-major order (x fastest): the frame as the host sees it. */
  toText(): string {
    const out = new Uint8Array(this.w * this.h);
    E.mapInPlace(this.logical, out, LETTER_CODES);
    return E.toString(out) as string;
  }
}
