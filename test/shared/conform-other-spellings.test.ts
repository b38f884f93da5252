/**
 * Scenario files written by other implementations spell some things their own way; what the
 * conformance runner and the engines take, and what they still turn down.
 */
import { describe, expect, it } from 'vitest';
import { runScenario, runScenarioFile, type Scenario } from '../../shared/conformance/run-scenarios';

const PV_PLAYERS = [
  { name: 'Ann', markers: [3, 4], frustrations: 0 },
  { name: 'Ben', markers: [5], frustrations: 1 },
];
const TL_PATH = ['-1a', '-2a', '-3a', 'F1', '+8', '-1b'];
const TL_PLAYERS = [
  { name: 'Red', figures: ['finish', 'finish'], collected: ['+4', '-5a'] },
  { name: 'Blue', figures: ['finish', 'finish'], collected: ['F2', '-9b', '+1'] },
];

function run(sc: Partial<Scenario>) {
  return runScenario(Object.assign({ id: 'X', game: 'pechvogel', given: {}, events: [] }, sc) as Scenario);
}

describe('conformance files from other implementations', () => {
  it('an expected null matches a key the state leaves out (final_scores before the end); anything else still must be there', () => {
    const given = { players: PV_PLAYERS, active: 'Ann' };
    expect(run({ given, expect: { phase: 'await_first_throw', final_scores: null, winners: null } }).problems).toEqual([]);
    expect(run({ given, expect: { final_scores: {} } }).problems).toEqual(['at the end: final_scores: missing (expected {})']);
    // Present keys compare as before: murphy is null, active is not.
    expect(run({ given, expect: { murphy: null } }).problems).toEqual([]);
    expect(run({ given, expect: { active: null } }).problems).toEqual(['at the end: active: expected null, got "Ann"']);
  });

  it('an expected null also matches an empty list (legal_spots outside placement), never a list with something in it', () => {
    const given = { players: [{ name: 'A' }, { name: 'B' }], active: 'A' };
    const ev = (expect_after: Record<string, unknown>) => [{ do: 'throw', die: 'red', value: 4, expect_after }];
    // Before the throw the engine has no spots ([]): null says the same.
    expect(run({ game: 'seventh_dwarf', given, expect: { phase: 'await_throw', legal_spots: null } }).problems).toEqual([]);
    expect(run({ game: 'seventh_dwarf', given, expect: { legal_spots: [] } }).problems).toEqual([]);
    // With a die in hand every spot is legal: null is wrong there.
    expect(run({ game: 'seventh_dwarf', given, events: ev({ legal_spots: null }) }).problems).toEqual(['after event 1 (throw): legal_spots: expected null, got [0,1,2,3,4,5,6,7,8]']);
    // A list with markers in it is not nothing; nor is null an empty list the other way round.
    const pv = { players: PV_PLAYERS, active: 'Ann' };
    expect(run({ given: pv, expect: { players: { Ann: { markers: null } } } }).problems).toEqual(['at the end: players.Ann.markers: expected null, got [3,4]']);
    expect(run({ given: pv, expect: { murphy: [] } }).problems).toEqual(['at the end: murphy: expected a list [], got null']);
  });

  it('a virtual-dice seed in config or beside given is the given seed (a shuffled layout needs one)', () => {
    const players = [{ name: 'Red' }, { name: 'Blue' }];
    const path = (sc: Partial<Scenario>) => {
      const r = run(Object.assign({ game: 'thats_life', events: [], expect: { path: ['probe'] } }, sc));
      return r.problems.join(' ');
    };
    const inGiven = path({ given: { players, layout: 'shuffled', seed: 7 } });
    expect(inGiven).toMatch(/path: expected \["probe"\], got \["/);
    expect(path({ given: { players }, config: { layout: 'shuffled', seed: 7 } })).toBe(inGiven);
    expect(path({ given: { players }, config: { layout: 'shuffled' }, seed: 7 } as Partial<Scenario>)).toBe(inGiven);
    expect(path({ given: { players }, config: { layout: 'shuffled', seed: 8 } })).not.toBe(inGiven);
    expect(run({ game: 'thats_life', given: { players }, config: { layout: 'shuffled' } }).problems[0]).toMatch(/needs a seed/);
  });

  it('Pechvogel: a position with an empty middle is the end of the game, a turn given or not', () => {
    const over = { phase: 'game_over', final_scores: { Ann: 7, Ben: 2 }, winners: ['Ann'], active: 'Ann' };
    for (const turn of [undefined, { target: 5, board: { targets: 1, ravens: 1 } }]) {
      const given = { players: PV_PLAYERS, active: 'Ann', middle: { 3: 0 }, turn };
      expect(run({ given, expect: over }).problems).toEqual([]);
      expect(run({ given, events: [{ do: 'throw', faces: [3, 3, 3, 3, 3, 3, 3], expect_error: 'wrong_dice_count' }] }).problems).toEqual([]);
    }
  });

  it("That's Life: a position with every figure home is the end of the game", () => {
    const given = { players: TL_PLAYERS, path: TL_PATH, active: 'Blue' };
    // Red: 4 - 5 = -1; Blue: the fortune turns -9 into +9, +1: 10.
    expect(run({ game: 'thats_life', given, expect: { phase: 'game_over', final_scores: { Red: -1, Blue: 10 }, winners: ['Blue'], active: 'Blue' } }).problems).toEqual([]);
    expect(run({ game: 'thats_life', given, events: [{ do: 'roll', value: 3, expect_error: 'game_over' }] }).problems).toEqual([]);
    // One figure still out: play goes on.
    const out = { players: [TL_PLAYERS[0], { name: 'Blue', figures: ['finish', '-3a'], collected: [] }], path: TL_PATH, active: 'Blue' };
    expect(run({ game: 'thats_life', given: out, expect: { phase: 'await_roll' } }).problems).toEqual([]);
  });

  it("That's Life: a move with direction null goes forward; an unknown direction is still refused", () => {
    const given = { players: [{ name: 'Red', figures: ['-1a', 'start'] }, { name: 'Blue', figures: ['-2a', 'start'] }], path: TL_PATH, active: 'Red', roll: 2 };
    expect(run({ game: 'thats_life', given, events: [{ do: 'move', piece: 'Red#0', direction: null }], expect: { figures: { 'Red#0': '-3a' } } }).problems).toEqual([]);
    expect(run({ game: 'thats_life', given, events: [{ do: 'move', piece: 'Red#0', direction: 'up', expect_error: 'backward_not_allowed' }] }).problems).toEqual([]);
  });

  it('keys that every object inherits are no keys: "__proto__" in given, an expected null for "constructor"; a middle value must be whole', () => {
    // JSON.parse makes "__proto__" a plain key; a copy must not turn it into the prototype.
    const proto = JSON.parse('{"__proto__": {"players": [{"name": "A"}, {"name": "B"}]}}');
    expect(run({ given: proto }).problems[0]).toMatch(/given refused: bad_setup/);
    expect(run({ given: { players: PV_PLAYERS }, expect: { constructor: null, toString: null } }).problems).toEqual([]);
    expect(run({ given: { players: PV_PLAYERS, middle: { '3.5': 2 } } }).problems[0]).toMatch(/given refused: bad_setup: middle: bad entry 3\.5/);
    // A given seed of null leaves the config's.
    const players = [{ name: 'Red' }, { name: 'Blue' }];
    expect(run({ game: 'thats_life', given: { players, seed: null }, config: { layout: 'shuffled', seed: 7 } }).problems).toEqual([]);
  });

  it('null stands for "not given" (expect_error, expect_after, config, expect); game names in other spellings', () => {
    const file = (sc: Record<string, unknown>) => runScenarioFile({ schema: 'tabletop-rules-scenarios/1', scenarios: [Object.assign({ id: 'N', given: { players: PV_PLAYERS } }, sc)] }, 'f')[0];
    const ev = { do: 'throw', faces: [3, 4, 5, 6, 7, 'R', 'R'], expect_error: null, expect_after: null };
    expect(file({ game: 'pechvogel', config: null, expect: null, events: [ev] }).problems).toEqual([]);
    // An expected refusal is still one.
    expect(file({ game: 'pechvogel', events: [Object.assign({}, ev, { expect_error: 'wrong_dice_count' })] }).problems[0]).toMatch(/should be refused/);
    const dw = { players: [{ name: 'A', score: 0, turns_taken: 0 }, { name: 'B', score: 0, turns_taken: 0 }], active: 'A' };
    for (const game of ['seventh-dwarf', 'The 7th Dwarf', 'SEVENTH_DWARF']) expect(file({ game, given: dw, expect: { phase: 'await_throw' } }).status).toBe('passed');
    const tl = { players: [{ name: 'Red' }, { name: 'Blue' }] };
    for (const game of ["That's Life", 'thats-life', 'Verflixxt!']) expect(file({ game, given: tl, expect: { phase: 'await_roll' } }).status).toBe('passed');
    for (const game of ['constructor', 'toString', 'monopoly']) expect(file({ game }).problems[0]).toMatch(/unknown game/);
  });

  it("a given turn without a target is the state's own turn before the first throw, not a mid-turn start", () => {
    const players = [{ name: 'A', markers: [], frustrations: 0 }, { name: 'B', markers: [], frustrations: 0 }];
    const turn = { target: null, board: { targets: 0, ravens: 0 }, reduce_used: false, frustrate_used: false, board_frustrations: 0, dice_to_throw: 7 };
    const given = { players, active: 'A', phase: 'await_first_throw', murphy: null, turn };
    const events = [{ do: 'throw', faces: [5, 5, 'R', 3, 4, 6, 7], expect_after: { phase: 'await_target' } }, { do: 'choose_target', value: 5 }];
    expect(run({ given, events, expect: { phase: 'await_throw', turn: { target: 5, board: { targets: 2, ravens: 1 }, dice_to_throw: 4 } } }).problems).toEqual([]);
    // With the target fixed it is still a mid-turn start.
    expect(run({ given: Object.assign({}, given, { turn: Object.assign({}, turn, { target: 5, dice_to_throw: 7 }) }), expect: { phase: 'await_throw' } }).problems).toEqual([]);
  });

  it('expect_after is checked after a refused event too: the state it sees is the one before the refusal', () => {
    const given = { players: PV_PLAYERS, active: 'Ann' };
    const refused = (expect_after: Record<string, unknown>) => [{ do: 'choose_target', value: 5, expect_error: 'target_not_rolled', expect_after }];
    expect(run({ given, events: refused({ phase: 'await_first_throw', active: 'Ann' }) }).problems).toEqual([]);
    expect(run({ given, events: refused({ phase: 'await_target' }) }).problems).toEqual(['after event 1 (choose_target): phase: expected "await_target", got "await_first_throw"']);
  });

  it('a steal refuses a marker for the box with no slot in the middle (4.5, 8, "4") as return_marker_not_in_middle', () => {
    const given = { players: [{ name: 'A', markers: [], frustrations: 0 }, { name: 'B', markers: [5], frustrations: 0 }], active: 'A', turn: { target: 5, board: { targets: 3, ravens: 1 } } };
    for (const ret of [4.5, 8, 2, '4', null]) {
      const events = [{ do: 'throw', faces: [5, 4, 6] }, { do: 'steal', from: 'B', return_to_box: ret, expect_error: 'return_marker_not_in_middle' }];
      expect(run({ given, events, expect: { phase: 'await_marker_choice', middle: { 3: 3, 4: 3, 5: 3, 6: 3, 7: 3 }, players: { B: { markers: [5] } } } }).problems).toEqual([]);
    }
  });

  it('given players written as a state shows them (a map by name, in seat order) are the same players', () => {
    const players = { Ann: { markers: [4, 3], frustrations: 0 }, Ben: { markers: [5], frustrations: 1 } };
    const events = [{ do: 'throw', faces: [5, 5, 5, 'R', 'R', 3, 4] }, { do: 'choose_target', value: 5 }];
    expect(run({ given: { players, active: 'Ben' }, events, expect: { active: 'Ben', players: { Ann: { markers: [3, 4], frustrations: 0 }, Ben: { markers: [5], frustrations: 1 } }, phase: 'await_throw' } }).problems).toEqual([]);
    // Seat order is the map's order: the first is the start player when none is given.
    expect(run({ given: { players }, expect: { active: 'Ann' } }).problems).toEqual([]);
    expect(run({ game: 'thats_life', given: { players: { Red: {}, Blue: {} } }, expect: { active: 'Red', figures_per_player: 3 } }).problems).toEqual([]);
  });
});
