/**
 * The terminal view: the LED board as it looks on the table, and the game in words.
 * Pure: returns the screen as text with ANSI colours; the caller decides when to draw.
 */
import type { Hello, MirrorSetup, MirrorUi } from '../mirror/mirror-model';
import type { PvState } from '../../../shared/games/pechvogel/types';
import { wrap } from '../../../shared/text/wrap';
import { entryText, markerStepText, promptText, ruleOptions, SELFTEST_TEXT, setupText, STAFF_PAUSE, staffSettings, tableRefusal } from './table-text';
import { refusalLeft } from './refusal-clock';
import { letterRgb } from './palette';

const ESC = '\x1b[';

function led(letter: string, colour: boolean): string {
  const rgb = letterRgb(letter);
  // Without colour a lit LED is its palette letter (R red, G green, W white, d dim, …).
  if (!colour) return rgb[0] + rgb[1] + rgb[2] > 0 ? letter : '·';
  if (rgb[0] + rgb[1] + rgb[2] === 0) return `${ESC}38;5;238m·${ESC}0m`;
  return `${ESC}38;2;${rgb[0]};${rgb[1]};${rgb[2]}m●${ESC}0m`;
}

/** 16×8 board from a letter frame (row-major); `colour` false: letters for the lit LEDs. */
export function drawBoard(frame: string, width: number, colour: boolean): string[] {
  const rows: string[] = [];
  if (!frame) return ['(no LED frame yet)'];
  for (let y = 0; y * width < frame.length; y++) {
    let row = '';
    for (let x = 0; x < width; x++) row += led(frame[y * width + x], colour) + (x === 7 ? '  ' : ' ');
    rows.push(row);
  }
  return rows;
}

const PHASE_TEXT: Record<string, string> = {
  await_first_throw: 'first throw (7 dice)',
  await_target: 'choose the target',
  await_throw: 'throw',
  reroll_window: 'reroll window',
  await_reroll: 'reroll',
  // (The marker step is worded from what it offers: markerStepText.)
  game_over: 'game over',
};

/** What the staff menu's buttons do (table-text.ts STAFF_KEYS), in lines that fit 80 columns. */
export const STAFF_TEXT = ['Staff menu: K1 reroll-window time · K2 brightness · K3 held: end the game', '  K4 held: console for flashing · K5 self-test · OK leaves'];

/** The staff menu's settings now (older boards do not report them). */
function staffNow(ui: MirrorUi): string[] {
  const v = staffSettings(ui);
  if (!v) return [];
  // The level as set ("full (32 of 255)" read as a dim board: the menu's full is the LED supply's
  // cap, hardware/power.ts); a level set from the computer names itself. Wrapped to 80 columns:
  // cut at the edge, what the next press does was lost.
  const br = /^(full|half)$/.test(v.K2) ? `${v.K2} (level ${ui.br})` : v.K2;
  return wrap(`now: reroll window ${v.K1} · brightness ${br}`, 76, 74).map((l, i) => (i ? '    ' : '  ') + l);
}

/** What describeGame knows besides the state and the ui line. */
export interface DescribeOptions {
  /** The set-up at the buttons (the board's `setup` line). */
  setup?: MirrorSetup | null;
  /** The classroom odds under the prompt. */
  odds?: boolean;
  /** When the refusal showing came (a RefusalClock's); absent: when its ui line came. */
  refusalSince?: number;
  /** false: the board is not live (lost, not reached yet). */
  live?: boolean;
  /** The staff menu's self-test runs (MirrorModel.selfTest). */
  selfTest?: boolean;
}

/**
 * The game in words: standings, the options played with, the turn, what the table should do
 * now, a refusal for REFUSAL_SHOW_MS after it came (the screens are redrawn without messages):
 * after its ui line, or after `refusalSince` (a RefusalClock's, which also counts a press
 * refused again the same way).
 */
export function describeGame(s: PvState | null, ui: MirrorUi | null, now: number, opts: DescribeOptions = {}): string[] {
  const setup = opts.setup || null;
  // A board the mirror has lost (or not reached yet): the game as it was last seen, without what to
  // press, the countdowns or a refusal, which would all be stale (the page drops them the same way).
  if (opts.live === false) return s && !(ui && ui.m === 'setup') ? gameLines(s) : [];
  // The self-test started from the menu: its buttons work the test (the menu's keys said "OK
  // leaves", and OK did nothing).
  // (Wrapped to fit 80 columns: cut at the terminal's edge, the way back to the menu was lost.
  // 76 = 80 less this indent and the mirror's, mirror-screen.ts.)
  if (ui && ui.m === 'staff' && opts.selfTest) {
    const how = SELFTEST_TEXT.slice(1).flatMap((l) => wrap(l, 76).map((w) => '  ' + w));
    return SELFTEST_TEXT.slice(0, 1).concat(how, s ? gameLines(s).concat(STAFF_PAUSE) : ['No game.']);
  }
  // The buttons work the menu: the game without what to press, and why nothing runs.
  if (ui && ui.m === 'staff') return STAFF_TEXT.concat(staffNow(ui), s ? gameLines(s).concat(STAFF_PAUSE) : ['No game.']);
  const refusal = ui && ui.err && refusalLeft(opts.refusalSince ?? ui.at, now) > 0 ? [tableRefusal(ui.err, s, ui, setup)] : [];
  if (ui && ui.m === 'setup') return setupText(setup).concat(refusal);
  if (!s) return ['No game.'];
  const out = gameLines(s);
  if (ui && ui.e && ui.e.length) out.push(entryText(s, ui));
  out.push(...promptText(s, ui, now, { odds: !!opts.odds }));
  return out.concat(refusal);
}

/**
 * A table's first line: its label and, right after it, its status (a long port path, cut at the
 * terminal's edge, hid a pulled cable's `lost`), then the port and the firmware.
 */
export function tableHeader(label: string, port: string, status: string, hello: Pick<Hello, 'fw' | 'bh' | 'boot'> | null): string {
  const st = status === 'live' ? `${ESC}32mlive${ESC}0m` : `${ESC}1;31m${status}${ESC}0m`;
  return `${ESC}1m${label}${ESC}0m  ${st}  ${label === port ? '' : port + '  '}${hello ? `firmware ${hello.fw} · bundle ${hello.bh} · boot ${hello.boot}` : ''}`;
}

/** What a table that is not live says in place of its prompt (the page's headline for it). */
export const DOWN_LINE: Record<string, string> = {
  connecting: 'Connecting to the board…',
  waiting: 'No board on this port yet: plugged in (USB) and switched on? Still trying',
  handshake: 'Connecting to the board…',
  lost: 'Board lost — reconnecting (play goes on at the table; this catches up)',
  silent: 'The board does not answer — still asking',
  mismatch: 'Protocol mismatch: this board runs another protocol version (dicetray flash)',
  incomplete: 'Firmware incomplete (dt.rare): flash again (dicetray flash); its game waits',
  // How to flash first (staff held K4 for it); how to play on is in the note below it.
  flashing: 'Open for flashing: stop this mirror, then dicetray flash --unlock PASSWORD',
  stopped: 'Stopped',
};

/** The down line in red (bold), for a terminal. */
export function downLine(status: string): string {
  return `${ESC}1;31m${DOWN_LINE[status] || status}${ESC}0m`;
}

/** Standings, middle, box, Murphy and the turn. */
function gameLines(s: PvState): string[] {
  const out: string[] = [];
  const T = s.turn;
  const mid = s.middle.map((c, i) => `${i + 3}:${c}`).join(' ');
  out.push(`Middle ${mid}   box ${s.box.reduce((a, b) => a + b, 0)}   Murphy: ${s.murphy < 0 ? '-' : s.players[s.murphy].name}`);
  // One column for every name: as wide as the longest up to 20 characters; a longer one is cut (…).
  const w = Math.min(20, Math.max(12, ...s.players.map((p) => p.name.length)));
  for (let i = 0; i < s.players.length; i++) {
    const p = s.players[i];
    const mark = i === s.active && s.phase !== 'game_over' ? '▶' : ' ';
    const score = s.scores ? `  = ${s.scores[i]}${s.winners && s.winners.indexOf(i) >= 0 ? ' ★' : ''}` : '';
    const name = p.name.length > w ? p.name.slice(0, w - 1) + '…' : p.name.padEnd(w);
    // "in hand": the turn line counts the frustrations on the board, and both read "frustrations N".
    out.push(`${mark} ${name} markers [${p.markers.join(',')}]  ${p.frustrations} frustration${p.frustrations === 1 ? '' : 's'} in hand${score}`);
  }
  let line = s.phase === 'await_marker_choice' ? markerStepText(s) : `${PHASE_TEXT[s.phase] || s.phase}`;
  // Who won, in words (the ★ alone was not read as "wins" at the table; the page says it too).
  // The rulebook: "If tied, there are several non-losers. Everyone else loses."
  if (s.phase === 'game_over' && s.winners && s.winners.length && s.scores) {
    const top = s.scores[s.winners[0]];
    const who = s.winners.map((i) => s.players[i].name).join(' & ');
    // Everybody tied: "everyone else loses" named a nobody (a 3-way tie of 3 players, at play).
    const all = s.winners.length === s.players.length;
    line += s.winners.length > 1 ? ` · ${who} tie at ${top}: ${all ? 'nobody loses' : 'non-losers, everyone else loses'}` : ` · ${who} wins with ${top}`;
  }
  // The opponents' frustrations put on the board this turn (the page says it so too), not a player's.
  if (T.target !== null) line += ` · target ${T.target}: ${T.targets} on the board, ravens ${T.ravens}, frustrations on the board ${T.frustraters.length}`;
  out.push(line);
  // The options chosen at set-up, one a line (they would not fit 80 columns together).
  for (const o of ruleOptions(s)) out.push(`Option: ${o}`);
  return out;
}

/** The sim's keys, in lines that fit an 80-column terminal. */
export const SIM_KEYS = [
  'Keys: seats 1-7 · pad K1-K6 = a s d f g h (faces 3 4 5 6 7, raven)',
  '      Enter = OK · Backspace = BACK · L then a key = long press',
  '      M = staff menu (OK+BACK) · P = power cut, restart · q or Ctrl-C = quit',
];
