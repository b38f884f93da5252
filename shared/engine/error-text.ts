/**
 * What each error code means, for people (terminal, big screen, CLI). Kept off the board:
 * the firmware shows codes as blink patterns and the host turns them into sentences.
 */
import type { RuleError } from './types';

export const ERROR_TEXT: Record<string, string> = {
  wrong_dice_count: 'wrong number of dice, or no throw now',
  target_not_rolled: 'the target is a number shown by the first throw, chosen right after it',
  first_throw_not_rerollable: 'the first throw of a turn can never be rerolled',
  greedy_throw_not_rerollable: 'a greedy throw (5+ targets or 4+ ravens) cannot be rerolled',
  empty_throw_not_rerollable: 'a throw with no target and no raven cannot be rerolled',
  window_closed: 'the reroll window for this throw is closed',
  window_open: 'the reroll window is open: pass, reduce or frustrate first',
  reduce_already_used: 'frustration can be reduced once per turn',
  frustrate_already_used: 'a player can be frustrated once per turn',
  no_frustration_to_spend: 'no frustration to spend',
  not_an_opponent: 'not an opponent of the active player',
  marker_not_available: 'no marker of the target value to take there',
  return_marker_not_in_middle: 'the marker sent to the box must come from the middle',
  // The 7th Dwarf.
  illegal_spot: 'the die does not fit there: the row must stay in order (or the spot is taken)',
  must_place: 'the die in hand fits the row, so it must be placed (the lair is never voluntary)',
  bets_pending: 'every opponent bets after the third die, before the next is thrown',
  already_bet: 'that player has already bet this turn',
  die_already_used: 'that die has already been thrown this turn',
  unknown_die: 'no die of that colour in this game',
  invalid_value: 'a die shows 1 to 6 pips',
  invalid_bet: 'a bet is on success or fail',
  // That's Life!
  guard_alone: 'a guard moves only while a figure stands on its card',
  not_your_figure: 'that figure belongs to another player',
  figure_finished: 'that figure is home already',
  unknown_piece: 'no such figure or guard',
  cannot_move_back: 'there is no card behind it (never back onto the Start)',
  backward_not_allowed: 'moving back is only for a 1 in Variant 2',
  must_move: 'a figure or a guard must move (staying is only for a 1 in Variant 2)',
  nothing_to_correct: 'only the last throw typed in can be corrected (not one the board rolled), before any decision',
  no_virtual_dice: 'this game was started without virtual dice: enter the real dice',
  invalid_event: 'not a Pechvogel action',
  unknown_event: 'not an action of this game',
  bad_action: 'malformed action',
  bad_setup: 'impossible set-up: the players (how many, each name once) or an option',
  game_over: 'the game is over',
  unknown_game: 'no rules for this game',
  // Table (firmware) refusals.
  not_playing: 'that seat is not in the game',
  frustration_started: 'a frustration has started: the active player can no longer reduce on this throw',
  choose_victim: 'press the seat button of the player to steal from first',
  enter_dice: 'enter the dice on the pad first',
  middle_has_value: 'the middle has a marker of this value: OK takes it (the steal-only option)',
  no_game: 'no game running',
  setup_keys: 'in the set-up the seat buttons join, K1–K3 switch the options and OK starts',
  storage_full: 'the board\'s Storage is full: nothing was taken (staff: flash the firmware again)',
  // Code and detail: a checkpoint with no room (an err line; nothing was refused).
  'storage_full:checkpoint': "the board's Storage had no room to save the game: every action so far is journaled, and it tries again at the next (staff: if it goes on, end the game or flash the firmware again)",
  // Board errors (err lines).
  resume_failed: 'the journaled game could not be resumed: the board started in set-up',
  bad_config: 'the board did not take that setting (an unknown key, or a value out of range)',
  bad_state: 'the state breaks the rules (a count out of range, …): not loaded, the game is as it was',
  'bad_state:names': "the players' names are too long for the board (at most 16 characters a player, all names together): not loaded, the game is as it was",
  'bad_state:seats': 'the seats are not one seat button (S1–S7) each, none twice, one per player: not loaded, the game is as it was',
  no_maintenance: "the board's maintenance module (dt.maint) is missing, damaged or from another flash: flash the firmware again",
  no_rare: "the board's set-up module (dt.rare) is missing, damaged or from another flash (a flash cut short?): it cannot set up, start or resume a game, and its journaled game waits; flash the firmware again (dicetray flash)",
  unknown_button: 'the board has no such button',
  too_long: 'a board message over the 200-byte line limit was left out',
  // The link (a host command the board could not read); the action logs (replay).
  not_an_object: 'a host command that is not a JSON object',
  no_command: 'a host command without its "c"',
  unknown_command: 'a host command this firmware does not know (older firmware than the host?)',
  bad_packet_header: 'a packet the board does not take (only EVENT packets)',
  bad_json: 'a packet whose JSON is garbled',
  packet_timeout: 'a packet left unfinished for over a second (a pulled cable?): dropped',
  bad_log: 'not an action log this version can replay',
};

/** The words for a code, or for the code with this detail where it has words of its own (`storage_full:checkpoint`). */
export function errorText(code: string, detail: string): string {
  return ERROR_TEXT[code + ':' + detail] || ERROR_TEXT[code] || code;
}

export function describeError(e: RuleError): string {
  // A throw's wrong count says what was due ("5 due", "no throw now"); any other detail is a face no die shows.
  if (e.code === 'wrong_dice_count' && e.message && !/ due$|^no throw now$/.test(e.message)) return `no Pechvogel die shows ${e.message} (3 to 7, or R for a raven)`;
  const text = errorText(e.code, e.message);
  // A detail with words of its own is said in them; any other follows the code's words.
  return e.message && !ERROR_TEXT[e.code + ':' + e.message] ? `${text} (${e.message})` : text;
}
