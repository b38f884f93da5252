/**
 * A decimal shown beside an exact fraction is that fraction's nearest double, to the last digit:
 * the odds table, its CSV and a simulation's exact column print the same digits.
 */
import { describe, expect, it } from 'vitest';
import { frac, toNumber } from '../../shared/odds/fraction';

/** The nearest double by way of 90 exact decimal digits (correctly rounded by the parser). */
function viaDigits(n: bigint, d: bigint): number {
  const neg = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const whole = a / b;
  const digits = (((a % b) * 10n ** 90n) / b).toString().padStart(90, '0');
  const x = Number(`${whole}.${digits}`);
  return neg ? -x : x;
}

describe('fraction → decimal', () => {
  it('is the nearest double: values that a scaled division got one step wrong, and random fractions', () => {
    // 7th Dwarf leftmost from the empty row; That's Life! card 3 (both printed one step off before).
    expect(toNumber(frac(263n, 46656n))).toBe(0.005637002743484225);
    expect(toNumber(frac(49n, 216n))).toBe(0.22685185185185186);
    expect(toNumber(frac(-5n, 6n))).toBe(-5 / 6);
    expect(toNumber(frac(0n))).toBe(0);
    expect(toNumber(frac(7n))).toBe(7);
    // Huge terms (the odds' powers of 6) and a tiny value.
    expect(toNumber(frac(6n ** 200n - 1n, 6n ** 200n))).toBe(1);
    expect(toNumber(frac(1n, 10n ** 320n))).toBe(1e-320);
    let seed = 12345;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < 5000; i++) {
      const a = BigInt(rnd()) * BigInt(rnd()) * BigInt(rnd() % 1000);
      const b = a + BigInt(rnd()) * BigInt(rnd()) + 1n;
      expect(toNumber(frac(a, b)), `${a}/${b}`).toBe(viaDigits(a, b));
      const big = 6n ** BigInt(20 + (i % 40));
      const c = (a * big) / b;
      expect(toNumber(frac(c, big)), `${c}/${big}`).toBe(viaDigits(c, big));
    }
  });
});
