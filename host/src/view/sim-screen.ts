/** The sim's own terminal screen before it is fitted to the terminal (fit-screen.ts). */
import type { ScreenPart } from './fit-screen';
import { SIM_KEYS } from './terminal-view';
import { wrapScreenLine } from './wrap-screen-line';

/** What the sim shows: `game` is empty when no mirror runs in-process (the LEDs are all there is). */
export interface SimScreen {
  title: string;
  board: string[];
  game: string[];
  /** The latest things that happened at the table, oldest first. */
  events: string[];
  /** `L` was typed: the next key is a long press. */
  long: boolean;
}

/**
 * Title, LED board, game, events, keys. On a short terminal the events go first, then the key
 * help; if the game's own lines still do not fit, the LED board goes (the words say the same and
 * the prompt is what a player needs: at 40 × 12 it was cut off below the board). A pending long
 * press is said beside the game, so it stays in view.
 */
export function simScreenParts(s: SimScreen, rows?: number, cols?: number): ScreenPart[] {
  const game = s.game.flatMap((l) => wrapScreenLine(l, cols)).concat(s.long ? ['(long press: next key)'] : []);
  const events: string[] = [];
  for (const e of s.events) events.push(...wrapEvent(e, cols));
  const build = (board: string[]) => [
    { lines: [s.title, ''].concat(board) },
    { lines: game.concat('') },
    { lines: events, drop: 2 },
    { lines: [''].concat(SIM_KEYS), drop: 1, fromEnd: true },
  ];
  const withBoard = build(s.board.length ? s.board.concat('') : []);
  if (!rows || rows < 2 || !s.game.length) return withBoard;
  if (1 + s.board.length + game.length <= rows - 1) return withBoard;
  return build(['(LED board hidden: the terminal is too short)']);
}

/**
 * One event as screen lines: indented, and on a narrow terminal broken between its " · " parts
 * (continued further in), not cut at the edge: a turn's end is one event, and its tail (Murphy
 * moving, who pays, whose turn it is) was lost on a 120-column terminal.
 */
export function wrapEvent(e: string, cols?: number): string[] {
  const width = cols && cols > 1 ? cols - 1 : Infinity;
  const parts = e.split(' · ');
  const out: string[] = [];
  let line = '  ' + parts[0];
  for (let i = 1; i < parts.length; i++) {
    if (line.length + 3 + parts[i].length <= width) line += ' · ' + parts[i];
    else {
      out.push(line);
      line = '      · ' + parts[i];
    }
  }
  out.push(line);
  return out;
}

/**
 * A restart's event, short enough for an 80-column terminal (the page says it at length); with the
 * steal's victim chosen before it (table-text.ts lostVictim: the board does not keep it), a part
 * of its own. `where`: no game goes on (restartNote's cases): "game as it was" read wrong there;
 * 'unknown': the table not read (a --pty sim whose client has not read the game yet).
 */
export function simRestartEvent(what: string, victim = '', where: 'setup' | 'over' | 'over-setup' | 'unknown' | '' = ''): string {
  if (where === 'unknown') return `${what}: a game is kept (a finished one too); a half-entered throw or a set-up begun is gone`;
  if (where === 'setup') return `${what}: the set-up starts over`;
  if (where === 'over') return `${what}: the finished game as it was`;
  if (where === 'over-setup') return `${what}: the finished game is back (hold BACK for a set-up)`;
  return `${what}: game as it was; a half-entered throw is gone${victim ? ` · so is the steal from ${victim}: choose it again` : ''}`;
}
