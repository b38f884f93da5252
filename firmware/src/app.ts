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
import { Frame } from './leds/frame';
import { PechvogelTable } from './table/pechvogel-table';
import { renderPechvogel, type Cells } from './table/pechvogel-render';

export interface BuildInfo {
  fw: string;
  bundleHash: string;
  width: number;
  height: number;
  ledIndex: (x: number, y: number) => number;
  /** Pechvogel regions of the LED layout (hardware/led-layout.ts), compiled at build time. */
  cells: Cells;
}

export interface DeviceHeader extends LogHeader {
  /** Player index → physical seat. */
  seats: number[];
}

const BLINK_MS = 250;

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

  constructor(
    public board: Board,
    private info: BuildInfo,
  ) {
    this.cfg = loadConfig(board.storage);
    this.journal = new Journal(board.storage);
    this.frame = new Frame(info.width, info.height, info.ledIndex, this.cfg.brightness, this.cfg.led_budget_ma);
    const app = this;
    this.table = new PechvogelTable({
      state: () => app.state,
      seats: () => (app.header ? app.header.seats : []),
      apply: (a) => app.apply(a),
      newGame: (seats, start, config, virtual, names) => app.newGame(seats, names || null, seats.indexOf(start), config, virtual ? app.seed() : undefined),
      now: () => board.now(),
      after: (ms, fn) => board.after(ms, fn),
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
    b.onCommand(
      (cmd) => this.onCommand(cmd),
      (code) => this.send({ t: 'err', code: code, msg: 'input ignored' }),
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
    this.header = r.header as DeviceHeader;
    this.state = s;
    this.table.enterPlay();
  }

  newGame(seats: number[], names: string[] | null, start: number, config: Record<string, unknown>, seed: number | undefined): RuleError | null {
    const players: string[] = [];
    for (let i = 0; i < seats.length; i++) players.push(names ? names[i] : 'Seat ' + (seats[i] + 1));
    const setup = { players: players, start: start < 0 ? 0 : start, config: config, seed: seed };
    const r = setupPechvogel(setup);
    if (!r.ok) return r.error;
    this.header = { log: LOG_FORMAT, game: 'pechvogel', setup: setup, seats: seats };
    this.state = r.state;
    this.journal.checkpoint(this.header, this.state);
    this.send({ t: 'new', n: 0 });
    return null;
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
    if (s.phase === 'await_first_throw' || s.phase === 'game_over') this.journal.checkpoint(this.header as DeviceHeader, s);
    else this.journal.append(s.n, a);
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

  private onButton(id: string, kind: ButtonKind): void {
    this.lastInput = this.board.now();
    this.send({ t: 'btn', b: id, k: kind });
    this.table.button(id, kind);
    this.refresh();
  }

  private onCommand(cmd: unknown): void {
    const bad = checkCommand(cmd);
    if (bad) {
      this.send({ t: 'err', code: bad, msg: 'command ignored' });
      return;
    }
    const c = cmd as Record<string, any>;
    if (c.c === 'hello') this.sendHello();
    else if (c.c === 'btn') {
      if (typeof c.b !== 'string' || !/^(S[1-7]|K[1-6]|OK|BK)$/.test(c.b)) this.send({ t: 'err', code: 'unknown_button', msg: String(c.b) });
      else this.board.injectButton(c.b, c.k === 'long' ? 'long' : 'press');
    } else if (c.c === 'act') {
      if (!c.a || typeof c.a.do !== 'string') this.send({ t: 'err', code: 'bad_action', msg: 'act needs a' });
      else if (!this.apply(c.a)) this.table.afterAction();
    } else if (c.c === 'new') {
      const names: string[] = c.p;
      if (!Array.isArray(names)) {
        this.send({ t: 'err', code: 'bad_setup', msg: 'new needs p' });
        return;
      }
      const seats: number[] = [];
      for (let i = 0; i < names.length; i++) seats.push(i);
      const err = this.newGame(seats, names, c.st || 0, c.cfg || {}, typeof c.seed === 'number' ? c.seed : undefined);
      if (err) this.send({ t: 'rej', a: 'new', code: err.code });
      else this.table.enterPlay();
    } else if (c.c === 'load') {
      const st = c.st as PvState;
      if (!st || st.game !== 'pechvogel' || !Array.isArray(st.players) || typeof st.n !== 'number') {
        this.send({ t: 'err', code: 'bad_state', msg: 'load needs a Pechvogel state' });
        return;
      }
      const seats: number[] = [];
      for (let i = 0; i < st.players.length; i++) seats.push(c.seats ? c.seats[i] : i);
      this.header = { log: LOG_FORMAT, game: 'pechvogel', state: st, seats: seats };
      this.state = st;
      this.journal.checkpoint(this.header, st);
      this.send({ t: 'new', n: st.n });
      this.table.enterPlay();
    } else if (c.c === 'snap') this.sendSnapshot();
    else if (c.c === 'leds') {
      if (c.on !== undefined) this.cfg.leds_link = !!c.on;
      this.lastFrame = '';
    } else if (c.c === 'cfg') {
      const err = setConfig(this.cfg, c.k, c.v);
      if (err) this.send({ t: 'err', code: 'bad_config', msg: err });
      else {
        saveConfig(this.board.storage, this.cfg);
        this.frame = new Frame(this.info.width, this.info.height, this.info.ledIndex, this.cfg.brightness, this.cfg.led_budget_ma);
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

  /** Draws the LEDs and reports UI/frame changes; runs on every input and every blink tick. */
  refresh(): void {
    const now = this.board.now();
    renderPechvogel(this.frame, this.info.cells, this.state, this.table.ui, this.header ? this.header.seats : [], now, now - this.lastInput > this.cfg.attract_ms && this.cfg.attract_ms > 0);
    this.frame.limit();
    this.board.showLeds(this.frame.grb);
    const ui = this.table.ui;
    const u = ui.mode + ui.entry.join('') + (ui.correcting ? 'c' : '') + ui.votes.join('') + ui.deadline + ui.victim + ui.err;
    if (u !== this.lastUi) {
      this.lastUi = u;
      this.send({ t: 'ui', m: ui.mode, e: ui.entry, c: ui.correcting, v: ui.votes, dl: ui.deadline ? ui.deadline - now : 0, vic: ui.victim, err: ui.err });
    }
    if (this.cfg.leds_link || !this.board.hasPins) {
      const f = this.frame.toText();
      if (f !== this.lastFrame) {
        this.lastFrame = f;
        this.send({ t: 'leds', f: f });
      }
    }
  }

  private tick(): void {
    this.board.kick();
    this.refresh();
    this.board.after(BLINK_MS, () => this.tick());
  }
}
