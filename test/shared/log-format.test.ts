/**
 * The action log's own rules (shared/engine/log.ts), read directly: a header whose parts are not
 * what they claim is bad_log or bad_state at line 1, an action line needs a number n, a virtual
 * roll's line keeps its faces, and the state hash does not see keys whose value is undefined.
 */
import { describe, expect, it } from 'vitest';
import { entryLine, LOG_FORMAT, replayLog } from '../../shared/engine/log';
import { stateHash } from '../../shared/engine/hash';
import { step } from '../../shared/engine/step';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

function fresh() {
  const r = setupPechvogel({ players: ['Ann', 'Ben'], seed: 6 });
  if (!r.ok) throw new Error('setup');
  return r.state;
}

const given = { players: [{ name: 'Red', figures: ['start', 'finish', 'finish'], collected: [] }, { name: 'Blue', figures: ['finish', 'finish', 'finish'], collected: [] }], active: 'Red', seed: 2 };
const text = (...lines: unknown[]) => lines.map((l) => JSON.stringify(l)).join('\n') + '\n';

describe('the action log format', () => {
  it("a header's state of another game than the header names is bad_state", () => {
    const r = replayLog(text({ log: LOG_FORMAT, game: 'seventh_dwarf', state: fresh() }));
    expect(r.ok).toBe(false);
    expect(r.error).toMatchObject({ line: 1, code: 'bad_state' });
    expect(r.error!.message).toMatch(/\(game\)/);
    // The same state under its own game's name starts the log.
    expect(replayLog(text({ log: LOG_FORMAT, game: 'pechvogel', state: fresh() })).ok).toBe(true);
  });

  it('a header whose config is not an object, or whose setup has no player list, is bad_log', () => {
    expect(replayLog(text({ log: LOG_FORMAT, game: 'thats_life', given })).ok).toBe(true);
    expect(replayLog(text({ log: LOG_FORMAT, game: 'thats_life', given, config: [] })).error).toMatchObject({ line: 1, code: 'bad_log' });
    expect(replayLog(text({ log: LOG_FORMAT, game: 'pechvogel', setup: { seed: 6 } })).error).toMatchObject({ line: 1, code: 'bad_log', message: expect.stringMatching(/players/) });
  });

  it('an action line whose n is not a number is bad_log, not a sequence gap', () => {
    const s = fresh();
    const a = { do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] };
    const r = step(s, a);
    if (!r.ok) throw new Error('throw');
    const line = JSON.parse(entryLine(r.state, a, r.effects));
    const head = { log: LOG_FORMAT, game: 'pechvogel', setup: { players: ['Ann', 'Ben'], seed: 6 } };
    expect(replayLog(text(head, line))).toMatchObject({ ok: true, applied: 1 });
    expect(replayLog(text(head, Object.assign({}, line, { n: '1' }))).error).toMatchObject({ line: 2, code: 'bad_log' });
  });

  it("a virtual roll's line keeps the faces drawn, whatever effects follow the roll", () => {
    const s = fresh();
    const line = JSON.parse(entryLine(s, { do: 'roll' }, [{ type: 'rolled', faces: [3, 'R', 7] }, { type: 'window' }, { type: 'turn_end' }]));
    expect(line.faces).toEqual([3, 'R', 7]);
    expect(JSON.parse(entryLine(s, { do: 'pass' }, [{ type: 'window' }])).faces).toBeUndefined();
  });

  it('the state hash is the same for a key whose value is undefined and a key left out (JSON drops it)', () => {
    const s = fresh();
    const withUndefined = Object.assign({}, s, { extra: undefined });
    expect(stateHash(withUndefined)).toBe(stateHash(s));
    expect(stateHash(JSON.parse(JSON.stringify(withUndefined)))).toBe(stateHash(withUndefined));
  });
});
