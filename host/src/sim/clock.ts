/**
 * Timers for the simulated board. RealClock follows wall time; FakeClock only moves when told
 * (table scripts, tests), so a 8-second reroll window takes no time at all to run out.
 */
export interface SimClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
  setInterval(fn: () => void, ms: number): number;
  clearInterval(id: number): void;
  /** Stops every timer (power cut). */
  stopAll(): void;
}

export class RealClock implements SimClock {
  private next = 1;
  private timers = new Map<number, NodeJS.Timeout>();
  private t0 = Date.now();
  now(): number {
    return Date.now() - this.t0;
  }
  setTimeout(fn: () => void, ms: number): number {
    const id = this.next++;
    this.timers.set(id, setTimeout(() => {
      this.timers.delete(id);
      fn();
    }, Math.max(0, ms)));
    return id;
  }
  clearTimeout(id: number): void {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
  }
  setInterval(fn: () => void, ms: number): number {
    const id = this.next++;
    this.timers.set(id, setInterval(fn, Math.max(1, ms)));
    return id;
  }
  clearInterval(id: number): void {
    const t = this.timers.get(id);
    if (t) clearInterval(t);
    this.timers.delete(id);
  }
  stopAll(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}

interface FakeTimer {
  at: number;
  fn: () => void;
  every: number;
}

export class FakeClock implements SimClock {
  private t = 0;
  private next = 1;
  private timers = new Map<number, FakeTimer>();
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): number {
    const id = this.next++;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn, every: 0 });
    return id;
  }
  clearTimeout(id: number): void {
    this.timers.delete(id);
  }
  setInterval(fn: () => void, ms: number): number {
    const id = this.next++;
    this.timers.set(id, { at: this.t + Math.max(1, ms), fn, every: Math.max(1, ms) });
    return id;
  }
  clearInterval(id: number): void {
    this.timers.delete(id);
  }
  stopAll(): void {
    this.timers.clear();
  }
  /** Moves time forward, running every timer that falls due, in time order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let id = -1;
      let best: FakeTimer | null = null;
      for (const [k, v] of this.timers) if (v.at <= end && (!best || v.at < best.at || (v.at === best.at && k < id))) {
        best = v;
        id = k;
      }
      if (!best) break;
      this.t = best.at;
      if (best.every) best.at += best.every;
      else this.timers.delete(id);
      best.fn();
    }
    this.t = end;
  }
}
