/**
 * Greedy word wrap at spaces into lines of at most `width` characters, the lines after the first at
 * most `restWidth` (a longer word stays whole): SVG captions and titles, terminal output. `measure`
 * gives a line's width in other units (the plots' px: wrapWidth).
 */
export function wrap(text: string, width: number, restWidth = width, measure = (line: string) => line.length): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && measure(line + ' ' + word) > (lines.length ? restWidth : width)) {
      lines.push(line);
      line = word;
    } else {
      line = line ? line + ' ' + word : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
