/**
 * The longest `wait` (and `chord`) a script may ask for. Longer is a typo (wait 30000000: 8 h 20 min
 * of a CI job hanging), not a timer anyone means to wait out; refused when the script is read.
 */
import { MAX_SETTING_MS } from '../../../firmware/src/config';

export const WAIT_LIMIT_MS = {
  /**
   * The simulated board's fake clock: no board timer runs longer than a setting may be (24 h:
   * abandon, attract), and the board's 1 s idle tick notices it; a minute more is room for that.
   * A day of board time costs ~10 s here (that tick runs 86,400 times).
   */
  simulated: MAX_SETTING_MS + 60_000,
  /**
   * A board on real time waits for real: a kiosk's abandon timer (30 min in the README) with room
   * to spare. Longer timers are tested on sim, where the clock jumps.
   */
  realTime: 3_600_000,
};
