/**
 * A time as ISO 8601 in the computer's local time with its offset from UTC,
 * "2025-03-14T15:09:26.535+01:00": what the café's staff or a teacher reading the mirror's CSV
 * expect to see (UTC was an hour or two off the clock on the wall), and still one exact instant
 * that programs read (Date.parse, pandas). `offsetMinutes` (east of UTC) is for tests; by default
 * the offset in force at `t`, so rows on either side of a daylight-saving change stay exact.
 */
export function localIsoTime(t: number, offsetMinutes = -new Date(t).getTimezoneOffset()): string {
  const local = new Date(t + offsetMinutes * 60_000).toISOString().slice(0, -1);
  const a = Math.abs(offsetMinutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local}${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}
