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

/**
 * The double nearest to the fraction (ties to even), so a decimal shown beside a fraction is the
 * fraction's own, to the last digit: the quotient to 64+ bits with the remainder as a sticky bit,
 * rounded once by BigInt → Number. (Scaling by 10^18 first rounded twice: 49/216 came out as
 * 0.22685185185185183, and an odds CSV and a simulation's exact column then differed.)
 */
export function toNumber(f: Fraction): number {
  let n = f.n;
  const d = f.d;
  if (n === 0n) return 0;
  const neg = n < 0n;
  if (neg) n = -n;
  const shift = 64 - (n.toString(2).length - d.toString(2).length);
  const num = shift >= 0 ? n << BigInt(shift) : n;
  const den = shift >= 0 ? d : d << BigInt(-shift);
  let q = num / den;
  if (num % den !== 0n) q |= 1n;
  // Two steps of 2^-k: one could underflow to 0 where the product is still a (subnormal) double.
  const half = Math.trunc(shift / 2);
  const x = Number(q) * 2 ** -half * 2 ** -(shift - half);
  return neg ? -x : x;
}

export function fractionText(f: Fraction): string {
  return f.d === 1n ? String(f.n) : `${f.n}/${f.d}`;
}
