/**
 * Random game fragments through the engine and through a second model written separately from
 * RULES.md §4 (test/support/seventh-dwarf-reference.ts), as acceptance does with its own
 * implementation: random but plausible positions (1–7 players, rows in either direction or still
 * open, lairs, partial bets, every option), mostly sensible events and some random ones. Every step
 * must agree: accepted by both with the same state in the conventions' keys, or rejected by both
 * with the same code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../shared/engine/games';
import { step } from '../../shared/engine/step';
import type { Action, BaseState } from '../../shared/engine/types';
import { subsetMismatches } from '../../shared/conformance/subset-match';
import { legalSpots, refFromGiven, refStep, refView, remaining, type RDie, type RState } from '../support/seventh-dwarf-reference';
import { mulberry32 } from '../support/random';

/** A longer soak by hand (DT_REF_SEEDS) runs as long as it takes; the suite's own run keeps the limit. */
const SOAK_TIMEOUT = process.env.DT_REF_SEEDS ? 0 : undefined;

/** The public scenarios and their conventions, beside the repository. */
const SCENARIOS = join(process.cwd(), '..', 'shared', 'scenarios', 'seventh-dwarf.json');
const FILE = JSON.parse(readFileSync(SCENARIOS, 'utf8'));
const CONVENTIONS = FILE.conventions.seventh_dwarf;
const NAMES = ['Ann', 'Ben', 'Cem', 'Dee', 'Eli', 'Fay', 'Gus'];
const PALETTE = ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink'];
const G = GAMES.seventh_dwarf;

type Rnd = (n: number) => number;

function shuffled<T>(rnd: Rnd, xs: T[]): T[] {
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rnd(i + 1);
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}

interface Fragment {
  given: Record<string, any>;
  config: Record<string, unknown>;
}

/** A position that can come up in play: any phase, any option, the colours in given or config. */
function randomGiven(rnd: Rnd): Fragment {
  const n = 1 + rnd(7);
  const order = NAMES.slice(0, n);
  const config: Record<string, unknown> = {};
  const tpp = rnd(4) === 0 ? 1 + rnd(2) : 3;
  if (tpp !== 3 || rnd(3) === 0) config.turns_per_player = tpp;
  if (rnd(3) === 0) config.colour_points_on_failure = rnd(2) === 0;
  if (rnd(3) === 0) config.bet_scope = rnd(2) === 0 ? 'dwarf_spots' : 'row';
  // Round k, started by `st`: the players from st up to the active one have had one turn more.
  const k = rnd(tpp);
  const st = rnd(n);
  const ai = rnd(n);
  const players = order.map((name, i) => {
    const ahead = (i - st + n) % n < (ai - st + n) % n;
    return { name, score: rnd(4) === 0 ? 0 : rnd(12 * (k + 1)), turns_taken: k + (ahead ? 1 : 0) };
  });
  // Dice colours in any order, now and then other names than the spots' (no colour can match then).
  const dice = rnd(12) === 0 ? PALETTE.map((c) => 'dark ' + c) : rnd(3) === 0 ? shuffled(rnd, PALETTE) : PALETTE.slice();
  const given: Record<string, any> = { players, active: order[ai], spot_colours_asc: rnd(2) === 0 ? PALETTE.slice() : shuffled(rnd, PALETTE), dice };
  if (rnd(5) === 0) given.spot_colours_desc = shuffled(rnd, PALETTE);
  if (rnd(3) !== 0) given.turn = randomTurn(rnd, dice, order, order[ai]);
  else {
    if (rnd(30) === 0) for (const p of players) p.turns_taken = tpp; // over before it starts
    // Uneven turns (a position set out by hand): whoever has played all theirs is skipped.
    else if (rnd(8) === 0) for (const p of players) if (p.name !== order[ai]) p.turns_taken = rnd(tpp + 1);
    // A turn with nothing thrown yet may also be spelt out, as a snapshot of a state would.
    if (rnd(3) === 0) given.turn = { row: [null, null, null, null, null, null, null, null, null], lair: [], direction: null, bets: {} };
  }
  // Options may also come in the given (config wins), colours in the config; the stand-in ones may be left out.
  if (rnd(6) === 0) given.colour_points_on_failure = rnd(2) === 0;
  if (rnd(6) === 0) given.bet_scope = rnd(2) === 0 ? 'dwarf_spots' : 'row';
  if (rnd(6) === 0 && config.turns_per_player !== undefined) {
    given.turns_per_player = config.turns_per_player;
    if (rnd(2) === 0) delete config.turns_per_player;
  }
  if (rnd(8) === 0) {
    config.spot_colours_asc = given.spot_colours_asc;
    given.spot_colours_asc = shuffled(rnd, PALETTE);
  }
  if (given.spot_colours_asc.join() === PALETTE.join() && rnd(3) === 0) delete given.spot_colours_asc;
  if (given.dice.join() === PALETTE.join() && rnd(3) === 0) delete given.dice;
  if (given.turn && given.turn.direction !== null && rnd(4) === 0) delete given.turn.direction;
  return { given, config };
}

/** Some dice already thrown: a row in order (or all equal, direction open), a lair, bets after the 3rd. */
function randomTurn(rnd: Rnd, dice: string[], order: string[], active: string): Record<string, any> {
  const m = rnd(7);
  const colours = shuffled(rnd, dice).slice(0, m);
  const inLair = m > 0 && rnd(3) === 0 ? 1 + rnd(Math.min(2, m)) : 0;
  const onRow = m - inLair;
  let direction: 'asc' | 'desc' | null = onRow >= 2 && rnd(5) !== 0 ? (rnd(2) === 0 ? 'asc' : 'desc') : null;
  let values: number[];
  if (direction === null) {
    const v = 1 + rnd(6);
    values = colours.slice(0, onRow).map(() => v);
  } else {
    values = colours.slice(0, onRow).map(() => 1 + rnd(6)).sort((a, b) => a - b);
    if (values[0] === values[values.length - 1]) values[values.length - 1] = values[0] === 6 ? 5 : values[0] + 1;
    values.sort((a, b) => a - b);
    if (direction === 'desc') values.reverse();
  }
  const spots = shuffled(rnd, [0, 1, 2, 3, 4, 5, 6, 7, 8]).slice(0, onRow).sort((a, b) => a - b);
  const row: (RDie | null)[] = [null, null, null, null, null, null, null, null, null];
  for (let i = 0; i < onRow; i++) row[spots[i]] = [colours[i], values[i]];
  const lair: RDie[] = colours.slice(onRow).map((c) => [c, 1 + rnd(6)]);
  const turn: Record<string, any> = { row, direction };
  if (lair.length || rnd(2) === 0) turn.lair = lair;
  let betsDone = true;
  if (m >= 3 && order.length >= 2) {
    const bets: Record<string, string> = {};
    const all = rnd(2) === 0;
    for (const o of order) if (o !== active && (all || rnd(2) === 0)) bets[o] = rnd(3) === 0 ? 'fail' : 'success';
    turn.bets = bets;
    betsDone = Object.keys(bets).length === order.length - 1;
  }
  // Now and then a die in hand (RULES.md §4.1 `pending`), one that fits somewhere.
  if (betsDone && rnd(4) === 0) {
    const fitting = [1, 2, 3, 4, 5, 6].filter((v) => legalSpots({ row, direction } as RState, v).length > 0);
    turn.pending = [shuffled(rnd, dice).filter((c) => colours.indexOf(c) < 0)[0], fitting[rnd(fitting.length)]];
  }
  return turn;
}

/** Mostly what a table would do next; sometimes anything at all. */
function nextAction(rnd: Rnd, s: RState): Action {
  const others = s.order.filter((n) => n !== s.active);
  if (rnd(8) === 0 || s.phase === 'game_over') {
    const any: Action[] = [
      { do: 'throw', die: rnd(10) === 0 ? 'black' : s.dice[rnd(7)], value: rnd(10) === 0 ? [0, 7, 2.5, '3'][rnd(4)] : 1 + rnd(6) },
      { do: 'place', spot: rnd(10) === 0 ? [-1, 9, 1.5, '4'][rnd(4)] : rnd(9) },
      { do: 'lair' },
      { do: 'bet', player: rnd(10) === 0 ? 'Zed' : s.order[rnd(s.order.length)], on: rnd(8) === 0 ? 'maybe' : rnd(2) ? 'success' : 'fail' },
      { do: 'pass' },
    ];
    return any[rnd(any.length)];
  }
  switch (s.phase) {
    case 'await_place': {
      const legal = legalSpots(s, (s.pending as RDie)[1]);
      const k = rnd(10);
      if (k === 0) return { do: 'lair' };
      if (k === 1) return { do: 'place', spot: rnd(9) };
      return { do: 'place', spot: legal[rnd(legal.length)] };
    }
    case 'await_bets': {
      const open = others.filter((o) => s.bets[o] === undefined);
      const who = rnd(8) === 0 ? s.order[rnd(s.order.length)] : open[rnd(open.length)];
      return { do: 'bet', player: who, on: rnd(3) === 0 ? 'fail' : 'success' };
    }
    default: {
      const left = remaining(s);
      const die = rnd(12) === 0 || left.length === 0 ? s.dice[rnd(7)] : left[rnd(left.length)];
      // Often a value already on the row, so that rows with the direction still open last.
      const onRow = s.row.filter((d) => d !== null).map((d) => (d as RDie)[1]);
      if (onRow.length && rnd(3) === 0) return { do: 'throw', die, value: onRow[rnd(onRow.length)] };
      // A careful table fills the row more often than blind dice would: lean towards values that fit.
      const fitting = [1, 2, 3, 4, 5, 6].filter((v) => legalSpots(s, v).length > 0);
      return { do: 'throw', die, value: fitting.length && rnd(2) === 0 ? fitting[rnd(fitting.length)] : 1 + rnd(6) };
    }
  }
}

/** The conventions' state keys (legal_spots only while a die is in hand, last_turn's four numbers). */
function conventionView(v: Record<string, any>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['scores', 'active', 'phase', 'row', 'lair', 'direction', 'turns_taken']) out[k] = v[k];
  if (v.phase === 'await_place') out.legal_spots = v.legal_spots;
  if (v.last_turn) out.last_turn = { success: v.last_turn.success, base: v.last_turn.base, colour: v.last_turn.colour, total: v.last_turn.total };
  if (v.phase === 'game_over') {
    out.final_scores = v.final_scores;
    out.winners = v.winners;
  }
  return out;
}

describe('the second 7th Dwarf model', () => {
  it('passes every public scenario (so it reads RULES.md as the scenarios do)', () => {
    const problems: string[] = [];
    for (const sc of FILE.scenarios) {
      let s = refFromGiven(sc.given, sc.config || {});
      for (let i = 0; i < sc.events.length; i++) {
        const ev = Object.assign({}, sc.events[i]);
        delete ev.expect_error;
        delete ev.expect_after;
        const r = refStep(s, ev);
        const want = sc.events[i].expect_error;
        if (want !== undefined) {
          if (r.ok || r.code !== want) problems.push(`${sc.id} event ${i + 1}: expected ${want}, got ${r.ok ? 'accepted' : r.code}`);
        } else if (!r.ok) {
          problems.push(`${sc.id} event ${i + 1}: rejected with ${r.code}`);
          break;
        } else s = r.state;
        if (sc.events[i].expect_after) for (const m of subsetMismatches(refView(s), sc.events[i].expect_after)) problems.push(`${sc.id} after event ${i + 1}: ${m}`);
      }
      for (const m of subsetMismatches(refView(s), sc.expect || {})) problems.push(`${sc.id} at the end: ${m}`);
    }
    expect(problems).toEqual([]);
    expect(FILE.scenarios.length).toBeGreaterThan(0);
  });
});

describe('the engine against a second model written from RULES.md, on random fragments', () => {
  it('agrees on every step: rejections and their codes, and the state', () => {
    const mismatches: string[] = [];
    let steps = 0;
    const seen: Record<string, number> = {};
    const tally = (k: string) => (seen[k] = (seen[k] || 0) + 1);
    // DT_REF_SEEDS=N runs N fragments instead (a longer soak, by hand).
    for (let seed = 1; seed <= (Number(process.env.DT_REF_SEEDS) || 2500) && mismatches.length < 5; seed++) {
      const rnd = mulberry32(seed);
      const f = randomGiven(rnd);
      const start = G.fromGiven(f.given, f.config);
      if (!start.ok) throw new Error(`seed ${seed}: given rejected: ${start.error.code} ${start.error.message} ${JSON.stringify(f)}`);
      let e: BaseState = start.state;
      let r = refFromGiven(f.given, f.config);
      const trail: Action[] = [];
      // The seed reproduces the fragment; the position and last events are there to read.
      let from = r;
      const where = () => `seed ${seed}, ${JSON.stringify(f.config)}, after ${JSON.stringify(trail.slice(-4))} from ${JSON.stringify(refView(from))}`;
      const v0 = JSON.stringify(conventionView(G.view(e)));
      if (v0 !== JSON.stringify(refView(r))) {
        mismatches.push(`${where()}: given:\n engine    ${v0}\n reference ${JSON.stringify(refView(r))}`);
        continue;
      }
      tally('given ' + r.phase);
      // A few events past the end, so that game_over is checked too.
      let after = 0;
      for (let i = 0; i < 45 && after < 2; i++) {
        if (r.phase === 'game_over') after++;
        const a = nextAction(rnd, r);
        trail.push(a);
        from = r;
        // The engine must not change the state it was given (checked on every 4th step, for speed).
        const before = i % 4 === 0 ? JSON.stringify(e) : '';
        const er = step(e, a);
        const rr = refStep(r, a as Record<string, any>);
        steps++;
        tally(a.do);
        if (before && JSON.stringify(e) !== before) {
          mismatches.push(`${where()}: the engine changed its input state`);
          break;
        }
        if (er.ok !== rr.ok || (!er.ok && !rr.ok && er.error.code !== rr.code)) {
          mismatches.push(`${where()}: ${a.do} in ${r.phase}: engine ${er.ok ? 'accepted' : 'rejected ' + er.error.code}, reference ${rr.ok ? 'accepted' : 'rejected ' + rr.code}`);
          break;
        }
        if (!er.ok || !rr.ok) {
          tally(er.ok ? '' : er.error.code);
          continue;
        }
        const openBefore = r.direction === null;
        const pendingBefore = r.pending;
        const rowValues = r.row.filter((d) => d !== null).map((d) => (d as RDie)[1]);
        const scored = rr.state.last_turn !== r.last_turn;
        if (a.do === 'throw' && rr.state.phase !== 'await_place') tally('lair by itself');
        e = er.state;
        r = rr.state;
        tally(r.phase);
        if (scored) {
          tally(r.last_turn!.success ? 'success' : 'failure');
          if (r.last_turn!.colour > 0) tally('colour points');
          // The direction was still open when the turn was scored (all seven dice equal, or the rest in the lair).
          if (openBefore && (a.do === 'throw' || rowValues.every((v) => v === (pendingBefore as RDie)[1]))) tally('scored with the direction open');
          if (r.last_turn!.success && r.last_turn!.base < 7 && r.config.bet_scope === 'dwarf_spots') tally('dwarf_spots bet on an evasion');
        }
        const ev = JSON.stringify(conventionView(G.view(e)));
        const rv = JSON.stringify(refView(r));
        if (ev !== rv) {
          mismatches.push(`${where()}:\n engine    ${ev}\n reference ${rv}`);
          break;
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The fragments reach every phase, every event and every error code of the conventions.
    expect(steps).toBeGreaterThan(50000);
    const want = CONVENTIONS.phases.concat(CONVENTIONS.errors, Object.keys(CONVENTIONS.events), ['game_over', 'unknown_die', 'invalid_value', 'invalid_bet', 'unknown_event', 'lair by itself', 'success', 'failure', 'scored with the direction open', 'dwarf_spots bet on an evasion', 'colour points', 'given await_place', 'given await_bets', 'given game_over']);
    expect(want.filter((k: string) => !seen[k])).toEqual([]);
  }, SOAK_TIMEOUT);
});
