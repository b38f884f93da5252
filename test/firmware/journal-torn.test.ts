/**
 * Power cuts in the middle of a flash write (SimStorage.tearNext models what Espruino leaves:
 * Storage.write erases the old copy first, a torn file reads back padded with 0xFF, a torn append
 * leaves a prefix of the line). Whatever was committed before the write survives:
 *  - a checkpoint torn at any length: the board resumes from the previous one and its lines;
 *  - an action line torn at any length: that action was not committed; the board resumes without
 *    it and the actions after the resume survive the next power cut too (appends would otherwise
 *    continue right after the torn prefix and make the line unreadable), a line cut right before
 *    its newline too (it reads back whole, yet the next append would be glued onto it);
 *  - the first checkpoint after a resume goes to the slot the board did not resume from, so one
 *    torn at any length leaves the checkpoint it resumed from.
 */
import { describe, expect, it } from 'vitest';
import type { HostCmd } from '../../shared/protocol/messages';
import { journalGame } from '../support/journal-game';

const game = (seed: number) => journalGame(seed);

describe('power cut during a flash write', () => {
  for (const keep of [0, 1, 40, 700, 1200]) {
    it(`a checkpoint torn after ${keep} bytes: resumes from the previous checkpoint and its lines`, async () => {
      const g = await game(keep + 3);
      // Play until the journal has lines, then tear the next checkpoint (the next turn end that
      // writes one: 3.5 KB of lines, or the game's end).
      for (let i = 0; i < 30; i++) g.move();
      g.board.storage.tearNext = { prefix: 'dt.ga', keep };
      let before = g.snap();
      for (let i = 0; i < 3000 && g.board.storage.tearNext; i++) {
        before = g.snap();
        g.move();
      }
      expect(g.board.storage.tearNext, 'a checkpoint was written').toBeNull();
      // The power went in that write (the firmware's catch says storage_full to no one: the board is off).
      expect(g.board.storage.cut, 'a power cut in the checkpoint').toBe(true);
      // The action whose turn end asked for the checkpoint was journaled before it: committed.
      const committed = g.snap();
      expect(committed.n).toBeGreaterThan(before.n);
      g.restart();
      expect(g.snap()).toEqual(committed);
      // And the game goes on, across more power cuts.
      for (let i = 0; i < 40 && g.snap().phase !== 'game_over'; i++) g.move();
      const later = g.snap();
      g.restart();
      expect(g.snap()).toEqual(later);
    });
  }

  for (const keep of [0, 5, 14, 25]) {
    it(`an action line torn after ${keep} bytes: that action is not committed, later ones survive`, async () => {
      const g = await game(keep + 11);
      for (let i = 0; i < 12; i++) g.move();
      const before = g.snap();
      g.board.storage.tearNext = { prefix: 'dt.log', keep };
      g.move();
      expect(g.board.storage.tearNext).toBeNull();
      g.restart();
      expect(g.snap()).toEqual(before);
      for (let i = 0; i < 6; i++) g.move();
      const later = g.snap();
      expect(later.n).toBeGreaterThan(before.n);
      g.restart();
      expect(g.snap()).toEqual(later);
    });
  }

  it('a new game whose first checkpoint is torn: the old game comes back at its last checkpoint, never mixed with the new one', async () => {
    const g = await game(29);
    for (let i = 0; i < 12; i++) g.move();
    const old = g.snap();
    g.board.storage.tearNext = { prefix: 'dt.ga', keep: 300 };
    g.sim.requestSync({ c: 'new', p: ['Xena', 'Yuri'] });
    expect(g.board.storage.tearNext).toBeNull();
    g.restart();
    const back = g.snap();
    expect(back.players.map((p) => p.name)).toEqual(old.players.map((p) => p.name));
    expect(back.n).toBeLessThanOrEqual(old.n);
    // A checkpoint of the old game, replayed as the old game was played (not the new game's start).
    expect(back.phase === 'await_first_throw' || back.n === old.n).toBe(true);
    for (let i = 0; i < 5; i++) g.move();
    const later = g.snap();
    g.restart();
    expect(g.snap()).toEqual(later);
  });
});

describe('power cut during the first checkpoint after a resume', () => {
  for (const keep of [0, 300]) {
    it(`torn after ${keep} bytes: the checkpoint the board resumed from is still there (the new one went to the other slot)`, async () => {
      const g = await journalGame(keep + 41);
      for (let i = 0; i < 20; i++) g.move();
      // Resumed: the journal goes on from the checkpoint slot and counter it found.
      g.restart();
      expect(g.board.errors).toEqual([]);
      g.board.storage.tearNext = { prefix: 'dt.ga', keep };
      for (let i = 0; i < 3000 && g.board.storage.tearNext; i++) g.move();
      expect(g.board.storage.tearNext, 'a checkpoint was written').toBeNull();
      const committed = g.snap();
      g.restart();
      expect(g.snap()).toEqual(committed);
    });
  }
});

describe('power cut right before the end of an action line', () => {
  it('a line cut just before its newline: the resume starts the lines afresh, so the next actions survive the next power cut', async () => {
    const g = await journalGame(53);
    const throwIt = { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] };
    const line = '{"n":1,"a":' + JSON.stringify(throwIt) + '}\n';
    g.board.storage.tearNext = { prefix: 'dt.log', keep: line.length - 1 };
    g.sim.requestSync({ c: 'act', a: throwIt } as HostCmd);
    expect(g.board.storage.tearNext, 'the line was torn').toBeNull();
    g.restart();
    const resumed = g.snap();
    expect(resumed.n === 0 || resumed.n === 1).toBe(true);
    for (let i = 0; i < 4; i++) g.move();
    const later = g.snap();
    expect(later.n).toBeGreaterThan(resumed.n);
    g.restart();
    expect(g.snap()).toEqual(later);
  });
});
