/** Board settings kept in Storage (set from the buttons' staff menu or by the host: `dicetray config`, the `cfg` command). */
import { BRIGHTNESS_CAP, LED_BUDGET_MA, PowerLimit } from '../../hardware/power-figures';
import { espruinoModule } from './espruino-module';
import { ConfigFile } from './save-config';

// A type, not an interface: it is the snapshot's settings record (Snapshot.c) as it stands.
export type BoardConfig = {
  /** Reroll-window countdown. */
  window_ms: number;
  /**
   * Before the board applies the only possible marker action (R-PV-22): time to correct the
   * throw that ended the turn (BACK). OK, or the next throw's first face, applies it at once.
   */
  marker_ms: number;
  /** Per-channel LED maximum (0..255) before the frame current budget. */
  brightness: number;
  /** Frame current budget for the LEDs in mA (USB: 500 mA in all). */
  led_budget_ma: number;
  /** Idle time before the attract screen (0 = never). */
  attract_ms: number;
  /** Idle time after which an abandoned game is reset (0 = never; kiosk). */
  abandon_ms: number;
  /** Send every LED frame over the link (always on where the board has no pins); off again at boot. */
  leds_link: boolean;
  beep: boolean;
};

/**
 * The settings of a board that has none saved, as a new object each time: the boot code needs
 * them only without dt.rare (app.ts), and an object kept in the boot bundle's scope would hold
 * ~20 variables of RAM for good.
 */
export function defaultBoardConfig(): BoardConfig {
  return {
    window_ms: 8000,
    marker_ms: 3000,
    brightness: BRIGHTNESS_CAP,
    led_budget_ma: LED_BUDGET_MA,
    attract_ms: 120000,
    abandon_ms: 0,
    leds_link: false,
    beep: true,
  };
}

export const DEFAULT_BOARD_CONFIG: BoardConfig = /* @__PURE__ */ defaultBoardConfig();

export function loadConfig(): BoardConfig {
  const c = defaultBoardConfig();
  const S = espruinoModule('Storage');
  // The spare is there only when a power cut came in the middle of a save: it holds the new
  // settings whole, or it is torn (padded with 0xFF) and the file still holds the old ones.
  const o = S.readJSON(ConfigFile.spare, true) || S.readJSON(ConfigFile.main, true);
  // A damaged config falls back to defaults rather than bricking the table.
  if (o && typeof o === 'object') for (const k in c) if (o[k] !== undefined && typeof o[k] === typeof (c as unknown as Record<string, unknown>)[k]) (c as unknown as Record<string, unknown>)[k] = o[k];
  // A mirror's session setting: a save while one was attached wrote it too, and frames then went
  // down a link nobody read after every restart.
  c.leds_link = false;
  return c;
}

/** Setting ranges the board holds to (the host's too, config-settings.ts): esbuild inlines the enum. */
export const enum ConfigLimit {
  /** Any duration: longer is a typo (abandon=30d), not a setting anyone means. */
  maxMs = 86400000,
  /** The reroll window: 0 passed every throw at once, nobody could frustrate or reduce. */
  windowMinMs = 2000,
}
/** The same for code that wants plain numbers. */
export const MAX_SETTING_MS: number = ConfigLimit.maxMs;
export const WINDOW_MIN_MS: number = ConfigLimit.windowMinMs;

/** Sets one key; returns an error text or null. */
export function setConfig(c: BoardConfig, k: string, v: unknown): string | null {
  const cur = (c as unknown as Record<string, unknown>)[k];
  // Short details: the host explains them (they are the setting's name). Own keys only: `__proto__`
  // or `toString` are no settings.
  if (!(c as object).hasOwnProperty(k) || typeof v !== typeof cur) return k;
  // The ranges hold for a raw packet too, not only for the host's config command; whole numbers
  // only (a brightness of 64.5 was kept, and shown as such).
  if (typeof v === 'number' && (v < 0 || v !== Math.floor(v) || v > (k === 'brightness' ? 255 : k === 'led_budget_ma' ? PowerLimit.ledBudgetMaxMa : ConfigLimit.maxMs) || (k === 'window_ms' && v < ConfigLimit.windowMinMs))) return k;
  (c as unknown as Record<string, unknown>)[k] = v;
  return null;
}
