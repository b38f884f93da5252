/**
 * Puts a whole screen into the terminal as it is: lines cut to its width (colours kept, a line
 * never wraps), the least important lines dropped when it is too short, and drawn over the last
 * screen in place (home, each line then clear to its end, clear below) instead of clearing first,
 * which flickers at the redraw rates of the sim and the mirror. `colour` false (NO_COLOR): the
 * lines lose their colour sequences.
 */
import { withoutColour } from './without-colour';

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/y;

/** `line` cut to `cols` visible characters; escape sequences cost nothing and are kept. */
export function cutLine(line: string, cols: number): string {
  let seen = 0;
  let out = '';
  let coloured = false;
  for (let i = 0; i < line.length; ) {
    ANSI.lastIndex = i;
    const m = ANSI.exec(line);
    if (m) {
      out += m[0];
      coloured = true;
      i += m[0].length;
      continue;
    }
    if (seen === cols) return out + (coloured ? '\x1b[0m' : '');
    const cp = line.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    out += ch;
    seen++;
    i += ch.length;
  }
  return out;
}

/**
 * The screen text for a terminal of `cols` × `rows` (either unknown: no limit). `parts` in order;
 * when there are too many lines, blank lines go first (the lowest first: they only space the
 * screen out), then the parts with the highest `drop` number lose lines (their oldest, i.e. first,
 * lines; a `fromEnd` part its last), then the bottom is cut.
 */
/**
 * Lines that go together on the screen; `drop`: how soon they give way on a short terminal (0:
 * last); `fromEnd`: the first lines matter most (a key help), so the last go first.
 */
export interface ScreenPart {
  lines: string[];
  drop?: number;
  fromEnd?: boolean;
}

export function fitScreen(parts: ScreenPart[], cols?: number, rows?: number, colour = true): string {
  const room = rows && rows > 1 ? rows - 1 : Infinity;
  const ps = parts.map((p) => ({ lines: p.lines.slice(), drop: p.drop || 0, fromEnd: !!p.fromEnd }));
  let count = ps.reduce((n, p) => n + p.lines.length, 0);
  for (let i = ps.length - 1; i >= 0 && count > room; i--) {
    const l = ps[i].lines;
    for (let j = l.length - 1; j >= 0 && count > room; j--) if (l[j] === '') (l.splice(j, 1), count--);
  }
  const order = ps.filter((p) => p.drop > 0).sort((a, b) => b.drop - a.drop);
  for (const p of order) while (count > room && p.lines.length) (p.fromEnd ? p.lines.pop() : p.lines.shift(), count--);
  let lines = ps.flatMap((p) => p.lines);
  if (lines.length > room) lines = lines.slice(0, room);
  if (!colour) lines = lines.map(withoutColour);
  if (cols && cols > 1) lines = lines.map((l) => cutLine(l, cols - 1));
  return '\x1b[H' + lines.map((l) => l + '\x1b[K').join('\n') + '\n\x1b[J';
}
