import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bundleForEspruino } from '../../firmware/build/espruino-bundle';
import { createEspruinoSandbox } from '../../host/src/sim/espruino-sandbox';
import { runScenarioFile } from '../../shared/conformance/run-scenarios';
import { runOnEspruino } from '../support/run-on-espruino';

const DIRS = [join(process.cwd(), '..', 'shared', 'scenarios'), join(process.cwd(), 'test', 'fixtures', 'scenarios')];
const FILES = DIRS.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.json')).map((f) => ({ label: f, doc: JSON.parse(readFileSync(join(d, f), 'utf8')) })));

/** What Node says, as the same lines the bundle prints. */
function nodeLines(): string[] {
  const lines: string[] = [];
  let p = 0, f = 0, s = 0;
  for (const file of FILES) {
    for (const r of runScenarioFile(file.doc, file.label)) {
      if (r.status === 'passed') p++;
      else if (r.status === 'failed') f++;
      else s++;
      lines.push(`${r.status} ${r.id}` + (r.status === 'failed' ? ' ' + r.problems.join(' | ') : ''));
    }
  }
  lines.push(`${p} passed, ${f} failed, ${s} skipped`);
  return lines;
}

async function program(): Promise<string> {
  const b = await bundleForEspruino({ entry: join(process.cwd(), 'test', 'fixtures', 'conform-entry.ts') });
  // ES5 data prelude: the scenario files as one global.
  return 'var SCENARIO_FILES = ' + JSON.stringify(FILES) + ';\n' + b.code;
}

describe('the engine bundled as for the firmware', () => {
  const expected = nodeLines();

  it('passes every scenario in a sandbox that lacks what Espruino lacks, exactly as in Node', async () => {
    expect(expected[expected.length - 1]).toMatch(/^\d+ passed, 0 failed, \d+ skipped$/);
    const sb = createEspruinoSandbox();
    sb.run(await program(), 'conform-bundle.js');
    expect(sb.output).toEqual(expected);
  });

  it.skipIf(!process.env.ESPRUINO_BIN)('passes every scenario on the real Espruino interpreter (ESPRUINO_BIN)', async () => {
    const out = runOnEspruino(process.env.ESPRUINO_BIN!, await program(), 120_000);
    expect(out).toEqual(expected);
    // The interpreter's own limit above decides; vitest's default (60 s) failed it on a loaded machine.
  }, 180_000);
});

describe('random game fragments: Node and the bundled engine agree on every state hash', () => {
  async function replayProgram(): Promise<{ code: string; total: number }> {
    const { playRandomGame } = await import('../support/play');
    const { stateHash } = await import('../../shared/engine/hash');
    const games = [];
    let total = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const g = playRandomGame(seed * 7919, 2 + (seed % 4));
      const setup = JSON.parse(g.log.split('\n')[0]).setup;
      // Fragments: a window of each game keeps the real-interpreter run short.
      const actions = g.actions.slice(0, 120);
      games.push({ setup, actions, hashes: g.states.slice(1, actions.length + 1).map((s) => stateHash(s)) });
      total += actions.length;
    }
    const b = await bundleForEspruino({ entry: join(process.cwd(), 'test', 'fixtures', 'replay-entry.ts') });
    return { code: 'var GAMES = ' + JSON.stringify(games) + ';\n' + b.code, total };
  }

  it('in the Espruino-like sandbox', async () => {
    const p = await replayProgram();
    const sb = createEspruinoSandbox();
    sb.run(p.code, 'replay-bundle.js');
    expect(sb.output).toEqual([`replayed ${p.total} actions, 0 mismatches`]);
  });

  it.skipIf(!process.env.ESPRUINO_BIN)('on the real Espruino interpreter (ESPRUINO_BIN)', async () => {
    const p = await replayProgram();
    expect(runOnEspruino(process.env.ESPRUINO_BIN!, p.code, 300_000)).toEqual([`replayed ${p.total} actions, 0 mismatches`]);
  }, 360_000);
});
