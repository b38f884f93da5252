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
