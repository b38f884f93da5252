/**
 * The firmware application: owns the game state, journals every committed action, speaks the
 * protocol and runs the table. The same code runs on a Pico, on Espruino's Linux build and in
 * the simulated board. Code the table needs only now and then (boot, new games, the host's
 * set-up commands) is in the rarely used module (rare/), loaded from Storage when needed.
 */
import type { ButtonKind } from './board';
import { beep, boardName, consoleToPort, hasPins, kick, listen, pressedNow, sendLine, showLeds, startBoard } from './board.espruino';
import type { Action, RuleError } from '../../shared/engine/types';
import { applyPechvogel as step } from '../../shared/games/pechvogel/rules';
import type { LogHeader } from '../../shared/engine/log';
import type { Face, PvState } from '../../shared/games/pechvogel/types';
import { OVER, TARGET, WINDOW } from '../../shared/games/pechvogel/phases';
import { LINE_PREFIX, LINE_TEXT_LIMIT, PROTOCOL_VERSION } from '../../shared/protocol/messages';
import { checkCommand, encodeLine, tooLong } from '../../shared/protocol/board-codec';
import { CHECKPOINT_AFTER_BYTES, CHECKPOINT_FORCED_BYTES, Journal, LINES_FILE } from './journal';
import { espruinoModule } from './espruino-module';
import type { BoardConfig } from './config';
import { saveConfig } from './save-config';
import { C, Frame } from './leds/frame';
import { newUi, PechvogelTable } from './table/pechvogel-table';
import { drawableSeats, invalidatePechvogel, renderPechvogel } from './table/pechvogel-render';
import type { SelfTest } from './maintenance/selftest';
import { loadMaintenance } from './maintenance/load-maintenance';
import { loadRare } from './rare/load-rare';
import type { EspruinoE, EspruinoGlobals } from './espruino-types';

declare const getTime: EspruinoGlobals['getTime'];
declare const E: EspruinoE;

/** OK and BACK held together this long during play: staff mode; through power-up: self-test. */
const STAFF_HOLD_MS = 3000;
const SELFTEST_ENTER_MS = 500;
/**
 * The app redraws on input and when the picture changes by itself (renderPechvogel says when);
 * in between a tick this often keeps the watchdog fed and checks for an abandoned game.
 */
const IDLE_TICK_MS = 1000;
/** The self-test redraws at the fast blink rate (its chase and sweep move on their own). */
const SELFTEST_TICK_MS = 125;
/** Button ids two characters each: an id is valid where it starts at an even offset. */
const BUTTON_IDS = 'S1S2S3S4S5S6S7K1K2K3K4K5K6OKBK';

export interface DeviceHeader extends LogHeader {
  /** Player index → physical seat. */
  seats: number[];
}

export class App {
  state: PvState | null = null;
  header: DeviceHeader | null = null;
  /** The header's seats as the renderer draws them (drawableSeats). */
  seats: number[] = [];
  cfg: BoardConfig;
  table: PechvogelTable;
  frame: Frame;
  journal = new Journal();
  boots = 0;
  /**
   * Staff mode (kiosk maintenance from the buttons) is open: its settings on the LEDs (x, y, colour for each LED; an array, even
   * empty, is true), else false. One member for both: every member read walks the object's list.
   */
  staff: number[] | false = false;
  /**
   * The last frame and table UI reported to the host ('' = send again: a host's `leds` asks for
   * the frame once even where frames are not sent as they change; ' ' = none sent yet).
   */
  lastFrame = ' ';
  private lastUi = '';
  private seq = 0;
  lastInput = 0;
  private selftest: SelfTest | null = null;
  private down: Record<string, boolean> = {};
  /** OK and BACK went down together: until both are up, neither is a press or long press. */
  private chordHeld = false;
  private staffTimer = -1;
  private cpTimer = -1;
  /** When the picture changes next by itself, and the pending tick (time, timer id). */
  private wake = 0;
  private tickAt = Infinity;
  private tickId = -1;

  constructor() {
    this.cfg = loadRare().loadConfig();
    this.frame = new Frame(this.cfg.brightness, this.cfg.led_budget_ma, hasPins);
    this.table = new PechvogelTable(this);
  }

  /** Boot: counts the boot, resumes a journaled game, starts buttons, link and the tick. */
  start(linkMode: boolean): void {
    // Power-up counts as input (a host answering the hello at once must not see the attract sweep).
    this.lastInput = getTime() * 1000;
    // A journal that cannot be resumed (Storage full, a damaged file) must not stop the board at
    // every power-up: it starts in set-up, says why, and the next game replaces the journal.
    try {
      const r = loadRare().boot(this, step);
      if (r) {
        const s = r.state;
        this.setGame(r.header as DeviceHeader, s);
        // A torn line would have the next action appended right after it: start the lines afresh.
        if (r.torn) this.journal.checkpoint(r.header, s);
        this.table.enterPlay();
        // The running window's votes, cast at this very state (its countdown starts again in full).
        if (r.votesAt === s.n && s.phase === WINDOW) this.table.ui.votes = r.votes;
        // A virtual first throw shows until its target is chosen, the table's only sight of it
        // (rollUntil 1: the renderer's phase check): its faces are the state's own.
        else if (s.phase === TARGET && s.rng) {
          this.table.ui.rolled = s.turn.first_faces as Face[];
          this.table.ui.rollUntil = 1;
        }
      }
    } catch (e) {
      this.setGame(null, null);
      this.table.ui.mode = 'setup';
      this.err('resume_failed', String(e));
    }
    startBoard(this.press.bind(this));
    // OK and BACK held through power-up: the assembly self-test instead of a game.
    const held = pressedNow();
    if (held.indexOf('OK') >= 0 && held.indexOf('BK') >= 0) {
      setTimeout(() => {
        const still = pressedNow();
        if (still.indexOf('OK') >= 0 && still.indexOf('BK') >= 0) this.startSelfTest();
      }, SELFTEST_ENTER_MS);
    }
    // Bound, not arrows: an Espruino closure keeps its function's whole scope, and these live as
    // long as the board (the resumed journal stayed in RAM with them: 2,213 live variables after
    // resuming 3.3 KB of lines, against 1,402 in play).
    listen(linkMode, this.command.bind(this), this.err.bind(this));
    this.sendHello();
    this.tick();
  }

  seed(): number {
    return (getTime() * 1e6) ^ this.boots ^ 0x5eed;
  }

  send(msg: Record<string, unknown>): void {
    msg.s = ++this.seq;
    sendLine(encodeLine(msg));
  }

  sendHello(): void {
    this.send({ t: 'hello', v: PROTOCOL_VERSION, fw: __DT_BUILD__.fw, bh: __DT_BUNDLE_HASH__, game: 'pechvogel', board: boardName, boot: this.boots });
  }

  err(code: string, detail?: string): void {
    this.send({ t: 'err', code: code, msg: detail || '' });
  }

  /** The game in play (null: none) and the header it was set up with. */
  setGame(h: DeviceHeader | null, st: PvState | null): void {
    this.header = h;
    this.state = st;
    this.seats = drawableSeats(h && Array.isArray(h.seats) ? h.seats : []);
    invalidatePechvogel();
  }

  /** The one way the game changes on the board: step, journal, then tell the host. */
  apply(a: Action): RuleError | null {
    // No game: refused like any action (a host's act got no answer at all).
    const r: ReturnType<typeof step> = this.state ? step(this.state, a) : { ok: false, error: { code: 'no_game', message: '' } };
    if (!r.ok) {
      this.send({ t: 'rej', a: a.do, code: r.error.code });
      return r.error;
    }
    const s = r.state;
    // Journal before adopting: an action is committed once it is in Storage. The action's JSON
    // is made once, for the journal line and the act line (strings: cheaper than objects here).
    let aj = JSON.stringify(a);
    // Storage full: not committed, so not taken (a short catch block: Espruino reads it on every step).
    // (Journal#append written out: its only caller, and a call costs Espruino more than these lines.)
    const J = this.journal;
    try {
      const line = '{"n":' + s.n + ',"a":' + aj + '}\n';
      (J.lines || (J.lines = espruinoModule('Storage').open(LINES_FILE, 'a'))).write(line);
      J.pending += line.length;
    } catch (e) {
      // The failed write left the file's handle unwritable (StorageFile mode 0): a fresh one next time.
      J.lines = null;
      this.err('storage_full');
      return { code: 'storage_full', message: '' };
    }
    // A checkpoint where the state holds no undo copy of the one before it (half the size), unless
    // the lines are about to need a second chunk (journal.ts).
    if (s.phase === OVER || (J.pending >= CHECKPOINT_AFTER_BYTES && (!s.undo || J.pending >= CHECKPOINT_FORCED_BYTES))) this.checkpointSoon();
    this.state = s;
    let fx = '';
    let turn = false;
    for (let i = 0; i < r.effects.length; i++) {
      const e = r.effects[i];
      fx += (i ? ',"' : '"') + e.type + '"';
      // (Without pins no buzzer: not even the call, ~60 k on the Linux build.)
      if (e.type === 'turn_end') turn = hasPins;
      // Rolled faces travel inside the action so the host can replay without the generator.
      // (The table shows them on the LEDs: a table without dice sees nothing else of the roll.)
      else if (e.type === 'rolled') aj = '{"do":"roll","faces":' + JSON.stringify((this.table.ui.rolled = e.faces as Face[])) + '}';
    }
    // What send() would write (encodeLine), built directly; too long: encodeLine's error instead.
    const line = LINE_PREFIX + '{"t":"act","n":' + s.n + ',"a":' + aj + (fx ? ',"fx":[' + fx + ']' : '') + ',"s":' + ++this.seq + '}';
    sendLine(line.length < LINE_TEXT_LIMIT ? line : tooLong('act', this.seq));
    if (turn) this.feedback('turn');
    return null;
  }

  /**
   * A checkpoint right after the event, off the button's path (~0.5 M instructions): the action
   * lines are already in Storage, so a power cut before it loses nothing. It saves the game as it
   * is then (a new or abandoned game in between is fine: lines up to its n are skipped).
   */
  private checkpointSoon(): void {
    if (this.cpTimer >= 0) return;
    this.cpTimer = setTimeout(() => {
      this.cpTimer = -1;
      // No room (the old checkpoint and the lines stay, and the next action tries again): said, not
      // thrown out of a timer, where a kiosk's locked console took it and the host heard nothing.
      try {
        if (this.state && this.header) this.journal.checkpoint(this.header, this.state);
      } catch (e) {
        this.err('storage_full', 'checkpoint');
      }
    }, 0) as unknown as number;
  }

  /** Every button event, from the pins or from the host's btn command. */
  press(id: string, kind: ButtonKind): void {
    this.lastInput = getTime() * 1000;
    if (this.selftest) return this.selftest.button(id, kind);
    if (kind === 'down' || kind === 'up') return this.chord(id, kind === 'down');
    // The staff chord is not two presses: their long presses would roll, pass, take a marker or
    // start a rematch, and BACK's would clear the entry.
    if (this.chordHeld && (id === 'OK' || id === 'BK')) return;
    // What send() would write (encodeLine), built directly: ids and kinds need no escaping.
    sendLine(LINE_PREFIX + '{"t":"btn","b":"' + id + '","k":"' + kind + '","s":' + ++this.seq + '}');
    if (this.staff) this.staffButton(id, kind);
    else this.table.button(id, kind);
    this.refresh();
  }

  /**
   * Host commands. A press goes straight through (on Espruino a return from inside a block still
   * reads the rest of its function, so the frequent case comes first and ends at the bottom).
   */
  // `c`: any JSON value a host sent, under one name (an alias would be one more local to read).
  command(c: any): void {
    if (!c || c.c !== 'btn') return this.otherCommand(c);
    const at = typeof c.b === 'string' && c.b.length === 2 ? BUTTON_IDS.indexOf(c.b) : -1;
    if (at < 0 || at % 2) {
      this.err('unknown_button', String(c.b));
      return this.refresh();
    }
    // The same path as a press on the board (which redraws).
    this.press(c.b, c.k === 'long' ? 'long' : 'press');
  }

  /** Every command but btn; the set-up ones (new, load, snap, cfg) are in the rare module. */
  private otherCommand(c: Record<string, any>): void {
    // An object with c = 'act' passes checkCommand anyway.
    const bad = c && c.c === 'act' ? null : checkCommand(c);
    if (bad) return this.err(bad);
    if (c.c === 'act') {
      // A game the host plays is in use: the idle clock (attract, abandon) starts again as for a
      // press (a new or adopted game's does too: rare/new-game.ts adopt); a mirror's frame asks
      // and snapshots are not use.
      this.lastInput = getTime() * 1000;
      if (!c.a || typeof c.a.do !== 'string') this.err('bad_action');
      else {
        // A host's action may carry junk the rules cannot even read ({"toString":{}} as a face):
        // reported, the game untouched. Buttons never make such actions, so only this path pays.
        try {
          if (!this.apply(c.a)) this.table.afterAction();
        } catch (e) {
          this.err('bad_action');
        }
      }
    } else if (c.c === 'hello') this.sendHello();
    else if (c.c === 'leds') {
      // A flag only when it is one: every Espruino object has an `on` (the event emitter's, on
      // Object.prototype), so a mirror's ask for the frame ({c:'leds'}) turned frames over the link on.
      if (c.on === !!c.on) this.cfg.leds_link = c.on;
      this.lastFrame = '';
    } else loadRare().command(this, c);
    this.refresh();
  }

  /** OK + BACK held together for 3 s enters staff mode. */
  private chord(id: string, down: boolean): void {
    // Only while held: kept for every button ever pressed, it held RAM for good.
    if (down) this.down[id] = down;
    else delete this.down[id];
    if (this.staffTimer >= 0) clearTimeout(this.staffTimer);
    this.staffTimer = -1;
    if (!this.down.OK && !this.down.BK) {
      // Let go before the menu opened: the game's countdowns run again (in full).
      if (this.chordHeld && !this.staff) {
        this.table.restartClocks();
        this.refresh();
      }
      this.chordHeld = false;
    } else if (this.down.OK && this.down.BK) {
      // Staff at work: no reroll window or marker step runs out meanwhile (their bars go at once).
      this.table.stopClocks();
      this.refresh();
      this.chordHeld = true;
      this.staffTimer = setTimeout(() => {
        this.staffUi(loadMaintenance());
        this.refresh();
      }, STAFF_HOLD_MS) as unknown as number;
    }
  }

  private staffButton(id: string, kind: ButtonKind): void {
    const m = loadMaintenance();
    const app = this;
    const stay =
      !!m &&
      m.staffButton(id, kind, {
        cfg: this.cfg,
        save: () => {
          saveConfig(app.cfg);
          app.frame.setLimits(app.cfg.brightness, app.cfg.led_budget_ma);
        },
        abandon: () => app.abandon('staff'),
        maintenance: () => consoleToPort(app),
        selfTest: () => app.startSelfTest(),
      });
    if (!stay) {
      this.staff = false;
      this.lastUi = '';
      this.table.restartClocks();
    } else this.staffUi(m);
  }

  /** The staff menu's settings now: its ui line (reroll-window ms, brightness cap) and LEDs. */
  private staffUi(m: ReturnType<typeof loadMaintenance>): void {
    this.staff = m ? m.staffLeds(this.cfg) : [];
    this.send({ t: 'ui', m: 'staff', w: this.cfg.window_ms, br: this.cfg.brightness });
  }

  startSelfTest(): void {
    const m = loadMaintenance();
    if (!m) return this.err('no_maintenance');
    this.selftest = new m.SelfTest({ pressedNow: pressedNow, beep: beep }, this.frame, () => {
      this.selftest = null;
      this.refresh();
    });
  }

  /**
   * Ends the game in progress and returns to set-up (staff, or an abandoned kiosk table), an empty
   * one: the next table joined the last one's seats and options (a long BACK at game over keeps them).
   * `why` goes to the host, whose log and screens say why the game stopped: 'staff' (K3 in the
   * staff menu), 'idle' (abandon_ms), 'storage_full' (a new game that found no room).
   */
  abandon(why: string): void {
    // Its countdowns go with it (a window's timer kept the old game in RAM until it ran out).
    this.table.stopClocks();
    this.journal.clear();
    this.setGame(null, null);
    this.table.ui = newUi();
    this.send({ t: 'new', n: 0, why: why });
  }

  feedback(kind: 'ok' | 'refused' | 'vote' | 'turn'): void {
    if (!this.cfg.beep) return;
    if (kind === 'refused') beep(220, 150);
    else if (kind === 'vote') beep(880, 60);
    else if (kind === 'turn') beep(660, 80);
  }

  /**
   * Draws the LEDs, sends what changed (frame, table UI) and schedules the next redraw the
   * picture needs by itself. Runs after every input and command, and from the tick.
   */
  refresh(): void {
    const now = getTime() * 1000;
    const cfg = this.cfg;
    const f = this.frame;
    let wake: number;
    if (this.selftest) {
      this.selftest.render(now);
      invalidatePechvogel();
      wake = now - (now % SELFTEST_TICK_MS) + SELFTEST_TICK_MS;
    } else {
      const attract = now - this.lastInput > cfg.attract_ms && cfg.attract_ms > 0;
      wake = renderPechvogel(f, this.state, this.table.ui, this.seats, now, attract);
      const L = this.staff;
      if (L) {
        // Staff mode: a cyan marker blinks in the bottom-right corner (250 ms on, 250 ms off);
        // beside it the settings (staff-menu.ts staffLeds: x, y, colour each).
        if (now % 500 < 250) f.set(15, 7, C.cyan);
        for (let i = 0; i < L.length; i += 3) f.set(L[i], L[i + 1], L[i + 2]);
        invalidatePechvogel();
        wake = Math.min(wake, now - (now % 250) + 250);
      }
      // Idle for attract_ms: the attract sweep starts.
      if (!attract && cfg.attract_ms > 0) wake = Math.min(wake, this.lastInput + cfg.attract_ms + 1);
    }
    // The frame to the LEDs (within the current budget) and, when asked for, over the link.
    // Without LEDs the text itself tells whether the frame changed (one pass over it, not two).
    const changed = !hasPins || f.update();
    if (changed && hasPins) showLeds(f.grb);
    if ((changed && (cfg.leds_link || !hasPins)) || this.lastFrame === '') {
      // f.text() written out (a call costs more than it).
      const t = E.toString(f.leds) + '';
      if (t !== this.lastFrame) {
        this.lastFrame = t;
        // What send() would write (encodeLine), built directly: the letters need no escaping.
        sendLine(LINE_PREFIX + '{"t":"leds","f":"' + t + '","s":' + ++this.seq + '}');
      }
    }
    // The table UI when it changed (the deadline as is; the line carries the time left). Built as
    // send() would write it (encodeLine): every field is a mode, a code, a number or a flag.
    const ui = this.table.ui;
    // (The votes are player indices: their own text is their JSON, without a native call, ~6 k an event.)
    const head = '{"t":"ui","m":"' + ui.mode + '","e":' + JSON.stringify(ui.entry) + ',"c":' + ui.correcting + ',"v":[' + ui.votes + ']';
    const tail = ',"vic":' + ui.victim + ',"err":"' + ui.err + '"';
    const u = head + tail + ui.deadline;
    // (Not in the staff menu: its own ui line says so; a game ended from it would show set-up.)
    if (!this.selftest && !this.staff && u !== this.lastUi) {
      this.lastUi = u;
      sendLine(LINE_PREFIX + head + ',"dl":' + (ui.deadline ? ui.deadline - now : 0) + tail + ',"s":' + ++this.seq + '}');
    }
    this.schedule(wake);
  }

  /**
   * Sets the next tick: when the picture changes (`wake`, a board time), and at least every
   * IDLE_TICK_MS for the watchdog and the abandoned-game check.
   */
  private schedule(wake: number): void {
    this.wake = wake;
    // A pending tick comes within IDLE_TICK_MS anyway: keep it if it is not later than `wake`.
    // (An abandoned game is noticed by the tick itself, within a second.)
    if (this.tickId >= 0 && this.tickAt <= wake) return;
    const now = getTime() * 1000;
    let at = now + IDLE_TICK_MS;
    if (wake < at) at = wake;
    // Here the pending tick (if any) is later than `wake`, so later than `at` too.
    if (this.tickId >= 0) clearTimeout(this.tickId);
    this.tickAt = at;
    // A timer never fires early; 1 ms later the new phase is certain to be on.
    this.tickId = setTimeout(this.tick.bind(this), at > now ? at - now + 1 : 1) as unknown as number;
  }

  private tick(): void {
    this.tickId = -1;
    kick();
    const now = getTime() * 1000;
    let redraw = !!this.selftest || now >= this.wake;
    // A staff menu nobody touched for 5 minutes closes, as the self-test does: left open, it kept a
    // kiosk table dead to the next players' presses for good. (A literal: a const is a global here.)
    if (this.staff && now - this.lastInput > 300000) {
      this.staffButton('OK', 'press');
      redraw = true;
    }
    // Kiosk: a game nobody touched for abandon_ms is cleared for the next table.
    if (!this.selftest && this.cfg.abandon_ms > 0 && this.state && now - this.lastInput > this.cfg.abandon_ms) {
      this.abandon('idle');
      redraw = true;
    }
    if (redraw) this.refresh();
    else this.schedule(this.wake);
  }
}
