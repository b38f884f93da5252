/**
 * The firmware application: owns the game state, journals every committed action, speaks the
 * protocol and runs the table. It only talks to the Board interface, so the same code runs on
 * a Pico, on Espruino's Linux build and in the simulated board.
 */
import type { Board, ButtonKind } from './board';
import type { Action, RuleError } from '../../shared/engine/types';
import { applyPechvogel as step } from '../../shared/games/pechvogel/rules';
import { LOG_FORMAT, type LogHeader } from '../../shared/engine/log';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { PvState } from '../../shared/games/pechvogel/types';
import { PROTOCOL_VERSION, SNAP_CHUNK } from '../../shared/protocol/messages';
import { checkCommand, encodeLine } from '../../shared/protocol/board-codec';
import { Journal } from './journal';
import { loadConfig, saveConfig, setConfig, type BoardConfig } from './config';
import { C, Frame } from './leds/frame';
import { PechvogelTable } from './table/pechvogel-table';
import { drawableSeats, renderPechvogel } from './table/pechvogel-render';
import type { SelfTest } from './maintenance/selftest';
import { loadMaintenance } from './maintenance/load-maintenance';

/** OK and BACK held together this long during play: staff mode; through power-up: self-test. */
const STAFF_HOLD_MS = 3000;
const SELFTEST_ENTER_MS = 500;

export interface BuildInfo {
  fw: string;
  bundleHash: string;
}

export interface DeviceHeader extends LogHeader {
  /** Player index → physical seat. */
  seats: number[];
}

/**
 * The app redraws on input and when the picture changes by itself (renderPechvogel says when);
 * in between a tick this often keeps the watchdog fed and checks for an abandoned game.
 */
const IDLE_TICK_MS = 1000;
/** The self-test redraws at the fast blink rate (its chase and sweep move on their own). */
const SELFTEST_TICK_MS = 125;

function seatRange(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(i);
  return out;
}

export class App {
  private seq = 0;
  state: PvState | null = null;
  header: DeviceHeader | null = null;
  cfg: BoardConfig;
  table: PechvogelTable;
  frame: Frame;
  private journal: Journal;
  private lastFrame = '';
  private lastUi = '';
  private boots = 0;
  private lastInput = 0;
  private selftest: SelfTest | null = null;
  /** Staff mode (kiosk maintenance from the buttons). */
  staff = false;
  private down: Record<string, boolean> = {};
  private staffTimer = -1;
  /** The header's seats as the renderer draws them (drawableSeats). */
  private seats: number[] = [];
  /** When the picture changes next by itself, and the pending tick (time, timer id). */
  private wake = 0;
  private tickAt = Infinity;
  private tickId = -1;
  private tickFn = () => this.tick();

  constructor(
    public board: Board,
    private info: BuildInfo,
  ) {
    this.cfg = loadConfig(board.storage);
    this.journal = new Journal(board.storage);
    this.frame = new Frame(this.cfg.brightness, this.cfg.led_budget_ma);
    const app = this;
    this.table = new PechvogelTable({
      state: () => app.state,
      seats: () => (app.header ? app.header.seats : []),
      apply: (a) => app.apply(a),
      newGame: (seats, start, config, virtual, names) => app.newGame(seats, names || null, seats.indexOf(start), config, virtual ? app.seed() : undefined),
      now: () => board.now(),
      // The table's own timers (the reroll window) change the game: redraw and report at once.
      after: (ms, fn) =>
        board.after(ms, () => {
          fn();
          app.refresh();
        }),
      cancel: (id) => board.cancel(id),
      windowMs: () => app.cfg.window_ms,
      feedback: (k) => app.feedback(k),
    });
  }

  start(): void {
    const b = this.board;
    this.boots = Number(b.storage.read('dt.boots') || 0) + 1;
    b.storage.write('dt.boots', String(this.boots));
    this.resume();
    b.onButton((id, kind) => this.onButton(id, kind));
    // OK and BACK held through power-up: the assembly self-test instead of a game.
    const held = b.pressedNow();
    if (held.indexOf('OK') >= 0 && held.indexOf('BK') >= 0) {
      b.after(SELFTEST_ENTER_MS, () => {
        const still = b.pressedNow();
        if (still.indexOf('OK') >= 0 && still.indexOf('BK') >= 0) this.startSelfTest();
      });
    }
    b.onCommand(
      (cmd) => this.onCommand(cmd),
      (code) => this.err(code),
    );
    this.sendHello();
    this.lastInput = b.now();
    this.tick();
  }

  private seed(): number {
    return (this.board.now() * 1000) ^ this.boots ^ 0x5eed;
  }

  send(msg: Record<string, unknown>): void {
    msg.s = ++this.seq;
    this.board.send(encodeLine(msg));
  }

  sendHello(): void {
    this.send({ t: 'hello', v: PROTOCOL_VERSION, fw: this.info.fw, bh: this.info.bundleHash, game: 'pechvogel', board: this.board.name, boot: this.boots });
  }

  /** Restores the game after a power cut: checkpoint plus the journaled actions after it. */
  private resume(): void {
    const r = this.journal.load();
    if (!r) return;
    let s = r.state as PvState;
    for (let i = 0; i < r.actions.length; i++) {
      const res = step(s, r.actions[i]);
      if (!res.ok) break; // cannot happen for committed actions; stop rather than guess
      s = res.state;
    }
    this.setHeader(r.header as DeviceHeader);
    this.state = s;
    this.table.enterPlay();
  }

  newGame(seats: number[], names: string[] | null, start: number, config: Record<string, unknown>, seed: number | undefined): RuleError | null {
    const players: string[] = [];
    for (let i = 0; i < seats.length; i++) players.push(names ? names[i] : 'Seat ' + (seats[i] + 1));
    const setup = { players: players, start: start < 0 ? 0 : start, config: config, seed: seed };
    const r = setupPechvogel(setup);
    if (!r.ok) return r.error;
    this.adopt({ log: LOG_FORMAT, game: 'pechvogel', setup: setup, seats: seats }, r.state);
    return null;
  }

  private setHeader(h: DeviceHeader | null): void {
    this.header = h;
    this.seats = drawableSeats(h && Array.isArray(h.seats) ? h.seats : []);
  }

  private adopt(h: DeviceHeader, st: PvState): void {
    this.setHeader(h);
    this.state = st;
    this.journal.checkpoint(h, st);
    this.send({ t: 'new', n: st.n });
  }

  private err(code: string, detail?: string): void {
    this.send({ t: 'err', code: code, msg: detail || '' });
  }

  /** The one way the game changes on the board: step, journal, then tell the host. */
  apply(a: Action): RuleError | null {
    if (!this.state) return { code: 'no_game', message: 'no game running: set one up first' };
    const r = step(this.state, a);
    if (!r.ok) {
      this.send({ t: 'rej', a: a.do, code: r.error.code });
      return r.error;
    }
    const s = r.state;
    // Journal before adopting: an action is committed once it is in Storage.
    this.journal.append(s.n, a);
    if (s.phase === 'game_over' || (s.phase === 'await_first_throw' && this.journal.due())) this.journal.checkpoint(this.header as DeviceHeader, s);
    this.state = s;
    const fx: string[] = [];
    for (let i = 0; i < r.effects.length; i++) fx.push(r.effects[i].type);
    const msg: Record<string, unknown> = { t: 'act', n: s.n, a: a };
    if (fx.length) msg.fx = fx;
    // Rolled faces travel inside the action so the host can replay without the generator.
    for (let i = 0; i < r.effects.length; i++) if (r.effects[i].type === 'rolled') msg.a = { do: 'roll', faces: r.effects[i].faces };
    this.send(msg);
    if (fx.indexOf('turn_end') >= 0) this.feedback('turn');
    return null;
  }

  startSelfTest(): void {
    const m = loadMaintenance(this.board.storage);
    if (!m) {
      this.err('no_maintenance');
      return;
    }
    this.selftest = new m.SelfTest(this.board, this.frame, () => {
      this.selftest = null;
      this.refresh();
    });
  }

  private onButton(id: string, kind: ButtonKind): void {
    this.lastInput = this.board.now();
    if (this.selftest) {
      this.selftest.button(id, kind);
      return;
    }
    if (kind === 'down' || kind === 'up') {
      this.chord(id, kind === 'down');
      return;
    }
    this.send({ t: 'btn', b: id, k: kind });
    if (this.staff) this.staffButton(id);
    else this.table.button(id, kind);
    this.refresh();
  }

  /** OK + BACK held together for 3 s enters staff mode. */
  private chord(id: string, down: boolean): void {
    this.down[id] = down;
    if (this.staffTimer >= 0) this.board.cancel(this.staffTimer);
    this.staffTimer = -1;
    if (this.down.OK && this.down.BK) {
      this.staffTimer = this.board.after(STAFF_HOLD_MS, () => {
        this.staff = true;
        this.send({ t: 'ui', m: 'staff' });
        this.refresh();
      });
    }
  }

  private staffButton(id: string): void {
    const m = loadMaintenance(this.board.storage);
    const app = this;
    const stay =
      !!m &&
      m.staffButton(id, {
        cfg: this.cfg,
        save: () => {
          saveConfig(app.board.storage, app.cfg);
          app.frame.setBrightness(app.cfg.brightness);
        },
        abandon: () => app.abandon(),
        maintenance: () => app.board.maintenance(),
        selfTest: () => app.startSelfTest(),
      });
    if (!stay) {
      this.staff = false;
      this.lastUi = '';
    }
  }

  /** Ends the game in progress and returns to set-up (staff, or an abandoned kiosk table). */
  abandon(): void {
    this.journal.clear();
    this.state = null;
    this.setHeader(null);
    this.table.ui.mode = 'setup';
    this.send({ t: 'new', n: 0 });
  }

  private onCommand(cmd: unknown): void {
    const bad = checkCommand(cmd);
    if (bad) return this.err(bad);
    const c = cmd as Record<string, any>;
    if (c.c === 'hello') this.sendHello();
    else if (c.c === 'btn') {
      if (typeof c.b !== 'string' || !/^(S[1-7]|K[1-6]|OK|BK)$/.test(c.b)) this.err('unknown_button', String(c.b));
      // The press redraws itself, like a press on the board.
      else return this.board.injectButton(c.b, c.k === 'long' ? 'long' : 'press');
    } else if (c.c === 'act') {
      if (!c.a || typeof c.a.do !== 'string') this.err('bad_action');
      else if (!this.apply(c.a)) this.table.afterAction();
    } else if (c.c === 'new') {
      const names: string[] = c.p;
      if (!Array.isArray(names)) return this.err('bad_setup');
      const err = this.newGame(seatRange(names.length), names, c.st || 0, c.cfg || {}, typeof c.seed === 'number' ? c.seed : undefined);
      if (err) this.send({ t: 'rej', a: 'new', code: err.code });
      else this.table.enterPlay();
    } else if (c.c === 'load') {
      const st = c.st as PvState;
      if (!st || st.game !== 'pechvogel' || !Array.isArray(st.players) || typeof st.n !== 'number') return this.err('bad_state');
      this.adopt({ log: LOG_FORMAT, game: 'pechvogel', state: st, seats: c.seats || seatRange(st.players.length) }, st);
      this.table.enterPlay();
    } else if (c.c === 'snap') this.sendSnapshot();
    else if (c.c === 'leds') {
      if (c.on !== undefined) this.cfg.leds_link = !!c.on;
      this.lastFrame = '';
    } else if (c.c === 'cfg') {
      const err = setConfig(this.cfg, c.k, c.v);
      if (err) this.err('bad_config', err);
      else {
        saveConfig(this.board.storage, this.cfg);
        this.frame = new Frame(this.cfg.brightness, this.cfg.led_budget_ma);
      }
    }
    this.refresh();
  }

  /**
   * The whole game (header, state, table UI) in numbered chunks the host reassembles. Chunks
   * are sized by their escaped length so every line stays within MAX_LINE_BYTES.
   */
  sendSnapshot(): void {
    const text = JSON.stringify({ h: this.header, st: this.state, ui: this.table.ui });
    let pos = 0;
    let i = 0;
    while (pos < text.length) {
      let len = SNAP_CHUNK;
      while (len > 8 && JSON.stringify(text.substr(pos, len)).length > SNAP_CHUNK + 20) len = len >> 1;
      const end = pos + len >= text.length;
      this.send({ t: 'snap', i: i++, d: text.substr(pos, len), end: end ? 1 : 0 });
      pos += len;
    }
  }

  feedback(kind: 'ok' | 'refused' | 'vote' | 'turn'): void {
    if (!this.cfg.beep) return;
    if (kind === 'refused') this.board.beep(220, 150);
    else if (kind === 'vote') this.board.beep(880, 60);
    else if (kind === 'turn') this.board.beep(660, 80);
  }

  /**
   * Draws the LEDs, sends what changed (frame, table UI) and schedules the next redraw the
   * picture needs by itself. Runs after every input and command, and from the tick.
   */
  refresh(): void {
    const now = this.board.now();
    if (this.selftest) {
      this.selftest.render(now);
      this.output();
      return this.schedule(now - (now % SELFTEST_TICK_MS) + SELFTEST_TICK_MS);
    }
    const cfg = this.cfg;
    const attract = now - this.lastInput > cfg.attract_ms && cfg.attract_ms > 0;
    let wake = renderPechvogel(this.frame, this.state, this.table.ui, this.seats, now, attract);
    if (this.staff) {
      // Staff mode: a cyan marker blinks in the bottom-right corner (250 ms on, 250 ms off).
      if (now % 500 < 250) this.frame.set(15, 7, C.cyan);
      const flip = now - (now % 250) + 250;
      if (flip < wake) wake = flip;
    }
    // Idle for attract_ms: the attract sweep starts.
    if (!attract && cfg.attract_ms > 0 && this.lastInput + cfg.attract_ms < wake) wake = this.lastInput + cfg.attract_ms + 1;
    this.output();
    const ui = this.table.ui;
    const u = ui.mode + ui.entry.join('') + (ui.correcting ? 'c' : '') + ui.votes.join('') + ui.deadline + ui.victim + ui.err;
    if (u !== this.lastUi) {
      this.lastUi = u;
      this.send({ t: 'ui', m: ui.mode, e: ui.entry, c: ui.correcting, v: ui.votes, dl: ui.deadline ? ui.deadline - now : 0, vic: ui.victim, err: ui.err });
    }
    this.schedule(wake);
  }

  /** The frame to the LEDs (within the current budget) and, when asked for, over the link. */
  private output(): void {
    const f = this.frame;
    const changed = f.update();
    if (changed) this.board.showLeds(f.grb);
    if ((changed || this.lastFrame === '') && (this.cfg.leds_link || !this.board.hasPins)) {
      const t = f.text();
      if (t !== this.lastFrame) {
        this.lastFrame = t;
        this.send({ t: 'leds', f: t });
      }
    }
  }

  /**
   * Sets the next tick: when the picture changes (`wake`, a board time), when an abandoned
   * game is due to be cleared, and at least every IDLE_TICK_MS for the watchdog.
   */
  private schedule(wake: number): void {
    const now = this.board.now();
    this.wake = wake;
    let at = now + IDLE_TICK_MS;
    if (wake < at) at = wake;
    const abandon = this.lastInput + this.cfg.abandon_ms + 1;
    if (this.cfg.abandon_ms > 0 && this.state && abandon < at) at = abandon;
    if (this.tickId >= 0) {
      if (this.tickAt <= at) return;
      this.board.cancel(this.tickId);
    }
    this.tickAt = at;
    // A timer never fires early; 1 ms later the new phase is certain to be on.
    this.tickId = this.board.after(at > now ? at - now + 1 : 1, this.tickFn);
  }

  private tick(): void {
    const b = this.board;
    this.tickId = -1;
    b.kick();
    let redraw = !!this.selftest || b.now() >= this.wake;
    // Kiosk: a game nobody touched for abandon_ms is cleared for the next table.
    if (!this.selftest && this.cfg.abandon_ms > 0 && this.state && b.now() - this.lastInput > this.cfg.abandon_ms) {
      this.abandon();
      redraw = true;
    }
    if (redraw) this.refresh();
    else this.schedule(this.wake);
  }
}
