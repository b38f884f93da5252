/**
 * Button and LED self-test for assembly (hardware/LAYOUT.md, SELFTEST_STEPS): every button
 * lights its own column while held and leaves a mark in row 7; a stuck button blinks; then a
 * full-panel red, green, blue and white-at-cap sweep (through the frame current limit) and a
 * chase through the data chain show every LED and the wiring order.
 */
import type { ButtonKind, SelfTestBoard } from '../board';
import type { EspruinoGlobals } from '../espruino-types';
import type { Frame } from '../leds/frame';
import { C } from '../leds/frame';

declare const getTime: EspruinoGlobals['getTime'];

/** Button → column (hardware SELFTEST_COLUMNS, with the firmware's button ids). */
export const COLUMN: Record<string, number> = { K1: 0, K2: 1, K3: 2, K4: 3, K5: 4, K6: 5, OK: 6, BK: 7, S1: 8, S2: 9, S3: 10, S4: 11, S5: 12, S6: 13, S7: 14 };
export const SELFTEST_ENTER_MS = 500;
// Exported for test/hardware (SELFTEST_TIMING); the module's entry does not re-export them, so
// they cost no bytes on the board.
export const EXIT_MS = 3000;
export const SWEEP_HOLD_MS = 2000;
export const SWEEP_MS = 2000;
export const WHITE_MS = 4000;
/**
 * One chase step per self-test redraw (the app's SELFTEST_TICK_MS, 125 ms): a shorter step
 * skipped LEDs between redraws.
 */
export const CHASE_MS = 125;
/** A self-test nobody touches for this long ends by itself (a kiosk table would stay dark). */
export const SELFTEST_IDLE_MS = 300000;

export class SelfTest {
  private held: Record<string, boolean> = {};
  private tested: Record<string, boolean> = {};
  private stuck: Record<string, boolean> = {};
  private released = false;
  private holdTimer = -1;
  /** -1: buttons view; 0..3 sweep colours; 4..131 chase position + 4. */
  private sweep = -1;
  private sweepAt = 0;
  private last = getTime() * 1000;

  constructor(
    private board: SelfTestBoard,
    private frame: Frame,
    private leave: () => void,
  ) {
    const now = board.pressedNow();
    for (let i = 0; i < now.length; i++) if (now[i] !== 'OK' && now[i] !== 'BK') this.stuck[now[i]] = true;
    this.held.OK = now.indexOf('OK') >= 0;
    this.held.BK = now.indexOf('BK') >= 0;
  }

  button(id: string, kind: ButtonKind): void {
    if (kind !== 'down' && kind !== 'up') return;
    const down = kind === 'down';
    this.last = getTime() * 1000;
    this.held[id] = down;
    if (down) {
      this.tested[id] = true;
      delete this.stuck[id];
      this.board.beep(2000, 50);
    }
    if (!this.held.OK || !this.held.BK) this.released = true;
    if (this.holdTimer >= 0) clearTimeout(this.holdTimer);
    this.holdTimer = -1;
    if (this.held.OK && this.held.BK && this.released) {
      this.holdTimer = setTimeout(() => this.leave(), EXIT_MS) as unknown as number;
    } else if (this.held.OK && !this.held.BK) {
      this.holdTimer = setTimeout(() => this.startSweep(), SWEEP_HOLD_MS) as unknown as number;
    }
    let all = true;
    for (const b in COLUMN) if (!this.tested[b]) all = false;
    if (all && this.sweep < 0) this.startSweep();
  }

  private startSweep(): void {
    this.sweep = 0;
    this.sweepAt = getTime() * 1000;
  }

  /** Draws the current self-test frame; called by the app's tick. */
  render(now: number): void {
    const f = this.frame;
    // Left from the next tick, not from inside this render (the app is drawing with it).
    if (now - this.last > SELFTEST_IDLE_MS) setTimeout(this.leave, 0);
    f.clear();
    if (this.sweep >= 0) {
      const t = now - this.sweepAt;
      if (t < 3 * SWEEP_MS + WHITE_MS) {
        const colour = t < SWEEP_MS ? C.red : t < 2 * SWEEP_MS ? C.green : t < 3 * SWEEP_MS ? C.blue : C.white;
        f.leds.fill(colour);
        return;
      }
      // Counted from the redraw's own tick (now less now % CHASE_MS: the app redraws every
      // CHASE_MS on the tick), so each redraw moves exactly one LED on, whatever the timer jitter.
      const i = Math.floor((t - (now % CHASE_MS) - 3 * SWEEP_MS - WHITE_MS) / CHASE_MS);
      if (i < f.leds.length) {
        f.chainLed = i;
        f.chainColour = C.white;
        return;
      }
      // Round over: marks cleared, ready for another.
      this.sweep = -1;
      this.tested = {};
    }
    const fast = now % 250 < 125;
    for (const b in COLUMN) {
      const x = COLUMN[b];
      if (this.held[b] || (this.stuck[b] && fast)) for (let y = 0; y < 7; y++) f.set(x, y, C.white);
      if (this.tested[b]) f.set(x, 7, C.green);
    }
    if (now % 1000 < 500) f.set(15, 0, C.cyan); // heartbeat
  }
}
