/**
 * A script line without its comment: a `#` at the start or after a space, outside double quotes
 * (new "Ann #1" Ben names Ann #1; a `#` in a given's JSON text stays too). Inside quotes a
 * backslash escapes the next character, as JSON's strings do ("a \" # b" is one string).
 */
export function stripComment(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}
