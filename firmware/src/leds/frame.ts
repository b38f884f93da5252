/**
 * The LED frame. Each LED holds its palette letter's char code, in data-chain order, so the
 * same bytes give the LEDs' colours (through the palette) and the frame text the host sees
 * (through the row order). A Pico manages only ~3k JS function calls a second, so drawing is
 * one typed-array write per lit LED (`leds[i] = C.red`, no call), and every pass over the whole
 * frame is one Espruino native: clear (set), colours (E.mapInPlace through the palette into
 * 24-bit GRB), current (E.sum), scaling (E.mapInPlace) and text (E.mapInPlace, E.toString).
 */
import type { EspruinoE } from '../espruino-types';
import { bytes } from './bytes';

declare const E: EspruinoE;
declare const Uint24Array: { new (buffer: ArrayBufferLike): Uint8Array } | undefined;

/** Palette letters as sent on the link; colours are their char codes. */
export const PALETTE_LETTERS = '.dWRGBYCMO';

export const enum C {
  off = 46, // .
  dim = 100, // d (dim white)
  white = 87, // W
  red = 82, // R
  green = 71, // G
  blue = 66, // B
  yellow = 89, // Y
  cyan = 67, // C
  magenta = 77, // M
  orange = 79, // O
}

/** Full-scale colour of each palette letter, 'rrggbb' in PALETTE_LETTERS order. */
const PALETTE_HEX = '000000' + '282828' + 'ffffff' + 'ff0000' + '00ff00' + '0000ff' + 'ffb400' + '00ffff' + 'ff00ff' + 'ff5000';

function rgbTriples(): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < PALETTE_HEX.length; i += 6) out.push([parseInt(PALETTE_HEX.substr(i, 2), 16), parseInt(PALETTE_HEX.substr(i + 2, 2), 16), parseInt(PALETTE_HEX.substr(i + 4, 2), 16)]);
  return out;
}

/** Palette: index → [r, g, b] at full scale (for the host's screens; not in the board's RAM). */
export const PALETTE_RGB: number[][] = /* @__PURE__ */ rgbTriples();

/**
 * Chain position of each LED in row-major order, from the build data on first use (the host
 * imports this file for the palette, without build data).
 */
let rowOrder: Uint8Array | null = null;

export class Frame {
  /** Palette letter (C) per LED, in chain order: what the renderers write. */
  readonly leds: Uint8Array;
  /**
   * GRB bytes in chain order, within the brightness cap and the current budget; empty where no
   * LED chain is attached (Espruino's Linux build), which then skips colouring and limiting.
   */
  readonly grb: Uint8Array;
  /** The same bytes 3 at a time, where the interpreter has Uint24Array (Espruino; not Node). */
  private grb24: Uint8Array | null;
  /** Letter code → G | R << 8 | B << 16 at the brightness cap (little-endian GRB bytes). */
  private pal = new Uint32Array(128);
  private rows: Uint8Array;
  private blank: Uint8Array;
  private text8: Uint8Array;
  /** The frame whose GRB bytes are in `grb` (E.toString of leds), '' = none yet. */
  private shown = '';
  /**
   * Self-test chase: the LED at this chain position (-1: none) is lit in chainColour on the LEDs
   * only (not in the text): it shows the wiring order. Cleared by clear().
   */
  chainLed = -1;
  chainColour = 0;
  /** Byte-sum scaling table for the last over-budget factor (built in JS: 256 steps). */
  private scale: Uint8Array | null = null;
  private scaleFactor = 0;

  private budgetMa = 0;

  constructor(brightness: number, budgetMa: number, chain: boolean) {
    const n = __DT_BUILD__.width * __DT_BUILD__.height;
    this.rows = rowOrder || (rowOrder = bytes(__DT_BUILD__.rows));
    this.leds = new Uint8Array(n);
    this.grb = new Uint8Array(chain ? n * 3 : 0);
    this.grb24 = typeof Uint24Array === 'undefined' ? null : new Uint24Array(this.grb.buffer);
    this.blank = new Uint8Array(n).fill(C.off);
    this.text8 = new Uint8Array(n);
    this.setLimits(brightness, budgetMa);
  }

  /** Per-channel maximum (0..255) and the frame current budget in mA (board settings). */
  setLimits(cap: number, budgetMa: number): void {
    this.budgetMa = budgetMa;
    const hex = PALETTE_HEX;
    for (let i = 0; i < PALETTE_LETTERS.length; i++) {
      const r = Math.round((parseInt(hex.substr(i * 6, 2), 16) * cap) / 255);
      const g = Math.round((parseInt(hex.substr(i * 6 + 2, 2), 16) * cap) / 255);
      const b = Math.round((parseInt(hex.substr(i * 6 + 4, 2), 16) * cap) / 255);
      this.pal[PALETTE_LETTERS.charCodeAt(i)] = g | (r << 8) | (b << 16);
    }
    this.shown = '';
  }

  clear(): void {
    this.leds.set(this.blank);
    this.chainLed = -1;
  }

  /** Lights the LED at column x, row y (self-test, staff marker; renderers write `leds`). */
  set(x: number, y: number, colour: number): void {
    const w = __DT_BUILD__.width;
    if (x >= 0 && y >= 0 && x < w && y < __DT_BUILD__.height) this.leds[this.rows[y * w + x]] = colour;
  }

  /**
   * Brings `grb` up to date with `leds`: palette, then the current budget. Returns false (and
   * does nothing) when the LEDs already show this frame.
   */
  update(): boolean {
    // E.toString of a typed array is its own buffer (it changes with it): + '' keeps a copy.
    let key = E.toString(this.leds) + '';
    if (this.chainLed >= 0) key += this.chainLed;
    if (key === this.shown) return false;
    this.shown = key;
    const g = this.grb;
    if (!g.length) return true;
    if (this.grb24) E.mapInPlace(this.leds, this.grb24, this.pal);
    else {
      // Node (the simulated board) has no Uint24Array: the same bytes one by one.
      for (let i = 0; i < this.leds.length; i++) {
        const v = this.pal[this.leds[i]];
        g[i * 3] = v & 255;
        g[i * 3 + 1] = (v >> 8) & 255;
        g[i * 3 + 2] = v >> 16;
      }
    }
    if (this.chainLed >= 0 && this.chainLed < this.leds.length) {
      const v = this.pal[this.chainColour];
      g[this.chainLed * 3] = v & 255;
      g[this.chainLed * 3 + 1] = (v >> 8) & 255;
      g[this.chainLed * 3 + 2] = v >> 16;
    }
    // Scaled down when the frame would draw more than the current budget.
    let sum = 0;
    if (E.sum) sum = E.sum(g);
    else for (let i = 0; i < g.length; i++) sum += g[i];
    // WS2812: ~20 mA per channel at 255 (hardware/power.ts maPerChannelFull).
    const load = (sum * 20) / 255;
    if (load <= this.budgetMa) return true;
    const f = this.budgetMa / load;
    if (!this.scale || f !== this.scaleFactor) {
      const table = new Uint8Array(256);
      for (let v = 0; v < 256; v++) table[v] = Math.floor(v * f);
      this.scale = table;
      this.scaleFactor = f;
    }
    E.mapInPlace(g, g, this.scale);
    return true;
  }

  /** One letter per LED in row-major order (x fastest): the frame as the host sees it. */
  text(): string {
    E.mapInPlace(this.rows, this.text8, this.leds);
    return E.toString(this.text8) + '';
  }
}
