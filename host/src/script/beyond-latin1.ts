/**
 * The first character of `text` a board cannot hold, in words, or null. The firmware's strings
 * are one byte a character (Latin-1, U+0000-U+00FF): a name's `\u20ac` arrives as its low byte
 * (€ shows as ¬), so a name with one would be mangled on the board, and not match the script's.
 */
export function beyondLatin1(text: string): string | null {
  const m = /[^\u0000-\u00ff]/u.exec(text);
  if (!m) return null;
  const code = m[0].codePointAt(0)!;
  return `${m[0]} (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
}
