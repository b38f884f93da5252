/**
 * Defaults the CLI's help states and the commands use: one place, with no imports, so `main.ts`
 * can show them without loading a command.
 */

/** The simulated board's Storage image (`dicetray sim`, and `sim` as a board for other commands). */
export const DEFAULT_SIM_STORAGE = '.dicetray/sim-storage.json';
/** Where `dicetray mirror` writes one action log per game. */
export const DEFAULT_LOG_DIR = '.dicetray/logs';
/** The big-screen page's port (`dicetray mirror --web`). */
export const DEFAULT_WEB_PORT = 8080;
