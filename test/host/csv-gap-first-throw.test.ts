/**
 * A mirror that picks the table up again (after a gap) while a first throw waits for its target:
 * the board's state still holds that throw's faces, and its row comes once the target is chosen.
 * A probe's evening lost it (the mirror restarted while the table played on): the player's turns,
 * counted by their `first` rows, came out one short of what the table played.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ActionLogWriter } from '../../host/src/mirror/action-log-writer';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import { scratchDir } from '../support/host-harness';
import { fakeTable } from '../support/fake-table';

function rows(file: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').trim().split('\n');
  const cols = head.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}

describe('mirror --csv: a first throw read from the board after a gap', () => {
  it('gets its row, source empty, after the gap row, once its target is chosen', () => {
    const dir = scratchDir('dt-csv-gap-');
    const csv = path.join(dir, 'throws.csv');
    const s = setupPechvogel({ players: ['Ann', 'Ben'], seed: 11 });
    if (!s.ok) throw new Error('setup');
    const f = fakeTable(s.state);
    new ActionLogWriter({ dir: path.join(dir, 'logs'), csv }).attach(f.table);
    f.sync();
    f.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    f.act({ do: 'choose_target', value: 6 });
    // The mirror is away: Ann's turn ends, Ben throws his first throw.
    f.unseen({ do: 'throw', faces: [6, 6, 3, 4] });
    f.unseen({ do: 'take_marker' });
    f.unseen({ do: 'throw', faces: [3, 3, 4, 'R', 5, 7, 7] });
    f.sync();
    f.act({ do: 'choose_target', value: 7 });
    f.act({ do: 'throw', faces: [7, 'R', 5, 4] });
    expect(rows(csv).map((x) => [x.n, x.player, x.kind, x.source, x.faces, x.target, x.targets, x.ravens])).toEqual([
      ['1', 'Ann', 'first', 'entered', 'R 7 6 5 5 4 6', '6', '2', '1'],
      ['5', 'Ben', 'gap', '', '', '', '', '', ],
      ['5', 'Ben', 'first', '', '3 3 4 R 5 7 7', '7', '2', '1'],
      ['7', 'Ben', 'throw', 'entered', '7 R 5 4', '7', '1', '1'],
    ]);
  });

  it('a correction of it points at its row', () => {
    const dir = scratchDir('dt-csv-gap-');
    const csv = path.join(dir, 'throws.csv');
    const s = setupPechvogel({ players: ['Ann', 'Ben'], seed: 11 });
    if (!s.ok) throw new Error('setup');
    const f = fakeTable(s.state);
    new ActionLogWriter({ dir: null, csv }).attach(f.table);
    f.sync();
    f.unseen({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    f.sync();
    f.act({ do: 'correct', faces: ['R', 7, 6, 6, 5, 4, 6] });
    f.act({ do: 'choose_target', value: 6 });
    expect(rows(csv).map((x) => [x.n, x.kind, x.faces, x.target, x.corrects])).toEqual([
      ['1', 'gap', '', '', ''],
      ['1', 'first', 'R 7 6 5 5 4 6', '', ''],
      ['2', 'correct', 'R 7 6 6 5 4 6', '6', '1'],
    ]);
  });
});
