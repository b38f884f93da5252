/**
 * `show(v)`: a value printed exactly (numbers by their 8 bytes, strings by char codes, keys
 * sorted), as JavaScript source that runs on Espruino and in the simulated board's sandbox alike:
 * the tests that compare the two print with it.
 */
export const SHOW_FUNCTION = `function show(v) {
  var i, c = [];
  if (typeof v === 'number') { var b = new Uint8Array(new Float64Array([v]).buffer); for (i = 0; i < 8; i++) c.push(b[i]); return 'n' + c.join('.'); }
  if (typeof v === 'string') { for (i = 0; i < v.length; i++) c.push(v.charCodeAt(i)); return 's' + c.join('.'); }
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) { for (i = 0; i < v.length; i++) c.push(show(v[i])); return '[' + c.join(',') + ']'; }
  if (typeof v === 'object') { var k = Object.keys(v).sort(); for (i = 0; i < k.length; i++) c.push(show(k[i]) + ':' + show(v[k[i]])); return '{' + c.join(',') + '}'; }
  return typeof v;
}`;
