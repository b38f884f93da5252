/**
 * Long OK at game over starts a rematch: same seats and names, scores reset, and the start
 * passes to the player after the last game's start player, game after game (also across a power
 * cut), whoever happened to end the game.
 */
import { describe, expect, it } from 'vitest';
import type { HostCmd } from '../../shared/protocol/messages';
import { bootedSim, nextMove } from '../support/game-driver';
import { mulberry32 } from '../support/random';

describe('rematch', () => {
  it('passes the start to the next player, game after game', async () => {
    const pick = mulberry32(5);
    const names = ['Ann', 'Ben', 'Cleo', 'Dora'];
    const { board, sim } = await bootedSim([
      { c: 'cfg', k: 'attract_ms', v: 0 },
      { c: 'new', p: names, st: 2 },
    ] as HostCmd[]);
    const snap = () => sim.snapshot();
    let start = 2;
    const enders: number[] = [];
    for (let game = 0; game < 4; game++) {
      let s = snap().st;
      expect(s.phase).toBe('await_first_throw');
      expect(s.active, `game ${game}`).toBe(start);
      expect(s.players.map((p) => p.name)).toEqual(names);
      for (let i = 0; i < 3000 && s.phase !== 'game_over'; i++) {
        for (const c of nextMove(s, pick, false).cmds) sim.requestSync(c);
        board.advance(0);
        s = snap().st;
      }
      expect(s.phase).toBe('game_over');
      enders.push(s.active);
      if (game === 1) {
        board.powerCut();
        board.boot();
        board.advance(50);
      }
      sim.requestSync({ c: 'btn', b: 'OK', k: 'long' });
      start = (start + 1) % names.length;
    }
    // The games did not all end with the player before the next start (else this proves nothing).
    expect(enders.some((e, g) => (e + 1) % names.length !== (2 + g + 1) % names.length)).toBe(true);
    expect(board.errors).toEqual([]);
  }, 60_000);
});
