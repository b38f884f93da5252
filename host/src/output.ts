/** Where commands write; tests pass their own to capture output. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

// A reader that stops early (`dicetray replay LOG | head -1`) closes the pipe: that is not an
// error of ours, so stop quietly with the usual exit code instead of an EPIPE stack trace.
let quietOnEpipe = false;
export function guardStdout(): void {
  if (quietOnEpipe) return;
  quietOnEpipe = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

export const stdio: Output = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};

/**
 * Writes `text` in lines of at most `width` columns (a classroom's terminal or projector is often
 * 80 wide), broken at spaces; continuation lines start with `indent`. A word longer than a line
 * stays whole.
 */
export function outWrapped(io: Output, text: string, indent = '', width = 79): void {
  const lead = /^ */.exec(text)![0];
  let line = lead;
  // A list separator stays at the end of its line, not at the start of the next.
  const words: string[] = [];
  for (const w of text.slice(lead.length).split(' ')) {
    if (w === '·' && words.length) words[words.length - 1] += ' ·';
    else words.push(w);
  }
  for (const word of words) {
    if (line.trim() && line.length + 1 + word.length > width) {
      io.out(line);
      line = indent + word;
    } else line += (line.trim() ? ' ' : '') + word;
  }
  io.out(line);
}
