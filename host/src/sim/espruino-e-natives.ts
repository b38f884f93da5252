/**
 * The simulated board's pure `E` natives (no board state): E.mapInPlace and E.toString as
 * Espruino does them. Also what tests give a bare Espruino-like sandbox.
 */
export const E_NATIVES = {
  mapInPlace(from: ArrayLike<number>, to: { [i: number]: number; length: number }, map: ArrayLike<number> | ((v: number) => number)) {
    for (let i = 0; i < from.length && i < to.length; i++) {
      const v = from[i];
      to[i] = typeof map === 'function' ? map(v) : (map[v] ?? 0);
    }
  },
  toString(...args: unknown[]) {
    let s = '';
    for (const a of args) {
      if (typeof a === 'string') s += a;
      else if (typeof a === 'number') s += String.fromCharCode(a & 0xff);
      else if (a && typeof (a as ArrayLike<number>).length === 'number') for (let i = 0; i < (a as ArrayLike<number>).length; i++) s += String.fromCharCode((a as ArrayLike<number>)[i] & 0xff);
    }
    return s;
  },
};
