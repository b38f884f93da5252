/**
 * Protocol v2: the game state's long key names travel as one capital letter, on the wire (snapshots,
 * `load`, any line) and in the board's Storage (the journal). The firmware build renames them
 * throughout the bundle (esbuild mangleProps with these names pinned), because Espruino reads every
 * character of the code it runs and keeps every key name in RAM: −1.5 KB of bundle and fewer
 * characters read on every button event. The host turns them back at the codec (host-codec.ts), so
 * everything above it, the engine in Node included, sees the conventions' names.
 *
 * No capital letter is a key of anything else the board sends or reads (a test checks the sources),
 * so a host can expand every key it receives without knowing where it sits.
 */
import { setOwn } from '../engine/set-own';

export const WIRE_KEYS: Readonly<Record<string, string>> = {
  phase: 'A',
  players: 'B',
  turn: 'C',
  active: 'D',
  last: 'E',
  frustrations: 'F',
  middle: 'G',
  targets: 'H',
  ravens: 'I',
  frustraters: 'J',
  markers: 'K',
  target: 'L',
  undo: 'M',
  config: 'N',
  first_faces: 'O',
  reroll: 'P',
  murphy: 'Q',
  frustrate_used: 'R',
  reduce_used: 'S',
  reroll_by: 'T',
  reduce_reroll_immune_to_frustrate: 'U',
  steal_only_if_middle_lacks_value: 'V',
  unofficial_player_count: 'W',
  greedy: 'X',
  winners: 'Y',
  scores: 'Z',
};

const LONG: Record<string, string> = {};
for (const k of Object.keys(WIRE_KEYS)) LONG[WIRE_KEYS[k]] = k;

function rename(v: unknown, names: Record<string, string>): unknown {
  if (Array.isArray(v)) return v.map((x) => rename(x, names));
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const to = Object.prototype.hasOwnProperty.call(names, k) ? names[k] : k;
    // A key such as __proto__ (a player's name never is one, but a garbled line may) stays a key.
    setOwn(out, to, rename((v as Record<string, unknown>)[k], names));
  }
  return out;
}

/** What the board sent, with the conventions' key names (a copy; values untouched). */
export function expandKeys<T>(v: T): T {
  return rename(v, LONG) as T;
}

/** What goes to the board, with its key names (a copy; values untouched). */
export function shortenKeys<T>(v: T): T {
  return rename(v, WIRE_KEYS) as T;
}
