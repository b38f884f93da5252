/**
 * A seeded game on a booted simulated board for journal and power-cut tests: legal moves as host
 * actions (the automatic marker step runs too) and power cuts that boot the board again.
 */
import type { HostCmd } from '../../shared/protocol/messages';
import type { PvState } from '../../shared/games/pechvogel/types';
import { bootedSim, nextMove } from './game-driver';
import { mulberry32 } from './random';

export async function journalGame(seed: number, players = ['Ann', 'Ben', 'Cleo', 'Dora', 'Eve'], options?: Record<string, boolean>) {
  const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: players, seed, cfg: options }] as HostCmd[]);
  const snap = () => sim.snapshot().st as PvState;
  const pick = mulberry32(seed);
  const move = () => {
    for (const c of nextMove(snap(), pick, false).cmds) sim.requestSync(c);
    board.advance(0);
  };
  const restart = () => {
    board.powerCut();
    board.boot();
    board.advance(50);
  };
  return { board, sim, snap, move, restart };
}
