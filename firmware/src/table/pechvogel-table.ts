/**
 * The Pechvogel table: turns seat-button and pad presses into engine actions.
 * Pad: K1..K6 = faces 3,4,5,6,7,Raven (and target / box values 3..7), OK, BK (back).
 * The engine decides what is legal; this file only collects input, shows pending entries and
 * runs the reroll window's countdown and votes (RULES.md R-PV-13).
 */
import type { Action } from '../../../shared/engine/types';
import { applyPechvogel as step, diceDue, onlyMarkerAction } from '../../../shared/games/pechvogel/rules';
import type { Face, PvState, PvThrow } from '../../../shared/games/pechvogel/types';
import { FIRST, MARKER, OVER, TARGET, WINDOW } from '../../../shared/games/pechvogel/phases';
import type { App } from '../app';
import { loadRare } from '../rare/load-rare';
import { espruinoModule } from '../espruino-module';
import type { EspruinoGlobals } from '../espruino-types';

declare const getTime: EspruinoGlobals['getTime'];

const MAX_SEATS = 7;
/** How long the LEDs show a virtual roll's faces (a first throw's: until the target is chosen). */
const ROLL_SHOW_MS = 3000;

export interface PvUi {
  mode: 'setup' | 'play';
  /** Faces entered but not confirmed yet. */
  entry: Face[];
  /** The entry replaces the last confirmed throw (engine 'correct'). */
  correcting: boolean;
  /** Player indices who pressed to frustrate, in order; the first is the initiator. */
  votes: number[];
  /** Reroll-window countdown end (board ms), 0 when no window runs. */
  deadline: number;
  /** Length of the running window, for the countdown bar. */
  span: number;
  /**
   * Steal victim chosen in the marker step, -1 none; -2 - index: the victim of the board's own
   * steal while it waits (shown on the LEDs; every `victim >= 0` test reads it as none chosen).
   */
  victim: number;
  /** Last refusal shown on the LEDs: code, seat (-1 = pad), until when. */
  err: string;
  errSeat: number;
  errUntil: number;
  /**
   * The last virtual roll's faces, shown in the entry view (the only sight of a roll at a table
   * without dice) until rollUntil (board ms), a first throw's until its target is chosen (1); the
   * next action ends it (rollUntil 0; a vote and the staff menu do not: restartClocks).
   */
  rolled: Face[];
  rollUntil: number;
  /** Set-up choices. */
  seatsIn: boolean[];
  startSeat: number;
  virtual: boolean;
  immune: boolean;
  stealOnly: boolean;
}

export function newUi(): PvUi {
  return {
    mode: 'setup',
    entry: [],
    correcting: false,
    votes: [],
    deadline: 0,
    span: 0,
    victim: -1,
    err: '',
    errSeat: -1,
    errUntil: 0,
    rolled: [],
    rollUntil: 0,
    seatsIn: [false, false, false, false, false, false, false],
    startSeat: -1,
    virtual: false,
    immune: false,
    stealOnly: false,
  };
}

export class PechvogelTable {
  ui: PvUi = newUi();
  private timer = -1;
  /**
   * The pending automatic marker step (R-PV-22), -1 none; its action and the step (state n) it is
   * for. Every step into the marker phase resets both, so in that phase autoAct is this step's.
   */
  private auto = -1;
  private autoAct: Action | null = null;
  private autoN = -1;
  /** The throw the running reroll window is about (a corrected throw gets a window of its own). */
  private windowFor: PvThrow | null = null;
  constructor(private app: App) {}

  refuse(code: string, seat: number): void {
    this.ui.err = code;
    this.ui.errSeat = seat;
    this.ui.errUntil = getTime() * 1000 + 1500;
    this.app.feedback('refused');
  }

  private act(a: Action, seat: number): boolean {
    const err = this.app.apply(a);
    if (err) {
      this.refuse(err.code, seat);
      return false;
    }
    this.afterAction();
    return true;
  }

  /**
   * Called after every accepted action, whoever sent it (buttons, the board's own marker step,
   * the host), and when a game starts: a refusal shown so far is over (the game moved on).
   */
  afterAction(): void {
    const s = this.app.state;
    const ui = this.ui;
    ui.victim = -1;
    ui.err = '';
    // The game moved on: a correction is over (the table's own ends with its action), and a throw
    // half entered was for the state before. The table's own actions come with the entry used up
    // or add the key after (a pass by typing); a host's would otherwise leave it to be corrected
    // into the host's throw, or shown over the marker step and the standings.
    ui.entry = [];
    ui.correcting = false;
    ui.rollUntil = 0;
    if (!s || s.phase !== WINDOW) {
      // A new array only when there were votes: the renderer redraws the votes when it changes.
      if (ui.votes.length) ui.votes = [];
      ui.deadline = 0;
      if (this.timer >= 0) clearTimeout(this.timer);
      this.timer = -1;
    } else this.openWindow(s);
    // R-PV-22: the only possible marker action is the board's, after cfg.marker_ms in which BACK
    // can still correct the throw that ended the turn (a mis-entered die ends turns too); the
    // countdown bar shows the wait. Every step into the marker phase (a corrected throw too)
    // starts it anew, in an event of its own right after this one (deciding it costs ~0.3 M).
    if (s && s.phase === MARKER) {
      if (this.auto >= 0) clearTimeout(this.auto);
      this.autoN = s.n;
      this.autoAct = null;
      this.auto = setTimeout(this.autoStart, 0) as unknown as number;
    }
  }

  /**
   * In a reroll window: its countdown, unless one runs for this throw already. Out of afterAction:
   * Espruino reads an untaken branch's text at every step (−44 k on every step that opens none).
   */
  private openWindow(s: PvState): void {
    const ui = this.ui;
    if (ui.deadline === 0 || s.turn.last !== this.windowFor) {
      // A window belongs to its throw: a corrected throw opens its own, without the old votes.
      if (this.timer >= 0) clearTimeout(this.timer);
      if (ui.votes.length && s.turn.last !== this.windowFor) ui.votes = [];
      this.windowFor = s.turn.last;
      ui.span = this.app.cfg.window_ms;
      ui.deadline = getTime() * 1000 + ui.span;
      this.timer = setTimeout(() => {
        this.timer = -1;
        this.closeWindow();
        // The window closing changed the game: redraw and report at once.
        this.app.refresh();
      }, ui.span) as unknown as number;
    }
  }

  /** The marker phase began (step autoN): the only possible action, if any, after the wait. */
  private autoStart = (): void => {
    this.auto = -1;
    const s = this.app.state;
    if (!s || s.n !== this.autoN || s.phase !== MARKER || this.ui.correcting) return;
    const a = onlyMarkerAction(s);
    if (!a) return;
    const ui = this.ui;
    this.autoAct = a;
    ui.span = this.app.cfg.marker_ms;
    if (ui.span > 0) {
      ui.deadline = getTime() * 1000 + ui.span;
      this.auto = setTimeout(this.autoDue, ui.span) as unknown as number;
      // A table without a screen saw only the middle and the box change: the robbed player's LED
      // lights while the board waits (the renderer reads -2 - index; afterAction clears it). In
      // this block: with no wait it is skipped as a block, cheaper than an untaken statement.
      if (a.do === 'steal') for (let i = 0; i < s.players.length; i++) if (s.players[i].name === a.from) ui.victim = -2 - i;
    } else this.act(a, -1);
    this.app.refresh();
  };

  /**
   * The wait is over. Not while the throw is being corrected, nor with a victim chosen: leaving
   * either (BACK) starts the wait again, a correction or a steal ends it.
   */
  private autoDue = (): void => {
    const s = this.app.state;
    this.auto = -1;
    if (!s || s.n !== this.autoN || s.phase !== MARKER || this.ui.correcting) return;
    this.ui.deadline = 0;
    if (this.ui.victim < 0) this.act(this.autoAct as Action, -1);
    this.app.refresh();
  };

  /** Staff (the OK + BACK chord, the menu): the countdowns stop, their bar goes; restartClocks() runs them again in full. */
  stopClocks(): void {
    if (this.timer >= 0) clearTimeout(this.timer);
    if (this.auto >= 0) clearTimeout(this.auto);
    this.timer = this.auto = -1;
    this.ui.deadline = 0;
  }

  restartClocks(): void {
    const ui = this.ui;
    const v = ui.victim;
    const e = ui.err;
    const en = ui.entry;
    const r = ui.rollUntil;
    // afterAction starts them as a step does (not while correcting: they wait for the correction
    // then); the chosen victim, a refusal showing, a throw half entered and a roll shown stay (a
    // call less for every step's afterAction; a first vote comes here, and voters look at the roll).
    if (ui.correcting) return;
    this.afterAction();
    ui.victim = v;
    ui.err = e;
    ui.entry = en;
    ui.rollUntil = r;
  }

  /** The countdown ran out or OK was pressed: frustrate with the votes, or pass. */
  closeWindow(): void {
    const s = this.app.state;
    if (!s || s.phase !== WINDOW) return;
    if (this.ui.votes.length > 0) {
      const by: string[] = [];
      for (let i = 0; i < this.ui.votes.length; i++) by.push(s.players[this.ui.votes[i]].name);
      this.act({ do: 'frustrate', by: by }, -1);
    } else this.act({ do: 'pass' }, -1);
  }

  button(id: string, kind: 'press' | 'long'): void {
    // A refusal shows until the next press (which may be refused again): the screens beside the
    // table drop it once a press is taken (a vote, a key, the victim), not only an action.
    this.ui.err = '';
    if (this.ui.mode === 'setup') return this.setupButton(id, kind);
    const s = this.app.state;
    if (!s) return;
    if (s.phase === OVER) {
      if (id === 'OK' && kind === 'long') this.rematch();
      else if (id === 'BK' && kind === 'long') this.ui.mode = 'setup';
      // A short press: the refusal says the game is over (screens say what long OK and BACK do).
      else this.refuse('game_over', -1);
      return;
    }
    if (id === 'OK') return this.ok(s, kind);
    if (id === 'BK') return this.back(s, kind);
    // The ids are S1..S7, K1..K6, OK and BK: only the seats' sort after 'S' (a compare, not a call).
    if (id > 'S') return this.seatButton(s, Number(id.slice(1)) - 1, kind);
    // K1..K5 are the faces 3..7 ('1' is char 49), K6 the raven.
    this.padKey(s, id === 'K6' ? 'R' : ((id.charCodeAt(1) - 46) as Face));
  }

  /** Player index → physical seat (0..6). */
  private seats(): number[] {
    return this.app.header ? this.app.header.seats : [];
  }

  private seatButton(s: PvState, seat: number, kind: 'press' | 'long'): void {
    const p = this.seats().indexOf(seat);
    if (p < 0) return this.refuse('not_playing', seat);
    const ui = this.ui;
    if (s.phase === WINDOW) {
      if (p === s.active) {
        // R-PV-13: whichever is committed first wins; a started frustration shuts out reducing.
        if (ui.votes.length > 0) return this.refuse('frustration_started', seat);
        this.act({ do: 'reduce' }, seat);
        return;
      }
      const at = ui.votes.indexOf(p);
      // Pressed again: the vote is taken back (a neighbour's button pressed by mistake, a change of
      // mind); nothing is committed before the window closes. A held button is one press.
      if (at >= 0) ui.votes.splice(at, 1);
      else {
        const by: string[] = [];
        for (let i = 0; i < ui.votes.length; i++) by.push(s.players[ui.votes[i]].name);
        by.push(s.players[p].name);
        // Dry run: the engine says whether this seat may join (and why not).
        const r = step(s, { do: 'frustrate', by: by });
        if (!r.ok) return this.refuse(r.error.code, seat);
        ui.votes.push(p);
      }
      // Kept through a power cut (journal.ts VOTES_FILE, written out: a constant is a global to walk past).
      espruinoModule('Storage').write('dt.vote', '{"n":' + s.n + ',"v":' + JSON.stringify(ui.votes) + '}');
      // R-PV-13: once someone starts, the others decide whether to join; a vote in the window's
      // last second shut them out. Every vote gives the window in full again.
      ui.deadline = 0;
      this.restartClocks();
      this.app.feedback('vote');
      return;
    }
    if (s.phase === MARKER) {
      if (p === s.active) return this.refuse('not_an_opponent', seat);
      const v = s.turn.target as number;
      if (s.players[p].markers.indexOf(v) < 0) return this.refuse('marker_not_available', seat);
      // The steal-only option: the middle has the value, so no steal (the engine would refuse it later).
      if (s.config.steal_only_if_middle_lacks_value && s.middle[v - 3] > 0) return this.refuse('middle_has_value', seat);
      ui.victim = p;
      return;
    }
    // No window to frustrate or reduce in (the active player's own seat too: it shows why).
    this.refuse('window_closed', seat);
  }

  private ok(s: PvState, kind: 'press' | 'long'): void {
    const ui = this.ui;
    // OK in a window closes it, unless a correction of the throw it is about is being entered.
    if (s.phase === WINDOW && !ui.correcting) return this.closeWindow();
    if (s.phase === MARKER && !ui.correcting) {
      // The only possible action, which the board would make (a steal too), else from the middle.
      // Held with virtual dice, OK rolls too: for the next player, in an event of its own.
      if (this.act(this.autoAct || { do: 'take_marker' }, -1) && kind === 'long' && s.rng) this.rollNext(s.n + 1);
      return;
    }
    // Held with nothing entered: a virtual roll; held on an entry: it confirms the entry.
    if (kind === 'long' && ui.entry.length === 0 && !ui.correcting) {
      if (!s.rng) return this.refuse('no_virtual_dice', -1);
      return this.roll();
    }
    if (ui.entry.length === 0) return this.refuse('enter_dice', -1);
    // Taken, it ends the entry and the correction (afterAction); refused, both stay to be mended.
    // The entry itself, not a copy: the engine copies what it keeps (first_faces), and a taken
    // action's afterAction starts a new entry array, so nothing writes to this one afterwards.
    this.act({ do: ui.correcting ? 'correct' : 'throw', faces: ui.entry }, -1);
  }

  /**
   * OK held in the marker step with virtual dice: the next player's roll (step n), in an event of
   * its own. (Out of ok(): its closure made every OK press keep `this` in a local.)
   */
  private rollNext(n: number): void {
    setTimeout(() => {
      const t = this.app.state;
      if (t && t.n === n && t.phase === FIRST) this.roll();
      this.app.refresh();
    }, 0);
  }

  /**
   * A virtual roll, its faces on the LEDs (app.apply keeps them in ui.rolled): a first throw's while
   * its target is chosen (rollUntil 1: the renderer's phase check), a later one's (seven ravens too)
   * for ROLL_SHOW_MS; not one that ended the turn (the dice row shows how, and the marker step's
   * countdown bar would be hidden). No timer of its own to redraw when they go (one per roll piled up in RAM): the
   * renderer's wake-up does it.
   */
  private roll(): void {
    if (!this.act({ do: 'roll' }, -1)) return;
    const p = (this.app.state as PvState).phase;
    this.ui.rollUntil = p === TARGET ? 1 : p === MARKER ? 0 : getTime() * 1000 + ROLL_SHOW_MS;
  }

  private back(s: PvState, kind: 'press' | 'long'): void {
    const ui = this.ui;
    // In the marker step BACK drops the chosen victim; without one it corrects the throw that
    // ended the turn (a mis-entered die can end a turn too).
    if (s.phase === MARKER && !ui.correcting && (ui.victim >= 0 || !s.undo)) {
      // No victim to drop and no throw to correct (a reroll window's pass decided it): said, not silent.
      if (ui.victim < 0) return this.refuse('nothing_to_correct', -1);
      ui.victim = -1;
      // The board's only choice, if there is one, waits in full again.
      if (this.autoAct) this.afterAction();
      return;
    }
    if (kind === 'long' || ui.entry.length > 0) {
      if (kind === 'long') ui.entry = [];
      else ui.entry.pop();
      return;
    }
    // Empty entry: BACK starts (or leaves) correcting the last confirmed throw. A reroll window
    // waits meanwhile (no countdown: it is about the throw being corrected) and runs again in full,
    // its votes kept, when correcting is left without a correction.
    if (ui.correcting) {
      ui.correcting = false;
      if ((s.phase === WINDOW || s.phase === MARKER) && ui.deadline === 0) this.afterAction();
    } else if (s.undo) {
      ui.correcting = true;
      if (this.timer >= 0) clearTimeout(this.timer);
      this.timer = -1;
      ui.deadline = 0;
    } else this.refuse('nothing_to_correct', -1);
  }

  private padKey(s: PvState, face: Face): void {
    const ui = this.ui;
    if (s.phase === MARKER && !ui.correcting) {
      if (ui.victim < 0) {
        // The next player starting to enter their throw: the board's marker action at once.
        if (this.autoAct) this.act(this.autoAct, -1);
        s = this.app.state as PvState;
        if (s.phase === MARKER) return this.refuse('choose_victim', -1);
        // That was the last marker: the game is over, no entry.
        if (s.phase === OVER) return;
      } else {
        if (face === 'R') return this.refuse('return_marker_not_in_middle', -1);
        this.act({ do: 'steal', from: s.players[ui.victim].name, return_to_box: face }, -1);
        return;
      }
    }
    if (s.phase === TARGET && !ui.correcting) {
      this.act({ do: 'choose_target', value: face }, -1);
      return;
    }
    // In a window, a face starts the next throw (a pass), unless it is a correction of this one.
    if (s.phase === WINDOW && !ui.correcting) {
      const L = s.turn.last;
      if ((L && L.ends) || ui.votes.length > 0) return this.refuse('window_open', -1);
      // R-PV-13: starting the next throw is a pass.
      if (!this.act({ do: 'pass' }, -1)) return;
    }
    // A key past the dice due is refused at once, not only at OK (the state after a pass or the
    // board's marker action above); a correction's entry may hold up to seven.
    if (ui.entry.length >= (ui.correcting ? 7 : diceDue(this.app.state as PvState))) return this.refuse('wrong_dice_count', -1);
    ui.entry.push(face);
  }

  private setupButton(id: string, kind: 'press' | 'long'): void {
    const ui = this.ui;
    if (id.charAt(0) === 'S') {
      const seat = Number(id.slice(1)) - 1;
      if (kind === 'long') {
        ui.seatsIn[seat] = true;
        ui.startSeat = seat;
      } else {
        ui.seatsIn[seat] = !ui.seatsIn[seat];
        if (!ui.seatsIn[seat] && ui.startSeat === seat) ui.startSeat = -1;
      }
    } else if (id === 'K1') ui.virtual = !ui.virtual;
    else if (id === 'K2') ui.immune = !ui.immune;
    else if (id === 'K3') ui.stealOnly = !ui.stealOnly;
    else {
      if (id === 'OK') this.startFromSetup();
      else if (id === 'BK' && this.app.state) ui.mode = 'play'; // back to the game in progress
      else this.refuse('setup_keys', -1); // K4–K6, BACK with no game: not silent
      return;
    }
    // What the set-up shows, for a mirror (the ui line leaves it out: it is sent on every change in play).
    this.app.send({ t: 'setup', in: ui.seatsIn, st: ui.startSeat, vd: ui.virtual, im: ui.immune, so: ui.stealOnly });
  }

  private startFromSetup(): void {
    const ui = this.ui;
    const seats: number[] = [];
    for (let i = 0; i < MAX_SEATS; i++) if (ui.seatsIn[i]) seats.push(i);
    const start = ui.startSeat >= 0 ? ui.startSeat : seats.length > 0 ? seats[0] : 0;
    const err = loadRare().newGame(this.app, seats, null, seats.indexOf(start), { reduce_reroll_immune_to_frustrate: ui.immune, steal_only_if_middle_lacks_value: ui.stealOnly }, ui.virtual ? this.app.seed() : undefined);
    if (err) return this.refuse(err.code, -1);
    this.enterPlay();
  }

  enterPlay(): void {
    const ui = this.ui;
    ui.mode = 'play';
    // afterAction drops any entry and correction.
    this.afterAction();
  }

  private rematch(): void {
    const s = this.app.state;
    if (!s) return;
    const seats = this.seats();
    // The next game starts with the player after the last game's start player (after whoever
    // ended it when that game was loaded mid-way, without a set-up); scores reset.
    const h = this.app.header;
    const last = h && h.setup && typeof h.setup.start === 'number' ? h.setup.start : s.active;
    const names: string[] = [];
    for (let i = 0; i < s.players.length; i++) names.push(s.players[i].name);
    const err = loadRare().newGame(this.app, seats, names, (last + 1) % names.length, s.config as unknown as Record<string, unknown>, s.rng ? this.app.seed() : undefined);
    if (err) return this.refuse(err.code, -1);
    this.enterPlay();
  }
}
