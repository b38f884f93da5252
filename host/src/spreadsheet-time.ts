import { localIsoTime } from './local-iso-time';

/**
 * A time as a spreadsheet reads it into a date-time cell: the local wall-clock time to the second,
 * "2025-03-14T14:09:26" (ISO 8601 without fraction or offset). LibreOffice Calc 7.4 takes that as
 * a date-time with its CSV import's default options (checked); the exact time, with milliseconds
 * and offset (local-iso-time.ts), and "2025-03-14 14:09:26" stayed text there. Cut, not rounded:
 * the same second as the exact time beside it.
 */
export function spreadsheetTime(t: number, offsetMinutes?: number): string {
  return localIsoTime(t, offsetMinutes).slice(0, 19);
}
