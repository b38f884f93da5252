/**
 * Action logs across mirror restarts: a mirror that starts again while the board has not moved on
 * goes on in the table's newest log instead of starting one that holds only the snapshot (a
 * finished game got an empty log at every restart). A board that moved on gets a new file.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ActionLogWriter } from '../../host/src/mirror/action-log-writer';
import { replayLog } from '../../shared/engine/log';
import { step } from '../../shared/engine/step';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { PvState } from '../../shared/games/pechvogel/types';
import { scratchDir } from '../support/host-harness';
import { fakeTable } from '../support/fake-table';

const mirrorOf = fakeTable;

/** A mirror run starting: a new writer on `dir`, synced to the board at `state`. */
function mirrorRun(dir: string, now: () => number, state: PvState, label = 'T1') {
  const m = fakeTable(state, label);
  new ActionLogWriter({ dir, csv: null, now }).attach(m.table);
  m.sync();
  return m;
}

/** The state after the first throw of `s` (the board moved on). */
function thrown(s: PvState): PvState {
  const r = step(s, { do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
  if (!r.ok) throw new Error('throw');
  return r.state as PvState;
}

function start() {
  const s = setupPechvogel({ players: ['Ann', 'Ben'], seed: 3 });
  if (!s.ok) throw new Error('setup');
  return s.state as PvState;
}

describe('action logs across mirror restarts', () => {
  it('goes on in the newest log when the board is where that log ends', () => {
    const dir = scratchDir('dt-logs-');
    let t = 1_800_000_000_000;
    const now = () => (t += 1000);
    const m1 = mirrorOf(start());
    new ActionLogWriter({ dir, csv: null, now }).attach(m1.table);
    m1.sync();
    m1.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    m1.act({ do: 'choose_target', value: 6 });
    expect(readdirSync(dir)).toHaveLength(1);

    // The mirror restarts: the board is still at the same state.
    const m2 = mirrorOf(m1.table.model.state as PvState);
    const files: string[] = [];
    new ActionLogWriter({ dir, csv: null, now, onFile: (_l, f) => files.push(f) }).attach(m2.table);
    m2.sync();
    expect(readdirSync(dir)).toHaveLength(1);
    expect(files).toEqual([path.join(dir, readdirSync(dir)[0])]);
    m2.act({ do: 'throw', faces: [3, 7, 6, 4] });
    const r = replayLog(readFileSync(files[0], 'utf8'));
    expect(r.ok).toBe(true);
    expect(r.applied).toBe(3);
    expect(r.state).toEqual(m2.table.model.state);
  });

  it('starts a new log when the board moved on, the newest log is torn, or it is another table\'s', () => {
    const dir = scratchDir('dt-logs-');
    let t = 1_800_000_000_000;
    const now = () => (t += 1000);
    const m1 = mirrorRun(dir, now, start());
    // The board moves on while no mirror runs.
    const moved = thrown(m1.table.model.state as PvState);
    mirrorRun(dir, now, moved);
    expect(readdirSync(dir)).toHaveLength(2);

    // The newest log torn by a crash mid-line: left as it is.
    const newest = path.join(dir, readdirSync(dir).sort()[1]);
    writeFileSync(newest, readFileSync(newest, 'utf8') + '{"n":2,"a":{"do"');
    mirrorRun(dir, now, moved);
    expect(readdirSync(dir)).toHaveLength(3);

    // Another table at the same state has logs of its own.
    mirrorRun(dir, now, moved, 'T2');
    expect(readdirSync(dir)).toHaveLength(4);
  });

  it('a line that could not be written: the game goes on in a new file that replays, not after the gap', () => {
    const dir = scratchDir('dt-logs-');
    let t = 1_800_000_000_000;
    const now = () => (t += 1000);
    const errors: string[] = [];
    const m = fakeTable(start());
    new ActionLogWriter({ dir, csv: null, now, onError: (_l, why) => errors.push(why) }).attach(m.table);
    m.sync();
    const [first] = readdirSync(dir);
    m.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    // The file cannot take the next line (a directory in its place stands in for a full disk).
    rmSync(path.join(dir, first));
    mkdirSync(path.join(dir, first));
    m.act({ do: 'choose_target', value: 6 });
    expect(errors).toHaveLength(1);
    rmSync(path.join(dir, first), { recursive: true });
    m.act({ do: 'throw', faces: [3, 7, 6, 4] });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(first);
    const r = replayLog(readFileSync(path.join(dir, files[0]), 'utf8'));
    expect(r.ok).toBe(true);
    expect(r.applied).toBe(3);
    expect(r.state).toEqual(m.table.model.state);
    m.act({ do: 'throw', faces: [3, 'R', 'R'] });
    expect(replayLog(readFileSync(path.join(dir, files[0]), 'utf8')).applied).toBe(4);
  });

  it('a mirror that syncs again where its file ends (a reconnect, a resync) goes on in that file', () => {
    const dir = scratchDir('dt-logs-');
    let t = 1_800_000_000_000;
    const now = () => (t += 1000);
    const files: string[] = [];
    const m = fakeTable(start());
    new ActionLogWriter({ dir, csv: null, now, onFile: (_l, f) => files.push(f) }).attach(m.table);
    m.sync();
    m.sync(); // at once, no action between
    m.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    m.act({ do: 'choose_target', value: 6 });
    m.sync(); // the board reconnected: it is where the file ends
    m.act({ do: 'throw', faces: [3, 7, 6, 4] });
    expect(readdirSync(dir)).toHaveLength(1);
    expect(files).toHaveLength(1);
    const r = replayLog(readFileSync(files[0], 'utf8'));
    expect(r).toMatchObject({ ok: true, applied: 3 });
    expect(r.state).toEqual(m.table.model.state);
  });

  it('the newest log is the later time stamp, and within one second the higher count (…-10 after …-9)', () => {
    const dir = scratchDir('dt-logs-');
    const s0 = start();
    const m = fakeTable(s0);
    const header = m.table.model.log[0];
    m.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    const moved = m.table.model.state as PvState;
    const log = (name: string, lines: string[]) => writeFileSync(path.join(dir, name), lines.join('\n') + '\n');
    // Older logs that end at the start; the newest ends after the first throw.
    log('20270101T000000Z-T1-1.jsonl', [header]);
    log('20270101T000001Z-T1-9.jsonl', [header]);
    log('20270101T000001Z-T1-10.jsonl', m.table.model.log);
    const now = () => 1_900_000_000_000;
    const files: string[] = [];
    const m2 = fakeTable(moved);
    new ActionLogWriter({ dir, csv: null, now, onFile: (_l, f) => files.push(f) }).attach(m2.table);
    m2.sync();
    expect(files).toEqual([path.join(dir, '20270101T000001Z-T1-10.jsonl')]);
    expect(readdirSync(dir)).toHaveLength(3);
    // A board back at the start is not where the newest log ends: a new file, the older ones untouched.
    const m3 = fakeTable(s0);
    new ActionLogWriter({ dir, csv: null, now, onFile: (_l, f) => files.push(f) }).attach(m3.table);
    m3.sync();
    expect(readdirSync(dir)).toHaveLength(4);
    expect(path.basename(files[1])).not.toMatch(/^20270101T/);
  });

  it('never writes over a file of the same second', () => {
    const dir = scratchDir('dt-logs-');
    const now = () => 1_800_000_000_000;
    const a = mirrorRun(dir, now, start());
    mirrorRun(dir, now, thrown(a.table.model.state as PvState));
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it('a label becomes a file name part without leading or trailing underscores, and its newest log is found again', () => {
    const dir = scratchDir('dt-logs-');
    let t = 1_800_000_000_000;
    const now = () => t;
    const s = start();
    const first = mirrorRun(dir, now, s, ' Tisch 1 ');
    first.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^\d{8}T\d{6}Z-Tisch_1-1\.jsonl$/)]);
    t += 60_000;
    // A mirror started again where that log ends goes on in it.
    mirrorRun(dir, now, first.table.model.state as PvState, ' Tisch 1 ');
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('a label of no file-name letters is "table", and a run of other characters one underscore', () => {
    const dir = scratchDir('dt-logs-');
    let t = 1_800_000_000_000;
    const now = () => t;
    // Without a name part, `results` and a mirror started again would not know the file for a log.
    mirrorRun(dir, now, start(), '☕');
    t += 60_000;
    mirrorRun(dir, now, start(), 'Café  Ecke');
    expect(readdirSync(dir).map((n) => n.replace(/^\d{8}T\d{6}Z-/, '')).sort()).toEqual(['Caf_Ecke-1.jsonl', 'table-1.jsonl']);
  });
});

describe('a new action log', () => {
  // The log directory may be shared (.dicetray/ in a checkout others can write to): a link left at
  // the name the next log takes wrote the log wherever it pointed, over any file there.
  it('is created, never written through a link that already holds its name', () => {
    const dir = scratchDir('dt-log-link-');
    const logs = path.join(dir, 'logs');
    mkdirSync(logs);
    const elsewhere = path.join(dir, 'elsewhere.txt');
    const t = Date.UTC(2026, 0, 2, 3, 4, 5);
    symlinkSync(elsewhere, path.join(logs, '20260102T030405Z-T1-1.jsonl'));
    mirrorRun(logs, () => t, start());
    expect(existsSync(elsewhere)).toBe(false);
    expect(readdirSync(logs).sort()).toEqual(['20260102T030405Z-T1-1.jsonl', '20260102T030405Z-T1-2.jsonl']);
    expect(lstatSync(path.join(logs, '20260102T030405Z-T1-2.jsonl')).isFile()).toBe(true);
  });
});
