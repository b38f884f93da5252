/**
 * Journal checkpoints (firmware/src/journal.ts) are written right after the event that calls for
 * them, off the button's path. A whole 5-player game is played through host actions on the
 * simulated board with a power cut after every turn end, before the deferred checkpoint could run,
 * and after it: the board always resumes to the state it had, and checkpoints do get written.
 */
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../shared/engine/hash';
import { legalActions } from '../../shared/games/pechvogel/legal-actions';
import type { Step } from '../../host/src/script/parse-script';
import { freshSimRunner } from '../support/sim-runner';
import { CHECKPOINT_FILES } from '../../firmware/src/journal';
import { mulberry32 } from '../support/random';

describe('journal checkpoints', () => {
  it('a game resumes exactly after power cuts at turn ends, whether or not the deferred checkpoint ran', async () => {
    const { board, runner } = await freshSimRunner();
    const rand = mulberry32(20261121);
    await runner.step({ line: 0, op: 'new', names: ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve'] } as Step);
    let cuts = 0;
    let checkpoints = 0;
    let lastCheckpoint = '';
    for (let i = 0; i < 3000; i++) {
      const s = runner.model.state!;
      if (s.phase === 'game_over') break;
      const options = legalActions(s, rand);
      const a = options[rand(options.length)];
      await runner.step({ line: 0, op: 'act', action: a as unknown as Record<string, unknown> } as Step);
      const after = runner.model.state!;
      // (one more when the table takes the only possible marker by itself, R-PV-22)
      expect(after.n).toBeGreaterThan(s.n);
      if (after.phase === 'await_first_throw' || after.phase === 'game_over') {
        const want = stateHash(after);
        // Half the time the cut comes before the board ran its timers (no time has passed).
        if (rand(2)) await runner.step({ line: 0, op: 'wait', ms: 5 } as Step);
        await runner.step({ line: 0, op: 'powercut' } as Step);
        cuts++;
        expect(board.errors).toEqual([]);
        expect(runner.model.synced).toBe(true);
        expect(stateHash(runner.model.state!)).toBe(want);
        const api = board.storage.api();
        const cp = CHECKPOINT_FILES.map((f) => api.read(f) || '').join('');
        if (cp && cp !== lastCheckpoint) {
          checkpoints++;
          lastCheckpoint = cp;
        }
      }
    }
    expect(runner.model.state!.phase).toBe('game_over');
    expect(cuts).toBeGreaterThan(10);
    // At least the game-over checkpoint and some in between (a checkpoint every ~3.5 KB of lines).
    expect(checkpoints).toBeGreaterThan(2);
  }, 120_000);
});
