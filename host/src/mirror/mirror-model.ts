/**
 * The host's live copy of a board's game, built only from protocol messages: a snapshot, then
 * every accepted action replayed through the same engine. A sequence gap, a board restart or
 * a replay that disagrees makes it ask for a new snapshot; it says so through events.
 */
import { parseSnapshot } from '../../../shared/protocol/host-codec';
import { EventEmitter } from 'node:events';
import { step } from '../../../shared/engine/step';
import { stateHash } from '../../../shared/engine/hash';
import { samePlayers } from './same-players';
import { entryLine, headerLine, LOG_FORMAT, type LogHeader } from '../../../shared/engine/log';
import { PROTOCOL_VERSION, type BoardMsg, type Snapshot } from '../../../shared/protocol/messages';
import type { PvState } from '../../../shared/games/pechvogel/types';
import { checkPvState, whole } from '../../../shared/games/pechvogel/check-state';
import { GEOMETRY } from '../../../hardware/led-board';
import { staffLeds } from '../../../firmware/src/maintenance/staff-menu';
import type { BoardConfig } from '../../../firmware/src/config';
import { hostNow } from '../host-clock';

/** A snapshot asked for and not come (the request or a chunk lost on the line) is asked for again after this. */
export const SNAPSHOT_RETRY_MS = 3000;

export interface MirrorUi {
  m: string;
  e: unknown[];
  c: boolean;
  v: number[];
  dl: number;
  vic: number;
  err: string;
  /** Host time when the countdown `dl` was reported. */
  at: number;
  /**
   * The player whose seat button made the refusal `err` (index into the state's players; -1: a
   * pad key, OK or BACK, or not known). Host-side: the board's btn line comes before the ui line
   * its press causes, and a press refused again alike brings no ui line at all.
   */
  ep?: number;
  /**
   * Read from a snapshot, not from a ui line: the board keeps `err` there until the next press, so
   * when that refusal came is not known (minutes ago, maybe; refusal-clock.ts).
   */
  snap?: boolean;
  /** Staff menu (m 'staff'): its settings, reroll-window ms and brightness cap (0..255). */
  w?: number;
  br?: number;
}

/** The set-up as the buttons have made it so far (setup line or snapshot). */
export interface MirrorSetup {
  /** Joined, by seat 0..6. */
  in: boolean[];
  /** Start seat, -1: the first joined. */
  st: number;
  /** Virtual dice, option R-PV-06b, option "steal only if the middle lacks the value". */
  vd: boolean;
  im: boolean;
  so: boolean;
}

/** The board's hello as the protocol defines it, without the envelope (`t`, sequence number `s`). */
export type Hello = Omit<Extract<BoardMsg, { t: 'hello' }>, 't' | 's'>;

export type MirrorEvent =
  /** `routine`: the board's own doing (a hello, a new game), not a fault on the line. */
  | { kind: 'resync'; reason: string; routine: boolean }
  /**
   * In sync from a snapshot. `seamless`: it was asked for at a `new` line that came in sequence
   * while the mirror was in sync (a game started or cleared in view: nothing was missed before it).
   */
  | {
      kind: 'synced';
      seamless: boolean;
      /**
       * Actions the board took that this mirror never saw (it was not running, or the line lost
       * them): `from`..`to` of the game it held before; `from` 0: it joined this game mid-way.
       */
      unseen?: { from: number; to: number };
    }
  /** `before`: the state the action was applied to (who did it, how a turn ended). */
  | { kind: 'action'; action: Record<string, unknown>; before: PvState; state: PvState; line: string }
  | { kind: 'refused'; action: string; code: string }
  /** A press the table itself turned down (no rej line: only its ui line's code), `seat` its player or -1. */
  | { kind: 'table_refused'; code: string; seat: number }
  | { kind: 'button'; button: string; press: string }
  | { kind: 'board_error'; code: string; msg: string }
  /** `why`: the board's reason for a game it ended (its `new` line), when it gave one. */
  | { kind: 'new_game'; cleared: boolean; why?: string };

export class MirrorModel extends EventEmitter {
  hello: Hello | null = null;
  state: PvState | null = null;
  /**
   * Where the table's newest action log (an earlier mirror run's) ends, set before the first sync:
   * a restarted mirror then says which actions it missed, not that none of the game was mirrored.
   */
  earlier: PvState | null = null;
  header: (LogHeader & { seats?: number[] }) | null = null;
  ui: MirrorUi | null = null;
  /** The player at the seat of the last button pressed (-1: not a seat), for the refusal it may bring. */
  private pressedBy = -1;
  /** The board refused an action since the last press (its rej line): the ui line's code is that refusal's. */
  private rejSincePress = false;
  /** The set-up in progress at the buttons (null: not reported yet). */
  setup: MirrorSetup | null = null;
  /** Latest LED frame: one palette letter per LED, row-major. */
  frame = '';
  /**
   * Staff pressed K5 in the menu: the self-test runs (it sends no ui line of its own, nor lines
   * for the presses it takes) while the LEDs are not the menu's picture (selfTest), until the next
   * press the board reports, or the menu, the game or the board's session is gone.
   */
  private selfTestFrom = false;
  /**
   * A snapshot said the menu is open: the self-test may be running (a mirror restarted or a cable
   * replugged during it saw no K5). The next frame tells: anything but the menu's picture is the test.
   */
  private selfTestUnknown = false;
  /** A frame came since the board's hello (one from before it may be another session's picture). */
  private frameSinceHello = false;
  synced = false;
  /** Log of this mirror session: header line + one line per mirrored action. */
  log: string[] = [];
  private lastSeq = -1;
  private chunks: string[] = [];
  private wantSnapshot = false;
  private askedAt = 0;
  /** A `new` line came: the next snapshot says whether a game started or was cleared. */
  private afterNew = false;
  private newWhy: string | undefined;
  /** That `new` line came in sequence while in sync. */
  private newInSync = false;

  constructor(private requestSnapshot: () => void, private now: () => number = hostNow) {
    super();
  }

  private note(e: MirrorEvent): void {
    this.emit('event', e);
  }

  /** Out of sync: asks for a snapshot, once until one comes (`retry` asks again if none does). */
  private resync(reason: string, askNow = true, routine = false): void {
    this.synced = false;
    this.selfTestFrom = false;
    this.selfTestUnknown = false;
    this.chunks = [];
    if (!this.wantSnapshot) {
      this.wantSnapshot = true;
      this.note({ kind: 'resync', reason, routine });
      if (askNow) this.ask();
      else this.askedAt = this.now();
    }
  }

  private ask(): void {
    this.askedAt = this.now();
    this.requestSnapshot();
  }

  /** Called now and then (the mirror's live tick): a snapshot asked for that never came is asked for again. */
  retry(): void {
    if (this.wantSnapshot && this.now() - this.askedAt >= SNAPSHOT_RETRY_MS) this.ask();
  }

  /** The player at seat button `b` (S1..S7) in the game on the board, or -1. */
  private playerAt(b: string): number {
    return /^S[1-7]$/.test(b) ? this.playerAtSeat(Number(b[1]) - 1) : -1;
  }

  private playerAtSeat(seat: unknown): number {
    const seats = this.header && this.header.seats;
    return typeof seat === 'number' && Array.isArray(seats) ? seats.indexOf(seat) : -1;
  }

  /** The staff menu's self-test runs: K5 pressed in the menu, and the LEDs are not the menu's. */
  get selfTest(): boolean {
    return this.selfTestFrom && !!this.ui && this.ui.m === 'staff' && !isStaffPicture(this.frame, this.ui);
  }

  handle(msg: BoardMsg): void {
    // Another press or the menu left ends the self-test (a new game or a restart resyncs, which does too).
    if (msg.t === 'btn') this.selfTestFrom = msg.b === 'K5' && !!this.ui && this.ui.m === 'staff';
    else if (msg.t === 'ui' && msg.m !== 'staff') this.selfTestFrom = false;
    if (msg.t === 'btn' || msg.t === 'ui') this.selfTestUnknown = false;
    else if (msg.t === 'leds' && this.selfTestUnknown) {
      this.selfTestUnknown = false;
      this.selfTestFrom = true;
    }
    if (msg.t === 'leds' || msg.t === 'hello') this.frameSinceHello = msg.t === 'leds';
    if (msg.t === 'hello') {
      this.hello = { v: msg.v, fw: msg.fw, bh: msg.bh, game: msg.game, board: msg.board, boot: msg.boot };
      this.lastSeq = msg.s;
      // Another protocol: nothing to read (its owner says so: TableMirror's status, script's exit 4).
      if (msg.v !== PROTOCOL_VERSION) return;
      this.wantSnapshot = false;
      this.resync('board said hello', true, true);
      return;
    }
    if (this.lastSeq >= 0 && msg.s !== this.lastSeq + 1) {
      const missed = msg.s - this.lastSeq - 1;
      this.lastSeq = msg.s;
      if (msg.t !== 'snap') this.resync(missed > 0 ? `missed ${missed} message(s)` : 'sequence restarted');
      else {
        // The snapshot asked for lost a chunk: its rest is useless, ask again (waiting for it left the mirror unsynced for good).
        this.wantSnapshot = false;
        this.resync('snapshot interrupted');
      }
    }
    this.lastSeq = msg.s;
    switch (msg.t) {
      case 'snap':
        if (msg.i === 0) this.chunks = [];
        if (msg.i !== this.chunks.length) return; // the rest of an interrupted snapshot: asked again already
        this.chunks.push(msg.d);
        this.askedAt = this.now(); // a slow snapshot still coming is not asked for again
        if (msg.end) this.applySnapshot(this.chunks.join(''));
        return;
      case 'act':
        // A press that acted brings no refusal: a later one (a host's action) is not at its seat.
        this.pressedBy = -1;
        return this.applyAction(msg.n, msg.a);
      case 'new':
        // A new game, or the one in play ended (staff, an abandoned table): the board says which in
        // its snapshot, and the note waits for it.
        this.afterNew = true;
        this.newWhy = typeof msg.why === 'string' ? msg.why : undefined;
        // A gap in the sequence before it has cleared `synced` already.
        this.newInSync = this.synced;
        this.wantSnapshot = false;
        return this.resync('a game started or ended at the board', true, true);
      case 'ui': {
        // The refusal still showing keeps its seat (a countdown's line); a new one is the last
        // press's, taken once: a later refusal without a press (a host's action) is nobody's seat.
        const ep = msg.err && this.ui && this.ui.err === msg.err ? this.ui.ep : this.pressedBy;
        // A new code with no rej line since the press: the table's own refusal (a seat not in the
        // game, nothing to spend, a key that does nothing now), an event like the engine's.
        const own = !!msg.err && (!this.ui || this.ui.err !== msg.err) && !this.rejSincePress && msg.m !== 'staff';
        this.pressedBy = -1;
        this.ui = Object.assign({}, msg, { at: this.now(), ep }) as unknown as MirrorUi;
        this.emit('change');
        if (own) this.note({ kind: 'table_refused', code: String(msg.err), seat: typeof ep === 'number' ? ep : -1 });
        return;
      }
      case 'setup':
        this.setup = { in: msg.in, st: msg.st, vd: msg.vd, im: msg.im, so: msg.so };
        this.emit('change');
        return;
      case 'leds':
        this.frame = msg.f;
        this.emit('change');
        return;
      case 'rej':
        this.rejSincePress = true;
        return this.note({ kind: 'refused', action: msg.a, code: msg.code });
      case 'btn':
        this.rejSincePress = false;
        this.pressedBy = this.playerAt(msg.b);
        if (this.ui) this.ui.ep = this.pressedBy;
        return this.note({ kind: 'button', button: msg.b, press: msg.k });
      case 'err':
        // No dt.rare: no snapshot will come until a flash (whose hello asks again), so the model stops
        // asking (it asked every 3 s, and each answer was this error again).
        if (msg.code === 'no_rare') this.wantSnapshot = false;
        this.note({ kind: 'board_error', code: msg.code, msg: msg.msg });
        // A line the board could not send (over 200 bytes: a frustration by six long names in a
        // 7-seat game) is lost, an action with it: the snapshot has it. A frame comes again anyway.
        if (msg.code === 'too_long' && msg.msg !== 'leds') this.resync(`the board's ${msg.msg} line was too long for the link`);
        return;
    }
  }

  private applySnapshot(text: string): void {
    // Typed as the protocol has it, read as if it might not be (a board's JSON is checked below).
    let snap: Partial<Snapshot>;
    try {
      snap = parseSnapshot(text);
    } catch {
      this.wantSnapshot = false;
      return this.resync('snapshot was garbled');
    }
    // A state the views cannot read would crash every screen: kept out, asked again a little later
    // (at once would loop as fast as the line if the board keeps sending it).
    const bad = !snap || typeof snap !== 'object' ? 'not an object' : snap.st != null ? checkPvState(snap.st) || checkShownState(snap.st) : null;
    if (bad) {
      this.wantSnapshot = false;
      return this.resync(`snapshot has a state this host cannot read (${bad})`, false);
    }
    // Before the first sync, the game as the last mirror run's log left it.
    const prev = this.state || this.earlier;
    this.earlier = null;
    this.header = snap.h || null;
    this.state = snap.st || null;
    // The table UI as the board's ui line would give it: a host joining mid-game (restarted,
    // replugged) shows the entry, votes, victim and countdown at once, not at the next change.
    const u = snap.ui;
    // The board's settings: all of them (c), or from older firmware the staff menu's two (w, br).
    this.selfTestUnknown = !!snap.sf && !this.frameSinceHello;
    this.selfTestFrom = !!snap.sf && this.frameSinceHello;
    if (snap.sf) this.ui = { m: 'staff', w: snap.c ? snap.c.window_ms : snap.w, br: snap.c ? snap.c.brightness : snap.br, at: this.now() } as MirrorUi;
    else if (u && typeof u.mode === 'string') {
      this.ui = { m: u.mode, e: u.entry, c: u.correcting, v: u.votes, dl: typeof snap.dl === 'number' && snap.dl > 0 ? snap.dl : 0, vic: u.victim, err: u.err, at: this.now(), ep: this.playerAtSeat(u.errSeat), snap: true };
    }
    if (u && Array.isArray(u.seatsIn)) this.setup = { in: u.seatsIn, st: u.startSeat, vd: !!u.virtual, im: !!u.immune, so: !!u.stealOnly };
    this.wantSnapshot = false;
    this.synced = true;
    this.log = [];
    if (snap.h && snap.st) {
      const h: LogHeader = snap.st.n === 0 && snap.h.setup ? { log: LOG_FORMAT, game: snap.h.game, setup: snap.h.setup } : { log: LOG_FORMAT, game: snap.st.game, state: snap.st };
      this.log.push(headerLine(h));
    }
    if (this.afterNew) this.note(snap.st || !this.newWhy ? { kind: 'new_game', cleared: !snap.st } : { kind: 'new_game', cleared: true, why: this.newWhy });
    const seamless = this.afterNew && this.newInSync;
    this.afterNew = false;
    this.newInSync = false;
    // The same game further on (its players as they were), or a game seen first mid-way: the
    // screens say so, where "in sync" alone read as if every action had been mirrored.
    const st = this.state;
    let unseen: { from: number; to: number } | undefined;
    if (st && !seamless && st.n > 0) {
      if (prev && samePlayers(prev, st) && prev.n < st.n) unseen = { from: prev.n + 1, to: st.n };
      else if (!prev || stateHash(prev) !== stateHash(st)) unseen = { from: 0, to: st.n };
    }
    this.note(unseen ? { kind: 'synced', seamless, unseen } : { kind: 'synced', seamless });
    this.emit('change');
  }

  private applyAction(n: number, a: Record<string, unknown>): void {
    if (!this.synced || !this.state) return;
    const r = step(this.state, a as { do: string });
    if (!r.ok || r.state.n !== n) {
      this.wantSnapshot = false;
      return this.resync(r.ok ? `action ${n} arrived out of order` : `action ${n} does not replay here (${r.error.code})`);
    }
    const before = this.state;
    this.state = r.state as PvState;
    const line = entryLine(this.state, a as { do: string }, r.effects);
    this.log.push(line);
    this.note({ kind: 'action', action: a, before, state: this.state, line });
    this.emit('change');
  }
}

const REROLL_BY = [null, 'reduce', 'frustrate'];

/**
 * What the rules' own check (checkPvState, shared with the board's `load`) leaves unread and the
 * screens read: a board (or a laptop on its USB port: a kiosk's packets need no password) can hold
 * any state that passes that check. Standings that are not numbers were page markup, a winner past
 * the players stopped the terminal mirror, and a name with control characters wrote escape
 * sequences to the staff's terminal. Returns what is wrong, or null.
 */
function checkShownState(s: PvState): string | null {
  const n = s.players.length;
  for (let i = 0; i < n; i++) if (/[\x00-\x1f\x7f-\x9f]/.test(s.players[i].name)) return 'name ' + i;
  if (!s.config || typeof s.config !== 'object') return 'config';
  const T = s.turn;
  if (REROLL_BY.indexOf(T.reroll_by ?? null) < 0) return 'reroll_by';
  const L = T.last;
  if (L != null && (typeof L !== 'object' || !whole(L.t, 0, 7) || !whole(L.r, 0, 7) || !whole(L.n, 0, 7) || REROLL_BY.indexOf(L.by ?? null) < 0)) return 'last';
  const over = s.phase === 'game_over';
  if (s.scores != null || over) {
    if (!Array.isArray(s.scores) || s.scores.length !== n || !s.scores.every((x) => whole(x, -1e9, 1e9))) return 'scores';
  }
  if (s.winners != null || over) {
    if (!Array.isArray(s.winners) || (over && !s.winners.length) || !s.winners.every((w) => whole(w, 0, n - 1))) return 'winners';
  }
  return s.undo ? checkShownState(s.undo) : null;
}

/**
 * Whether an LED frame is the staff menu's picture: the settings the menu shows in row 7
 * (firmware staffLeds) for the settings the board reported. Anything else while the menu is open
 * is the self-test drawing.
 */
function isStaffPicture(frame: string, ui: MirrorUi): boolean {
  if (!frame || typeof ui.w !== 'number' || typeof ui.br !== 'number') return false;
  const L = staffLeds({ window_ms: ui.w, brightness: ui.br } as BoardConfig);
  for (let i = 0; i < L.length; i += 3) if (frame.charCodeAt(L[i + 1] * GEOMETRY.width + L[i]) !== L[i + 2]) return false;
  return true;
}
