import { EXIT, HostError } from '../errors';

/** A whole number in [lo, hi] from an option's text (seconds, a port), or a usage error. */
export function wholeOption(name: string, text: string, lo: number, hi: number, hint: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!(n >= lo && n <= hi)) throw new HostError(`bad ${name} ${text}`, EXIT.usage, hint);
  return n;
}
