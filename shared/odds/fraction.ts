/**
 * Exact fractions on BigInt, for odds a class can check by hand (1/6 per face makes every
 * probability here a fraction with a power of 6, and of 5 after an empty-throw self-loop, below).
 * Host and browser only: Espruino has no BigInt.
 */
export interface Fraction {
  n: bigint;
  d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  while (b) [a, b] = [b, a % b];
  return a;
}

export function frac(n: bigint | number, d: bigint | number = 1n): Fraction {
  let N = BigInt(n);
  let D = BigInt(d);
  if (D === 0n) throw new Error('fraction with denominator 0');
  if (D < 0n) [N, D] = [-N, -D];
  const g = gcd(N, D) || 1n;
  return { n: N / g, d: D / g };
}

export const ZERO = frac(0);
export const ONE = frac(1);

export const add = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.n, a.d * b.d);
export const div = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d, a.d * b.n);

/** The sign of a − b: −1, 0 or 1 (denominators are positive, frac() sees to that). */
export function compare(a: Fraction, b: Fraction): number {
  const d = a.n * b.d - b.n * a.d;
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

export function toNumber(f: Fraction): number {
  // Scaled so that huge numerators and denominators keep 15 digits.
  const scale = 10n ** 18n;
  return Number((f.n * scale) / f.d) / 1e18;
}

export function fractionText(f: Fraction): string {
  return f.d === 1n ? String(f.n) : `${f.n}/${f.d}`;
}
