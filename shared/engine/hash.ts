/**
 * State hash: FNV-1a (32 bit) over a canonical JSON text (object keys sorted), so two
 * runtimes that build the same state with different key orders agree. The multiply by
 * the FNV prime is spelt as shifts because Espruino has no Math.imul.
 */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return v === undefined ? 'null' : JSON.stringify(v);
  if (Array.isArray(v)) {
    const parts: string[] = [];
    for (let i = 0; i < v.length; i++) parts.push(canonicalJson(v[i]));
    return '[' + parts.join(',') + ']';
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort();
  const parts: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (o[k] !== undefined) parts.push(JSON.stringify(k) + ':' + canonicalJson(o[k]));
  }
  return '{' + parts.join(',') + '}';
}

export function fnv1a(text: string): string {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i) & 0xff;
    h = (h + (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24)) | 0;
  }
  // Two 16-bit halves: avoids relying on unsigned 32-bit number printing.
  const hi = (h >> 16) & 0xffff;
  const lo = h & 0xffff;
  return ('0000' + hi.toString(16)).slice(-4) + ('0000' + lo.toString(16)).slice(-4);
}

export function stateHash(state: unknown): string {
  return fnv1a(canonicalJson(state));
}
