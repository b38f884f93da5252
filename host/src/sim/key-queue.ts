/**
 * Keys pressed one after the other on the simulated board. A terminal hands over what was typed
 * in chunks (a fast typist's or a paste's keys come several at once); each key is pressed in turn,
 * the next only once the last one's button is up again and debounced, so none is lost or merged
 * (two presses of one button at once would be one).
 */
import { INPUT_TIMING } from '../../../hardware/pinmap';

/** Between one key's release (debounced) and the next key's press. */
const KEY_GAP_MS = 20;

/**
 * `press(key, released)` acts on one key and returns whether it holds a button down; if so it
 * calls `released` once the button is up. Returns the function that queues typed keys.
 */
export function keyQueue(press: (key: string, released: () => void) => boolean): (keys: string[]) => void {
  const queue: string[] = [];
  let busy = false;
  const next = (): void => {
    const k = queue.shift();
    busy = k !== undefined;
    if (k === undefined) return;
    // Counted from when the button really came up: timers run late on a loaded machine, and a
    // press inside the last one's debounce time would merge with it.
    if (!press(k, () => setTimeout(next, INPUT_TIMING.debounceMs + KEY_GAP_MS))) next();
  };
  return (keys) => {
    queue.push(...keys);
    if (!busy) next();
  };
}
