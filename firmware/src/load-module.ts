import { espruinoModule } from './espruino-module';

/**
 * Runs a firmware module from Storage (dt.rare, dt.maint) for one use and returns what it sets on
 * the global `key` (dropped again, so its functions take RAM only while used), or null when the
 * module is missing, cut short or written by another flash. The build stamps each module with the
 * firmware's hash (its first statement, `"<hash>";`): a flash writes the modules before the boot
 * code, so one cut short leaves new modules beside old boot code that would call them with other
 * arguments. Checked before the text runs; a module cut short throws as it runs, before it sets
 * `key`: the same as a missing one.
 */
export function loadModule(file: string, key: string): any {
  const g = globalThis as any;
  const code = espruinoModule('Storage').read(file);
  try {
    if (code && code.substr(1, 8) === __DT_BUNDLE_HASH__) g.eval(code);
  } catch (e) {}
  const m = g[key];
  delete g[key];
  return m || null;
}
