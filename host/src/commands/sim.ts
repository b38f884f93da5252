/**
 * `dicetray sim`: the simulated board. Without --pty/--tcp it is the README's main job: the
 * board and its mirror in one terminal, buttons on the keyboard. With --pty PATH or --tcp PORT
 * the board's serial side is exposed for `dicetray mirror`, `script` or `flash`.
 */
import { gameEndText } from '../mirror/game-end-text';
import { rmSync } from 'node:fs';
import { makeFolder } from '../../../firmware/build/make-folder';
import { dirname, resolve } from 'node:path';
import { exposeOnPty, exposeOnTcp, type Exposure } from '../sim/expose';
import { BoardLink } from '../link/board-link';
import { MirrorModel } from '../mirror/mirror-model';
import { describeGame, drawBoard } from '../view/terminal-view';
import { colourWanted } from '../view/colour-wanted';
import { simRestartEvent as RESTARTED, simScreenParts } from '../view/sim-screen';
import { lockPath, lockStorage } from '../sim/path-lock';
import { RefusalClock } from '../view/refusal-clock';
import { lostVictim, NEW_GAME_EVENT, tableRefusal } from '../view/table-text';
import { actionText } from '../view/action-text';
import { fitScreen } from '../view/fit-screen';
import { GEOMETRY } from '../../../hardware/led-board';
import { grbLetters } from '../view/grb-letters';
import { ensureBundle } from '../firmware-bundle';
import { flashedSimBoard } from '../sim/flashed-sim-board';
import { DEFAULT_SIM_STORAGE } from '../defaults';
import { encodePacket } from '../../../shared/protocol/host-codec';
import { EXIT, fileError, HostError } from '../errors';
import { checkSimOptions, exposeError } from './sim-options';
import type { Output } from '../output';
import { keyQueue } from '../sim/key-queue';
import { hostNow } from '../host-clock';
import { existingFolder } from '../existing-folder';
import { checkPtyPath } from '../sim/pty-path';

export interface SimOptions {
  pty?: string;
  tcp?: string;
  storage?: string;
  headless?: boolean;
  fresh?: boolean;
  linux?: boolean;
  /** Classroom mode: the exact odds of the turn under the prompt. */
  odds?: boolean;
}

/** How long a key holds its button: a tap, a long press (past LONG_PRESS_MS), the staff chord (past 3 s). */
const SHORT_KEY_MS = 80;
const LONG_KEY_MS = 1200;
const STAFF_CHORD_MS = 3500;

/**
 * The keys in what the terminal sent: one character each, Enter as CR LF or LF once, and an
 * escape sequence (arrows, function keys) as one key that maps to nothing.
 */
function splitKeys(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\r' && s[i + 1] === '\n') i++;
    else if (c === '\x1b' && (s[i + 1] === '[' || s[i + 1] === 'O')) {
      // CSI: parameters then one final byte (@ to ~); SS3: one byte.
      let j = i + 2;
      if (s[i + 1] === '[') while (j < s.length && !(s.charCodeAt(j) >= 0x40 && s.charCodeAt(j) <= 0x7e)) j++;
      out.push(s.slice(i, j + 1));
      i = j;
      continue;
    }
    out.push(c);
  }
  return out;
}

const KEYMAP: Record<string, string> = {
  '1': 'S1', '2': 'S2', '3': 'S3', '4': 'S4', '5': 'S5', '6': 'S6', '7': 'S7',
  a: 'K1', s: 'K2', d: 'K3', f: 'K4', g: 'K5', h: 'K6', '\r': 'OK', '\n': 'OK', '\x7f': 'BK', '\b': 'BK',
};

export async function sim(opts: SimOptions, io: Output): Promise<number> {
  checkSimOptions(opts);
  if (opts.pty) {
    // A second sim on this pty path took it over (and left the first out of reach when it quit);
    // asked first, as that sim's link is what is there.
    lockPath(resolve(opts.pty), (pid, path) => new HostError(`the pty ${path} is in use by another dicetray sim (process ${pid})`, EXIT.usage, 'choose another --pty path, or stop the other sim first'));
    checkPtyPath(resolve(opts.pty), opts.pty);
  }
  const storageFile = resolve(opts.storage || DEFAULT_SIM_STORAGE);
  const onStorage = (f: () => void) => {
    try {
      f();
    } catch (e) {
      throw fileError('use the Storage file', storageFile, e, 'give --storage a file in a directory you can write to');
    }
  };
  // The default folder is made; one the user named must exist, as for sim:FILE (a typo made a
  // new, empty board there without a word).
  if (storageFile === resolve(DEFAULT_SIM_STORAGE)) onStorage(() => makeFolder(dirname(storageFile)));
  else existingFolder(storageFile, `--storage ${opts.storage}`, 'name a file in an existing folder (make it first: mkdir -p DIR), or leave --storage out for the default one');
  const bundle = await ensureBundle();
  const { code, manifest } = bundle;
  // Taken before --fresh empties it (and after its folder exists, for the lock file beside it):
  // another sim's file is refused, not erased. Kept until exit.
  lockStorage(storageFile);
  // --fresh empties the Storage, which is still kept in the file from then on (a board whose
  // flash was erased keeps what it writes next).
  if (opts.fresh) onStorage(() => rmSync(storageFile, { force: true }));
  const board = flashedSimBoard(bundle, { storageFile, boardName: opts.linux ? 'LINUX' : undefined });
  let exposure: Exposure | null = null;
  /** With --pty/--tcp: the board's lines to its client, read (restarted() says what was kept). */
  let watched: MirrorModel | null = null;
  let model: MirrorModel | null = null;
  const refusal = new RefusalClock();
  const events: string[] = [];
  const say = (s: string) => {
    events.push(s);
    if (events.length > 6) events.shift();
    if (opts.headless) io.out(s);
  };
  /**
   * The pty went away under a running simulation (its socat killed): the board ran on, silent and
   * out of reach. Said, and the pty made again, as a cable plugged back in.
   */
  let quitting = false;
  const note = (s: string) => (opts.headless ? io.out(`dicetray: ${s}`) : say(s));
  const ptyGone = (why: string): void => {
    const path = resolve(opts.pty!);
    const again = () => {
      if (quitting) return;
      exposeOnPty(board, path, (w) => ptyGone(w))
        .then((e) => {
          if (quitting) return e.close();
          exposure = e;
          note(`the pty ${path} is back`);
        })
        .catch((e: Error) => {
          note(`cannot make the pty ${path} again (${e.message}); trying again in 5 s`);
          setTimeout(again, 5000);
        });
    };
    note(`the pty ${path} went away (${why}); making it again`);
    setTimeout(again, 1000);
  };
  if (opts.pty || opts.tcp) {
    try {
      exposure = opts.pty ? await exposeOnPty(board, resolve(opts.pty), (why) => ptyGone(why)) : await exposeOnTcp(board, Number(opts.tcp));
    } catch (e) {
      throw exposeError(opts, e as Error);
    }
    io.out(`dicetray: simulated board on ${exposure.describe} (firmware ${manifest.fw}, bundle ${manifest.hash})`);
    // No mirror of its own here, but the board's lines to the client pass by: read as a mirror
    // reads them (the client's snapshots too), never answered, so a power cut can say what the
    // table is back to. It said "game as it was" in set-up and at game over too.
    const tap = new BoardLink(() => {});
    board.on('data', (d: Buffer) => tap.receive(d));
    watched = new MirrorModel(() => {});
    tap.on('msg', (m) => watched!.handle(m));
  } else {
    const link = new BoardLink((d) => board.write(d));
    board.on('data', (d: Buffer) => link.receive(d));
    model = new MirrorModel(() => link.send({ c: 'snap' }));
    model.on('event', (e) => {
      // A press refused again alike brings no new ui line: the refusal's clock starts again with it.
      refusal.seen(model!.ui);
      if (e.kind === 'button') refusal.pressed(model!.ui, hostNow());
      // The board's own hello and new games are routine here (three notes for one virtual-dice
      // start); a gap or a garbled line is worth a note.
      if (e.kind === 'resync' && !e.routine) say(`mirror: ${e.reason}, reading the game from the board again`);
      // The code worded as the status line words it (how many dice are due and entered…); the
      // action the board names is the one it tried (an 8th pad key read "refused throw").
      else if (e.kind === 'refused' || e.kind === 'table_refused') say(`${tableRefusal(e.code, model!.state, model!.ui, model!.setup)} (${e.code})`);
      else if (e.kind === 'action') say(actionText(e.action, e.before, e.state));
      // A rematch or a new set-up: the last game's events stay above a line of their own.
      else if (e.kind === 'new_game') say(e.cleared ? (e.why ? `— ${gameEndText(e.why)} —` : '— game ended: set-up —') : NEW_GAME_EVENT);
    });
    link.on('msg', (m) => {
      model!.handle(m);
      if (m.t === 'hello') link.send({ c: 'leds', on: true });
    });
  }
  // The model still holds the state and ui line from before the restart (its snapshot comes after).
  const restarted = (what: string) => {
    const m = model || watched;
    // Not read from the board yet (no client asked for a snapshot): what holds in every case.
    if (!m || !m.synced) return RESTARTED(what, '', 'unknown');
    const s = m.state;
    const ui = m.ui;
    const where = !ui ? '' : !s ? 'setup' : s.phase === 'game_over' ? (ui.m === 'setup' ? 'over-setup' : 'over') : '';
    return RESTARTED(what, lostVictim(s || null, ui || null), where);
  };
  board.on('watchdog', () => say(restarted('watchdog reset')));
  if (board.bootCode !== code) {
    // The board as flash names it: this sim's own Storage file (flash waits for the sim to end: the file is locked).
    const note = `the board boots the bundle flashed into its Storage (.bootcde), not the current build; \`dicetray flash --port sim${opts.storage ? ':' + opts.storage : ''}\` (with this sim stopped) updates it, --fresh starts empty`;
    if (opts.headless || exposure) io.out(`dicetray: note: ${note}`);
    else say(note);
  }
  board.boot();

  if (opts.headless || !process.stdin.isTTY) {
    if (!opts.headless && !exposure) io.out('dicetray: no keyboard here (standard input is not a terminal): the board runs, but nothing can press its buttons; run it in a terminal, or add --pty PATH or --tcp PORT');
    await new Promise<void>((done) => {
      process.once('SIGINT', () => done());
      process.once('SIGTERM', () => done());
    });
    quitting = true;
    exposure?.close();
    board.powerCut();
    return EXIT.ok;
  }

  let long = false;
  const colour = colourWanted();
  const draw = () => {
    const title = 'dicetray · simulated board' + (exposure ? ` on ${exposure.describe}` : ' with its mirror');
    const screen = model
      ? { board: drawBoard(model.frame, GEOMETRY.width, colour), game: describeGame(model.state, model.ui, hostNow(), { setup: model.setup, odds: !!opts.odds, refusalSince: model.ui ? refusal.since(model.ui) : undefined, selfTest: model.selfTest }) }
      : // The LEDs' bytes; the Linux build has none: its frames, which it sends over the link.
        { board: drawBoard(grbLetters(board.frame) || (watched ? watched.frame : ''), GEOMETRY.width, colour), game: [] };
    const parts = simScreenParts({ title, board: screen.board, game: screen.game, events, long }, process.stdout.rows, process.stdout.columns);
    process.stdout.write(fitScreen(parts, process.stdout.columns, process.stdout.rows, colour));
  };
  process.stdout.write('\x1b[?25l');
  const timer = setInterval(draw, 150);
  process.stdin.setRawMode(true);
  process.stdin.resume();
  await new Promise<void>((done) => {
    const typed = keyQueue((k, released) => onKey(k, released));
    /** Acts on one key; returns whether it holds a button down (`released` then runs once it is up). */
    const onKey = (k: string, released: () => void): boolean => {
      if (k === 'L') {
        long = true;
        return false;
      }
      if (k === 'M') {
        // The staff chord: OK and BACK held together past the firmware's STAFF_HOLD_MS (3 s). It needs pins: the
        // host's btn commands only press or long-press one button.
        if (opts.linux) say('the staff menu needs button pins (OK + BACK held 3 s); the Linux build has none');
        else {
          board.press('OK', STAFF_CHORD_MS);
          board.press('BK', STAFF_CHORD_MS, released);
        }
        return !opts.linux;
      }
      if (k === 'P') {
        say(restarted('power cut … power back'));
        board.powerCut();
        board.boot();
        return false;
      }
      const id = KEYMAP[k];
      if (!id) return false;
      const ms = long ? LONG_KEY_MS : SHORT_KEY_MS;
      long = false;
      // Espruino's Linux build has no pins (setWatch never fires): there the buttons are the
      // host's btn commands, as a mirror or script sends them.
      if (opts.linux) {
        board.write(encodePacket({ c: 'btn', b: id, k: ms === LONG_KEY_MS ? 'long' : 'press' }));
        return false;
      }
      board.press(id, ms, released);
      return true;
    };
    process.stdin.on('data', (d: Buffer) => {
      const keys = splitKeys(d.toString('latin1'));
      // Quitting does not wait for the keys before it.
      if (keys.indexOf('\x03') >= 0 || keys.indexOf('q') >= 0) return done();
      typed(keys);
    });
  });
  clearInterval(timer);
  process.stdin.setRawMode(false);
  // A flowing stdin keeps Node running: without this, Ctrl-C would leave the command hanging.
  process.stdin.pause();
  process.stdout.write('\x1b[?25h\n');
  quitting = true;
  exposure?.close();
  board.powerCut();
  return EXIT.ok;
}
