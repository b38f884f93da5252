/**
 * The LED frame. Each LED holds its palette letter's char code in row-major order, so the bytes
 * are the frame text the host sees (E.toString) and, put in chain order and through the palette,
 * the LEDs' colours. A Pico manages only ~3k JS function calls a second, so every pass over the
 * whole frame is one Espruino native: chain order (E.mapInPlace gathering through the chain's
 * row positions), colours (E.mapInPlace through the palette into 24-bit GRB), current (E.sum),
 * scaling (E.mapInPlace) and text (E.toString).
 */
import type { EspruinoE } from '../espruino-types';
import { bytes } from './bytes';
import { PowerLimit } from '../../../hardware/power-figures';

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

export class Frame {
  /**
   * Palette letter (C) per LED in row-major order (x fastest): what the renderers write, and the
   * frame text the host sees as it is.
   */
  readonly leds: Uint8Array;
  /**
   * GRB bytes in chain order, within the brightness cap and the current budget; empty where no
   * LED chain is attached (Espruino's Linux build), which then skips colouring and limiting.
   */
  readonly grb: Uint8Array;
  /** The same bytes 3 at a time, where the interpreter has Uint24Array (Espruino; not Node). */
  private grb24: Uint8Array | null = null;
  /** With a chain: the letters in chain order, and the row-major position of each chain LED. */
  private chain: Uint8Array | null = null;
  private rowOf: Uint8Array | null = null;
  /** With a chain: letter code → G | R << 8 | B << 16 at the brightness cap (little-endian GRB bytes). */
  private pal: Uint8Array | Uint32Array | null = null;
  /** The frame whose GRB bytes are in `grb` (E.toString of leds), '' = none yet. */
  private shown = '';
  /**
   * Self-test chase: the LED at this chain position (-1: none) is lit in chainColour on the LEDs
   * only (not in the text): it shows the wiring order. Cleared by clear() and the renderers.
   */
  chainLed = -1;
  chainColour = 0;
  /** Byte-sum scaling table for the last over-budget factor (built in JS: 256 steps). */
  private scale: Uint8Array | null = null;
  private scaleFactor = 0;

  private budgetMa = 0;

  constructor(brightness: number, budgetMa: number, chain: boolean) {
    const n = __DT_BUILD__.width * __DT_BUILD__.height;
    this.leds = new Uint8Array(n);
    this.grb = new Uint8Array(chain ? n * 3 : 0);
    if (chain) {
      this.chain = new Uint8Array(n);
      this.rowOf = bytes(__DT_BUILD__.rowOf);
      // Letters up to 'd' (100); 3 bytes each where Uint24Array exists.
      if (typeof Uint24Array === 'undefined') this.pal = new Uint32Array(101);
      else {
        this.grb24 = new Uint24Array(this.grb.buffer);
        this.pal = new Uint24Array(new ArrayBuffer(303));
      }
    }
    this.leds.fill(C.off);
    this.setLimits(brightness, budgetMa);
  }

  /** Per-channel maximum (0..255) and the frame current budget in mA (board settings). */
  setLimits(cap: number, budgetMa: number): void {
    // Whatever Storage holds (older firmware took any value): USB's limit stands.
    this.budgetMa = Math.min(budgetMa, PowerLimit.ledBudgetMaxMa);
    const hex = PALETTE_HEX;
    const pal = this.pal;
    for (let i = 0; pal && i < PALETTE_LETTERS.length; i++) {
      const r = Math.round((parseInt(hex.substr(i * 6, 2), 16) * cap) / 255);
      const g = Math.round((parseInt(hex.substr(i * 6 + 2, 2), 16) * cap) / 255);
      const b = Math.round((parseInt(hex.substr(i * 6 + 4, 2), 16) * cap) / 255);
      pal[PALETTE_LETTERS.charCodeAt(i)] = g | (r << 8) | (b << 16);
    }
    this.shown = '';
  }

  /** All LEDs off (the self-test; the renderers write every LED). */
  clear(): void {
    this.leds.fill(C.off);
    this.chainLed = -1;
  }

  /** Lights the LED at column x, row y (self-test, staff marker). */
  set(x: number, y: number, colour: number): void {
    const w = __DT_BUILD__.width;
    if (x >= 0 && y >= 0 && x < w && y < __DT_BUILD__.height) this.leds[y * w + x] = colour;
  }

  /**
   * Brings `grb` up to date with `leds`: chain order, palette, then the current budget. Returns
   * false (and does nothing) when the LEDs already show this frame.
   */
  update(): boolean {
    // E.toString of a typed array is its own buffer (it changes with it): + '' keeps a copy.
    let key = E.toString(this.leds) + '';
    if (this.chainLed >= 0) key += this.chainLed;
    if (key === this.shown) return false;
    this.shown = key;
    const g = this.grb;
    const pal = this.pal;
    const chain = this.chain;
    if (!pal || !chain) return true;
    E.mapInPlace(this.rowOf as Uint8Array, chain, this.leds);
    if (this.grb24) E.mapInPlace(chain, this.grb24, pal);
    else {
      // Node (the simulated board) has no Uint24Array: the same bytes one by one.
      for (let i = 0; i < chain.length; i++) {
        const v = pal[chain[i]];
        g[i * 3] = v & 255;
        g[i * 3 + 1] = (v >> 8) & 255;
        g[i * 3 + 2] = v >> 16;
      }
    }
    if (this.chainLed >= 0 && this.chainLed < chain.length) {
      const v = pal[this.chainColour];
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
    return E.toString(this.leds) + '';
  }
}
