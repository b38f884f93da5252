/**
 * A second, deliberately plain Pechvogel model, written from ../shared/docs/RULES.md §3.3 and the
 * rulings in the scenarios' own terms (players by name, counts per value, phase names), and sharing
 * no code with the engine. Acceptance checks the engine against an independent implementation on
 * random game fragments; this is ours, so a divergence shows up here first
 * (test/shared/pechvogel-reference.test.ts). Speed does not matter; clarity does.
 */
export type RFace = number | 'R';

export interface RPlayer {
  markers: number[];
  frustrations: number;
}

/** RULES.md §3.2 `last_throw`, with the reroll it came from (R-PV-06b makes a reduce's reroll immune). */
export interface RThrow {
  n_dice: number;
  targets_added: number;
  ravens_added: number;
  is_first: boolean;
  is_greedy: boolean;
  is_empty: boolean;
  ends_turn: boolean;
  rerolled_by: 'reduce' | 'frustrate' | null;
}

export interface RState {
  order: string[];
  players: Record<string, RPlayer>;
  middle: Record<string, number>;
  box: Record<string, number>;
  murphy: string | null;
  active: string;
  phase: string;
  config: { reduce_reroll_immune_to_frustrate: boolean; steal_only_if_middle_lacks_value: boolean };
  turn: {
    target: number | null;
    targets: number;
    ravens: number;
    reduce_used: boolean;
    frustrate_used: boolean;
    frustraters: string[];
    last: RThrow | null;
    first_faces: RFace[] | null;
    /** Dice of the reroll due, and whose reroll it is (R-PV-06b). */
    pending: number;
    pending_by: 'reduce' | 'frustrate' | null;
  };
  final_scores?: Record<string, number>;
  winners?: string[];
}

export type RResult = { ok: true; state: RState } | { ok: false; code: string };

const clone = (s: RState): RState => JSON.parse(JSON.stringify(s));
const fail = (code: string): RResult => ({ ok: false, code });
const count = (c: Record<string, number>, v: number) => c[String(v)] || 0;
function add(c: Record<string, number>, v: number, d: number): void {
  const n = count(c, v) + d;
  if (n > 0) c[String(v)] = n;
  else delete c[String(v)];
}
export const middleEmpty = (s: RState) => Object.keys(s.middle).length === 0;
const opponents = (s: RState) => s.order.filter((n) => n !== s.active);

export function newTurn(): RState['turn'] {
  return { target: null, targets: 0, ravens: 0, reduce_used: false, frustrate_used: false, frustraters: [], last: null, first_faces: null, pending: 0, pending_by: null };
}

/** Dice the next throw takes, in the phases where one is due. */
export function diceToThrow(s: RState): number {
  if (s.phase === 'await_first_throw') return 7;
  if (s.phase === 'await_reroll') return s.turn.pending;
  return 7 - s.turn.targets - s.turn.ravens;
}

function markerOptions(s: RState): boolean {
  const v = s.turn.target as number;
  const inMiddle = count(s.middle, v) > 0;
  const canSteal = opponents(s).some((n) => s.players[n].markers.indexOf(v) >= 0) && !(s.config.steal_only_if_middle_lacks_value && inMiddle);
  return inMiddle || canSteal;
}

/** After the marker step (or without one): frustrations, Murphy, cleanup, game end. */
function resolve(s: RState): void {
  const T = s.turn;
  const me = s.players[s.active];
  if (T.ravens >= 3) me.frustrations += T.frustraters.length > 0 ? T.frustraters.length : 1;
  else if (T.frustraters.length > 0) {
    // A frustration already on the board when the fragment starts has no known owner: nobody gets it back.
    for (const f of T.frustraters) if (f in s.players) s.players[f].frustrations += 2;
    me.frustrations -= Math.min(me.frustrations, T.frustraters.length);
  }
  if (T.targets >= 5 || T.ravens >= 4) s.murphy = s.active;
  s.turn = newTurn();
  if (middleEmpty(s)) return scoreEnd(s);
  s.active = s.order[(s.order.indexOf(s.active) + 1) % s.order.length];
  s.phase = 'await_first_throw';
}

/** The end of the game: an empty middle (after a turn, or given so). */
export function scoreEnd(s: RState): void {
  s.phase = 'game_over';
  const scores: Record<string, number> = {};
  for (const n of s.order) {
    const p = s.players[n];
    scores[n] = p.markers.reduce((a, b) => a + b, 0) - (s.murphy === n ? 7 : 3) * p.frustrations;
  }
  const top = Math.max(...s.order.map((n) => scores[n]));
  s.final_scores = scores;
  s.winners = s.order.filter((n) => scores[n] === top).sort();
}

function endTurn(s: RState): void {
  if (s.turn.targets >= 4 && markerOptions(s)) s.phase = 'await_marker_choice';
  else resolve(s);
}

function windowOrContinue(s: RState): void {
  const T = s.turn;
  const L = T.last as RThrow;
  const eligible = !L.is_first && !L.is_greedy && !L.is_empty;
  const immune = s.config.reduce_reroll_immune_to_frustrate && L.rerolled_by === 'reduce';
  const canReduce = eligible && !T.reduce_used && s.players[s.active].frustrations >= 1;
  const canFrustrate = eligible && !T.frustrate_used && !immune && opponents(s).some((n) => s.players[n].frustrations >= 1);
  if (canReduce || canFrustrate) s.phase = 'reroll_window';
  else if (L.ends_turn) endTurn(s);
  else s.phase = 'await_throw';
}

function place(s: RState, faces: RFace[], by: RThrow['rerolled_by']): void {
  const T = s.turn;
  const t = faces.filter((f) => f === T.target).length;
  const r = faces.filter((f) => f === 'R').length;
  T.targets += t;
  T.ravens += r;
  T.last = { n_dice: faces.length, targets_added: t, ravens_added: r, is_first: false, is_greedy: T.targets >= 5 || T.ravens >= 4, is_empty: t === 0 && r === 0, ends_turn: T.targets >= 4 || T.ravens >= 3, rerolled_by: by };
  windowOrContinue(s);
}

function validFaces(faces: unknown): faces is RFace[] {
  return Array.isArray(faces) && faces.every((f) => f === 'R' || (typeof f === 'number' && f >= 3 && f <= 7 && f % 1 === 0));
}

export function refStep(s0: RState, a: Record<string, any>): RResult {
  // Every action has a code of the conventions for the phases it does not belong to (after the
  // game's end too): no dice due, no first throw to choose from, no window, no marker.
  const s = clone(s0);
  const T = s.turn;
  switch (a.do) {
    case 'throw': {
      if (s.phase === 'reroll_window') {
        // R-PV-13: the next throw is a pass, unless the throw in question ends the turn.
        if ((T.last as RThrow).ends_turn) return fail('wrong_dice_count');
        s.phase = 'await_throw';
      }
      if (s.phase !== 'await_first_throw' && s.phase !== 'await_throw' && s.phase !== 'await_reroll') return fail('wrong_dice_count');
      // The count first (no list is a wrong count too), then the faces.
      if (!Array.isArray(a.faces) || a.faces.length !== diceToThrow(s)) return fail('wrong_dice_count');
      if (!validFaces(a.faces)) return fail('wrong_dice_count');
      if (s.phase === 'await_first_throw') {
        if (a.faces.every((f: RFace) => f === 'R')) {
          // R-PV-03: seven ravens, no number: greedy, no target.
          T.ravens = 7;
          T.last = { n_dice: 7, targets_added: 0, ravens_added: 7, is_first: true, is_greedy: true, is_empty: false, ends_turn: true, rerolled_by: null };
          resolve(s);
        } else {
          T.first_faces = a.faces.slice();
          s.phase = 'await_target';
        }
        return { ok: true, state: s };
      }
      place(s, a.faces, s.phase === 'await_reroll' ? T.pending_by : null);
      return { ok: true, state: s };
    }
    case 'choose_target': {
      if (s.phase !== 'await_target') return fail('target_not_rolled');
      const v = a.value;
      // A target is a number (3..7) among the faces rolled; the raven is no number.
      if (typeof v !== 'number' || (T.first_faces as RFace[]).indexOf(v) < 0) return fail('target_not_rolled');
      T.target = v;
      const t = (T.first_faces as RFace[]).filter((f) => f === v).length;
      const r = (T.first_faces as RFace[]).filter((f) => f === 'R').length;
      T.targets = t;
      T.ravens = r;
      T.last = { n_dice: 7, targets_added: t, ravens_added: r, is_first: true, is_greedy: t >= 5 || r >= 4, is_empty: false, ends_turn: t >= 4 || r >= 3, rerolled_by: null };
      if (T.last.ends_turn) endTurn(s);
      else s.phase = 'await_throw';
      return { ok: true, state: s };
    }
    case 'reduce':
    case 'frustrate': {
      const kind = a.do as 'reduce' | 'frustrate';
      let by: string[];
      if (kind === 'frustrate') {
        // No list, or an empty one, names no opponent (refused where the names are checked).
        by = Array.isArray(a.by) ? a.by : [];
      } else by = [s.active];
      // README "Error precedence": first throw; no throw of this turn to reroll (none yet, or it is
      // being rerolled); greedy, empty, already used, window (or immune), names, frustrations.
      const L = T.last;
      if (s.phase === 'await_target' || (L && L.is_first)) return fail('first_throw_not_rerollable');
      if (!L || s.phase === 'await_first_throw' || s.phase === 'game_over' || s.phase === 'await_reroll') return fail('window_closed');
      if (L.is_greedy) return fail('greedy_throw_not_rerollable');
      if (L.is_empty) return fail('empty_throw_not_rerollable');
      if (kind === 'reduce' ? T.reduce_used : T.frustrate_used) return fail(kind + '_already_used');
      if (s.phase !== 'reroll_window') return fail('window_closed');
      if (kind === 'frustrate' && s.config.reduce_reroll_immune_to_frustrate && L.rerolled_by === 'reduce') return fail('window_closed');
      if (kind === 'frustrate') {
        if (by.length === 0) return fail('not_an_opponent');
        for (let i = 0; i < by.length; i++) if (!(by[i] in s.players) || by[i] === s.active || by.indexOf(by[i]) !== i) return fail('not_an_opponent');
      }
      for (const n of by) if (s.players[n].frustrations < 1) return fail('no_frustration_to_spend');
      for (const n of by) s.players[n].frustrations--;
      if (kind === 'reduce') T.reduce_used = true;
      else {
        T.frustrate_used = true;
        T.frustraters.push(...by);
      }
      T.targets -= L.targets_added;
      T.ravens -= L.ravens_added;
      T.pending = L.n_dice;
      T.pending_by = kind;
      s.phase = 'await_reroll';
      return { ok: true, state: s };
    }
    case 'pass': {
      if (s.phase !== 'reroll_window') return fail('window_closed');
      if ((T.last as RThrow).ends_turn) endTurn(s);
      else s.phase = 'await_throw';
      return { ok: true, state: s };
    }
    case 'take_marker': {
      if (s.phase !== 'await_marker_choice') return fail('marker_not_available');
      const v = T.target as number;
      if (count(s.middle, v) < 1) return fail('marker_not_available');
      add(s.middle, v, -1);
      s.players[s.active].markers = s.players[s.active].markers.concat([v]).sort((x, y) => x - y);
      resolve(s);
      return { ok: true, state: s };
    }
    case 'steal': {
      if (s.phase !== 'await_marker_choice') return fail('marker_not_available');
      const v = T.target as number;
      const from = a.from;
      if (!(from in s.players) || from === s.active) return fail('not_an_opponent');
      if (s.config.steal_only_if_middle_lacks_value && count(s.middle, v) > 0) return fail('marker_not_available');
      const idx = s.players[from].markers.indexOf(v);
      if (idx < 0) return fail('marker_not_available');
      const ret = a.return_to_box;
      if (typeof ret !== 'number' || count(s.middle, ret) < 1) return fail('return_marker_not_in_middle');
      s.players[from].markers.splice(idx, 1);
      s.players[s.active].markers = s.players[s.active].markers.concat([v]).sort((x, y) => x - y);
      add(s.middle, ret, -1);
      add(s.box, ret, 1);
      resolve(s);
      return { ok: true, state: s };
    }
  }
  return fail('invalid_event');
}

/** The state as the scenarios' conventions name it. */
export function refView(s: RState): Record<string, unknown> {
  const L = s.turn.last;
  const players: Record<string, unknown> = {};
  for (const n of s.order) players[n] = { markers: s.players[n].markers.slice(), frustrations: s.players[n].frustrations };
  const v: Record<string, unknown> = {
    players,
    middle: Object.assign({}, s.middle),
    box: Object.assign({}, s.box),
    murphy: s.murphy,
    active: s.active,
    phase: s.phase,
    turn: {
      target: s.turn.target,
      board: { targets: s.turn.targets, ravens: s.turn.ravens },
      reduce_used: s.turn.reduce_used,
      frustrate_used: s.turn.frustrate_used,
      board_frustrations: s.turn.frustraters.length,
      dice_off_board: 7 - s.turn.targets - s.turn.ravens,
      frustraters: s.turn.frustraters.map((n) => n || null),
      last_throw: L ? { n_dice: L.n_dice, targets_added: L.targets_added, ravens_added: L.ravens_added, is_first: L.is_first, is_greedy: L.is_greedy, is_empty: L.is_empty, ends_turn: L.ends_turn } : null,
      pending_reroll: s.phase === 'await_reroll' ? { n_dice: s.turn.pending, kind: s.turn.pending_by } : null,
    },
    game_over: s.phase === 'game_over',
  };
  if (s.final_scores) {
    v.final_scores = s.final_scores;
    v.winners = s.winners;
  }
  return v;
}
