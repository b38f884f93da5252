/** A freshly booted simulated board (exact bundle, fake clock, empty Storage) with a script runner. */
import { SimBoard } from '../../host/src/sim/sim-board';
import { flashedSimBoard } from '../../host/src/sim/flashed-sim-board';
import { simTarget } from '../../host/src/script/sim-target';
import { ScriptRunner } from '../../host/src/script/run-script';
import { ensureBundle } from '../../host/src/firmware-bundle';

export async function freshSimRunner(): Promise<{ board: SimBoard; runner: ScriptRunner; code: string; files: Record<string, string> }> {
  const bundle = await ensureBundle();
  const { code, files } = bundle;
  const board = flashedSimBoard(bundle, { clock: 'fake', storageFile: null });
  const runner = new ScriptRunner(simTarget(board));
  board.boot();
  await runner.start();
  return { board, runner, code, files };
}
