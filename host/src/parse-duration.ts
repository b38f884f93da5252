const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, sec: 1000, m: 60000, min: 60000, h: 3600000 };

/**
 * `30m`, `1h30m`, `1.5s`, `500ms` in milliseconds; null if it is not a duration. Shared by
 * `config` (window=10s) and the table scripts (wait 10s), so both read the same forms.
 */
export function parseDuration(t: string): number | null {
  const re = /(\d+(?:\.\d+)?)\s*(ms|sec|min|s|m|h)/gy;
  let total = 0;
  let at = 0;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    total += Number(m[1]) * UNIT_MS[m[2]];
    at = re.lastIndex;
  }
  return at > 0 && at === t.length ? Math.round(total * 1000) / 1000 : null;
}
