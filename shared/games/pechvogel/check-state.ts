/**
 * Whether a Pechvogel state from outside (the host's `load`) keeps the invariants that play keeps:
 * the board's renderer and the engine's hot paths rely on them (counts are whole numbers in range,
 * the first faces of a turn are seven die faces). Returns what is wrong, or null.
 */
import type { PvState } from './types';
import { FIRST, MARKER, OVER, REROLL, TARGET, THROW, WINDOW } from './phases';

const PHASES = [FIRST, TARGET, THROW, WINDOW, REROLL, MARKER, OVER];

export function whole(x: unknown, lo: number, hi: number): boolean {
  return typeof x === 'number' && x % 1 === 0 && x >= lo && x <= hi;
}

function counts(a: unknown): boolean {
  if (!Array.isArray(a) || a.length !== 5) return false;
  for (let i = 0; i < 5; i++) if (!whole(a[i], 0, 3)) return false;
  return true;
}

export function checkPvState(s: PvState): string | null {
  if (!s || s.game !== 'pechvogel' || !whole(s.n, 0, 1e9)) return 'game';
  if (PHASES.indexOf(s.phase) < 0) return 'phase';
  // The rules read their options at every step (a loaded state without them threw in the board's
  // automatic marker step, again at every try).
  if (!s.config) return 'config';
  const P = s.players;
  if (!Array.isArray(P) || P.length < 2 || P.length > 7) return 'players';
  for (let i = 0; i < P.length; i++) {
    const p = P[i];
    if (!p || typeof p.name !== 'string' || !p.name || !whole(p.frustrations, 0, 1e6) || !Array.isArray(p.markers)) return 'player ' + i;
    for (let k = 0; k < p.markers.length; k++) if (!whole(p.markers[k], 3, 7)) return 'markers ' + i;
  }
  // An empty middle ends the game (RULES.md §3.3): a marker step in play then had nothing to take
  // or send to the box, and waited for good.
  if (!counts(s.middle) || (s.phase !== OVER && s.middle.join('') === '00000')) return 'middle';
  if (!counts(s.box)) return 'box';
  if (!whole(s.active, 0, P.length - 1) || !whole(s.murphy, -1, P.length - 1)) return 'seat';
  const T = s.turn;
  if (!T || !whole(T.targets, 0, 7) || !whole(T.ravens, 0, 7 - T.targets) || !whole(T.reroll, 0, 7)) return 'turn';
  if (T.target !== null && !whole(T.target, 3, 7)) return 'target';
  if (!Array.isArray(T.frustraters)) return 'frustraters';
  for (let i = 0; i < T.frustraters.length; i++) if (!whole(T.frustraters[i], -1, P.length - 1)) return 'frustraters';
  const F = T.first_faces;
  if (F !== null && F !== undefined) {
    if (!Array.isArray(F) || F.length !== 7) return 'first_faces';
    for (let i = 0; i < 7; i++) if (F[i] !== 'R' && !whole(F[i], 3, 7)) return 'first_faces';
  }
  // The state a correction goes back to.
  if (s.undo) {
    const u = checkPvState(s.undo);
    if (u) return 'undo ' + u;
  }
  return null;
}
