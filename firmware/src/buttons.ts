/**
 * Long-press detection on top of debounced edges. A held button gives exactly one 'long'
 * (while still held, so the player gets feedback) and nothing on release; a short press gives
 * one 'press' on release. Bounce is filtered before this by setWatch's debounce.
 */
import type { ButtonKind } from './board';

export const LONG_PRESS_MS = 800;

export class ButtonTimer {
  private down: Record<string, number> = {};
  private timers: Record<string, number> = {};
  constructor(
    private after: (ms: number, fn: () => void) => number,
    private cancel: (id: number) => void,
    private emit: (id: string, kind: ButtonKind) => void,
  ) {}

  /** `pressed` = level after a debounced edge. Repeated edges in the same direction are ignored. */
  edge(id: string, pressed: boolean): void {
    if (pressed) {
      if (this.down[id] !== undefined) return;
      this.down[id] = 1;
      this.emit(id, 'down');
      this.timers[id] = this.after(LONG_PRESS_MS, () => {
        if (this.down[id] !== undefined) {
          this.down[id] = 2; // long already reported
          this.emit(id, 'long');
        }
      });
    } else {
      const st = this.down[id];
      if (st === undefined) return;
      delete this.down[id];
      this.cancel(this.timers[id]);
      if (st === 1) this.emit(id, 'press');
      this.emit(id, 'up');
    }
  }

}
