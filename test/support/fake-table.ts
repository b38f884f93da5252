/**
 * A mirror stand-in for the action-log writer: it reads label, model.state, model.log (the
 * snapshot header a mirror joining mid-game starts from) and 'note' events.
 */
import { EventEmitter } from 'node:events';
import type { TableMirror } from '../../host/src/mirror/table-mirror';
import { entryLine, headerLine, LOG_FORMAT } from '../../shared/engine/log';
import { step } from '../../shared/engine/step';
import type { PvState } from '../../shared/games/pechvogel/types';

export function fakeTable(state: PvState, label = 'T1') {
  const t = Object.assign(new EventEmitter(), { label, model: { state: state as PvState | null, log: [headerLine({ log: LOG_FORMAT, game: 'pechvogel', state })] } });
  /** The board's game is now `s` (null: none), unseen; the log starts there, as a mirror's after the snapshot it resyncs from. */
  const replace = (s: PvState | null) => {
    t.model.state = s;
    t.model.log = s ? [headerLine({ log: LOG_FORMAT, game: 'pechvogel', state: s })] : [];
  };
  return {
    replace,
    /** The table plays `a` where the mirror does not see it (board unplugged from the host, mirror down). */
    unseen: (a: Record<string, unknown>) => {
      const r = step(t.model.state as PvState, a as { do: string });
      if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.code}`);
      replace(r.state as PvState);
    },
    table: t as unknown as TableMirror,
    sync: () => t.emit('note', { ev: 'synced', seamless: false }),
    /** A game started (or the table cleared: null) in the mirror's view: the board's `new` line, then its snapshot. */
    newInView: (s: PvState | null) => {
      replace(s);
      t.emit('note', { ev: 'synced', seamless: true });
    },
    act: (a: Record<string, unknown>) => {
      const r = step(t.model.state as PvState, a as { do: string });
      if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.code}`);
      t.model.state = r.state as PvState;
      // As the mirror's model: its log holds every line since the snapshot.
      const line = entryLine(r.state, a as { do: string }, r.effects);
      t.model.log.push(line);
      t.emit('note', { ev: 'action', a, line });
    },
  };
}
