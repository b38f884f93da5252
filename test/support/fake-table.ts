/**
 * A mirror stand-in for the action-log writer: it reads label, model.state, model.log (the
 * snapshot header a mirror joining mid-game starts from) and 'note' events.
 */
import { EventEmitter } from 'node:events';
import type { TableMirror } from '../../host/src/mirror/table-mirror';
import { entryLine, headerLine } from '../../shared/engine/log';
import { step } from '../../shared/engine/step';
import type { PvState } from '../../shared/games/pechvogel/types';

export function fakeTable(state: PvState, label = 'T1') {
  const t = Object.assign(new EventEmitter(), { label, model: { state, log: [headerLine({ log: 'dicetray-log/1', game: 'pechvogel', state })] } });
  return {
    table: t as unknown as TableMirror,
    sync: () => t.emit('note', { ev: 'synced' }),
    act: (a: Record<string, unknown>) => {
      const r = step(t.model.state, a as { do: string });
      if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.code}`);
      t.model.state = r.state as PvState;
      // As the mirror's model: its log holds every line since the snapshot.
      const line = entryLine(r.state, a as { do: string }, r.effects);
      t.model.log.push(line);
      t.emit('note', { ev: 'action', a, line });
    },
  };
}
