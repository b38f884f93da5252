/** A duration in milliseconds as people read it: 1800000 → "30 min", 90500 → "1 min 30.5 s", 40 → "40 ms". */
export function durationText(ms: number): string {
  const parts: string[] = [];
  const h = Math.floor(ms / 3600000);
  const min = Math.floor((ms % 3600000) / 60000);
  const rest = ms % 60000;
  if (h) parts.push(`${h} h`);
  if (min) parts.push(`${min} min`);
  if (rest >= 1000) parts.push(`${rest / 1000} s`);
  else if (rest || !parts.length) parts.push(`${rest} ms`);
  return parts.join(' ');
}
