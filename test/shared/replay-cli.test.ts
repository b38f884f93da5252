import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../support/cli';
import { playRandomGame } from '../support/play';
import { stateHash } from '../../shared/engine/hash';


describe('dicetray replay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dt-replay-'));
  const g = playRandomGame(4242, 4);
  const file = join(dir, 'game.jsonl');
  writeFileSync(file, g.log);

  it('rebuilds the final state of a whole game and prints its hash', async () => {
    const r = await cli(['replay', '--json', file]);
    expect(r.code).toBe(0);
    const res = JSON.parse(r.out[0]);
    expect(res.ok).toBe(true);
    expect(res.applied).toBe(g.actions.length);
    expect(res.hash).toBe(stateHash(g.states[g.states.length - 1]));
    expect(res.state.phase).toBe('game_over');
    expect(res.state.winners.length).toBeGreaterThan(0);
  });

  it('stops at a line whose hash does not match and says where (exit 1)', async () => {
    const lines = g.log.trim().split('\n');
    const e = JSON.parse(lines[5]);
    e.h = 'deadbeef';
    lines[5] = JSON.stringify(e);
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, lines.join('\n') + '\n');
    const r = await cli(['replay', bad]);
    expect(r.code).toBe(1);
    expect(r.err.join('\n')).toMatch(/line 6: hash_mismatch/);
    expect(r.out[0]).toMatch(/pechvogel: 4 actions/);
  });
});
