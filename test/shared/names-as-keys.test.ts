/**
 * Players' names become keys in the scenarios' state (players, scores, collected, final_scores).
 * A name such as `__proto__` must stay a key like any other (an assignment would set the view
 * object's prototype and the player would vanish). Expectations are parsed from JSON, as a
 * scenario file's are: an object literal would not hold a `__proto__` key either.
 */
import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from '../../shared/conformance/run-scenarios';

function run(json: string) {
  return runScenario(Object.assign({ id: 'X', events: [] }, JSON.parse(json)) as Scenario).problems;
}

describe('names that are also object keys of JavaScript', () => {
  it('Pechvogel: __proto__ keeps its markers and its final score', () => {
    const sc = `{"game":"pechvogel","given":{"players":[{"name":"__proto__","markers":[7],"frustrations":2},{"name":"B","markers":[],"frustrations":1}],
      "active":"B","middle":{"6":1},"box":{"3":3,"4":3,"5":3,"6":2,"7":2},"murphy":null},
      "events":[{"do":"throw","faces":[6,6,6,6,"R",3,4],"expect_after":{"players":{"__proto__":{"markers":[7],"frustrations":2}}}},{"do":"choose_target","value":6},{"do":"take_marker"}],
      "expect":{"phase":"game_over","final_scores":{"__proto__":1,"B":3},"winners":["B"]}}`;
    expect(run(sc)).toEqual([]);
    // The check itself still fails a wrong value under that name.
    expect(run(sc.replace('"__proto__":1,', '"__proto__":2,'))).toEqual(['at the end: final_scores.__proto__: expected 2, got 1']);
  });

  it("The 7th Dwarf and That's Life!: scores, turns and collections by such names", () => {
    expect(run(`{"game":"seventh_dwarf","given":{"players":[{"name":"__proto__","score":4},{"name":"constructor","score":1}],"active":"__proto__"},
      "expect":{"scores":{"__proto__":4,"constructor":1},"turns_taken":{"__proto__":0,"constructor":0}}}`)).toEqual([]);
    expect(run(`{"game":"thats_life","given":{"players":[{"name":"__proto__","figures":["start","start","start"],"collected":[]},{"name":"toString","figures":["start","start","start"],"collected":[]}],"active":"__proto__"},
      "expect":{"collected":{"__proto__":[],"toString":[]},"figures":{"__proto__#0":"start"}}}`)).toEqual([]);
  });
});
