/** Where commands write; tests pass their own to capture output. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export const stdio: Output = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};
