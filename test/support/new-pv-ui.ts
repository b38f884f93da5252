import type { PvUi } from '../../firmware/src/table/pechvogel-table';

/**
 * A fresh table UI in `mode`, as firmware/src/table/pechvogel-table.ts newUi makes it (in set-up):
 * not imported, as that module needs the board.
 */
export function newPvUi(mode: PvUi['mode']): PvUi {
  return { mode, entry: [], correcting: false, votes: [], deadline: 0, span: 0, victim: -1, err: '', errSeat: -1, errUntil: 0, rolled: [], rollUntil: 0, seatsIn: [false, false, false, false, false, false, false], startSeat: -1, virtual: false, immune: false, stealOnly: false };
}
