// Espruino-safe versions of the TypeScript emit helpers the ES5 build may need. TypeScript's own
// (tslib) versions rely on things Espruino 2v29 lacks, e.g. `Array.prototype.slice.call` (reads as
// undefined there), Symbol and Object.setPrototypeOf-based static inheritance.

/** Every helper TypeScript 5.9 can reference (its `importName`s). */
export const TYPESCRIPT_HELPER_NAMES: ReadonlySet<string> = new Set([
  '__decorate', '__metadata', '__param', '__esDecorate', '__runInitializers', '__assign', '__await',
  '__asyncGenerator', '__asyncDelegator', '__asyncValues', '__rest', '__awaiter', '__extends',
  '__makeTemplateObject', '__read', '__spreadArray', '__propKey', '__setFunctionName', '__values',
  '__generator', '__createBinding', '__setModuleDefault', '__importStar', '__importDefault', '__exportStar',
  '__classPrivateFieldGet', '__classPrivateFieldSet', '__classPrivateFieldIn', '__addDisposableResource',
  '__disposeResources', '__rewriteRelativeImportExtension',
]);

/** ES5 source of each helper the build supports, keyed by name. */
export const ESPRUINO_HELPERS: Readonly<Record<string, string>> = {
  // Copies statics: Espruino does not find statics through the constructor's prototype chain. The copy
  // is a snapshot, so a static *value* changed later on the base is not seen through the subclass.
  __extends: `function __extends(d, b) {
  for (var p in b) if (p !== "prototype" && Object.prototype.hasOwnProperty.call(b, p)) d[p] = b[p];
  d.prototype = Object.create(b === null ? null : b.prototype);
  d.prototype.constructor = d;
}`,
  __assign: `var __assign = Object.assign;`,
  __rest: `function __rest(s, e) {
  var t = {};
  for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p) && e.indexOf(p) < 0) t[p] = s[p];
  return t;
}`,
  // Index loop instead of Array.prototype.slice.call, which reads as undefined on Espruino.
  __spreadArray: `function __spreadArray(to, from) {
  for (var i = 0; i < from.length; i++) to.push(from[i]);
  return to;
}`,
  __makeTemplateObject: `function __makeTemplateObject(cooked, raw) {
  cooked.raw = raw;
  return cooked;
}`,
  __setFunctionName: `function __setFunctionName(f, name, prefix) {
  return Object.defineProperty(f, "name", { configurable: true, value: prefix ? prefix + " " + name : name });
}`,
  __propKey: `function __propKey(x) {
  return "" + x;
}`,
};
