/**
 * The serial protocol between board and host, shared by both sides.
 *
 * Board → host: one message per line, `DT:` + compact JSON, at most MAX_LINE_BYTES bytes
 * including the line ending (LINE_TEXT_LIMIT). Every message carries a sequence number `s` so the host sees gaps.
 * Lines without the prefix are REPL noise and are ignored.
 *
 * Host → board: one JSON command per Espruino REPL EVENT packet (DLE SOH, 16-bit header
 * 0x4000|length, JSON). In console mode Espruino itself parses it and fires E.on('packet');
 * in link mode (kiosk: console moved away and locked) the firmware parses the very same
 * bytes from the port, so the host never needs to know which mode the board is in.
 *
 * Versioning: adding a message or an optional field keeps PROTOCOL_VERSION; renaming,
 * removing or changing the meaning of anything bumps it.
 */
import type { LogHeader } from '../engine/log';
import type { Face, PvState } from '../games/pechvogel/types';

/** 2: the game state's keys as one capital letter each (wire-keys.ts). */
export const PROTOCOL_VERSION = 2;
export const LINE_PREFIX = 'DT:';
/** The most bytes a board line takes on the wire, its line ending included. */
export const MAX_LINE_BYTES = 200;
/**
 * A line's text is shorter than this: print() in console mode ends a line with \r\n, so 198
 * characters and the ending make MAX_LINE_BYTES.
 */
export const LINE_TEXT_LIMIT = 199;
/** Snapshot JSON goes in chunks of at most this many characters, escaped length at most +20. */
export const SNAP_CHUNK = 120;

/** Button ids: seats S1..S7, pad K1..K6, OK, BK (back). */
export type ButtonId = string;

export type BoardMsg =
  | { t: 'hello'; s: number; v: number; fw: string; bh: string; game: string; board: string; boot: number }
  | { t: 'act'; s: number; n: number; a: Record<string, unknown>; fx?: string[] }
  | { t: 'rej'; s: number; a: string; code: string }
  | { t: 'btn'; s: number; b: ButtonId; k: 'press' | 'long' }
  /**
   * The table's mode and what it shows (m: 'setup', 'play', 'staff' with w and br). 'flash'
   * (addition within version 1): staff gave the console to the port for flashing; the board takes
   * no packets until it restarts, and says hello then.
   */
  | { t: 'ui'; s: number; m: string; [k: string]: unknown }
  | { t: 'leds'; s: number; f: string }
  /**
   * Snapshot chunk i of the JSON text {h: header, st: state, ui: table UI, dl: countdown ms left,
   * sf: 1 while the staff menu is open, c: the board settings in use} (`dl`, `sf` and `c` are
   * optional, additions within version 1: without them the host shows no countdown, or play
   * instead of staff mode, until the next ui line; older firmware sent `w` and `br`, the reroll
   * window and brightness, instead of `c`).
   */
  | { t: 'snap'; s: number; i: number; d: string; end: number }
  /**
   * Set-up from the buttons changed (addition within version 1): seats joined (by seat 0..6), the
   * start seat (-1: the first joined), virtual dice, option R-PV-06b, option steal only if the
   * middle lacks the value. A snapshot carries the same in its ui (seatsIn, startSeat, ...).
   */
  | { t: 'setup'; s: number; in: boolean[]; st: number; vd: boolean; im: boolean; so: boolean }
  /**
   * A game began (`n` its step) or the one in play ended to set-up (`n` 0 and `why`, an addition
   * within version 2: 'staff' K3 in the staff menu, 'idle' the abandon time ran out, 'storage_full'
   * a new game found no room and the old one is gone too).
   */
  | { t: 'new'; s: number; n: number; why?: 'staff' | 'idle' | 'storage_full' }
  | { t: 'err'; s: number; code: string; msg: string };

/** The table UI in a snapshot: the board's own, as JSON. */
export interface SnapshotUi {
  mode: 'setup' | 'play';
  /** Faces entered and not confirmed yet; `correcting`: they replace the last confirmed throw. */
  entry: Face[];
  correcting: boolean;
  /** Players who pressed to frustrate, the initiator first. */
  votes: number[];
  /** Steal victim chosen in the marker step, -1 none. */
  victim: number;
  /** Board clock (ms): the reroll window's end (0 none) and its length, for the countdown bar; `dl` is the time left. */
  deadline: number;
  span: number;
  /** The refusal the LEDs show ('' none), at which seat (-1 the pad) and until when (board clock). */
  err: string;
  errSeat: number;
  errUntil: number;
  /** Set-up at the buttons: seats joined (0..6), start seat (-1 the first joined), virtual dice, R-PV-06b, steal only if the middle lacks the value. */
  seatsIn: boolean[];
  startSeat: number;
  virtual: boolean;
  immune: boolean;
  stealOnly: boolean;
}

/** What a snapshot's chunks join to (JSON), the fields as the `snap` message describes them. */
export interface Snapshot {
  /** The game's log header and the seat of each player; null with no game. */
  h: (LogHeader & { seats?: number[] }) | null;
  st: PvState | null;
  ui: SnapshotUi;
  dl?: number;
  sf?: number;
  c?: Record<string, number | boolean>;
  /** Older firmware: the reroll window and the brightness cap instead of `c`. */
  w?: number;
  br?: number;
}

export type HostCmd =
  | { c: 'hello' }
  | { c: 'btn'; b: ButtonId; k?: 'press' | 'long' }
  | { c: 'act'; a: Record<string, unknown> }
  | { c: 'new'; p: string[]; st?: number; cfg?: Record<string, unknown>; seed?: number }
  | { c: 'snap' }
  /** Adopt a whole game state (staff restore; scripts starting mid-game). */
  | { c: 'load'; st: Record<string, unknown>; seats?: number[] }
  | { c: 'leds'; on?: boolean }
  | { c: 'cfg'; k: string; v: unknown };

/** The `c` of every HostCmd: the board refuses any other as unknown_command (checkCommand). */
export const COMMANDS = ['hello', 'btn', 'act', 'new', 'snap', 'leds', 'cfg', 'load'] as const satisfies readonly HostCmd['c'][];

/** Does not compile while a HostCmd is missing from COMMANDS (the board would turn it down). */
type AllListed<Missing extends never> = Missing;
type CommandsComplete = AllListed<Exclude<HostCmd['c'], (typeof COMMANDS)[number]>>;
