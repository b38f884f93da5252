/**
 * Loads an Espruino built-in module (Storage, neopixel). Through globalThis, because a bare
 * `require` makes the bundler try to bundle the module, or insert a Proxy-based shim that
 * Espruino lacks.
 */
export function espruinoModule(name: string): any {
  return (globalThis as any).require(name);
}
