const SGR = /\x1b\[[0-9;]*m/g;

/** `line` without its colour and weight (SGR) sequences, for NO_COLOR (colour-wanted.ts); cursor moves are left alone. */
export function withoutColour(line: string): string {
  return line.replace(SGR, '');
}
