/**
 * Seeded dice for virtual rolls. sfc32 needs only additions, shifts and xor, all of
 * which behave identically on Espruino (no Math.imul there). The generator state is a
 * plain array of four int32s kept inside the game state, so a roll is a pure function
 * of the state and replaying the action log reproduces every virtual roll.
 */
export type RngState = number[];

export function seedRng(seed: number): RngState {
  const st = [0x9e3779b9 | 0, 0x243f6a88 | 0, 0xb7e15162 | 0, seed | 0];
  // Warm up so that nearby seeds give unrelated sequences.
  for (let i = 0; i < 12; i++) nextInt31(st);
  return st;
}

/** Advances `st` in place and returns 31 random bits (kept below 2^31 so Espruino stays in int range). */
function nextInt31(st: RngState): number {
  let a = st[0];
  let b = st[1];
  let c = st[2];
  let d = st[3];
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  st[0] = a;
  st[1] = b;
  st[2] = c;
  st[3] = d;
  return t & 0x7fffffff;
}

/** Uniform integer in [0, n) by rejection sampling, so no face is favoured. */
export function randomBelow(st: RngState, n: number): number {
  const limit = 0x80000000 - (0x80000000 % n);
  let x = nextInt31(st);
  while (x >= limit) x = nextInt31(st);
  return x % n;
}
