/**
 * Subset match as the scenario format defines it: every key of `expected` must be in
 * `actual` with a matching value; objects recurse, lists are compared element by element
 * (same length). Returns human-readable mismatches, empty when it matches.
 *
 * `nullIsNothing`: an expected null also matches a key the state leaves out, and an empty list.
 * Conformance files come from other implementations, and JSON says "nothing" several ways: some
 * list every key in every phase (`final_scores: null` before the end) where the conventions add
 * it at the end, some say `legal_spots: null` where the engine has no spots (`[]`) outside the
 * phase the conventions give the key for. A subset match cannot check that a key is absent, so
 * this only stops a spelling of "nothing" from failing a state that agrees; a list with anything
 * in it still fails a null.
 */
export function subsetMismatches(actual: unknown, expected: unknown, path = '', nullIsNothing = false): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path || '.'}: expected a list ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
    if (actual.length !== expected.length) {
      return [`${path || '.'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
    }
    const out: string[] = [];
    for (let i = 0; i < expected.length; i++) out.push(...subsetMismatches(actual[i], expected[i], `${path}[${i}]`, nullIsNothing));
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
      if (!Object.prototype.hasOwnProperty.call(a, k)) {
        if (!(nullIsNothing && v === null)) out.push(`${p}: missing (expected ${JSON.stringify(v)})`);
      } else out.push(...subsetMismatches(a[k], v, p, nullIsNothing));
    }
    return out;
  }
  if (nullIsNothing && expected === null && Array.isArray(actual) && actual.length === 0) return [];
  if (actual !== expected) return [`${path || '.'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
  return [];
}
