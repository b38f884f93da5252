/**
 * A turn of many actions (corrections, a stranger at the pad) in a Pico's Storage, on the
 * simulated board, whose Storage takes room as a Pico's: the firmware's files, 4-byte words,
 * 32-byte headers and the action lines' StorageFile in 4,064-byte chunks reserved whole. Those lines
 * once needed a second chunk in such a turn; a Pico has no room for one beside the first and the
 * checkpoints, so every action was refused with storage_full and the turn could never end. Now a
 * checkpoint comes before the lines fill their chunk, and a power cut still resumes the game whole.
 * A host's names go into every checkpoint: at most 16 characters a seat. The throw's undo copy
 * shares what the throw left as it was: two checkpoints with the copy in full and a full chunk did
 * not fit beside each other for seven seats.
 */
import { expandKeys } from '../../shared/protocol/wire-keys';
import { describe, expect, it } from 'vitest';
import type { HostCmd } from '../../shared/protocol/messages';
import type { PvState } from '../../shared/games/pechvogel/types';
import { journalGame } from '../support/journal-game';
import { CHECKPOINT_FILES, LINES_FILE } from '../../firmware/src/journal';

const FACES = [
  [3, 3, 4, 5, 6, 7, 7],
  [3, 4, 4, 5, 6, 7, 7],
];

describe('a long turn in a Pico-sized Storage', () => {
  // Seven seats (a house rule) with the longest names a host may give: two checkpoints, each with
  // the throw's undo copy in full, beside a full chunk of lines did not fit, and the turn stopped.
  const SEVEN = ['Annabelle-Louisa', 'Benedikt-Maximil', 'Cleopatra-Victor', 'Dorothea-Henriet', 'Evangeline-Rosam', 'Friedrich-Wilhel', 'Gwendolyn-Isabel'];
  for (const [what, players] of [['5 players', undefined], ['7 seats, names of 16 characters', SEVEN]] as const)
  it(`takes 150 corrections in one turn, its lines never past one chunk, and resumes to the last of them (${what})`, async () => {
    const g = await journalGame(3, players ? [...players] : undefined, players ? { unofficial_player_count: true } : undefined);
    const st = g.board.storage;
    // As a board is: the boot bundle and both modules in Storage beside the journal.
    expect(st.bootRoom).toBeGreaterThan(30 * 1000);
    expect(Object.keys(st.files)).toEqual(expect.arrayContaining(['dt.maint', 'dt.rare']));
    // What a Pico has left beside the firmware: the journal's 7.8 KB and the build's spare room.
    expect(st.capacity - st.used()).toBeLessThan(10 * 1024);
    g.sim.requestSync({ c: 'act', a: { do: 'throw', faces: FACES[0] } } as HostCmd);
    let longest = 0;
    for (let i = 1; i <= 150; i++) {
      const r = g.sim.requestSync({ c: 'act', a: { do: 'correct', faces: FACES[i % 2] } } as HostCmd);
      expect(r.msgs.filter((m) => m.t === 'err' || m.t === 'rej'), `correction ${i}`).toEqual([]);
      expect(r.msgs.find((m) => m.t === 'act'), `correction ${i}`).toMatchObject({ n: 1 + i });
      g.board.advance(0);
      longest = Math.max(longest, (st.files[LINES_FILE + '\u0001'] || '').length);
    }
    expect(longest).toBeLessThanOrEqual(st.chunk);
    // Checkpoints came in the turn (the lines started again), the undo copy's shared members
    // written as the state's own (journal.ts Undo.same).
    const cp = CHECKPOINT_FILES.map((f) => st.files[f] && expandKeys(JSON.parse(st.files[f]))).find((c) => c && c.s.n > 1);
    expect(cp).toBeTruthy();
    expect(cp.s.undo).toMatchObject({ players: '=', config: '=', middle: '=' });
    const before = g.snap();
    g.restart();
    expect(g.snap() as PvState).toEqual(before);
    expect(before.n).toBe(151);
  });

  it('a checkpoint with no room is said (storage_full, "checkpoint"), not thrown; the next action tries again', async () => {
    const g = await journalGame(4);
    const st = g.board.storage;
    g.sim.requestSync({ c: 'act', a: { do: 'throw', faces: FACES[0] } } as HostCmd);
    // Room for the lines in their chunk (already reserved), none for a checkpoint.
    st.files.filler = '';
    st.files.filler = 'x'.repeat(st.capacity - st.used() - 100);
    const said: unknown[] = [];
    let i = 1;
    for (; i <= 80 && !said.length; i++) {
      const from = g.sim.msgs.length;
      g.sim.requestSync({ c: 'act', a: { do: 'correct', faces: FACES[i % 2] } } as HostCmd);
      g.board.advance(0);
      said.push(...g.sim.msgs.slice(from).filter((m) => m.t === 'err'));
    }
    expect(said).toEqual([expect.objectContaining({ code: 'storage_full', msg: 'checkpoint' })]);
    expect(g.board.errors).toEqual([]);
    // The game goes on (its lines are still journaled), and with room again the next action's checkpoint is written.
    const before = CHECKPOINT_FILES.map((f) => st.files[f]).join('');
    delete st.files.filler;
    const r = g.sim.requestSync({ c: 'act', a: { do: 'correct', faces: FACES[i % 2] } } as HostCmd);
    g.board.advance(0);
    expect(r.msgs.filter((m) => m.t === 'err')).toEqual([]);
    expect(CHECKPOINT_FILES.map((f) => st.files[f]).join('')).not.toBe(before);
    const now = g.snap();
    g.restart();
    expect(g.snap()).toEqual(now);
  });
});

describe("a host's new game and its names", () => {
  it('takes seven names of 16 characters, and refuses longer ones (bad_setup) without touching the game in play', async () => {
    const g = await journalGame(5);
    const n16 = ['Annabelle-Louisa', 'Benedikt-Maximil', 'Cleopatra-Victor', 'Dorothea-Henriet', 'Evangeline-Rosam', 'Friedrich-Wilhel', 'Gwendolyn-Isabel'];
    expect(n16.every((x) => x.length === 16)).toBe(true);
    const before = g.snap();
    const long = g.sim.requestSync({ c: 'new', p: n16.map((x) => x + 'x'), cfg: { unofficial_player_count: true } } as HostCmd);
    expect(long.msgs.filter((m) => m.t === 'err')).toEqual([expect.objectContaining({ code: 'bad_setup' })]);
    expect(g.snap()).toEqual(before);
    const ok = g.sim.requestSync({ c: 'new', p: n16, cfg: { unofficial_player_count: true } } as HostCmd);
    expect(ok.msgs.find((m) => m.t === 'new')).toMatchObject({ n: 0 });
    expect(g.snap().players.map((p) => p.name)).toEqual(n16);
  });
  it('counts 16 characters a seat for all names together (README): a 20-character name beside a 12-character one is taken, beside a 13-character one refused', async () => {
    const g = await journalGame(5);
    const before = g.snap();
    const over = g.sim.requestSync({ c: 'new', p: ['A'.repeat(20), 'B'.repeat(13)] } as HostCmd);
    expect(over.msgs.filter((m) => m.t === 'err')).toEqual([expect.objectContaining({ code: 'bad_setup' })]);
    expect(g.snap()).toEqual(before);
    const ok = g.sim.requestSync({ c: 'new', p: ['A'.repeat(20), 'B'.repeat(12)] } as HostCmd);
    expect(ok.msgs.find((m) => m.t === 'new')).toMatchObject({ n: 0 });
    expect(g.snap().players.map((p) => p.name)).toEqual(['A'.repeat(20), 'B'.repeat(12)]);
  });
});
