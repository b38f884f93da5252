/**
 * Random That's Life! fragments through the engine and through a second model written separately
 * from RULES.md §5 (test/support/thats-life-reference.ts), as acceptance does with its own
 * implementation: random but plausible positions (2–6 players, every layout, variants 2–5 and their
 * mixtures), mostly sensible events and some wrong ones. Every step must agree: accepted or rejected
 * with the same code, and the same state in the conventions' keys.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../shared/engine/games';
import type { Action, BaseState } from '../../shared/engine/types';
import { subsetMismatches } from '../../shared/conformance/subset-match';
import { layout, refFromGiven, refStep, refView, type RState } from '../support/thats-life-reference';
import { mulberry32 } from '../support/random';

/** A longer soak by hand (DT_REF_SEEDS) runs as long as it takes; the suite's own run keeps the limit. */
const SOAK_TIMEOUT = process.env.DT_REF_SEEDS ? 0 : undefined;

/** The public scenarios beside the repository (their conventions: phases, error codes). */
const SCENARIOS = join(process.cwd(), '..', 'shared', 'scenarios', 'thats-life.json');
const COLOURS = ['Red', 'Blue', 'Green', 'Yellow', 'Black', 'Orange'];
const LAYOUTS = ['standard', 'v1a', 'v1b', 'shuffled'] as const;
const VARIANTS = ['variant2_roll_one', 'variant3_recycle', 'variant4_end', 'variant5_end'];
const game = GAMES.thats_life;

type Rnd = (n: number) => number;

interface Fragment {
  given: Record<string, any>;
  config: Record<string, any>;
}

/** Deep equality where the order of an object's keys does not count (lists: element by element). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const kx = Object.keys(x).filter((k) => x[k] !== undefined);
  const ky = Object.keys(y).filter((k) => y[k] !== undefined);
  return kx.length === ky.length && kx.every((k) => same(x[k], y[k]));
}

/** The engine's view cut down to the conventions' state keys. */
function engineView(s: BaseState, v5: boolean): Record<string, unknown> {
  const v = game.view(s) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of ['figures', 'guards', 'collected', 'path', 'active', 'phase', 'figures_per_player']) out[k] = v[k];
  if (v.phase === 'game_over') {
    out.final_scores = v.final_scores;
    out.winners = v.winners;
    if (v5) out.penalty_card = v.penalty_card;
  }
  return out;
}

function shuffle(rnd: Rnd, xs: string[]): string[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rnd(i + 1);
    const t = xs[i];
    xs[i] = xs[j];
    xs[j] = t;
  }
  return xs;
}

function toGiven(s: RState): Record<string, any> {
  return {
    players: s.order.map((n) => ({
      name: n,
      figures: Object.keys(s.figures).filter((f) => f.slice(0, f.lastIndexOf('#')) === n).map((f) => s.figures[f]),
      collected: s.collected[n].slice(),
    })),
    path: s.path.slice(),
    guards: Object.assign({}, s.guards),
    active: s.active,
  };
}

const ownFigures = (s: RState) => Object.keys(s.figures).filter((f) => f.slice(0, f.lastIndexOf('#')) === s.active);
const movableGuards = (s: RState) => Object.keys(s.guards).filter((g) => s.path.indexOf(s.guards[g]) >= 0 && Object.keys(s.figures).some((f) => s.figures[f] === s.guards[g]));

/** Mostly what a table would do next; sometimes anything at all. */
function nextAction(rnd: Rnd, s: RState): Action {
  const v2 = s.config.variant2_roll_one;
  if (rnd(10) === 0) {
    const figs = Object.keys(s.figures);
    const any: Action[] = [
      { do: 'roll', value: [0, 7, -1, 2.5, '3', null, undefined][rnd(7)] },
      { do: 'roll', value: 1 + rnd(6) },
      { do: 'move', piece: figs[rnd(figs.length)] },
      { do: 'move', piece: 'G' + (1 + rnd(8)) },
      { do: 'move', piece: ['G9', 'G0', 'Purple#0', s.order[0] + '#' + s.figures_per_player, s.order[0] + '#01', s.order[0], '', 7, 'constructor', '__proto__', 'toString'][rnd(11)] },
      { do: 'move', piece: figs[rnd(figs.length)], direction: 'back' },
      { do: 'move', piece: 'G' + (1 + rnd(8)), direction: 'back' },
      { do: 'stay' },
      { do: ['jump', 'throw', ''][rnd(3)] },
      { do: 'move', piece: figs[rnd(figs.length)], direction: ['sideways', 'forward', 1][rnd(3)] },
    ];
    return any[rnd(any.length)];
  }
  if (s.phase === 'await_roll') return { do: 'roll', value: v2 && rnd(3) === 0 ? 1 : 1 + rnd(6) };
  const own = ownFigures(s).filter((f) => s.figures[f] !== 'finish');
  const guards = movableGuards(s);
  if (v2 && s.roll === 1 && rnd(5) === 0) return { do: 'stay' };
  const back = v2 && s.roll === 1 && rnd(3) === 0;
  const piece = guards.length > 0 && rnd(back ? 2 : 4) === 0 ? guards[rnd(guards.length)] : own[rnd(own.length)];
  return back ? { do: 'move', piece, direction: 'back' } : { do: 'move', piece };
}

/** A position from play: from the layout's start, some sensible moves by the reference itself. */
function playedGiven(rnd: Rnd, names: string[], fpp: number, config: Record<string, any>, lay: { path: string[]; guards: Record<string, string> }): Fragment {
  const given0 = { players: names.map((n) => ({ name: n, figures: new Array(fpp).fill('start'), collected: [] })), path: lay.path, guards: lay.guards, active: names[rnd(names.length)] };
  let s = refFromGiven(given0, config);
  const moves = rnd(4) === 0 ? rnd(6) : rnd(40 * names.length);
  for (let i = 0; i < moves; i++) {
    let r;
    do {
      const a = s.phase === 'await_roll' ? { do: 'roll', value: 1 + rnd(6) } : nextAction(rnd, s);
      r = refStep(s, a);
    } while (!r.ok);
    if (r.state.phase === 'game_over') break;
    s = r.state;
  }
  // Stop where a turn starts.
  if (s.phase === 'await_move') s = (refStep(s, { do: 'move', piece: ownFigures(s).filter((f) => s.figures[f] !== 'finish')[0] }) as { state: RState }).state;
  if (s.phase === 'game_over') return playedGiven(rnd, names, fpp, config, lay);
  return { given: toGiven(s), config };
}

/** A position set out by hand: figures anywhere, some cards gone to players, guards anywhere. */
function scatteredGiven(rnd: Rnd, names: string[], fpp: number, config: Record<string, any>, lay: { path: string[]; guards: Record<string, string> }): Fragment {
  const path: string[] = [];
  const collected: Record<string, string[]> = {};
  for (const n of names) collected[n] = [];
  const keep = 0.3 + rnd(70) / 100;
  for (const c of lay.path) {
    if (rnd(100) < keep * 100) path.push(c);
    else collected[names[rnd(names.length)]].push(c);
  }
  if (path.length === 0) path.push(collected[names[0]].pop() as string);
  const where = () => {
    const k = rnd(10);
    if (k === 0) return 'start';
    if (k === 1) return 'finish';
    return path[rnd(path.length)];
  };
  const players = names.map((n) => ({ name: n, figures: Array.from({ length: fpp }, where), collected: collected[n] }));
  const guards: Record<string, string> = {};
  for (let g = 1; g <= 8; g++) {
    const k = rnd(8);
    guards['G' + g] = k === 0 ? 'box' : k === 1 ? 'finish' : k < 5 && path.indexOf(lay.guards['G' + g]) >= 0 ? lay.guards['G' + g] : path[rnd(path.length)];
  }
  const onCourse = (p: { figures: string[] }) => p.figures.filter((f) => f !== 'finish').length;
  // Now and then every figure is home: the game has ended.
  if (rnd(30) === 0) return { given: { players: players.map((p) => Object.assign(p, { figures: p.figures.map(() => 'finish') })), path, guards, active: names[0] }, config };
  const total = players.reduce((a, p) => a + onCourse(p), 0);
  // A game that would already be over is no fragment: keep enough figures on the course.
  if (total < (config.variant5_end ? 2 : 1) || (config.variant4_end && players.some((p) => onCourse(p) === 0))) return scatteredGiven(rnd, names, fpp, config, lay);
  const live = players.filter((p) => onCourse(p) > 0);
  return { given: { players, path, guards, active: live[rnd(live.length)].name }, config };
}

function randomFragment(rnd: Rnd): Fragment {
  const names = shuffle(rnd, COLOURS.slice()).slice(0, 2 + rnd(5));
  const std = names.length <= 4 ? 3 : 2;
  const config: Record<string, any> = {};
  for (const v of VARIANTS) if (rnd(4) === 0) config[v] = true;
  let fpp = std;
  if (rnd(8) === 0) {
    fpp = 2 + rnd(2);
    config.figures_per_player = fpp;
  }
  const lay = layout(LAYOUTS[rnd(4)], (c) => shuffle(rnd, c));
  const f = rnd(3) === 0 ? scatteredGiven(rnd, names, fpp, config, lay) : playedGiven(rnd, names, fpp, config, lay);
  // Some fragments start after the roll.
  if (rnd(5) === 0) f.given.roll = f.config.variant2_roll_one && rnd(2) ? 1 : 1 + rnd(6);
  // The options may also come in the given block.
  if (rnd(6) === 0) for (const v of VARIANTS) if (v in f.config) {
    f.given[v] = f.config[v];
    delete f.config[v];
  }
  return f;
}

describe("That's Life!: the reference model", () => {
  it('passes every public scenario', () => {
    const doc = JSON.parse(readFileSync(SCENARIOS, 'utf8'));
    const problems: string[] = [];
    for (const sc of doc.scenarios) {
      let s = refFromGiven(sc.given, sc.config || {});
      sc.events.forEach((ev: Record<string, any>, i: number) => {
        const a = Object.assign({}, ev);
        delete a.expect_error;
        delete a.expect_after;
        const r = refStep(s, a);
        if (ev.expect_error !== undefined) {
          if (r.ok || r.code !== ev.expect_error) problems.push(`${sc.id} event ${i + 1}: ${r.ok ? 'accepted' : r.code}, expected ${ev.expect_error}`);
        } else if (!r.ok) problems.push(`${sc.id} event ${i + 1}: rejected ${r.code}`);
        else s = r.state;
        if (ev.expect_after) for (const m of subsetMismatches(refView(s), ev.expect_after)) problems.push(`${sc.id} after event ${i + 1}: ${m}`);
      });
      if (sc.expect) for (const m of subsetMismatches(refView(s), sc.expect)) problems.push(`${sc.id} at the end: ${m}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("That's Life!: a given without a path is laid out as configured", () => {
  for (const lay of ['standard', 'v1a', 'v1b'] as const)
    for (const where of ['config', 'given'])
      it(`${lay} (layout in ${where}; guards of cards gone from a given path in the box)`, () => {
        const given: Record<string, any> = { players: [{ name: 'Red' }, { name: 'Blue' }, { name: 'Green' }, { name: 'Black' }, { name: 'Orange' }], active: 'Blue' };
        const config: Record<string, any> = {};
        (where === 'config' ? config : given).layout = lay;
        const start = game.fromGiven(given, config);
        expect(start.ok).toBe(true);
        if (start.ok) expect(engineView(start.state, false)).toEqual(refView(refFromGiven(given, config)));
        given.path = layout(lay).path.filter((c, i) => i % 3 !== 0);
        const cut = game.fromGiven(given, config);
        expect(cut.ok).toBe(true);
        if (cut.ok) expect(engineView(cut.state, false)).toEqual(refView(refFromGiven(given, config)));
      });
  it('a shuffled layout without a path comes from given.seed, and is rejected without one', () => {
    const players = [{ name: 'Red' }, { name: 'Blue' }];
    const seeded = game.fromGiven({ players, seed: 7 }, { layout: 'shuffled' });
    expect(seeded.ok).toBe(true);
    if (seeded.ok) {
      const v = engineView(seeded.state, false);
      expect((v.path as string[]).slice().sort()).toEqual(layout('standard').path.sort());
      expect(v.path).not.toEqual(layout('standard').path);
      expect(v.guards).toEqual(layout('standard').guards);
    }
    const bare = game.fromGiven({ players }, { layout: 'shuffled' });
    expect(bare.ok ? 'accepted' : bare.error.code).toBe('bad_setup');
  });
});

describe('the engine against a second model written from RULES.md, on random fragments', () => {
  it('agrees on every step: rejections and their codes, and the state', () => {
    const mismatches: string[] = [];
    let steps = 0;
    let fragments = 0;
    const seen: Record<string, number> = {};
    const tally = (k: string) => (seen[k] = (seen[k] || 0) + 1);
    // DT_REF_SEEDS=N runs N fragments instead (a longer soak, by hand).
    for (let seed = 1; seed <= (Number(process.env.DT_REF_SEEDS) || 3000) && mismatches.length < 5; seed++) {
      const rnd = mulberry32(seed);
      const f = randomFragment(rnd);
      const v5 = !!(f.config.variant5_end || f.given.variant5_end);
      const start = game.fromGiven(f.given, f.config);
      const where = (trail: Action[]) => `seed ${seed} ${JSON.stringify(f)} events ${JSON.stringify(trail)}`;
      if (!start.ok) {
        mismatches.push(`${where([])}: given rejected: ${start.error.code} ${start.error.message}`);
        continue;
      }
      fragments++;
      let e = start.state;
      let r = refFromGiven(f.given, f.config);
      if (!same(engineView(e, v5), refView(r))) {
        mismatches.push(`${where([])}: given read differently:\n engine    ${JSON.stringify(engineView(e, v5))}\n reference ${JSON.stringify(refView(r))}`);
        continue;
      }
      const trail: Action[] = [];
      for (let i = 0; i < 40; i++) {
        const a = nextAction(rnd, r);
        trail.push(a);
        const er = game.apply(e, a);
        const rr = refStep(r, a);
        steps++;
        if (er.ok !== rr.ok || (!er.ok && !rr.ok && er.error.code !== rr.code)) {
          mismatches.push(`${where(trail)}: engine ${er.ok ? 'accepted' : 'rejected ' + er.error.code}, reference ${rr.ok ? 'accepted' : 'rejected ' + rr.code}`);
          break;
        }
        if (!er.ok || !rr.ok) {
          tally(er.ok ? '' : er.error.code);
          if (r.phase === 'game_over') break;
          continue;
        }
        tally(a.do + (a.direction === 'back' ? ' back' : '') + (typeof a.piece === 'string' && a.piece[0] === 'G' ? ' guard' : ''));
        const before = r;
        e = er.state;
        r = rr.state;
        tally('phase ' + r.phase);
        if (r.phase === 'game_over') {
          for (const v of VARIANTS) if (before.config[v as keyof RState['config']]) tally('game_over ' + v);
          if (r.penalty_card) tally('penalty card');
          if ((r.winners as string[]).length > 1) tally('shared win');
          if (before.config.variant4_end && r.order.some((n) => n !== before.active && r.collected[n].length > before.collected[n].length)) tally('variant 4 cards taken');
        }
        const taken = r.order.some((n) => r.collected[n].length > before.collected[n].length);
        if (a.do === 'move' && r.path.length < before.path.length && !taken) tally('boxed');
        if (a.direction === 'back' && taken) tally('taken going back');
        if (a.do === 'move' && r.guards[a.piece as string] === 'finish') tally('guard home');
        const stayed = before.path.filter((c) => r.path.indexOf(c) >= 0);
        const k = stayed.indexOf(r.path[0]);
        if (k > 0 && r.path.join() === stayed.slice(k).concat(stayed.slice(0, k)).join() && Object.keys(r.guards).some((g) => stayed.slice(0, k).indexOf(r.guards[g]) >= 0)) tally('recycled with a guard');
        const ev = engineView(e, v5);
        const rv = refView(r);
        if (!same(ev, rv)) {
          mismatches.push(`${where(trail)}:\n engine    ${JSON.stringify(ev)}\n reference ${JSON.stringify(rv)}`);
          break;
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(fragments).toBe(Number(process.env.DT_REF_SEEDS) || 3000);
    expect(steps).toBeGreaterThan(50000);
    // The fragments reach every phase and error code of the conventions, and every kind of move and end.
    const conventions = JSON.parse(readFileSync(SCENARIOS, 'utf8')).conventions.thats_life;
    const want = conventions.phases.map((p: string) => 'phase ' + p).concat(conventions.errors, ['game_over', 'invalid_value', 'unknown_event', 'roll', 'move', 'move guard', 'move back', 'move back guard', 'stay', 'boxed', 'penalty card', 'shared win', 'variant 4 cards taken', 'taken going back', 'guard home', 'recycled with a guard'], VARIANTS.map((v) => 'game_over ' + v));
    expect(want.filter((k: string) => !seen[k])).toEqual([]);
  }, SOAK_TIMEOUT);
});
