/** A table script's JSON with a number JSON cannot hold (1e400, read as Infinity) is refused where it is written. */
import { describe, expect, it } from 'vitest';
import { parseScript } from '../../host/src/script/parse-script';

describe('table scripts with 1e400', () => {
  it('is refused in given, act and expect state, naming the path (it was sent or compared as null)', () => {
    expect(() => parseScript('given {"players":[{"name":"A","frustrations":1e400},{"name":"B"}]}\n')).toThrow(/line 1: players\[0\]\.frustrations is a number beyond JSON's range/);
    expect(() => parseScript('new A B\nact {"do":"throw","faces":[3,3,3,3,3,3,-1e999]}\n')).toThrow(/line 2: faces\[6\] is a number beyond JSON's range/);
    expect(() => parseScript('new A B\nexpect state players.A.frustrations=1e400\n')).toThrow(/line 2: players\.A\.frustrations is a number beyond JSON's range/);
    expect(parseScript('new A B\nexpect state players.A.frustrations=1e3\n')).toHaveLength(2);
  });
});
