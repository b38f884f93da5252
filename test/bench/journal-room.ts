/**
 * The journal's room in a Pico's Storage at its worst moment: random games on the simulated board
 * (exact bundle; its Storage takes room as a Pico's: 4-byte words, 32-byte headers, 4 KB chunks
 * reserved whole, the boot bundle's room), now and then a run of 80 corrections of one throw (a
 * stranger at the pad: checkpoints forced while the state holds the throw's undo copy). The peak is
 * taken inside every Storage write (the new checkpoint beside the old one and a full chunk of lines).
 * JOURNAL_STORAGE_BYTES (firmware/src/journal.ts) keeps room for it.
 *
 * `npx tsx test/bench/journal-room.ts [games]` or `npm run bench -- --only journal`.
 */
import type { HostCmd } from '../../shared/protocol/messages';
import type { PvState } from '../../shared/games/pechvogel/types';
import { bootedSim, nextMove } from '../support/game-driver';
import { mulberry32 } from '../support/random';
import { storageFileRoom } from '../../hardware/pinmap';

/** The longest names a host may give (16 characters a seat). */
const LONG = ['Annabelle-Louisa', 'Benedikt-Maximil', 'Cleopatra-Victor', 'Dorothea-Henriet', 'Evangeline-Rosam', 'Friedrich-Wilhel', 'Gwendolyn-Isabel'];

export interface JournalRoom {
  seats: number;
  games: number;
  /** Games in which an action or a checkpoint was refused for want of room. */
  gamesFull: number;
  /** Storage the journal and the small files took at the worst moment, firmware files left out. */
  journalPeak: number;
  /** Storage free at that moment. */
  spare: number;
}

async function measure(players: string[], games: number): Promise<JournalRoom> {
  let peak = 0;
  let spare = Infinity;
  let gamesFull = 0;
  for (let seed = 1; seed <= games; seed++) {
    const { board, sim } = await bootedSim([
      { c: 'cfg', k: 'attract_ms', v: 0 },
      { c: 'cfg', k: 'window_ms', v: 86_400_000 },
      { c: 'new', p: players, seed, cfg: { unofficial_player_count: players.length > 5 } },
    ] as HostCmd[]);
    const st = board.storage;
    const firmware = st.bootRoom + storageFileRoom(st.files['dt.rare'].length) + storageFileRoom(st.files['dt.maint'].length);
    const used = st.used.bind(st);
    let most = 0;
    // used() is asked inside every write, with the new file in place (a write that does not fit is undone).
    st.used = () => {
      const u = used();
      if (u <= st.capacity && u > most) most = u;
      return u;
    };
    const pick = mulberry32(seed);
    const snap = () => sim.snapshot().st as PvState;
    const act = (c: HostCmd) => {
      sim.requestSync(c);
      board.advance(0); // the checkpoint runs right after the event, as on a board
    };
    for (let i = 0; i < 400; i++) {
      const s = snap();
      if (!s || s.phase === 'game_over') break;
      if (s.undo && pick(6) === 0) for (let k = 0; k < 80; k++) act({ c: 'act', a: { do: 'correct', faces: k % 2 ? [3, 4, 5, 6, 7, 7, 7] : [3, 3, 5, 6, 7, 7, 7] } } as HostCmd);
      for (const c of nextMove(snap(), pick, false).cmds) act(c);
    }
    if (sim.msgs.some((m) => (m.t === 'err' || m.t === 'rej') && (m as { code?: string }).code === 'storage_full')) gamesFull++;
    peak = Math.max(peak, most - firmware);
    spare = Math.min(spare, st.capacity - most);
  }
  return { seats: players.length, games, gamesFull, journalPeak: peak, spare };
}

export async function benchJournalRoom(games = 20): Promise<JournalRoom[]> {
  return [await measure(LONG.slice(0, 5), games), await measure(LONG, games)];
}

if (process.argv[1] && /journal-room\.ts$/.test(process.argv[1])) {
  benchJournalRoom(Number(process.argv[2]) || 20).then((r) => console.log(r));
}
