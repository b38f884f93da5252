/** A freshly booted simulated board (exact bundle, fake clock, empty Storage) with a script runner. */
import { SimBoard } from '../../host/src/sim/sim-board';
import { installFiles } from '../../host/src/sim/install-files';
import { simTarget } from '../../host/src/script/sim-target';
import { ScriptRunner } from '../../host/src/script/run-script';
import { ensureBundle } from '../../host/src/commands/firmware-bundle';

export async function freshSimRunner(): Promise<{ board: SimBoard; runner: ScriptRunner; code: string; files: Record<string, string> }> {
  const { code, manifest, files } = await ensureBundle();
  const board = new SimBoard({ bundle: code, pins: manifest.pins, clock: 'fake', storageFile: null });
  installFiles(board.storage, files);
  const runner = new ScriptRunner(simTarget(board));
  board.boot();
  await runner.start();
  return { board, runner, code, files };
}
