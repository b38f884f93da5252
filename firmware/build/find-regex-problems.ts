// Espruino's RegExp engine (src/jswrap_regexp.c) is a small backtracking matcher: it has no lookaround,
// no named groups, treats lazy quantifiers as greedy and only reads the `g` and `i` flags.

const SUPPORTED_FLAGS = 'gi';

/** Describes every regex feature in `pattern`/`flags` that Espruino 2v29 does not implement. */
export function findRegexProblems(pattern: string, flags: string): string[] {
  const problems = new Set<string>();
  for (const flag of flags) {
    if (!SUPPORTED_FLAGS.includes(flag)) problems.add(`regex flag '${flag}' (Espruino implements only g and i)`);
  }
  let inClass = false;
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      if (!inClass && pattern[i + 1] === 'k' && pattern[i + 2] === '<') problems.add('named backreference \\k<…>');
      i += 2;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      i++;
      continue;
    }
    if (c === '[') {
      inClass = true;
      i++;
      continue;
    }
    if (c === '(') {
      i++;
      if (pattern[i] !== '?') continue;
      const rest = pattern.slice(i, i + 3);
      if (rest.startsWith('?=') || rest.startsWith('?!')) problems.add('lookahead (?= / (?!');
      else if (rest === '?<=' || rest === '?<!') problems.add('lookbehind (?<= / (?<!');
      else if (rest.startsWith('?<')) problems.add('named group (?<name>…)');
      // Skip the group syntax so its `?` is not read as a quantifier.
      i += rest === '?<=' || rest === '?<!' ? 3 : 2;
      continue;
    }
    const quantifierEnd = endOfQuantifier(pattern, i);
    if (quantifierEnd > i) {
      if (pattern[quantifierEnd] === '?') problems.add('lazy quantifier (*? +? ?? {n,m}?)');
      i = quantifierEnd + (pattern[quantifierEnd] === '?' ? 1 : 0);
      continue;
    }
    i++;
  }
  return [...problems];
}

/** Index just past a quantifier starting at `i`, or `i` when there is none. */
function endOfQuantifier(pattern: string, i: number): number {
  const c = pattern[i];
  if (c === '*' || c === '+' || c === '?') return i + 1;
  if (c === '{') {
    const m = /^\{\d+(,\d*)?\}/.exec(pattern.slice(i));
    if (m) return i + m[0].length;
  }
  return i;
}
