/** The mirror's terminal screen before it is fitted to the terminal (fit-screen.ts). */
import type { ScreenPart } from './fit-screen';
import { wrap } from '../../../shared/text/wrap';
import { wrapScreenLine } from './wrap-screen-line';

/** One table on the terminal: its lines before fitting. */
export interface TableScreen {
  header: string;
  /** Not live: what to say instead of a prompt ('' when live). */
  down: string;
  board: string[];
  game: string[];
  notes: string[];
}

/**
 * The mirror's terminal screen, per table: header, the down line (not live), the LED board, the
 * game, its latest notes (the first to go on a short terminal). When the tables' own lines do not
 * fit `rows` (two tables at 80 × 24: the second one's prompt was cut off below its LED board), the
 * LED boards go first: the words say what to do, the page and the table show the LEDs. The game's
 * lines are broken to `cols` (wrap-screen-line.ts), not cut.
 */
export function mirrorScreenParts(views: TableScreen[], webUrl: string | null, rows?: number, cols?: number): ScreenPart[] {
  const build = (boards: boolean) => {
    const parts: ScreenPart[] = [];
    for (const v of views) {
      const lines = [v.header, ''];
      if (v.down) lines.push('  ' + v.down);
      if (boards) lines.push(...v.board.map((r) => '  ' + r), '');
      lines.push(...v.game.flatMap((r) => wrapScreenLine('  ' + r, cols)), '');
      parts.push({ lines }, ...noteParts(v.notes, cols));
    }
    parts.push({ lines: (webUrl ? [`page: ${webUrl}`] : []).concat('Ctrl-C quits.') });
    return parts;
  };
  const withBoards = build(true);
  if (!rows || rows < 2) return withBoards;
  // Lines that cannot go: the tables' own (blank lines, notes and the page's address go first).
  const kept = withBoards.filter((p) => !p.drop).slice(0, -1).reduce((n, p) => n + p.lines.filter((l) => l !== '').length, 0);
  if (kept <= rows - 1) return withBoards;
  const without = build(false);
  without[without.length - 1].lines.unshift('(LED boards hidden: the terminal is too short; the page shows them)');
  return without;
}

/**
 * A table's notes, oldest first, each wrapped to the terminal's width (cut at its edge, the command
 * a kiosk's K4 note gives for flashing was lost below ~200 columns). On a short terminal the oldest
 * note goes first, and a note that must lose lines loses its last: its first words matter most.
 */
function noteParts(notes: string[], cols?: number): ScreenPart[] {
  const width = cols && cols > 1 ? Math.max(20, cols - 1 - 4) : Infinity;
  const parts: ScreenPart[] = notes.map((n, i) => ({
    lines: wrap(n, width).flatMap((l) => chunks(l, width)).map((l, j) => (j ? '    ' : '  · ') + l),
    drop: 1 + notes.length - i,
    fromEnd: true,
  }));
  parts.push({ lines: [''], drop: 1 });
  return parts;
}

/** A line longer than `width` (one word: a by-id port path) in pieces of `width`. */
function chunks(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const out: string[] = [];
  for (let i = 0; i < line.length; i += width) out.push(line.slice(i, i + width));
  return out;
}
