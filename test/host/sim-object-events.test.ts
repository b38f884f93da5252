/**
 * Every object on Espruino carries Object.prototype's on/addListener/prependListener/emit/
 * removeListener/removeAllListeners and clone (src/jswrap_object.c), not enumerable, so
 * JSON.stringify and for-in do not show them. Objects in the simulated board's sandbox (literals,
 * JSON.parse results, EVENT packets, arrays, functions) have them too, and they behave as on the
 * board: listeners in an own '#on<event>' array (which Object.keys does list), emit queued until
 * the current code has finished, clone a shallow copy. The second block runs the same script on
 * Espruino's Linux build ($ESPRUINO_BIN) and compares the lines printed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SimBoard } from '../../host/src/sim/sim-board';
import { SimStorage } from '../../host/src/sim/sim-storage';

const BIN = process.env.ESPRUINO_BIN;

const SCRIPT = `var o = {a:1}; var k = []; for (var x in o) k.push(x);
print("A", JSON.stringify(o), Object.keys(o).join(), k.join(), typeof o.on, typeof o.emit, typeof o.removeListener, typeof o.removeAllListeners, typeof o.clone, typeof o.addListener, typeof o.prependListener, typeof [].on, typeof JSON.parse('{"b":1}').on, typeof (function(){}).on, o.hasOwnProperty("on"), "on" in o);
o.on('x', function (v) { print("X1", v, this === o); }); o.prependListener('x', function (v) { print("X0", v); });
k = []; for (var x in o) k.push(x);
print("B", Object.keys(o).join(), k.join());
o.emit('x', 5); print("C after emit");
var c = o.clone(); c.a = 2; print("D", o.a, c.a, Object.keys(c).join());
var n = {p:{q:1}}; var nc = n.clone(); nc.p.q = 2; print("N", n.p.q, Array.isArray([1,2].clone()), [1,2].clone().length);
o.removeAllListeners(); o.emit('x', 6); print("E", Object.keys(o).join());
var f = function (v) { print("F", v); }; o.on('y', f); o.on('y', function () { print("G", "y"); }); o.removeListener('y', f); o.emit('y', 1);
try { o.on(1, f); } catch (e) { print("H", e instanceof TypeError); }
try { "s".on('x', f); } catch (e) { print("I", e instanceof TypeError); }
`;

/** Lines the script printed, without prompts and console bytes. */
function lines(out: string): string[] {
  return out
    .replace(/\r\x1b\[J/g, '')
    .split(/\r?\n/)
    .map((l) => l.replace(/^>+/, ''))
    .filter((l) => /^[A-Z][A-Z0-9]? /.test(l));
}

function onSim(): string[] {
  const b = new SimBoard({ bundle: SCRIPT, pins: {}, storage: new SimStorage(null), clock: 'fake' });
  let out = '';
  b.on('data', (d: Buffer) => (out += d.toString('latin1')));
  b.boot();
  b.advance(10);
  expect(b.errors).toEqual([]);
  return lines(out);
}

describe('simulated board: Espruino Object.prototype methods on every object', () => {
  it('has on/emit/removeListener/removeAllListeners/clone, not enumerable, working as on the board', () => {
    expect(onSim()).toEqual([
      'A {"a":1} a a function function function function function function function function function function false true',
      'B a,#onx a,#onx',
      'C after emit',
      'D 1 2 a,#onx',
      'N 2 true 2',
      'E a',
      'H true',
      'I true',
      'X0 5',
      'X1 5 true',
      'G y',
    ]);
  });

  it('gives packet objects the methods too (the board realm\'s objects)', () => {
    const b = new SimBoard({ bundle: 'E.on("packet", function (d) { print("P", typeof d.on, d.on !== undefined, Object.getPrototypeOf(d) === Object.prototype, JSON.stringify(d)); });', pins: {}, storage: new SimStorage(null), clock: 'fake' });
    let out = '';
    b.on('data', (d: Buffer) => (out += d.toString('latin1')));
    b.boot();
    b.write(Buffer.concat([Buffer.from([0x10, 0x01, 0x40, 15]), Buffer.from('{"c":"btn",x:1}')]));
    expect(lines(out)).toEqual(['P function true true {"c":"btn","x":1}']);
  });
});

describe.skipIf(!BIN)('Object.prototype methods: simulated board against Espruino for Linux ($ESPRUINO_BIN)', () => {
  it('prints the same lines', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dicetray-object-events-'));
    try {
      writeFileSync(path.join(dir, 'script.js'), SCRIPT);
      // stdin at EOF: the file runs, its queued events too, then the interpreter ends.
      const r = spawnSync(BIN!, [path.join(dir, 'script.js')], { cwd: dir, input: '', encoding: 'latin1', timeout: 10_000, killSignal: 'SIGKILL' });
      const real = lines(r.stdout);
      expect(real.length).toBeGreaterThan(5);
      expect(onSim()).toEqual(real);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
