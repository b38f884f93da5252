import type { Bundle } from '../firmware-bundle';
import { installFiles } from './install-files';
import { SimBoard, type SimBoardOptions } from './sim-board';

/**
 * A simulated board as a flash leaves a real one: the bundle it boots while Storage has no
 * .bootcde, its pin map, and the firmware's other Storage files (set-up, settings, staff menu;
 * without them a new board answered nothing but the game's presses).
 */
export function flashedSimBoard(b: Bundle, opts: Omit<SimBoardOptions, 'bundle' | 'pins'> = {}): SimBoard {
  const board = new SimBoard(Object.assign({ bundle: b.code, pins: b.manifest.pins }, opts));
  installFiles(board.storage, b.files);
  return board;
}
