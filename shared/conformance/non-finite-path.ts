/**
 * Where a parsed scenario holds a number JSON cannot: `1e400` is valid JSON text, but JSON.parse
 * reads it as Infinity, which every message then prints as `null` ("expected null, got null"). The
 * path (`players[0].frustrations`, under `path`) of the first one, or null when there is none.
 */
export function nonFinitePath(v: unknown, path: string): string | null {
  if (typeof v === 'number') return isFinite(v) ? null : path;
  if (v === null || typeof v !== 'object') return null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = nonFinitePath(v[i], path + '[' + i + ']');
      if (p) return p;
    }
    return null;
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) {
    const p = nonFinitePath(o[keys[i]], path ? path + '.' + keys[i] : keys[i]);
    if (p) return p;
  }
  return null;
}
