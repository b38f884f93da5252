/**
 * The power figures themselves, apart from what hardware/power.ts derives from them: the board's
 * Storage modules import only these (a derived constant would be bundled, unused, into each).
 */

/** The brightness cap and frame budget alone (the firmware's Storage modules inline them). */
export const BRIGHTNESS_CAP = 32;
export const LED_BUDGET_MA = 250;
/**
 * The most any setting may give the lit LEDs: USB's 500 mA less the board (60) and the 128 dark
 * LEDs (1 mA each), no reserve left (hardware/power.ts checks the sum). The board refuses more
 * and clamps a stored value to it, whoever sent it: the host's `config` is not the only writer.
 */
export const enum PowerLimit {
  ledBudgetMaxMa = 312,
}
/** The same for code that wants a plain number (the firmware uses the enum: esbuild inlines it). */
export const LED_BUDGET_MAX_MA: number = PowerLimit.ledBudgetMaxMa;

/**
 * All currents in mA. The board and LED numbers are estimates (datasheet typicals), not
 * measurements; `RESERVE_MA` (power.ts) is the head-room left for that uncertainty.
 */
export const POWER = {
  /** A USB 2.0 port or charger we must stay under. */
  usbLimitMa: 500,
  /** MCU running with USB, 15 pull-ups, piezo buzzer: estimate for the hungriest supported board. */
  boardMa: 60,
  /** WS2812B LEDs on the board (2 panels of 8×8). */
  ledCount: 128,
  /** A dark WS2812B still draws about 1 mA (its driver IC). */
  idleMaPerLed: 1,
  /** One WS2812B channel at 255. */
  maPerChannelFull: 20,
  /** Drive current (above idle) a frame may use; limitFrame() scales frames down to this. */
  ledBudgetMa: LED_BUDGET_MA,
  /**
   * Highest byte any channel may carry. 32/255 (12.5 %) is plenty indoors at arm's length and
   * keeps a busy game frame (about 40 LEDs lit) well inside ledBudgetMa, so frames rarely need scaling.
   */
  brightnessCap: BRIGHTNESS_CAP,
} as const;
