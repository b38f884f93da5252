/** Where commands write; tests pass their own to capture output. */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { wrap } from '../../shared/text/wrap';
import { EXIT, fileError, HostError } from './errors';
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
 * The width prose is wrapped to: 79, or less on a narrower terminal (a projector's large font),
 * where lines wrapped at 79 were broken again by the terminal mid-word. Pipes and files keep 79.
 */
export function proseWidth(out: { isTTY?: boolean; columns?: number } = process.stdout): number {
  return out.isTTY && out.columns ? Math.max(20, Math.min(79, out.columns - 1)) : 79;
}

/**
 * Writes `text` in lines of at most `width` columns (a classroom's terminal or projector is often
 * 80 wide), broken at spaces; continuation lines start with `indent`. A word longer than a line
 * stays whole.
 */
export function outWrapped(io: Output, text: string, indent = '', width = proseWidth()): void {
  const lead = /^ */.exec(text)![0];
  // A list separator stays at the end of its line, not at the start of the next: " · " is glued
  // to the word before it (NUL stands for that space while wrapping).
  const lines = wrap(text.slice(lead.length).replace(/ · /g, '\u0000· '), width - lead.length, width - indent.length);
  lines.forEach((l, i) => io.out((i ? indent : lead) + l.replace(/\u0000/g, ' ')));
}

/**
 * Writes a table row, `head` then three spaces then its last cell (an exact fraction, a note). On
 * a terminal narrower than the row, the last cell goes on a line of its own under the row,
 * indented, instead of being broken mid-number by the terminal. Pipes and files keep the row whole.
 */
export function outRow(io: Output, head: string, last: string, width = process.stdout.isTTY ? proseWidth() : Infinity): void {
  if (head.length + 3 + last.length <= width) return io.out(`${head}   ${last}`);
  const indent = /^ */.exec(head)![0].length + 4;
  io.out(head);
  io.out(' '.repeat(Math.max(0, Math.min(indent, width - last.length))) + last);
}

/**
 * A number as the terminal shows it: a negative one with the minus sign (−0.2237, −4/9), as the
 * labels beside it write −3. CSV and JSON keep the ASCII '-' that spreadsheets and parsers read.
 */
export const minus = (text: string): string => text.replace(/^-/, '−');

/** Reads a whole input file as text; a failure is a file error (exit 6) saying `what`, with a hint. */
export function readTextFile(file: string, hint: string, what = 'read'): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw fileError(what, file, e, hint);
  }
}

/**
 * Refuses an output file (a table, a plot) whose folder does not exist, before any work is done:
 * found only at the write, a 10-million-turn simulation ran for a minute and then showed nothing
 * but the error. Said as the mirror says it for its --csv.
 */
export function checkOutputFolder(file: string, hint = 'name a file in a folder you can write to'): void {
  const dir = dirname(file);
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new HostError(`cannot write ${file}: no directory ${dir}`, EXIT.input, hint);
  }
  if (!isDir) throw new HostError(`cannot write ${file}: ${dir} is not a directory`, EXIT.input, hint);
}

/** Writes a whole output file (a table, a plot); a failure is a file error (exit 6) with a hint. */
export function writeOutputFile(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (e) {
    throw fileError('write', file, e, 'name a file in a folder you can write to');
  }
}

/** The files a classroom command wrote (odds, simulate), said alike at the end of its report. */
export function sayWritten(opts: { csv?: string; svg?: string }, io: Output): void {
  if (opts.csv) io.out(`\nwritten to ${opts.csv}`);
  if (opts.svg) io.out(`${opts.csv ? '' : '\n'}plot written to ${opts.svg}`);
}
