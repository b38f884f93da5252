/**
 * Long-press detection on top of debounced edges. A held button gives exactly one 'long'
 * (while still held, so the player gets feedback) and nothing on release; a short press gives
 * one 'press' on release. Bounce is filtered before this by setWatch's debounce.
 */
import type { ButtonKind } from './board';

export const LONG_PRESS_MS = 800;

/**
 * Per held button: its long-press timer (ids are never 0), or 0 once 'long' is reported. Released
 * buttons have no entry: a record for every button ever pressed was RAM kept for good.
 */
const down: Record<string, number> = {};

/**
 * `pressed` = level after a debounced edge; `emit` gets down, long, press and up. Repeated
 * edges in the same direction are ignored.
 */
export function buttonEdge(id: string, pressed: boolean, emit: (id: string, kind: ButtonKind) => void): void {
  if (pressed) {
    if (down[id] !== undefined) return;
    down[id] = 0;
    emit(id, 'down');
    // (Cleared at release: it runs only while the button is held.)
    down[id] = setTimeout(() => {
      down[id] = 0;
      emit(id, 'long');
    }, LONG_PRESS_MS) as unknown as number;
  } else {
    const t = down[id];
    if (t === undefined) return;
    delete down[id];
    // The up edge even when the press's handler threw (a chord would stay held for good).
    try {
      if (t) {
        clearTimeout(t);
        emit(id, 'press');
      }
    } finally {
      emit(id, 'up');
    }
  }
}
