/** Action log file names: `<UTC time stamp>-<table>-<number>.jsonl` (the mirror writes them, `results` reads them). */
export const LOG_NAME = /^(\d{8}T\d{6}Z)-(.+)-(\d+)\.jsonl$/;

/** A table's label as a file name part. */
export function safeName(label: string): string {
  return label.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'table';
}

/** A time as the compact UTC stamp that starts a log's name. */
export function stamp(t: number): string {
  return new Date(t).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}
