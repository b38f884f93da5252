/**
 * The simulated board's pins: levels (inputs pulled up, as the buttons are wired), Espruino's
 * debounced setWatch, and a finger pressing, holding or bouncing a button.
 */
import type { SimClock } from './clock';

export type WatchFn = (e: { state: boolean; time: number; lastTime: number }) => void;

interface Watch {
  fn: WatchFn;
  pin: string;
  edge: string;
  debounce: number;
  repeat: boolean;
  reported: number;
  lastTime: number;
  pending: number;
}

export class SimPins {
  private levels: Record<string, number> = {};
  private watches = new Map<number, Watch>();
  /** Presses not yet released (drop). */
  private presses = new Set<() => void>();
  private nextWatch = 1;

  constructor(private clock: SimClock) {}

  /**
   * The interpreter stops (power cut, restart): its watches go, and so do the board's timers with a
   * press's release: the finger comes up anyway (a keyboard's queue waited for it for good).
   * Called with no watches left to see the edge.
   */
  drop(): void {
    this.watches.clear();
    const ups = Array.from(this.presses);
    this.presses.clear();
    for (const up of ups) up();
  }

  /** Power-up: every pin floats again. */
  reset(): void {
    this.drop();
    this.levels = {};
  }

  /** setWatch: `fn` already guarded by the board (errors reported, prompt back). */
  watch(fn: WatchFn, pin: string, o: { repeat?: boolean; edge?: string; debounce?: number }): number {
    const id = this.nextWatch++;
    this.watches.set(id, {
      fn,
      pin: String(pin),
      edge: o.edge || 'both',
      debounce: o.debounce || 0,
      repeat: !!o.repeat,
      reported: this.level(String(pin)),
      lastTime: this.clock.now() / 1000,
      pending: -1,
    });
    return id;
  }

  clearWatch(id?: number): void {
    if (id === undefined) this.watches.clear();
    else this.watches.delete(id);
  }

  pinMode(pin: string, mode: string): void {
    if (mode === 'input_pullup' && this.levels[pin] === undefined) this.levels[pin] = 1;
  }

  level(pin: string): number {
    return this.levels[pin] === undefined ? 1 : this.levels[pin];
  }

  /** Sets a pin's level; watches fire once the level has been stable for their debounce time. */
  set(pin: string, v: number): void {
    this.levels[pin] = v;
    for (const w of this.watches.values()) {
      if (w.pin !== pin) continue;
      if (w.pending >= 0) this.clock.clearTimeout(w.pending);
      const settle = () => {
        w.pending = -1;
        const now = this.level(pin);
        if (now === w.reported) return;
        w.reported = now;
        if (w.edge === 'both' || (w.edge === 'rising' && now === 1) || (w.edge === 'falling' && now === 0)) {
          const t = this.clock.now() / 1000;
          w.fn({ state: now === 1, time: t, lastTime: w.lastTime });
          w.lastTime = t;
        }
      };
      if (w.debounce > 0) w.pending = this.clock.setTimeout(settle, w.debounce);
      else settle();
    }
  }

  /** Holds `pin` low for `ms`; `released` runs when it is up again (on the board's clock, however late). */
  press(pin: string, ms: number, released?: () => void): void {
    this.set(pin, 0);
    const up = () => {
      this.presses.delete(up);
      this.set(pin, 1);
      if (released) released();
    };
    this.presses.add(up);
    this.after(ms, up);
  }

  /** Bouncing contact: a burst of edges shorter than the debounce time, then a clean press. */
  bounce(pin: string, ms: number): void {
    const flips = [0, 1, 0, 1, 0];
    flips.forEach((v, i) => this.after(i * 2, () => this.set(pin, v)));
    this.after(ms, () => this.set(pin, 1));
    this.after(ms + 3, () => this.set(pin, 0));
    this.after(ms + 5, () => this.set(pin, 1));
  }

  private after(ms: number, fn: () => void): void {
    if (ms <= 0) fn();
    else this.clock.setTimeout(fn, ms);
  }
}
