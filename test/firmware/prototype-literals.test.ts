/**
 * prototypeLiterals (firmware/build/prototype-literals.ts): a class's methods become one object
 * literal only where that means the same, and the code then runs the same.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { prototypeLiterals } from '../../firmware/build/prototype-literals.js';
import { bundleForEspruino } from '../../firmware/build/espruino-bundle.js';

const run = (code: string): unknown => vm.runInNewContext(code + '\n;out', {});

// TypeScript's ES5 shape for `class Counter { n = 0; add(k) {…} twice() {…} }` and a use of it.
const PLAIN = `var Counter = (function () {
    function Counter(start) { this.n = start; }
    Counter.prototype.add = function (k) { this.n += k; return this; };
    Counter.prototype.twice = function () { return this.add(this.n); };
    Counter.limit = 99;
    return Counter;
}());
var c = new Counter(3).twice().add(1);
var out = [c.n, c instanceof Counter, Counter.limit, typeof Counter.prototype.add, Object.keys(Counter.prototype).join()];`;

describe('prototypeLiterals', () => {
  it('writes a plain class\'s methods as one literal, which runs the same', () => {
    const got = prototypeLiterals(PLAIN);
    expect(got).toContain('Counter.prototype = {add: function (k)');
    expect(got).not.toContain('Counter.prototype.twice =');
    expect(run(got)).toEqual(run(PLAIN));
    expect(run(got)).toEqual([7, true, 99, 'function', 'add,twice']);
  });

  it('leaves alone a class whose prototype is set up before its methods, or with one method', () => {
    const extended = `function __extends(d, b) { d.prototype = Object.create(b.prototype); }
var Base = (function () { function Base() {} Base.prototype.hi = function () { return 'base'; }; Base.prototype.x = function () { return 1; }; return Base; }());
var Sub = (function (_super) {
    __extends(Sub, _super);
    function Sub() {}
    Sub.prototype.own = function () { return 'own'; };
    Sub.prototype.two = function () { return 2; };
    return Sub;
}(Base));
var s = new Sub();
var out = [s.hi(), s.own(), s.two(), s instanceof Base];`;
    const got = prototypeLiterals(extended);
    expect(got).toContain('Sub.prototype.own =');
    expect(run(got)).toEqual(['base', 'own', 2, true]);
    const accessorFirst = `var A = (function () {
    function A() {}
    Object.defineProperty(A.prototype, "v", { get: function () { return 5; } });
    A.prototype.f = function () { return this.v; };
    A.prototype.g = function () { return 1; };
    return A;
}());
var out = new A().f();`;
    expect(prototypeLiterals(accessorFirst)).toBe(accessorFirst);
    const one = `var B = (function () { function B() {} B.prototype.f = function () { return 1; }; return B; }()); var out = new B().f();`;
    expect(prototypeLiterals(one)).toBe(one);
    const proto = `var C = (function () { function C() {} C.prototype.__proto__ = function () {}; C.prototype.g = function () { return 1; }; return C; }()); var out = new C().g();`;
    expect(prototypeLiterals(proto)).toBe(proto);
  });

  it('leaves alone methods added to a prototype whose constructor is not declared before them (a polyfill)', () => {
    // A literal would replace String.prototype (a silent no-op, the methods never arrive) instead of adding to it.
    const polyfill = `String.prototype.twice = function () { return this + this; };
String.prototype.thrice = function () { return this + this + this; };
var out = ['a'.twice(), 'b'.thrice()];`;
    expect(prototypeLiterals(polyfill)).toBe(polyfill);
    expect(run(prototypeLiterals(polyfill))).toEqual(['aa', 'bbb']);
  });

  it('keeps an accessor defined after the methods on the new prototype', () => {
    const after = `var A = (function () {
    function A() {}
    A.prototype.f = function () { return this.v + 1; };
    A.prototype.g = function () { return 1; };
    Object.defineProperty(A.prototype, "v", { get: function () { return 5; } });
    return A;
}());
var out = [new A().f(), new A().g()];`;
    const got = prototypeLiterals(after);
    expect(got).toContain('A.prototype = {f:');
    expect(run(got)).toEqual([6, 1]);
  });

  it('is part of the build: the sample\'s Map class comes out as a literal (espruino-bundle.test.ts runs it, on Espruino too)', async () => {
    const b = await bundleForEspruino({ entry: 'test/fixtures/espruino-sample/allowed.ts', minify: false });
    expect(b.code).toMatch(/\w+\.prototype = \{at: function \(i\) \{[^]*\}, set: function \(i, v\)/);
  });
});
