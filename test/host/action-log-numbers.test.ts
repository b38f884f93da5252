/**
 * Action log names over an evening: the number after the table goes on from the folder's highest
 * for that table, across mirror restarts and per table. Each mirror run counted from 1 again, so a
 * probe's evening held 054601Z-T-1, 055157Z-T-2, 055244Z-T-1, 055632Z-T-1, 060010Z-T-2 for five
 * different stretches, and two tables of one mirror shared one count (A-1, B-2, A-3).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { ActionLogWriter } from '../../host/src/mirror/action-log-writer';
import { step } from '../../shared/engine/step';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { PvState } from '../../shared/games/pechvogel/types';
import { scratchDir } from '../support/host-harness';
import { fakeTable } from '../support/fake-table';

function start(seed = 3): PvState {
  const s = setupPechvogel({ players: ['Ann', 'Ben'], seed });
  if (!s.ok) throw new Error('setup');
  return s.state as PvState;
}

/** The state after the first throw of `s`: the board moved on while no mirror ran. */
function thrown(s: PvState): PvState {
  const r = step(s, { do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
  if (!r.ok) throw new Error('throw');
  return r.state as PvState;
}

/** The numbers after the table in the folder's log names, in time order. */
function numbers(dir: string, label: string): number[] {
  return readdirSync(dir)
    .sort()
    .map((n) => new RegExp(`^\\d{8}T\\d{6}Z-${label}-(\\d+)\\.jsonl$`).exec(n))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => Number(m[1]));
}

describe('action log numbers', () => {
  it('go on from the folder\'s highest for the table when the mirror starts again', () => {
    const dir = scratchDir('dt-lognum-');
    let t = 1_800_000_000_000;
    const now = () => (t += 1000);
    // Run 1 sees a game begin and a rematch.
    const m1 = fakeTable(start());
    new ActionLogWriter({ dir, csv: null, now }).attach(m1.table);
    m1.sync();
    m1.newInView(start(4));
    // Run 2 joins the rematch after it moved on (a new file), then a new set-up in view.
    const m2 = fakeTable(thrown(m1.table.model.state as PvState));
    new ActionLogWriter({ dir, csv: null, now }).attach(m2.table);
    m2.sync();
    m2.newInView(start(5));
    expect(numbers(dir, 'T1')).toEqual([1, 2, 3, 4]);
  });

  it('are counted per table', () => {
    const dir = scratchDir('dt-lognum-');
    let t = 1_800_000_000_000;
    const now = () => (t += 1000);
    const w = new ActionLogWriter({ dir, csv: null, now });
    const a = fakeTable(start(), 'A');
    const b = fakeTable(start(), 'B');
    w.attach(a.table);
    w.attach(b.table);
    a.sync();
    b.sync();
    a.newInView(start(4));
    expect(numbers(dir, 'A')).toEqual([1, 2]);
    expect(numbers(dir, 'B')).toEqual([1]);
  });
});
