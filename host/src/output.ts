import { readFileSync, writeFileSync } from 'node:fs';
import { wrap } from '../../shared/text/wrap';
import { EXIT, fileError, HostError } from './errors';
import { existingFolder } from './existing-folder';
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
    // Anything else (a full disk: `> /dev/full`) is the output file failing, not a bug of ours.
    const h = stdoutError(e);
    process.stderr.write(`dicetray: ${h.message}\nhint: ${h.hint}\n`);
    process.exit(h.exitCode);
  });
}

/** Standard output that cannot be written (redirected to a full disk): a file error, exit 6. */
function stdoutError(e: unknown): HostError {
  return fileError('write', 'standard output', e, 'free some room where it goes, or send it elsewhere');
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

/** What to do with a UTF-16 file (inputText). */
export const UTF16_HINT = 'save it as UTF-8 (in PowerShell: ... | Out-File -Encoding utf8 FILE)';

/**
 * An input file's bytes as text, or null for UTF-16. Windows writes two things the readers took
 * for garbage, with invisible characters or NUL bytes in the message: the byte-order mark of
 * "UTF-8 with BOM" (left out here) and UTF-16 (PowerShell 5's `>`; refused by the callers).
 */
export function inputText(bytes: Buffer): string | null {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return null;
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Reads a whole input file (or fd 0, standard input) as text (inputText); a failure is a file
 * error (exit 6) saying `what` and `name`, with a hint.
 */
export function readTextFile(file: string | 0, hint: string, what = 'read', name = String(file)): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw fileError(what, name, e, hint);
  }
  const text = inputText(bytes);
  if (text === null) throw new HostError(`cannot ${what} ${name}: it is UTF-16 text, not UTF-8`, EXIT.input, UTF16_HINT);
  return text;
}

/**
 * Refuses an output file (a table, a plot) whose folder does not exist, before any work is done:
 * found only at the write, a 10-million-turn simulation ran for a minute and then showed nothing
 * but the error. Said as the mirror says it for its --csv.
 */
export function checkOutputFolder(file: string, hint = 'name a file in a folder you can write to'): void {
  existingFolder(file, `cannot write ${file}`, hint);
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
