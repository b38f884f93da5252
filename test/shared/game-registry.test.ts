import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAMES } from '../../shared/engine/games';
import { step } from '../../shared/engine/step';
import { stateHash } from '../../shared/engine/hash';
import { entryLine, headerLine, LOG_FORMAT, replayLog } from '../../shared/engine/log';
import { runScenarioFile } from '../../shared/conformance/run-scenarios';
import { mulberry32 } from '../support/random';

// What every game in shared/engine/games.ts must keep, so adding one there is the whole
// registration for step, conform and replay (README "Adding a game").
const OWN = join(process.cwd(), 'test', 'fixtures', 'scenarios');
const scenarioFiles = readdirSync(OWN)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ file: f, doc: JSON.parse(readFileSync(join(OWN, f), 'utf8')) as { scenarios: { game: string }[] } }));

describe('every registered game', () => {
  for (const name of Object.keys(GAMES)) {
    const g = GAMES[name];

    it(`${name}: its id and its states' game are the name it is registered under`, () => {
      expect(g.id).toBe(name);
      const r = g.setup({ players: ['Ann', 'Ben', 'Cleo'], seed: 3 });
      expect(r.ok && r.state.game).toBe(name);
    });

    it(`${name}: has its own scenarios in test/fixtures/scenarios, and they pass`, () => {
      const results = scenarioFiles.flatMap((f) => runScenarioFile({ ...f.doc, scenarios: f.doc.scenarios.filter((s) => s.game === name) }, f.file));
      expect(results.length, `no scenario in test/fixtures/scenarios has "game": "${name}": add a ${name}-rulings.json`).toBeGreaterThan(0);
      expect(results.filter((r) => r.status !== 'passed')).toEqual([]);
    });

    it(`${name}: a random legal game (its legalActions) is accepted step by step and its action log replays to the same state`, () => {
      for (const seed of [1, 2, 3]) {
        const rand = mulberry32(seed);
        const setup = { players: ['Ann', 'Ben', 'Cleo'], seed };
        const r = g.setup(setup);
        if (!r.ok) throw new Error(`${name} set-up refused: ${r.error.code}`);
        let s = r.state;
        const lines = [headerLine({ log: LOG_FORMAT, game: name, setup })];
        for (let i = 0; i < 600 && s.phase !== 'game_over'; i++) {
          const opts = g.legalActions(s, rand);
          expect(opts.length, `no legal action in phase ${s.phase}`).toBeGreaterThan(0);
          const a = opts[rand(opts.length)];
          const res = step(s, a);
          if (!res.ok) throw new Error(`${name}: legal ${JSON.stringify(a)} refused with ${res.error.code}`);
          s = res.state;
          lines.push(entryLine(s, a, res.effects));
        }
        // The view is what conform and replay print: plain JSON.
        expect(JSON.parse(JSON.stringify(g.view(s)))).toEqual(g.view(s));
        const back = replayLog(lines.join('\n') + '\n');
        expect(back.error).toBeNull();
        expect(back.applied).toBe(lines.length - 1);
        expect(stateHash(back.state!)).toBe(stateHash(s));
      }
    });
  }
});
