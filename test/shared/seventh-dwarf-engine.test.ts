import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { step } from '../../shared/engine/step';
import { canonicalJson, stateHash } from '../../shared/engine/hash';
import { entryLine, headerLine, LOG_FORMAT, replayLog } from '../../shared/engine/log';
import type { Action } from '../../shared/engine/types';
import type { DwDie, DwState } from '../../shared/games/seventh-dwarf/types';
import { setupSeventhDwarf } from '../../shared/games/seventh-dwarf/setup';
import { legalActions } from '../../shared/games/seventh-dwarf/legal-actions';
import { seventhDwarfView } from '../../shared/games/seventh-dwarf/view';
import { mulberry32 } from '../support/random';

const NAMES = ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn', 'Gus'];

function play(seed: number, players: number, virtual = false): { states: DwState[]; actions: Action[]; log: string } {
  const rand = mulberry32(seed);
  const setup = { players: NAMES.slice(0, players), start: rand(players), seed: virtual ? seed : undefined };
  const r = setupSeventhDwarf(setup);
  if (!r.ok) throw new Error(r.error.code);
  let s = r.state;
  const states = [s];
  const actions: Action[] = [];
  const lines = [headerLine({ log: LOG_FORMAT, game: 'seventh_dwarf', setup })];
  while (s.phase !== 'game_over' && actions.length < 10_000) {
    const opts = legalActions(s, rand);
    let a = opts[rand(opts.length)];
    if (virtual && a.do === 'throw') a = { do: 'roll', die: a.die };
    const res = step(s, a);
    if (!res.ok) throw new Error(`legal action refused: ${JSON.stringify(a)} in ${s.phase}: ${res.error.code}`);
    s = res.state;
    states.push(s);
    actions.push(a);
    lines.push(entryLine(s, a, res.effects));
  }
  return { states, actions, log: lines.join('\n') + '\n' };
}

/** Independent of the engine's neighbour test: the filled values in spot order, checked whole. */
function orderedAfter(row: (DwDie | null)[], dir: string | null, spot: number, v: number): boolean {
  if (row[spot]) return false;
  const vals: number[] = [];
  for (let i = 0; i < 9; i++) if (i === spot) vals.push(v);
  else if (row[i]) vals.push(row[i]![1]);
  const up = vals.every((x, i) => i === 0 || vals[i - 1] <= x);
  const down = vals.every((x, i) => i === 0 || vals[i - 1] >= x);
  return dir === 'asc' ? up : dir === 'desc' ? down : up || down;
}

const gameArb = fc.record({ seed: fc.integer(), players: fc.integer({ min: 1, max: 7 }) });

describe('The 7th Dwarf over random legal games', () => {
  it('every game ends after each player had turns_per_player turns; every turn scores 0..14 and bets 0 or 3', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, players }) => {
        const g = play(seed, players);
        const last = g.states[g.states.length - 1];
        expect(last.phase).toBe('game_over');
        for (const p of last.players) expect(p.turns_taken).toBe(3);
        const scored = g.states.filter((s, i) => i > 0 && s.last_turn !== g.states[i - 1].last_turn);
        expect(scored.length).toBe(3 * players);
        for (let i = 1; i < g.states.length; i++) {
          const a = g.states[i - 1];
          const b = g.states[i];
          if (b.last_turn === a.last_turn) {
            expect(b.players.map((p) => p.score)).toEqual(a.players.map((p) => p.score));
            continue;
          }
          const t = b.last_turn!;
          expect(t.total).toBe(t.base + t.colour);
          expect([0, 3, 5, 7]).toContain(t.base);
          expect(t.success ? t.base : 0).toBe(t.base);
          expect(t.colour).toBeGreaterThanOrEqual(0);
          expect(t.colour).toBeLessThanOrEqual(7);
          for (let k = 0; k < players; k++) {
            const d = b.players[k].score - a.players[k].score;
            if (k === a.active) expect(d).toBe(t.total);
            else expect(d === 0 || d === 3).toBe(true);
          }
        }
        const top = Math.max(...last.players.map((p) => p.score));
        expect(seventhDwarfView(last).winners).toEqual(last.players.filter((p) => p.score === top).map((p) => p.name).sort());
      }),
      { numRuns: 80 },
    );
  });

  it('the row stays in order, each die is used once a turn, and bets come only after the third die', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, players }) => {
        for (const s of play(seed, players).states) {
          const t = s.turn;
          const filled = t.row.filter((d): d is DwDie => !!d);
          const vals = filled.map((d) => d[1]);
          const up = vals.every((x, i) => i === 0 || vals[i - 1] <= x);
          const down = vals.every((x, i) => i === 0 || vals[i - 1] >= x);
          if (t.direction === 'asc') expect(up).toBe(true);
          else if (t.direction === 'desc') expect(down).toBe(true);
          else expect(new Set(vals).size).toBeLessThanOrEqual(1);
          const colours = filled.map((d) => d[0]).concat(t.lair.map((d) => d[0]), t.pending ? [t.pending[0]] : []);
          expect(new Set(colours).size).toBe(colours.length);
          expect(colours.length).toBeLessThanOrEqual(7);
          const resolved = filled.length + t.lair.length;
          if (t.bets.some((b) => b)) expect(resolved).toBeGreaterThanOrEqual(3);
          expect(t.bets[s.active]).toBeNull();
          if (s.phase === 'await_bets') expect(resolved).toBeGreaterThanOrEqual(3);
          if (players === 1) expect(s.phase).not.toBe('await_bets');
        }
      }),
      { numRuns: 80 },
    );
  });

  it('a die may be placed exactly where the filled spots stay in order (checked against the whole row), else it is refused and nothing changes', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, players }) => {
        const g = play(seed, players);
        for (const s of g.states.filter((x) => x.phase === 'await_place')) {
          const before = canonicalJson(s);
          for (let spot = -1; spot <= 9; spot++) {
            const r = step(s, { do: 'place', spot });
            const fits = spot >= 0 && spot < 9 && orderedAfter(s.turn.row, s.turn.direction, spot, s.turn.pending![1]);
            expect(r.ok, `spot ${spot}`).toBe(fits);
            if (!r.ok) expect(r.error.code).toBe('illegal_spot');
          }
          expect(step(s, { do: 'lair' })).toMatchObject({ ok: false, error: { code: 'must_place' } });
          expect(canonicalJson(s)).toBe(before);
        }
        // A throw goes to the lair exactly when no spot fits.
        for (let i = 1; i < g.states.length; i++) {
          if (g.actions[i - 1].do !== 'throw') continue;
          const prev = g.states[i - 1];
          const v = g.actions[i - 1].value as number;
          const anywhere = [0, 1, 2, 3, 4, 5, 6, 7, 8].some((k) => orderedAfter(prev.turn.row, prev.turn.direction, k, v));
          expect(g.states[i].turn.pending !== null, JSON.stringify(g.actions[i - 1])).toBe(anywhere);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('replays from its log to the same state hash; virtual dice are a pure function of the seed', () => {
    for (const virtual of [false, true]) {
      const g = play(11, 4, virtual);
      const r = replayLog(g.log);
      expect(r.ok).toBe(true);
      expect(stateHash(r.state!)).toBe(stateHash(g.states[g.states.length - 1]));
    }
    const a = play(5, 3, true);
    const b = play(5, 3, true);
    expect(a.states.map(stateHash)).toEqual(b.states.map(stateHash));
    expect(a.states[a.states.length - 1].phase).toBe('game_over');
  });
});

describe('The 7th Dwarf set-up and refusals', () => {
  it('refuses impossible set-ups with bad_setup', () => {
    const bad = [
      { players: [] },
      { players: NAMES.concat(['Hal']) },
      { players: ['A', 'A'] },
      { players: ['A', ''] },
      { players: ['A', 'B'], start: 2 },
      { players: ['A', 'B'], config: { turns: 2 } },
      { players: ['A', 'B'], config: { turns_per_player: 0 } },
      { players: ['A', 'B'], config: { bet_scope: 'spots' } },
      { players: ['A', 'B'], config: { dice: ['red', 'red', 'a', 'b', 'c', 'd', 'e'] } },
      { players: ['A', 'B'], config: { spot_colours_asc: ['red'] } },
    ];
    for (const o of bad) expect(setupSeventhDwarf(o as never), JSON.stringify(o)).toMatchObject({ ok: false, error: { code: 'bad_setup' } });
    expect(setupSeventhDwarf({ players: ['Solo'] }).ok).toBe(true);
  });

  it('a virtual roll needs a seeded game; an entered throw needs a die left and pips 1..6', () => {
    const plain = setupSeventhDwarf({ players: ['A', 'B'] });
    const seeded = setupSeventhDwarf({ players: ['A', 'B'], seed: 42 });
    if (!plain.ok || !seeded.ok) throw new Error('setup');
    // Without virtual dice there is no such action.
    expect(step(plain.state, { do: 'roll', die: 'red' })).toMatchObject({ ok: false, error: { code: 'unknown_event' } });
    const r = step(seeded.state, { do: 'roll', die: 'red' });
    if (!r.ok) throw new Error(r.error.code);
    const rolled = r.effects.find((e) => e.type === 'rolled')!;
    expect([1, 2, 3, 4, 5, 6]).toContain(rolled.value);
    expect(r.state.turn.pending).toEqual(['red', rolled.value]);
    expect(r.state.rng).not.toEqual(seeded.state.rng);
    for (const [a, code] of [
      [{ do: 'throw', die: 'red', value: 3.5 }, 'invalid_value'],
      [{ do: 'throw', die: 'red', value: '3' }, 'invalid_value'],
      [{ do: 'throw', die: 'grey', value: 3 }, 'unknown_die'],
      // Out of phase: each event's own code of the conventions (no die in hand, the lair never
      // voluntary, bets not due yet).
      [{ do: 'place', spot: 1 }, 'illegal_spot'],
      [{ do: 'lair' }, 'must_place'],
      [{ do: 'bet', player: 'B', on: 'success' }, 'bets_pending'],
      [{ do: 'jump' }, 'unknown_event'],
      [{ nothing: 1 }, 'unknown_event'],
    ] as [Action, string][]) {
      expect(step(plain.state, a), JSON.stringify(a)).toMatchObject({ ok: false, error: { code } });
    }
  });
});
