/** The host's set-up commands: new, load, snap, cfg (the frequent ones are in app.ts). */
import { checkPvState, whole } from '../../../shared/games/pechvogel/check-state';
import { LOG_FORMAT } from '../../../shared/engine/log';
import type { PvState } from '../../../shared/games/pechvogel/types';
import { SNAP_CHUNK, type Snapshot } from '../../../shared/protocol/messages';
import type { App } from '../app';
import type { RuleError } from '../../../shared/engine/types';
import { setConfig } from '../config';
import { saveConfig } from '../save-config';
import { adopt, newGame } from './new-game';
import type { EspruinoGlobals } from '../espruino-types';

declare const getTime: EspruinoGlobals['getTime'];

function seatRange(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(i);
  return out;
}

/** Characters a seat for the names of a host's new game (the table's own are "Seat 1" …). */
const NAME_MAX = 16;

/** Names too long for every checkpoint to fit a Pico's Storage beside the journal's lines. */
function namesTooLong(names: string[]): boolean {
  return names.join('').length > names.length * NAME_MAX;
}

/**
 * A seat (0..6, S1..S7) for each of `n` players, each once: a seat twice, past S7 or no whole
 * number made a seat button read another player, or none (and throw at every press).
 */
function badSeats(seats: unknown, n: number): boolean {
  if (!Array.isArray(seats) || seats.length !== n) return true;
  for (let i = 0; i < n; i++) if (!whole(seats[i], 0, 6) || seats.indexOf(seats[i]) !== i) return true;
  return false;
}

export function command(app: App, c: Record<string, any>): void {
  if (c.c === 'new' || c.c === 'load') {
    let err: RuleError | null;
    if (c.c === 'new') {
      const names: string[] = c.p;
      // Names go into every checkpoint (twice with a throw's undo copy): seven long ones left no
      // room in a Pico's Storage for one, and the table could not go on. So 16 characters a seat,
      // all names together.
      // A seed as the host's scripts take it: "42" started a game without virtual dice, and past
      // 2^31 Espruino's `seed | 0` is not JavaScript's (other dice than the host's replay).
      const seed = c.seed;
      if (!Array.isArray(names) || namesTooLong(names) || (seed !== undefined && !whole(seed, 0, 2147483647))) return app.err('bad_setup');
      err = newGame(app, seatRange(names.length), names, c.st || 0, c.cfg || {}, seed);
    } else {
      const st = c.st as PvState;
      // Only states that keep play's invariants: the renderer and the engine rely on them.
      // Seats named for every player, no more: a seat button past the players read a player that
      // is not there (and threw at every press). Names as `new` takes them.
      const bad = checkPvState(st) || (c.seats != null && badSeats(c.seats, st.players.length) && 'seats') || (namesTooLong(st.players.map((p) => p.name)) && 'names');
      if (bad) return app.err('bad_state', bad);
      // The header names no start state: every checkpoint holds the whole state already, and a
      // copy in the header doubled each one and kept the start in RAM for the whole game (a mirror
      // starts its log from the snapshot's state).
      err = adopt(app, { log: LOG_FORMAT, game: 'pechvogel', seats: c.seats || seatRange(st.players.length) }, st);
    }
    // (A load with no room in Storage said nothing but the `new` line of no game.)
    if (err) app.send({ t: 'rej', a: c.c, code: err.code });
    else app.table.enterPlay();
  } else if (c.c === 'snap') sendSnapshot(app);
  else if (c.c === 'cfg') {
    // The name as text: hasOwnProperty takes ["window_ms"] as its text too, and the ranges, which
    // compare the name, then let a raw packet set a window of 1 ms or any LED budget.
    const err = setConfig(app.cfg, '' + c.k, c.v);
    // (A missing or empty key is an error too: its "name" is no text to test.)
    if (err !== null) app.err('bad_config', err);
    else {
      saveConfig(app.cfg);
      app.frame.setLimits(app.cfg.brightness, app.cfg.led_budget_ma);
    }
  }
}

/**
 * The whole game (header, state, table UI, as a ui line gives it the countdown's time left in ms,
 * and `sf: 1` while the staff menu is open) in numbered chunks the host reassembles, so a host
 * that joins mid-game shows what one there all along shows. Chunks are sized by their escaped
 * length so every line stays within MAX_LINE_BYTES.
 */
function sendSnapshot(app: App): void {
  const ui = app.table.ui;
  const text = JSON.stringify({ h: app.header, st: app.state, ui: ui, dl: ui.deadline ? Math.round(ui.deadline - getTime() * 1000) : 0, sf: app.staff ? 1 : 0, c: app.cfg } satisfies Snapshot);
  let pos = 0;
  let i = 0;
  while (pos < text.length) {
    let len = SNAP_CHUNK;
    while (len > 8 && JSON.stringify(text.substr(pos, len)).length > SNAP_CHUNK + 20) len = len >> 1;
    const end = pos + len >= text.length;
    app.send({ t: 'snap', i: i++, d: text.substr(pos, len), end: end ? 1 : 0 });
    pos += len;
  }
}
