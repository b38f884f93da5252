/** The mirror's terminal screen before it is fitted to the terminal (fit-screen.ts). */
import type { ScreenPart } from './fit-screen';

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
 * LED boards go first: the words say what to do, the page and the table show the LEDs.
 */
export function mirrorScreenParts(views: TableScreen[], webUrl: string | null, rows?: number): ScreenPart[] {
  const build = (boards: boolean) => {
    const parts: ScreenPart[] = [];
    for (const v of views) {
      const lines = [v.header, ''];
      if (v.down) lines.push('  ' + v.down);
      if (boards) lines.push(...v.board.map((r) => '  ' + r), '');
      lines.push(...v.game.map((r) => '  ' + r), '');
      parts.push({ lines }, { lines: v.notes.map((r) => '  · ' + r).concat(''), drop: 1 });
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
