import { describe, expect, it } from 'vitest';
import { step } from '../../shared/engine/step';
import { stateHash } from '../../shared/engine/hash';
import { entryLine, headerLine, LOG_FORMAT, replayLog } from '../../shared/engine/log';
import type { Action } from '../../shared/engine/types';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import { pechvogelView } from '../../shared/games/pechvogel/view';
import { canReduce, markerOptions, onlyMarkerAction, possibleFrustraters } from '../../shared/games/pechvogel/rules';
import { playRandomGame } from '../support/play';
import type { PvState } from '../../shared/games/pechvogel/types';

function start(seed?: number): PvState {
  const r = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo'], seed });
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

function run(s: PvState, actions: Action[]): PvState {
  for (const a of actions) {
    const r = step(s, a);
    if (!r.ok) throw new Error(`${a.do}: ${r.error.code} ${r.error.message}`);
    s = r.state;
  }
  return s;
}

describe('set-up', () => {
  it('accepts 2–5 players and refuses other counts and duplicate names with bad_setup', () => {
    expect(setupPechvogel({ players: ['A', 'B'] }).ok).toBe(true);
    expect(setupPechvogel({ players: ['A', 'B', 'C', 'D', 'E'] }).ok).toBe(true);
    for (const players of [['A'], ['A', 'B', 'C', 'D', 'E', 'F'], ['A', 'A']]) {
      const r = setupPechvogel({ players });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('bad_setup');
    }
    expect(setupPechvogel({ players: ['A', 'B', 'C', 'D', 'E', 'F'], config: { unofficial_player_count: true } }).ok).toBe(true);
    const bad = setupPechvogel({ players: ['A', 'B'], config: { no_such_option: true } });
    expect(bad.ok).toBe(false);
    // Options that are no object: Espruino's Object.assign throws on them (Node ignores 5 and true).
    for (const config of ['x', 5, true]) {
      const r = setupPechvogel({ players: ['A', 'B'], config: config as unknown as Record<string, unknown> });
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(config)).toBe('bad_setup');
    }
  });

  it('refuses a throw with anything but die faces, naming the first bad one', () => {
    const s = start();
    const bad: [unknown[], string][] = [
      [[3, 4, 5, 6, 7, 3, '4'], '4'],
      [[3.5, 4, 5, 6, 7, 3, 4], '3.5'],
      [[3, 4, 2, 6, 8, 3, 4], '2'],
      [[3, 4, 5, 'r', 7, null, 4], 'r'],
      [[3, 4, 5, 6, 7, 3, [4]], 'object'],
      [[3, 4, 5, 6, 7, 3, true], 'true'],
      [[NaN, 4, 5, 6, 7, 3, 4], 'NaN'],
      [[null, 4, 5, 6, 7, 3, 4], 'null'],
      [[11, 4, 5, 6, 7, 3, 4], '11'],
      // property names of the face table and its prototype are no faces either
      [[3, 4, 5, 6, 7, 'constructor', 4], 'constructor'],
      [[3, 4, 5, 6, 7, 3, '__proto__'], '__proto__'],
      [[3, 'toString', 5, 6, 7, 3, 'R '], 'toString'],
      [[-0, 4, 5, 6, 7, 3, 4], '0'],
    ];
    for (const [faces, first] of bad) {
      const r = step(s, { do: 'throw', faces } as Action);
      expect(r.ok ? 'accepted' : r.error.code + ' ' + r.error.message).toBe('wrong_dice_count ' + first);
    }
    expect(step(s, { do: 'throw', faces: [3, 4, 5, 6, 7, 'R', 'R'] }).ok).toBe(true);
    // the target must be a number the first throw showed (counted on the faces' JSON text)
    const t = step(s, { do: 'throw', faces: [3, 'R', 5, 'R', 7, 3, 4] });
    if (!t.ok) throw new Error(t.error.code);
    for (const value of ['3', 'R', 33, 6, 3.5, null, [3], '"3"', ',']) {
      const r = step(t.state, { do: 'choose_target', value } as Action);
      expect(r.ok ? 'accepted' : r.error.code).toBe('target_not_rolled');
    }
    const c = step(t.state, { do: 'choose_target', value: 3 });
    if (!c.ok) throw new Error(c.error.code);
    expect(c.state.turn.last).toMatchObject({ n: 7, t: 2, r: 2, first: true });
  });

  it('lets the players choose the start player', () => {
    const r = setupPechvogel({ players: ['A', 'B', 'C'], start: 2 });
    expect(r.ok && pechvogelView(r.state).active).toBe('C');
    expect(setupPechvogel({ players: ['A', 'B'], start: 2 }).ok).toBe(false);
  });
});

describe('correction of a mis-entered throw', () => {
  it('replaces the last entered throw until the next decision is taken, and is logged', () => {
    let s = start();
    s = run(s, [{ do: 'throw', faces: [7, 7, 'R', 'R', 3, 4, 5] }]);
    // Oops: it was three sevens.
    const r = step(s, { do: 'correct', faces: [7, 7, 7, 'R', 3, 4, 5] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.effects[0]).toEqual({ type: 'corrected' });
    expect(r.state.n).toBe(2);
    s = run(r.state, [{ do: 'choose_target', value: 7 }]);
    expect(pechvogelView(s).turn).toMatchObject({ target: 7, board: { targets: 3, ravens: 1 }, dice_to_throw: 3 });
    // The decision was taken: no more correction.
    const late = step(s, { do: 'correct', faces: [7, 7, 7, 7, 3, 4, 5] });
    expect(!late.ok && late.error.code).toBe('nothing_to_correct');
  });

  it('can undo a throw that ended the turn and was resolved automatically', () => {
    let s = start();
    s = run(s, [{ do: 'throw', faces: [5, 5, 3, 4, 6, 7, 7] }, { do: 'choose_target', value: 5 }]);
    const ended = run(s, [{ do: 'throw', faces: ['R', 'R', 'R', 3, 4] }]);
    expect(pechvogelView(ended).active).toBe('Ben');
    expect(ended.players[0].frustrations).toBe(1);
    const fixed = run(ended, [{ do: 'correct', faces: ['R', 'R', 3, 3, 4] }]);
    expect(pechvogelView(fixed)).toMatchObject({ active: 'Ann', phase: 'await_throw', turn: { board: { targets: 2, ravens: 2 } } });
    expect(fixed.players[0].frustrations).toBe(0);
  });

  it('refuses a wrong correction with the throw error and keeps the state', () => {
    const s = run(start(), [{ do: 'throw', faces: [5, 5, 3, 4, 6, 7, 7] }]);
    const r = step(s, { do: 'correct', faces: [5, 5] });
    expect(!r.ok && r.error.code).toBe('wrong_dice_count');
  });
});

describe('virtual rolls', () => {
  it('draws from the seeded generator in the state: same seed, same game; recorded as rolls', () => {
    const a = run(start(42), [{ do: 'roll' }]);
    const b = run(start(42), [{ do: 'roll' }]);
    const c = run(start(43), [{ do: 'roll' }]);
    expect(stateHash(a)).toBe(stateHash(b));
    expect(stateHash(a)).not.toBe(stateHash(c));
    const r = step(start(42), { do: 'roll' });
    expect(r.ok && r.effects[0].type).toBe('rolled');
    if (r.ok) expect((r.effects[0].faces as unknown[]).length).toBe(7);
  });

  it('needs a seed (without one there is no such action), and a virtual roll cannot be "corrected"', () => {
    const r = step(start(), { do: 'roll' });
    expect(!r.ok && r.error.code).toBe('invalid_event');
    const rolled = run(start(7), [{ do: 'roll' }]);
    const c = step(rolled, { do: 'correct', faces: [3, 3, 3, 3, 3, 3, 3] });
    expect(!c.ok && c.error.code).toBe('nothing_to_correct');
  });

  it('gives each face about 1/6 of the time', () => {
    let s = start(1);
    const counts: Record<string, number> = {};
    for (let i = 0; i < 3000; i++) {
      const r = step(s, { do: 'roll' });
      if (!r.ok) throw new Error(r.error.code);
      for (const f of r.effects[0].faces as unknown[]) counts[String(f)] = (counts[String(f)] || 0) + 1;
      s = Object.assign({}, s, { rng: r.state.rng });
    }
    // 21000 faces: each count within 5 standard deviations of 3500.
    for (const f of ['3', '4', '5', '6', '7', 'R']) expect(Math.abs(counts[f] - 3500)).toBeLessThan(5 * Math.sqrt(21000 * (1 / 6) * (5 / 6)));
  });
});

describe('action log', () => {
  it('rebuilds the exact state, detects a tampered hash and reports a torn last line', () => {
    const setup = { players: ['Ann', 'Ben'], seed: 5 };
    const r0 = setupPechvogel(setup);
    if (!r0.ok) throw new Error();
    let s = r0.state;
    const lines = [headerLine({ log: LOG_FORMAT, game: 'pechvogel', setup })];
    for (const a of [{ do: 'roll' }, { do: 'choose_target', value: 3 }] as Action[]) {
      const r = step(s, a);
      if (!r.ok) {
        // The roll may not contain a 3; choose what it contains instead.
        const faces = (s.turn.first_faces || []).filter((f) => f !== 'R');
        const r2 = step(s, { do: 'choose_target', value: faces[0] });
        if (!r2.ok) throw new Error(r2.error.code);
        s = r2.state;
        lines.push(entryLine(s, { do: 'choose_target', value: faces[0] }, r2.effects));
        continue;
      }
      s = r.state;
      lines.push(entryLine(s, a, r.effects));
    }
    const text = lines.join('\n') + '\n';
    expect(JSON.parse(lines[1]).faces).toHaveLength(7);
    const ok = replayLog(text);
    expect(ok.ok).toBe(true);
    expect(stateHash(ok.state)).toBe(stateHash(s));
    const tampered = text.replace(/"h":"[0-9a-f]{8}"\}\n$/, '"h":"00000000"}\n');
    expect(replayLog(tampered).error?.code).toBe('hash_mismatch');
    const torn = replayLog(text + '{"n":3,"a":{"do":"thr');
    expect(torn.ok).toBe(false);
    expect(torn.error).toMatchObject({ line: 4, code: 'bad_log' });
    expect(torn.applied).toBe(2);
  });
});

describe('decisions written out in the step for Espruino', () => {
  // afterThrow() and endTurn() repeat canReduce(), possibleFrustraters() and markerOptions() inline
  // (a call costs the board more): they must decide as those do.
  it('open the reroll window and the marker step exactly as the exported predicates say', () => {
    let windows = 0;
    let continued = 0;
    let markers = 0;
    let unmarked = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const g = playRandomGame(seed, 2 + (seed % 4));
      for (let i = 0; i < g.actions.length; i++) {
        const a = g.actions[i];
        const s = g.states[i + 1];
        if (s.phase === 'await_marker_choice' && g.states[i].phase !== 'await_marker_choice') {
          const o = markerOptions(s);
          expect(o.take || o.stealFrom.length > 0, `seed ${seed} action ${i}`).toBe(true);
          markers++;
        }
        // A turn that ended on four targets without the marker step: nothing to take or steal.
        const fx = (step(g.states[i], a) as { effects: { type: string; marker?: number | null; faces?: unknown[] }[] }).effects;
        if (fx.some((e) => e.type === 'turn_end' && e.marker === null) && a.do !== 'take_marker' && a.do !== 'steal') {
          const base = (a.do === 'correct' ? g.states[i].undo : g.states[i]) as PvState;
          const v = a.do === 'choose_target' ? (a.value as number) : base.turn.target;
          const rolled = fx.find((e) => e.type === 'rolled');
          const faces = a.do === 'choose_target' ? base.turn.first_faces || [] : a.do === 'pass' ? [] : ((a.faces || (rolled && rolled.faces) || []) as unknown[]);
          if (v !== null && base.turn.targets + faces.filter((f) => f === v).length >= 4) {
            const o = markerOptions({ ...base, turn: { ...base.turn, target: v } });
            expect(o.take || o.stealFrom.length > 0, `seed ${seed} action ${i}`).toBe(false);
            unmarked++;
          }
        }
        // A throw placed in a turn that goes on: the window opens exactly when someone can reroll.
        if (!['throw', 'correct', 'roll'].includes(a.do) || !s.turn.last || s.turn.last.first) continue;
        const can = canReduce(s) || possibleFrustraters(s).length > 0;
        expect(s.phase === 'reroll_window', `seed ${seed} action ${i} ${JSON.stringify(a)}`).toBe(can);
        if (s.phase === 'reroll_window') windows++;
        else continued++;
      }
    }
    expect(windows).toBeGreaterThan(100);
    expect(continued).toBeGreaterThan(100);
    expect(markers).toBeGreaterThan(50);
    expect(unmarked).toBeGreaterThan(5);
  });
});

describe('the automatic marker action (R-PV-22): onlyMarkerAction', () => {
  /** Ann (active) in the marker step with target `v`; Ben and Cleo hold `ben` and `cleo`. */
  function markerStep(v: number, middle: number[], ben: number[], cleo: number[], stealOnly = false): PvState {
    const s = JSON.parse(JSON.stringify(start())) as PvState;
    s.phase = 'await_marker_choice';
    s.turn = { ...s.turn, target: v, targets: 4 };
    s.middle = middle;
    s.players[1].markers = ben;
    s.players[2].markers = cleo;
    s.config = { ...s.config, steal_only_if_middle_lacks_value: stealOnly };
    return s;
  }

  it('takes from the middle when nobody else holds the value; a choice when someone does, unless stealing needs an empty slot', () => {
    expect(onlyMarkerAction(markerStep(5, [3, 3, 3, 3, 3], [], []))).toEqual({ do: 'take_marker' });
    expect(onlyMarkerAction(markerStep(5, [3, 3, 3, 3, 3], [5], []))).toBe(null);
    // Option R-PV-08: with the value in the middle stealing is no option, so taking is the only action.
    const so = markerStep(5, [3, 3, 3, 3, 3], [5], [], true);
    expect(markerOptions(so)).toEqual({ take: true, stealFrom: [] });
    expect(onlyMarkerAction(so)).toEqual({ do: 'take_marker' });
    // Without it in the middle the option changes nothing.
    expect(markerOptions(markerStep(5, [0, 0, 0, 0, 1], [5], [], true))).toEqual({ take: false, stealFrom: [1] });
  });

  it('steals from the only holder when the middle has one value left to give back, whichever value it is', () => {
    // The target (5) itself is not in the middle.
    for (const ret of [3, 4, 6, 7]) {
      const middle = [0, 0, 0, 0, 0];
      middle[ret - 3] = 2;
      expect(onlyMarkerAction(markerStep(5, middle, [], [4, 5])), `return ${ret}`).toEqual({ do: 'steal', from: 'Cleo', return_to_box: ret });
    }
    // Two values to give back, or two holders: a choice.
    expect(onlyMarkerAction(markerStep(5, [1, 0, 0, 0, 1], [], [5]))).toBe(null);
    expect(onlyMarkerAction(markerStep(5, [0, 0, 0, 0, 1], [5], [5]))).toBe(null);
  });
});
