/**
 * What the table should do now, in words, for the screens beside it (terminal and big-screen
 * page): the same sentences on both. Pure functions of the mirrored state, the board's table UI
 * and the set-up (how long a refusal stays up: refusal-clock.ts); the LEDs say the same without
 * words.
 */
import type { PvState } from '../../../shared/games/pechvogel/types';
import { canReduce, diceDue, markerOptions, onlyMarkerAction, possibleFrustraters } from '../../../shared/games/pechvogel/rules';
import { ERROR_TEXT } from '../../../shared/engine/error-text';
import type { MirrorSetup, MirrorUi } from '../mirror/mirror-model';
import { oddsFrom, turnOdds } from '../../../shared/odds/pechvogel-odds';
import { reduceChoice } from '../../../shared/odds/pechvogel-reduce';
import { frustrateStakes } from '../../../shared/odds/pechvogel-frustrate';
import { targetChoices } from '../../../shared/odds/pechvogel-target';
import { toNumber } from '../../../shared/odds/fraction';
import { POWER } from '../../../hardware/power';
import { staffButton } from '../../../firmware/src/maintenance/staff-menu';
import type { BoardConfig } from '../../../firmware/src/config';
import { SELFTEST_IDLE_MS } from '../../../firmware/src/maintenance/selftest';
import { comingFrustrationsText } from './action-text';

const SEAT = (i: number) => `Seat ${i + 1}`;
const names = (s: PvState, ps: number[]) => ps.map((p) => s.players[p].name).join(', ');

/** The set-up at the buttons: how it works, who joined and starts, the options. */
export function setupText(setup: MirrorSetup | null): string[] {
  // At most 77 characters: an 80-column terminal cut the old line at "OK s" (how to start was lost).
  const out = ['Set-up: 2–5 seat buttons join (held: start player), K1–K3 options, OK starts.'];
  if (!setup) return out;
  const joined: number[] = [];
  for (let i = 0; i < setup.in.length; i++) if (setup.in[i]) joined.push(i);
  const start = setup.st >= 0 ? setup.st : joined.length ? joined[0] : -1;
  out.push(joined.length ? `Joined: ${joined.map(SEAT).join(', ')} · starts: ${SEAT(start)}` : 'Joined: nobody yet');
  const on = (b: boolean) => (b ? 'on' : 'off');
  // K2: option R-PV-06b; K3: steal only if the middle lacks the value (README, Playing Pechvogel).
  out.push(`Options: K1 virtual dice ${on(setup.vd)} · K2 reroll immune ${on(setup.im)} · K3 steal only ${on(setup.so)}`);
  // The short names alone left a table guessing what K2 and K3 change (a café's newcomers, and
  // the README's glossary is not at the table): each in the words play shows when it is on.
  out.push("K2: a reduce's reroll cannot be frustrated", 'K3: steal only when the middle has no marker of the target');
  return out;
}

/**
 * The table's words for codes whose engine text (shared/engine/error-text.ts, also the CLI's) does
 * not say which button does it: "pass, reduce or frustrate first" left players looking for a pass
 * button (OK passes).
 */
const TABLE_ERROR_TEXT: Record<string, string> = {
  window_open: 'the reroll window is open: OK passes (with votes in: frustrates); seat buttons reduce or frustrate',
  // A short press at game over: the prompt above says what to hold, but a refusal is read on its own.
  game_over: 'the game is over: hold OK for a rematch, hold BACK for a new set-up',
};

/** A refusal in words (the LEDs flash it briefly; the screens show it for REFUSAL_SHOW_MS, or until the next press is taken). */
export function refusalText(err: string): string {
  return `Refused: ${TABLE_ERROR_TEXT[err] || ERROR_TEXT[err] || err}`;
}

/** What a restart (power cut, watchdog) did to the game, for every screen that says one came. */
export const RESTART_NOTE = 'the game goes on where it was; a throw half entered on the pad has to be entered again';

/**
 * The opponent chosen for a steal when the board went down (the ui line last seen before the
 * restart shows one in the marker step), or '': the board keeps the game and the window's votes
 * through a power cut, not the chosen victim, so the steal has to be chosen again.
 */
export function lostVictim(s: PvState | null, ui: MirrorUi | null): string {
  if (!s || !ui || ui.m !== 'play' || s.phase !== 'await_marker_choice' || !(ui.vic >= 0)) return '';
  const p = s.players[ui.vic];
  return p ? p.name : '';
}

/**
 * What a restart did where no game goes on: the board keeps a game (a finished one too) and
 * nothing else, so a set-up at the buttons starts over, and one begun after a finished game gives
 * way to that game again. "The game goes on" read wrong there, in the page's footer for a minute
 * (which buttons to hold, the prompt says).
 */
const RESTART_SETUP_NOTE = 'the set-up starts over: seats and options have to be chosen again';
const RESTART_OVER_NOTE = 'the finished game is kept as it was';
const RESTART_OVER_SETUP_NOTE = 'the finished game is back; the set-up begun has to be begun again (hold BACK)';

/**
 * What a restart did, by the state and ui line last seen before it: RESTART_NOTE for a game in
 * play, with the steal's chosen victim when one is known to have been lost; without a game, or
 * with a finished one, what the table is back to (nothing known: the general note alone).
 */
export function restartNote(s: PvState | null = null, ui: MirrorUi | null = null): string {
  if (!s) return ui ? RESTART_SETUP_NOTE : RESTART_NOTE;
  if (s.phase === 'game_over') return ui && ui.m === 'setup' ? RESTART_OVER_SETUP_NOTE : RESTART_OVER_NOTE;
  const v = lostVictim(s, ui);
  return RESTART_NOTE + (v ? `; the steal from ${v} has to be chosen again too (${v}'s seat button)` : '');
}

/**
 * A restart said to staff, on the page's footer and in the terminal's notes alike: what was kept
 * and what has to be entered again (restartNote), not the protocol's steps behind it.
 */
export const restartText = (note: string): string => `The board restarted (a power cut?): ${note}`;

/** The line the screens' event lists put between two games (a rematch, a new set-up). */
export const NEW_GAME_EVENT = '— new game —';

/**
 * What the marker step offers, as the phase's words: "take or steal a marker" only when both are
 * possible (markerOptions, R-PV-08, R-PV-22). `they`: third person, for the page ("Ann takes …").
 */
export function markerStepText(s: PvState, they = false): string {
  const o = markerOptions(s);
  const take = they ? 'takes' : 'take';
  const steal = they ? 'steals' : 'steal';
  if (o.take && !o.stealFrom.length) return `${take} a marker`;
  if (!o.take && o.stealFrom.length) return `${steal} a marker`;
  return `${take} or ${steal} a marker`;
}

/**
 * A greedy turn in the marker step (R-PV-04, R-PV-21): the board holds 5+ targets (4+ ravens
 * cannot come with 4 targets), so Murphy goes to the active player with the marker, whichever
 * marker it is: the state says it for sure (resolveTurn reads the same counts). '' otherwise.
 */
export function greedyMurphyText(s: PvState): string {
  const T = s.turn;
  if (s.phase !== 'await_marker_choice' || !(T.targets >= 5 || T.ravens >= 4) || !s.players[s.active]) return '';
  const who = s.players[s.active].name;
  const why = T.targets >= 5 ? `${T.targets} × ${T.target} on the board` : `${T.ravens} ravens on the board`;
  return `greedy (${why}): ${s.murphy === s.active ? `Murphy stays with ${who}` : `Murphy goes to ${who} with the marker`}`;
}

/**
 * The rule options of the game in play that differ from the rulebook's defaults (RULES.md §3),
 * each in plain words (none: played by the book). The set-up calls them K2 "reroll immune" and
 * K3 "steal only"; during play nothing else shows them.
 */
export function ruleOptions(s: PvState): string[] {
  const c = s.config || ({} as Partial<PvState['config']>);
  const on: string[] = [];
  if (c.reduce_reroll_immune_to_frustrate) on.push("a reduce's reroll cannot be frustrated");
  if (c.steal_only_if_middle_lacks_value) on.push('steal only when the middle has no marker of the target');
  if (c.unofficial_player_count) on.push('6–7 players allowed');
  return on;
}

/** The game's options as one line for a screen: "Option: …", "Options: … · …", '' by the book. */
export function optionsText(s: PvState): string {
  const on = ruleOptions(s);
  return on.length ? `${on.length > 1 ? 'Options' : 'Option'}: ${on.join(' · ')}` : '';
}

/**
 * The staff menu's buttons (firmware/src/maintenance/staff-menu.ts), key and what it does. K3 and
 * K4 cannot be undone from the table: they want a long press, a tap does nothing.
 */
export const STAFF_KEYS: { key: string; what: string }[] = [
  { key: 'K1', what: 'reroll-window time' },
  { key: 'K2', what: 'brightness' },
  { key: 'K3', what: 'held: end the game' },
  { key: 'K4', what: 'held: console for flashing' },
  { key: 'K5', what: 'self-test' },
  { key: 'OK', what: 'leaves the menu' },
];

/** The window time and brightness after `presses` presses of K1 or K2, by the board's own rule (staff-menu.ts). */
function afterPresses(key: 'K1' | 'K2', w: number, br: number, presses: number): BoardConfig {
  const cfg = { window_ms: w, brightness: br } as BoardConfig;
  const none = () => {};
  for (let i = 0; i < presses; i++) staffButton(key, 'press', { cfg, save: none, abandon: none, maintenance: none, selfTest: none });
  return cfg;
}

/** One of the steps K1 or K2 goes through: it comes back after some presses. */
function onMenuStep(key: 'K1' | 'K2', w: number, br: number): boolean {
  for (let n = 1; n <= 4; n++) {
    const c = afterPresses(key, w, br, n);
    if (c.window_ms === w && c.brightness === br) return true;
  }
  return false;
}

const brightnessWord = (br: number) => (br >= POWER.brightnessCap ? 'full' : 'half');

/**
 * The staff menu's settings now, by key (older boards do not report them: null). A time or level
 * set with `dicetray config` that the menu does not step through (20 s, level 100) is named as it
 * is, with what the next press makes of it: shown as "full", one tap of K2 to look dropped a
 * level of 100 to half for good, and a level 0 (LEDs dark) read "half".
 */
export function staffSettings(ui: MirrorUi): { K1: string; K2: string } | null {
  if (typeof ui.w !== 'number' || typeof ui.br !== 'number') return null;
  const w = ui.w, br = ui.br;
  const K1 = onMenuStep('K1', w, br) ? `${w / 1000} s` : `${w / 1000} s, set from the computer (K1 makes it ${afterPresses('K1', w, br, 1).window_ms / 1000} s)`;
  const K2 = onMenuStep('K2', w, br) ? brightnessWord(br) : `level ${br}, set from the computer (K2 makes it ${brightnessWord(afterPresses('K2', w, br, 1).brightness)})`;
  return { K1, K2 };
}

/** Under the staff menu: a reroll window or the marker step waits (its countdown runs again in full after). */
export const STAFF_PAUSE = 'Play waits while the menu is open: countdowns run again in full after.';

/**
 * The assembly self-test (staff K5, firmware/src/maintenance/selftest.ts): the buttons work the
 * test, not the menu, until OK and BACK are held together for 3 s (or nobody touches it for
 * SELFTEST_IDLE_MS); then the staff menu is back.
 */
export const SELFTEST_TEXT = [
  'Self-test running',
  'Each button lights its column while held; OK held 2 s lights every LED',
  `To leave it: hold OK + BACK together for 3 s (it also ends after ${SELFTEST_IDLE_MS / 60000} minutes untouched); then OK leaves the staff menu`,
];

/** The dice the entry is for: the throw being corrected, else the one due now (0: none). */
function dueNow(s: PvState, ui: MirrorUi | null): number {
  return ui && ui.c ? (s.undo ? diceDue(s.undo) : 0) : diceDue(s);
}

/** The entry on the pad, with how many dice it has and how many are due. */
export function entryText(s: PvState, ui: MirrorUi): string {
  const due = dueNow(s, ui);
  const count = due ? ` (${ui.e.length} entered, ${due} due)` : '';
  return `Entering: ${ui.e.join(' ')}${count}${ui.c ? '  (correcting the last throw)' : ''}`;
}

/**
 * The table's refusal with what the screens know besides its code: a wrong count says how many
 * dice are due and how many were entered, an impossible set-up how many joined.
 */
export function tableRefusal(err: string, s: PvState | null, ui: MirrorUi | null, setup: MirrorSetup | null = null): string {
  if (err === 'wrong_dice_count' && s && ui && ui.m !== 'setup') {
    const due = dueNow(s, ui);
    if (!due) return 'Refused: no throw now' + (s.phase === 'await_target' ? `: choose the target first (pad ${targetKeysText(s)})` : '');
    // The pad holds at most 7 faces: with all 7 due and entered, the refusal is for one key too
    // many ("7 dice are due, 7 entered" read as a contradiction at the table).
    if (ui.e.length === due) return `Refused: all ${due} dice are entered (OK confirms, BACK removes the last)`;
    return `Refused: ${due} dice are due, ${ui.e.length} entered`;
  }
  if ((err === 'marker_not_available' || err === 'return_marker_not_in_middle') && s && s.phase === 'await_marker_choice' && ui && ui.vic >= 0 && s.players[ui.vic]) {
    // The opponent is chosen: only the marker for the box is missing. OK's "the middle has no 3
    // left: steal one" told a player who had just chosen whom to steal from to choose again.
    const what = err === 'return_marker_not_in_middle' ? 'the box gets a marker from the middle' : `the steal from ${s.players[ui.vic].name} wants the marker for the box first`;
    return `Refused: ${what}: pad ${middleValuesText(s)}`;
  }
  if (err === 'marker_not_available' && s && s.phase === 'await_marker_choice' && s.turn.target !== null) {
    // OK with the middle out of the value, or the seat of a player without it: the same code.
    const t = s.turn.target;
    const o = markerOptions(s);
    if (!o.take) return `Refused: the middle has no ${t} left${o.stealFrom.length ? ": steal one (a holder's seat button)" : ''}`;
    return `Refused: ${pressedBy(s, ui) || 'that player'} has no ${t}`;
  }
  if (err === 'not_an_opponent' && s && s.phase === 'await_marker_choice' && s.turn.target !== null) {
    // The active player's own seat in the marker step: "not an opponent of the active player" left
    // a child at the table asking what to press instead.
    const t = s.turn.target;
    const o = markerOptions(s);
    return `Refused: a ${t} is stolen from another player${o.stealFrom.length ? " (a holder's seat button)" : ''}${o.take ? `; OK takes one from the middle` : ''}`;
  }
  if (err === 'target_not_rolled' && s && s.phase === 'await_target' && s.turn.first_faces) {
    const shown = rolledNumbers(s);
    if (shown.length) return `Refused: the target is a number the first throw shows: ${orList(shown)}`;
  }
  if (err === 'window_open' && s && s.phase === 'reroll_window' && ui && !ui.c) {
    // A pad key in the window: with votes in, or after a throw that ended the turn, it is no pass
    // (the firmware's pad key handling); say what OK does there, as the window's prompt does.
    const n = ui.v ? ui.v.length : 0;
    if (n) return `Refused: ${n} vote${n > 1 ? 's' : ''} in the reroll window: OK = frustrate, then the reroll`;
    const can = (canReduce(s) ? ['reduce'] : []).concat(possibleFrustraters(s).length ? ['frustrate'] : []);
    return `Refused: the reroll window is open: OK = pass${can.length ? `, or a seat button to ${can.join(' or ')}` : ''}`;
  }
  if (err === 'window_closed' && s) {
    // A seat pressed with no window: say why the throw cannot be rerolled when the rulebook says
    // so ("Keep your claws off first rolls, greedy rolls and empty rolls!"); "closed" read as
    // "too late" to players who were never given a window.
    const L = s.turn.last;
    // Pressed while a reroll is due: its throw is not there yet (a window may come after it).
    if (s.phase === 'await_reroll' && s.players[s.active]) return `Refused: wait for the reroll: ${s.players[s.active].name} throws ${s.turn.reroll} dice again first`;
    // A seat pressed while the first throw is being entered is about that throw too.
    if (s.phase === 'await_first_throw' || s.phase === 'await_target' || (s.phase === 'await_throw' && L && L.first)) return refusalText('first_throw_not_rerollable');
    if (s.phase === 'await_throw' && L && L.empty) return refusalText('empty_throw_not_rerollable');
    // Option R-PV-06b: a reduce's reroll opened no window for the opponents.
    if (s.phase === 'await_throw' && L && L.by === 'reduce' && s.config.reduce_reroll_immune_to_frustrate) return "Refused: a reduce's reroll cannot be frustrated (option K2)";
  }
  // OK with no dice entered while the target is due: the target is what is missing, not dice.
  if (err === 'enter_dice' && s && s.phase === 'await_target') return `Refused: choose the target first (pad ${targetKeysText(s)})`;
  // Virtual dice: the prompt says a long OK rolls; a short OK's refusal said only "enter the dice".
  if (err === 'enter_dice' && s && s.rng && !(ui && ui.c) && diceDue(s) > 0) return `${refusalText(err)}, or hold OK to roll them`;
  // The active player's own seat with votes in and nothing to reduce with: the reason that always holds.
  if (err === 'frustration_started' && s && s.players[s.active] && s.players[s.active].frustrations < 1) return `Refused: ${s.players[s.active].name} has no frustration to spend`;
  // Whose it is, for whoever reads slowly (the LEDs mark the seat; the words did not say it).
  const who = err === 'no_frustration_to_spend' && s ? pressedBy(s, ui) : '';
  if (who) return `Refused: ${who} has no frustration to spend`;
  if (err === 'bad_setup' && setup) {
    const n = setup.in.filter((x) => x).length;
    // What to do, not only what is wrong: a table of 7 (the board has 7 seats) was left guessing
    // whether an option turned on 6–7; that house rule is started from the computer (README).
    if (n > 5) return `Refused: Pechvogel is for 2 to 5 players (${n} joined): press ${n - 5} of the lit seat buttons again to take them out (6 or 7 players: a house rule, started from the computer, README "Six or seven players")`;
    if (n < 2) return `Refused: Pechvogel is for 2 to 5 players (${n} joined): each player presses their own seat button, then OK`;
  }
  return refusalText(err);
}

/** The name of the player whose seat button brought the refusal, or '' (a pad key, not known). */
function pressedBy(s: PvState, ui: MirrorUi | null): string {
  const p = ui && typeof ui.ep === 'number' && ui.ep >= 0 ? s.players[ui.ep] : undefined;
  return p ? p.name : '';
}

/** Milliseconds left at host time `now` of the countdown the board last reported (0: none running). */
export function countdownLeft(ui: MirrorUi, now: number): number {
  return ui.dl > 0 ? Math.max(0, ui.dl - (now - ui.at)) : 0;
}

/**
 * Time left of the countdown the board last reported, as the page shows it (page.ts countText): the
 * last minute in tenths of a second, longer as a clock ("9:53"; "592.6 s" had to be worked out).
 */
function timeLeft(ui: MirrorUi, now: number): string {
  const ms = countdownLeft(ui, now);
  if (ms <= 60000) return (ms / 1000).toFixed(1) + ' s';
  const s = Math.ceil(ms / 1000);
  return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
}

const pct = (f: Parameters<typeof toNumber>[0]) => `${Math.round(toNumber(f) * 100)} %`;

/**
 * Classroom mode (`--odds`): the exact odds of the rest of the turn without rerolls (RULES.md
 * §3.8, `dicetray odds`), before the first throw and whenever the active player is to throw (a reroll too); in a
 * reroll window where the active player may reduce, the chance of a marker either way.
 */
function oddsText(s: PvState): string[] {
  const T = s.turn;
  let o;
  if (s.phase === 'await_first_throw') o = turnOdds('most');
  else if (s.phase === 'await_target' && T.first_faces) {
    // The choice: each number's chance of a marker, and the points it is expected to bring
    // ("average": a bare "points … 3: −2.2" was read in class as what picking 3 scores).
    const c = targetChoices(T.first_faces);
    const pts = (f: Parameters<typeof toNumber>[0]) => (toNumber(f) >= 0 ? '+' : '−') + Math.abs(toNumber(f)).toFixed(1);
    return [`  marker, no rerolls: ${c.map((x) => `${x.value}: ${pct(x.marker)}`).join(' · ')}`, `  average points, no rerolls: ${c.map((x) => `${x.value}: ${pts(x.points)}`).join(' · ')}`];
  }
  // A reroll is about to be thrown too: the throw it undoes is off the board, so this is its state.
  else if ((s.phase === 'await_throw' || s.phase === 'await_reroll') && T.targets <= 3 && T.ravens <= 2) o = oddsFrom(T.targets, T.ravens);
  else if (s.phase === 'reroll_window' && T.last) {
    const t = T.targets - T.last.t;
    const r = T.ravens - T.last.r;
    const out: string[] = [];
    // The active player's choice, by the chance of a marker (nobody frustrating): keep the throw
    // (the reduce stays in hand for a later throw) or reduce now. Each line names its model: the
    // same kept throw reads differently with and without the reduce still to come.
    const c = canReduce(s) ? reduceChoice(t, r, T.targets, T.ravens) : null;
    // Whose marker: in class "marker" beside the opponents' line was read as theirs.
    const who = s.players[s.active] ? s.players[s.active].name + "'s " : '';
    if (c) out.push(`  ${who}marker, nobody frustrating: keep ${pct(c.keep)} (reduce later) · reduce now ${pct(c.reduce)}`);
    // The opponents' bet: frustrating costs each of them one unless the turn then ends with 3+ ravens.
    const f = possibleFrustraters(s).length ? frustrateStakes(t, r, T.targets, T.ravens) : null;
    if (f) out.push(`  frustrated, no later rerolls: ${who}marker ${pct(f.keep.marker)} → ${pct(f.reroll.marker)} · 3+ ravens ${pct(f.keep.ravens)} → ${pct(f.reroll.ravens)}`);
    return out;
  } else return [];
  return [`  odds, no rerolls${s.phase === 'await_first_throw' ? ' (target: most dice)' : ''}: marker ${pct(o.marker)} · 3+ ravens ${pct(o.frustration)} · both ${pct(o.both)} · Murphy ${pct(o.murphy)}`];
}

/**
 * Who does what now, in lines of at most ~76 characters: the throw and its
 * dice, the target to choose (with what was rolled), the reroll window (who may frustrate, whether
 * the player may reduce), the marker step (options, the chosen victim, the board's own choice),
 * at game over how to go on.
 */
export function promptText(s: PvState, ui: MirrorUi | null, now: number, opts: { seconds?: boolean; odds?: boolean } = {}): string[] {
  const out = promptLines(s, ui, now, opts);
  return opts.odds && !(ui && ui.c) ? out.concat(oddsText(s)) : out;
}

/**
 * What the turn is for, said when the target is chosen (R-PV-02, R-PV-03): the screens counted
 * targets and ravens on the board and never said what the counts were racing to.
 */
export const TURN_GOAL = '  4 of the target win a marker · 3 ravens end the turn with a frustration';

/**
 * How the scores shown at game over are counted (RULES.md, scoring): a "= 15" beside markers
 * adding up to 22 was not explained anywhere, nor what holding Murphy costs.
 */
export const SCORE_RULE = '  scores: the markers added up, −3 per frustration (−7 each with Murphy)';

function promptLines(s: PvState, ui: MirrorUi | null, now: number, opts: { seconds?: boolean }): string[] {
  // seconds false: no time left in the words (a screen that shows the countdown beside them).
  const secs = opts.seconds !== false;
  const T = s.turn;
  const who = s.phase === 'game_over' ? '' : s.players[s.active].name;
  // With faces on the pad a long OK confirms them, it does not roll: say what finishes the entry and
  // how to get back to rolling (a stray pad key left a first table pressing a refused long OK).
  // With real dice, say what the pad is for: a stranger at a kiosk saw "first throw, 7 dice" and
  // waited for the board to do something.
  const roll = (n: number) => (ui && ui.e && ui.e.length ? ` (enter all ${n}, then OK; hold BACK to clear)` : s.rng ? ' (long OK rolls them)' : ' (type their faces, then OK)');
  if (ui && ui.c) {
    // The throw being corrected is the one before the last decision (the last turn's, after the board's marker step).
    const u = s.undo;
    // BACK takes the last face back first: only on an empty entry does it leave correcting.
    return u ? [`Correcting ${u.players[u.active].name}'s last throw (${diceDue(u)} dice): enter its faces, OK`, ui.e && ui.e.length ? '  (BACK removes the last face, held clears them; then BACK leaves it as it was)' : '  (BACK: leave it as it was)'] : [];
  }
  switch (s.phase) {
    case 'await_first_throw':
      return [`${who}: first throw, 7 dice${roll(7)}`];
    case 'await_target': {
      const f = T.first_faces || [];
      const nums = f.filter((x) => x !== 'R').sort();
      const r = f.length - nums.length;
      const out = [`${who}: choose the target, pad ${targetKeysText(s)} (the throw: ${nums.join(' ')}${r ? ` + ${r} raven${r > 1 ? 's' : ''}` : ''})`];
      // R-PV-03: three ravens on the first throw end the turn, yet a target is still chosen; it
      // only matters for a number shown four times or more (tables asked why they had to choose).
      if (r >= 3) {
        const four = [3, 4, 5, 6, 7].filter((v) => nums.filter((x) => x === v).length >= 4);
        out.push(four.length ? `  ${r} ravens end the turn: choosing ${four[0]} also wins a ${four[0]} marker, if one is left` : `  ${r} ravens end the turn: any number, the choice changes nothing`);
      } else out.push(TURN_GOAL);
      return out;
    }
    case 'await_throw':
      return [`${who}: throw ${diceDue(s)} dice${roll(diceDue(s))}`];
    case 'await_reroll':
      return [`${who}: reroll ${T.reroll} dice${roll(T.reroll)}`];
    case 'reroll_window': {
      const can = possibleFrustraters(s);
      const left = secs && ui && ui.dl > 0 ? `, ${timeLeft(ui, now)} left` : '';
      const voted = ui ? ui.v : [];
      // What OK (or the countdown running out) does now: the firmware frustrates with the votes, else passes.
      // Beside the time left: its running out does what OK does, which a first table had to find out by waiting.
      const out = [`Reroll window${left}: OK${left ? ' (or time running out)' : ''} = ${voted.length ? `frustrate (${voted.length} vote${voted.length > 1 ? 's' : ''})` : 'pass'}`];
      // The votes on a line of their own: after the window's words, an 80-column terminal cut the
      // names of the later voters and how to take a vote back.
      if (voted.length) out.push(`  votes: ${names(s, voted)} (press again: withdraw)`);
      // Those still able to join; a vote gives the window in full again (firmware, R-PV-13).
      const join = can.filter((p) => voted.indexOf(p) < 0);
      // What each button does, in a few words: "frustrate: Ben (own seat button)" left newcomers
      // asking what frustrating is, and what it costs.
      if (join.length) out.push(`  frustrate: ${names(s, join)} (own seat button, 1 frustration each: ${who} rerolls)`);
      // Once a frustration has started the active player can no longer reduce (frustration_started).
      if (canReduce(s) && !(ui && ui.v.length)) out.push(`  reduce: ${who} (own seat button, pays 1 frustration: rerolls)`);
      return out;
    }
    case 'await_marker_choice': {
      // A greedy turn: Murphy comes with the marker, said before it is taken (R-PV-04).
      const greedy = greedyMurphyText(s);
      const more = greedy ? ['  ' + greedy] : [];
      // Frustrations move at the turn's end too: said before, with the marker (R-PV-20).
      comingFrustrationsText(s).forEach((x, i) => more.push((i ? '    ' : '  then: ') + x));
      if (ui && ui.vic >= 0 && s.players[ui.vic]) return stealLines(s, ui.vic).concat(more);
      if (ui && ui.dl > 0) return [`Only choice: ${onlyChoiceText(s)}${secs ? ` in ${timeLeft(ui, now)}` : ''} (OK: now${s.undo ? '; BACK: correct the throw' : ''})`].concat(more);
      const o = markerOptions(s);
      const out: string[] = [];
      if (o.take) out.push(`${who}: OK takes a ${T.target} from the middle`);
      if (o.stealFrom.length) out.push(`${o.take ? '  or' : `${who}:`} ${stealOfferText(s, o.stealFrom)}`);
      return out.length ? out.concat(more) : [`${who}: no marker to take`];
    }
    case 'game_over':
      return ['Game over: hold OK for a rematch, hold BACK for a new set-up', SCORE_RULE];
  }
  return [];
}

/** "5, 6 or 7" ("5" alone, "" for none). */
function orList(v: number[]): string {
  return v.length > 1 ? `${v.slice(0, -1).join(', ')} or ${v[v.length - 1]}` : v.join('');
}

/** The numbers the first throw of the turn shows, in order (none before it). */
function rolledNumbers(s: PvState): number[] {
  const f = s.turn.first_faces || [];
  return [3, 4, 5, 6, 7].filter((x) => f.indexOf(x as never) >= 0);
}

/** The values the middle holds a marker of, in order. */
function middleValues(s: PvState): number[] {
  return [3, 4, 5, 6, 7].filter((x) => s.middle[x - 3] > 0);
}

/** Pad keys for these values: "3–7" when all five work, else "3, 5 or 7". */
function padKeys(v: number[]): string {
  return v.length === 5 ? '3–7' : orList(v);
}

/**
 * The pad keys a target may be chosen with: the numbers the first throw shows ("3, 5 or 7"; "3–7"
 * when it shows all five). "pad 3–7" sent newcomers to numbers they had not rolled, then refused.
 */
export function targetKeysText(s: PvState): string {
  const v = rolledNumbers(s);
  return v.length ? padKeys(v) : '3–7';
}

/** The values the middle holds a marker of, "5, 6 or 7": a steal's marker for the box is one of them. */
export function middleValuesText(s: PvState): string {
  return orList(middleValues(s));
}

/**
 * The steal the marker step offers: whose seat, then the pad keys the middle allows for the box.
 * It said "pad 3–7" with only some values in the middle, and the others were refused. The middle
 * is never empty at a steal (RULES.md R-PV-09: the game ends when it empties); a loaded state with
 * it empty has no marker for the box, and the engine refuses every steal: said so, not offered.
 */
function stealOfferText(s: PvState, from: number[]): string {
  const keys = padKeys(middleValues(s));
  if (!keys) return 'no steal: the middle has no marker for the box';
  return `steal: seat button of ${names(s, from).replace(/, /g, ' or ')}, then pad ${keys} for the box`;
}

/**
 * A steal with the opponent chosen: the pad's key next, with the values it can be. "pad 3–7 = the
 * marker for the box" did not say the marker comes out of the middle, so newcomers pressed the
 * stolen value (not in the middle) or OK, and were refused.
 */
function stealLines(s: PvState, vic: number): string[] {
  const who = s.players[s.active] ? s.players[s.active].name : '';
  return [`${who} steals a ${s.turn.target} from ${s.players[vic].name}: now pad ${middleValuesText(s)}`, '  (that middle marker goes out of the game, to the box; BACK: choose again)'];
}

/**
 * The one marker action the board is about to apply (R-PV-22), in words: players saw only "the
 * board makes it" and then a steal and a marker boxed they had not seen coming.
 */
export function onlyChoiceText(s: PvState): string {
  const a = onlyMarkerAction(s) as Record<string, unknown> | null;
  const who = s.players[s.active] ? s.players[s.active].name : '';
  const t = s.turn.target;
  if (!a) return 'the board makes it';
  if (a.do === 'take_marker') return `${who} takes a ${t} from the middle`;
  const from = typeof a.from === 'string' ? a.from : '';
  return `${who} steals a ${t} from ${from}${a.return_to_box ? `, and a ${a.return_to_box} from the middle goes to the box` : ''}`;
}
