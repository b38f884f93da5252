import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { step } from '../../shared/engine/step';
import { canonicalJson, stateHash } from '../../shared/engine/hash';
import { entryLine, headerLine, LOG_FORMAT, replayLog } from '../../shared/engine/log';
import type { Action } from '../../shared/engine/types';
import type { TlState } from '../../shared/games/thats-life/types';
import { setupThatsLife } from '../../shared/games/thats-life/setup';
import { legalActions } from '../../shared/games/thats-life/legal-actions';
import { standardPath } from '../../shared/games/thats-life/cards';
import { thatsLifeView } from '../../shared/games/thats-life/view';
import { mulberry32 } from '../support/random';

const NAMES = ['Red', 'Blue', 'Green', 'Yellow', 'Black', 'Orange'];
const VARIANTS = ['variant2_roll_one', 'variant3_recycle', 'variant4_end', 'variant5_end'];

function play(seed: number, players: number, config: Record<string, unknown>, virtual = false) {
  const rand = mulberry32(seed);
  const setup = { players: NAMES.slice(0, players), start: rand(players), config, seed: virtual || config.layout === 'shuffled' ? seed : undefined };
  const r = setupThatsLife(setup);
  if (!r.ok) throw new Error(r.error.code + ' ' + r.error.message);
  let s = r.state;
  const states = [s];
  const actions: Action[] = [];
  const lines = [headerLine({ log: LOG_FORMAT, game: 'thats_life', setup })];
  while (s.phase !== 'game_over' && actions.length < 20_000) {
    const opts = legalActions(s, rand);
    let a = opts[rand(opts.length)];
    if (virtual && a.do === 'roll') a = { do: 'roll' };
    const res = step(s, a);
    if (!res.ok) throw new Error(`legal action refused: ${JSON.stringify(a)}: ${res.error.code}`);
    s = res.state;
    states.push(s);
    actions.push(a);
    lines.push(entryLine(s, a, res.effects));
  }
  return { states, actions, log: lines.join('\n') + '\n' };
}

/** Every route card is somewhere: on the path, in a collection (the Variant 5 penalty too), or out of play. */
/** Every card still in play: the path, the collections and Variant 5's penalty card. */
function cardsSeen(s: TlState): string[] {
  return s.path.concat(...s.players.map((p) => p.collected), s.penalty ? [s.penalty.card] : []);
}

const gameArb = fc.record({
  seed: fc.integer(),
  players: fc.integer({ min: 2, max: 6 }),
  variant: fc.constantFrom('', ...VARIANTS),
  layout: fc.constantFrom('standard', 'v1a', 'v1b', 'shuffled'),
});

describe("That's Life! over random legal games", () => {
  it('every game ends; no card is made or lost; figures only go forward (base game); scores follow the cards', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, players, variant, layout }) => {
        const config: Record<string, unknown> = { layout };
        if (variant) config[variant] = true;
        const g = play(seed, players, config);
        const last = g.states[g.states.length - 1];
        expect(last.phase).toBe('game_over');
        const all = standardPath().sort();
        for (let i = 0; i < g.states.length; i++) {
          const s = g.states[i];
          const seen = cardsSeen(s);
          expect(new Set(seen).size).toBe(seen.length);
          for (const c of seen) expect(all).toContain(c);
          // Out of play only by housekeeping (never with Variant 2, and Variant 3 recycles).
          if (variant === 'variant2_roll_one' || variant === 'variant3_recycle') expect(seen.length).toBe(32);
          // At the end of Variants 4 and 5 figures may stand on cards just taken (collected, or the penalty).
          const over = s.phase === 'game_over' ? seen : s.path;
          for (const p of s.players) for (const f of p.figures) expect(f === 'start' || f === 'finish' || over.includes(f), f).toBe(true);
          for (const gd of Object.values(s.guards)) expect(gd === 'box' || gd === 'finish' || s.path.includes(gd), gd).toBe(true);
          if (i > 0 && variant !== 'variant2_roll_one' && variant !== 'variant3_recycle') {
            // A figure never moves back along the game's route.
            const route = g.states[0].path;
            const at = (c: string) => (c === 'start' ? -1 : c === 'finish' ? route.length : route.indexOf(c));
            g.states[i - 1].players.forEach((p, k) => p.figures.forEach((f, j) => expect(at(s.players[k].figures[j])).toBeGreaterThanOrEqual(at(f))));
          }
          if (s.phase !== 'game_over') expect(s.players[s.active].figures.some((f) => f !== 'finish')).toBe(true);
        }
        const v = thatsLifeView(last) as { final_scores: Record<string, number>; winners: string[] };
        const top = Math.max(...Object.values(v.final_scores));
        expect(v.winners).toEqual(Object.keys(v.final_scores).filter((k) => v.final_scores[k] === top).sort());
      }),
      { numRuns: 120 },
    );
  });

  it('a refused move changes nothing; the legal moves are exactly the accepted ones among all pieces and directions', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, players, variant, layout }) => {
        const config: Record<string, unknown> = { layout };
        if (variant) config[variant] = true;
        const g = play(seed, players, config);
        for (const s of g.states.filter((x, i) => x.phase === 'await_move' && i % 5 === 0)) {
          const before = canonicalJson(s);
          const legal = new Set(legalActions(s, () => 0).map((a) => JSON.stringify(a)));
          const ids = s.players.flatMap((p) => p.figures.map((_, k) => `${p.name}#${k}`)).concat(Object.keys(s.guards));
          const tried: Action[] = [{ do: 'stay' }];
          for (const id of ids) tried.push({ do: 'move', piece: id }, { do: 'move', piece: id, direction: 'back' });
          for (const a of tried) expect(step(s, a).ok, JSON.stringify(a)).toBe(legal.has(JSON.stringify(a)));
          expect(canonicalJson(s)).toBe(before);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('replays from its log; virtual dice and a shuffled layout are a pure function of the seed', () => {
    for (const virtual of [false, true]) {
      const g = play(21, 4, { layout: 'shuffled' }, virtual);
      const r = replayLog(g.log);
      expect(r.ok).toBe(true);
      expect(stateHash(r.state!)).toBe(stateHash(g.states[g.states.length - 1]));
    }
    const a = setupThatsLife({ players: ['A', 'B'], config: { layout: 'shuffled' }, seed: 5 });
    const b = setupThatsLife({ players: ['A', 'B'], config: { layout: 'shuffled' }, seed: 5 });
    const c = setupThatsLife({ players: ['A', 'B'], config: { layout: 'shuffled' }, seed: 6 });
    if (!a.ok || !b.ok || !c.ok) throw new Error('setup');
    expect(a.state.path).toEqual(b.state.path);
    expect(a.state.path).not.toEqual(c.state.path);
    expect([...a.state.path].sort()).toEqual(standardPath().sort());
  });
});

describe("That's Life! set-up", () => {
  it('standard set-up: the layout of RULES.md §2, guards on the fortunes, +8 and +7, figures by player count', () => {
    const r = setupThatsLife({ players: ['A', 'B', 'C', 'D', 'E'] });
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.path.join(' ')).toBe('-1a -2a -3a -4a -5a -6a -7a -8a F1 F2 F3 F4 F5 F6 +8 +7 +6 +5 +4 +3 +2 +1 -1b -2b -3b -4b -5b -6b -7b -8b -9b -10b');
    expect(Object.values(r.state.guards)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6', '+8', '+7']);
    expect(r.state.players.map((p) => p.figures.length)).toEqual([2, 2, 2, 2, 2]);
    const v1a = setupThatsLife({ players: ['A', 'B'], config: { layout: 'v1a' } });
    if (!v1a.ok) throw new Error('v1a');
    expect(v1a.state.path.slice(8, 16)).toEqual(['+1', '+2', '+3', '+4', '+5', '+6', '+7', '+8']);
    expect(Object.values(v1a.state.guards)).toEqual(['+1', '+2', '+3', '+4', '+5', '+6', '+7', '+8']);
    expect(v1a.state.players[0].figures).toEqual(['start', 'start', 'start']);
  });

  it('refuses impossible set-ups with bad_setup', () => {
    for (const o of [
      { players: ['A'] },
      { players: NAMES.concat(['Pink']) },
      { players: ['A', 'A'] },
      { players: ['A#1', 'B'] },
      { players: ['A', 'B'], config: { layout: 'spiral' } },
      { players: ['A', 'B'], config: { layout: 'shuffled' } },
      { players: ['A', 'B'], config: { variant6: true } },
      { players: ['A', 'B'], config: { variant2_roll_one: 'yes' } },
      { players: ['A', 'B'], start: 5 },
    ]) {
      expect(setupThatsLife(o as never), JSON.stringify(o)).toMatchObject({ ok: false, error: { code: 'bad_setup' } });
    }
  });

  it('takes the layouts under the other names a scenario may give them (RULES.md names none)', () => {
    const path = (layout: string) => {
      const r = setupThatsLife({ players: ['A', 'B'], config: { layout }, seed: 5 });
      if (!r.ok) throw new Error(layout + ': ' + r.error.message);
      return r.state.path;
    };
    for (const name of ['variant1a', 'Variant 1a', 'v1_plus_ascending', '1a', 'a']) expect(path(name), name).toEqual(path('v1a'));
    for (const name of ['variant1b', 'v1_fortune_end', 'fortunes_at_end', 'b']) expect(path(name), name).toEqual(path('v1b'));
    for (const name of ['random', 'v1_shuffled', 'variant1c', 'shuffle']) expect(path(name), name).toEqual(path('shuffled'));
    expect(path('std')).toEqual(standardPath());
    expect(path('v1a')).not.toEqual(path('v1b'));
    for (const layout of ['spiral', 'constructor', 'toString']) expect(setupThatsLife({ players: ['A', 'B'], config: { layout } }), layout).toMatchObject({ ok: false, error: { code: 'bad_setup' } });
  });
});
