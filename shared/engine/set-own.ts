/**
 * `o[k] = v` for keys that are players' names: a name such as `__proto__` would set the object's
 * prototype instead of a key, and the player would vanish from the view. Host-side views only
 * (the board does not build them).
 */
export function setOwn<T>(o: Record<string, T>, k: string, v: T): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}
