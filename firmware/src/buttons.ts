/**
 * Long-press detection on top of debounced edges. A held button gives exactly one 'long'
 * (while still held, so the player gets feedback) and nothing on release; a short press gives
 * one 'press' on release. Bounce is filtered before this by setWatch's debounce.
 */
import type { ButtonKind } from './board';

export const LONG_PRESS_MS = 800;

/** Per held button: 1 = down, 2 = down and 'long' reported. */
const down: Record<string, number> = {};
const timers: Record<string, number> = {};

/**
 * `pressed` = level after a debounced edge; `emit` gets down, long, press and up. Repeated
 * edges in the same direction are ignored.
 */
export function buttonEdge(id: string, pressed: boolean, emit: (id: string, kind: ButtonKind) => void): void {
  if (pressed) {
    if (down[id] !== undefined) return;
    down[id] = 1;
    emit(id, 'down');
    timers[id] = setTimeout(() => {
      if (down[id] !== undefined) {
        down[id] = 2; // long already reported
        emit(id, 'long');
      }
    }, LONG_PRESS_MS) as unknown as number;
  } else {
    const st = down[id];
    if (st === undefined) return;
    delete down[id];
    clearTimeout(timers[id]);
    // The up edge even when the press's handler threw (a chord would stay held for good).
    try {
      if (st === 1) emit(id, 'press');
    } finally {
      emit(id, 'up');
    }
  }
}
