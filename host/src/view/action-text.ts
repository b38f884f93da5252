/**
 * A table's actions in words for people, the page's last-event line and the terminals' notes:
 * "Ann threw 3 3 4 raven · Ann +1 frustration · Ben's turn" rather than the action's JSON.
 */
import type { PvState } from '../../../shared/games/pechvogel/types';
import { step } from '../../../shared/engine/step';

const faceList = (f: unknown) => (Array.isArray(f) ? f.map((x) => (x === 'R' ? 'raven' : String(x))).join(' ') : '');

/**
 * The last thing that happened at a table, for people: "Ann threw 3 3 4 raven" rather than the
 * action's JSON. `before` is the state the action was applied to (null if not known).
 */
export function actionText(a: Record<string, unknown>, before: PvState | null, after: PvState | null): string {
  const who = before && before.players[before.active] ? before.players[before.active].name : '';
  const sub = (w: string) => (who ? `${who} ${w}` : w.charAt(0).toUpperCase() + w.slice(1));
  const target = before && before.turn.target !== null ? ` ${before.turn.target}` : '';
  let text: string;
  switch (a.do) {
    case 'throw':
      // A game set up with virtual dice that takes a throw typed in: said, so the table sees it.
      text = sub(`threw ${faceList(a.faces)}`) + (before && before.rng ? ' (typed in, not rolled)' : '');
      break;
    case 'roll':
      text = sub(`rolled ${faceList(a.faces)}`);
      break;
    case 'correct':
      // A corrected throw gets a window of its own: votes cast for the old one are gone.
      text = `Throw corrected to ${faceList(a.faces)}` + (before && after && before.phase === 'reroll_window' && after.phase === 'reroll_window' ? ' · a new reroll window: vote again' : '');
      break;
    case 'choose_target':
      text = sub(`chose ${a.value} as the target`);
      break;
    case 'reduce':
      text = sub('reduced: rerolls the last throw');
      break;
    case 'frustrate':
      text = `${Array.isArray(a.by) ? a.by.join(', ') : 'Someone'} frustrated${who ? ` ${who}` : ''}`;
      break;
    case 'pass':
      text = 'Reroll window passed';
      break;
    case 'take_marker':
      text = sub(`took a${target} from the middle`);
      break;
    case 'steal':
      text = sub(`stole a${target} from ${a.from}`) + (a.return_to_box ? `; a ${a.return_to_box} goes to the box` : '');
      break;
    default:
      text = String(a.do);
  }
  const none = noMarkerToWin(a, before, after);
  if (none) text += ` · four ${none}s, but no ${none} left to win: no marker`;
  const end = turnEndText(before, after, ravensAfter(a, before));
  if (end) text += ` · ${end}`;
  return after && after.phase === 'game_over' ? `${text} · game over` : text;
}

/**
 * The target value when this action completed four of it and the turn still ended without a
 * marker (none in the middle, no opponent holding one): the table saw the turn pass with no word
 * why. The engine says it: the same action with one such marker in the middle asks for the marker.
 */
function noMarkerToWin(a: Record<string, unknown>, before: PvState | null, after: PvState | null): number | null {
  if (!before || !after || a.do === 'take_marker' || a.do === 'steal' || after.phase === 'await_marker_choice') return null;
  if (after.phase !== 'game_over' && after.phase !== 'await_first_throw') return null;
  const v = a.do === 'choose_target' ? a.value : before.turn.target;
  if (typeof v !== 'number' || !(v >= 3 && v <= 7) || before.middle[v - 3] > 0) return null;
  const probe = JSON.parse(JSON.stringify(before)) as PvState;
  probe.middle[v - 3] = 1;
  const r = step(probe, a as { do: string });
  return r.ok && (r.state as PvState).phase === 'await_marker_choice' ? v : null;
}

/** Holding Murphy at the game's end makes each frustration −7 points instead of −3 (RULES.md, scoring). */
export const MURPHY_COST = 'held at the end: −7 per frustration, not −3';

/**
 * How a turn ended, when this action ended it: who took frustrations, who got theirs back, where
 * Murphy went and what it costs, who is next ("3 ravens: Ann +1 frustration · Murphy to Ann (held at
 * the end: −7 per frustration, not −3) · Ben's turn"). Read off
 * the two states, so it says what the rules did whichever way the turn went. Empty mid-turn.
 */
function turnEndText(before: PvState | null, after: PvState | null, ravens = 0): string {
  if (!before || !after || before.players.length !== after.players.length) return '';
  const over = after.phase === 'game_over';
  if (!over && after.active === before.active && after.phase !== 'await_first_throw') return '';
  const out: string[] = [];
  const gained: string[] = [];
  const paid: string[] = [];
  const fr = before.turn.frustraters || [];
  const payback = paybackText(before, after);
  if (payback) out.push(...payback);
  else after.players.forEach((p, i) => {
    const d = p.frustrations - before.players[i].frustrations;
    // A frustrater's own token lay on the board: getting it back is not a second frustration
    // ("Ben +2" read as a double penalty; R-PV-20: every frustrater ends at +1).
    if (fr.indexOf(i) >= 0 && d > 0) gained.push(`${p.name} gets the frustration back${d > 1 ? ` +${d - 1}` : ''}`);
    else if (d > 0) gained.push(`${p.name} +${d} frustration${d > 1 ? 's' : ''}`);
    else if (d < 0) paid.push(`${p.name} pays ${-d}`);
  });
  // Why the active player takes frustrations: only 3+ ravens do that (RULES.md RESOLVE_TURN step 2);
  // "Ann +1 frustration" alone left newcomers asking what Ann did wrong.
  const took = before.players[before.active] && after.players[before.active] && after.players[before.active].frustrations > before.players[before.active].frustrations;
  if (gained.length) out.push((took ? `${ravens >= 3 ? ravens : '3+'} ravens: ` : '') + gained.join(', ') + (paid.length ? ` (${paid.join(', ')})` : ''));
  // What Murphy costs, where it changes hands (the rulebook's scoring): it was said only at game over.
  if (after.murphy !== before.murphy && after.murphy >= 0 && after.players[after.murphy]) out.push(`Murphy to ${after.players[after.murphy].name} (${MURPHY_COST})`);
  if (!over && after.players[after.active]) out.push(`${after.players[after.active].name}'s turn`);
  return out.join(' · ');
}

/**
 * The ravens on the board once this action is applied, as far as the state before and the action
 * tell (0: not known, e.g. a correction): the turn-end line names them.
 */
function ravensAfter(a: Record<string, unknown>, before: PvState | null): number {
  if (!before) return 0;
  const count = (f: unknown) => (Array.isArray(f) ? f.filter((x) => x === 'R').length : 0);
  if (a.do === 'throw' || a.do === 'roll') return before.phase === 'await_first_throw' ? count(a.faces) : before.turn.ravens + count(a.faces);
  if (a.do === 'choose_target') return count(before.turn.first_faces);
  if (a.do === 'pass' || a.do === 'take_marker' || a.do === 'steal') return before.turn.ravens;
  return 0;
}

/**
 * R-PV-20's payback, who gives whom, when this action ended a frustrated turn with fewer than 3
 * ravens: each frustrater gets the own frustration back, then one more, from the active player
 * while they have any, else from the supply, in the order the frustraters joined (the state's
 * turn.frustraters: the order of the votes the board sent; RULES.md: "Kelly pays Diego first").
 * The engine pays in that order too (resolveTurn): ["Ben and Cleo get their frustrations back", "Ann
 * gives 1 to Ben; Cleo gets 1 from the supply"]. Null when the two states do not show exactly that
 * (3+ ravens: the active player takes them; a frustration of unknown origin, a scenario's
 * given: nobody known to get it).
 */
function paybackText(before: PvState, after: PvState): string[] | null {
  const fr = before.turn.frustraters || [];
  const active = before.players[before.active];
  if (!fr.length || !active || fr.some((i) => !(i >= 0) || i === before.active || !before.players[i])) return null;
  const pays = Math.min(active.frustrations, fr.length);
  for (let i = 0; i < after.players.length; i++) {
    const want = i === before.active ? -pays : fr.indexOf(i) >= 0 ? 2 : 0;
    if (after.players[i].frustrations - before.players[i].frustrations !== want) return null;
  }
  return paybackWords(before);
}

/** The payback's words from the state before it (paybackText checks the state after agrees). */
function paybackWords(before: PvState): string[] {
  const fr = before.turn.frustraters;
  const active = before.players[before.active];
  const pays = Math.min(active.frustrations, fr.length);
  const name = (i: number) => before.players[i].name;
  // "Ben", "Ben and Cleo", "Ben, Cleo and Dan".
  const list = (ps: number[]) => (ps.length > 1 ? `${ps.slice(0, -1).map(name).join(', ')} and ${name(ps[ps.length - 1])}` : name(ps[0]));
  const back = fr.length > 1 ? `${list(fr)} get their frustrations back` : `${name(fr[0])} gets the frustration back`;
  const from = fr.slice(0, pays);
  const supply = fr.slice(pays);
  const parts: string[] = [];
  if (from.length) parts.push(from.length > 1 ? `${active.name} gives 1 each to ${list(from)}` : `${active.name} gives 1 to ${name(from[0])}`);
  if (supply.length) parts.push(supply.length > 1 ? `${list(supply)} get 1 each from the supply` : `${name(supply[0])} gets 1 from the supply`);
  return [back, parts.join('; ')];
}

/**
 * What the end of this turn will do with frustrations, said in the marker step before it happens
 * (RULES.md RESOLVE_TURN step 2): the table saw only the marker announced, then frustrations move.
 * Who gets them back and who pays, as two lines (five players' names fit 80 columns that way);
 * none when none move or the board does not know whose they are (a scenario's given).
 */
export function comingFrustrationsText(s: PvState): string[] {
  const T = s.turn;
  const active = s.players[s.active];
  const fr = T.frustraters || [];
  if (s.phase !== 'await_marker_choice' || !active) return [];
  if (T.ravens >= 3) return [fr.length ? `${active.name} takes the ${fr.length} frustration${fr.length > 1 ? 's' : ''} on the board` : `${active.name} takes 1 frustration from the supply`];
  if (!fr.length || fr.some((i) => !(i >= 0) || i === s.active || !s.players[i])) return [];
  return paybackWords(s).filter((x) => x);
}
