/**
 * blockBranches (firmware/build/block-branches.ts): long untaken branches become `{}` blocks only
 * where that means the same, and the code then runs the same.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { blockBranches } from '../../firmware/build/block-branches.js';

const run = (code: string): unknown => vm.runInNewContext(code + '\n;out', {});

// Minified shapes: branches as expressions, statements joined by commas, an if's test with lead-ins.
const CODE = `var out=[];function f(t,e){var r=0;t&&(r+=1,out.push("a",t),r+=2),e?(r+=4,out.push("b",e),r+=8):(r+=16,out.push("c",e),r+=32);if(r+=64,e&&(r+=128,out.push("d",e),r+=256),t)r+=512;else r+=1024;return r}
for(var i=0;i<4;i++)out.push(f(i&1,i&2));
function g(t){var o;out.push("e"),t&&(out.push("f",t),function(){}()),o={v:t};if(t&&(out.push("g",t),out.push("h")),o.w=function(){},t)o.v=2;return o}out.push(g(1).v,g(0).v);`;

describe('blockBranches', () => {
  it('writes long branches as blocks, which run the same', () => {
    const got = blockBranches(CODE, 10);
    expect(got).toContain('if(t){r+=1,out.push("a",t),r+=2}');
    expect(got).toContain('if(e){r+=4,out.push("b",e),r+=8}else{r+=16,out.push("c",e),r+=32}');
    expect(got).toContain('r+=64;if(e){r+=128,out.push("d",e),r+=256}if(t)r+=512;else r+=1024');
    // A statement that starts with a function expression keeps its parentheses.
    expect(got).toContain('if(t){out.push("f",t),(function(){}())}');
    // A statement ending in an object or a function keeps its semicolon.
    expect(got).toContain('o={v:t};if(t){out.push("g",t),out.push("h")}o.w=function(){};if(t)o.v=2');
    expect(run(got)).toEqual(run(CODE));
  });

  it('leaves short branches, loop bodies and unbraced if bodies alone', () => {
    expect(blockBranches(CODE, 1000)).toBe(CODE);
    const loops = 'var out=[];for(var i=0;i<3;i++)i&&(out.push(i),out.push(i*2));if(out.length)out.length>1&&(out.push(9),out.push(8));';
    expect(blockBranches(loops, 5)).toBe(loops);
  });
});
