/**
 * Subset match as the scenario format defines it: every key of `expected` must be in
 * `actual` with a matching value; objects recurse, lists are compared element by element
 * (same length). Returns human-readable mismatches, empty when it matches.
 */
export function subsetMismatches(actual: unknown, expected: unknown, path = ''): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path || '.'}: expected a list ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
    if (actual.length !== expected.length) {
      return [`${path || '.'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
    }
    const out: string[] = [];
    for (let i = 0; i < expected.length; i++) out.push(...subsetMismatches(actual[i], expected[i], `${path}[${i}]`));
    return out;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return [`${path || '.'}: expected an object, got ${JSON.stringify(actual)}`];
    }
    const out: string[] = [];
    const a = actual as Record<string, unknown>;
    for (const [k, v] of Object.entries(expected as Record<string, unknown>)) {
      const p = path ? `${path}.${k}` : k;
      if (!(k in a)) out.push(`${p}: missing (expected ${JSON.stringify(v)})`);
      else out.push(...subsetMismatches(a[k], v, p));
    }
    return out;
  }
  if (actual !== expected) return [`${path || '.'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
  return [];
}
