import type { Bundle } from '../firmware-bundle';
import { installFiles } from './install-files';
import { storageFileRoom } from '../../../hardware/pinmap';
import { SimBoard, type SimBoardOptions } from './sim-board';

/**
 * A simulated board as a flash leaves a real one: the bundle it boots while Storage has no
 * .bootcde (its room in Storage taken all the same), its pin map, and the firmware's other Storage
 * files (set-up, settings, staff menu; without them a new board answered nothing but the game's presses).
 */
export function flashedSimBoard(b: Bundle, opts: Omit<SimBoardOptions, 'bundle' | 'pins'> = {}): SimBoard {
  const board = new SimBoard(Object.assign({ bundle: b.code, pins: b.manifest.pins }, opts));
  // The bundle it boots takes its room in Storage (as .bootcde on a board) before anything else.
  board.storage.bootRoom = storageFileRoom(b.code.length);
  installFiles(board.storage, b.files);
  return board;
}
