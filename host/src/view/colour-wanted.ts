/**
 * Whether the terminal screens draw in colour: not when NO_COLOR is set and not empty
 * (no-color.org), for monochrome terminals, screen readers and logs of a session. Without colour
 * the LED board shows each lit LED's palette letter, so the colour a player would see is still
 * there to read.
 */
export function colourWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return !env.NO_COLOR;
}
