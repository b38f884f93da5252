/**
 * What the journal keeps beside the power-cut tests that cut after every turn end (those rebuild
 * Journal.pending from the lines at each resume, so they cannot see a board that never counts its
 * lines): checkpoints in an uncut game, and two complete checkpoints after a cut before the old
 * one's erase.
 */
import { expandKeys } from '../../shared/protocol/wire-keys';
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_AFTER_BYTES, CHECKPOINT_FILES, LINES_FILE } from '../../firmware/src/journal';
import { journalGame } from '../support/journal-game';

/** Characters of action lines in the simulated Storage (an appended file is kept in chunks). */
function lineBytes(files: Record<string, string>): number {
  let n = 0;
  for (const k of Object.keys(files)) if (k.indexOf(LINES_FILE) === 0) n += files[k].replace(/\xff+$/, '').length;
  return n;
}

/**
 * Plays on until the checkpoint in slot `older` is about to be erased, the other slot written, and
 * cuts the power there; returns the newer checkpoint as written.
 */
function playUntilCutBeforeErase(g: Awaited<ReturnType<typeof journalGame>>, older: number): string {
  const slot = (i: number) => g.board.storage.files[CHECKPOINT_FILES[i]];
  let written = '';
  g.board.storage.beforeErase = (name) => {
    if (name !== CHECKPOINT_FILES[older] || !slot(1 - older)) return;
    written = slot(1 - older);
    g.board.powerCut();
    throw new Error('power cut before erasing ' + name + ' (simulated)');
  };
  for (let i = 0; i < 3000 && !written; i++) {
    g.move();
    g.board.advance(10);
  }
  g.board.storage.beforeErase = null;
  expect(written, 'a second checkpoint was written').not.toBe('');
  return written;
}

describe('the journal between power cuts', () => {
  it('without any power cut, a checkpoint is written once 3.5 KB of lines piled up, and the lines start again, never past their first 4 KB chunk', async () => {
    const g = await journalGame(31);
    const files = g.board.storage.files;
    let most = 0;
    const seen = new Set<string>();
    for (let i = 0; i < 3000 && g.snap().phase !== 'game_over'; i++) {
      g.move();
      g.board.advance(10); // the deferred checkpoint runs
      most = Math.max(most, lineBytes(files));
      if (g.snap().phase !== 'game_over') seen.add(CHECKPOINT_FILES.map((f) => files[f] || '').join(''));
    }
    expect(g.snap().phase).toBe('game_over');
    // The first checkpoint and several written in play (a turn adds well under 1 KB of lines).
    expect(seen.size).toBeGreaterThan(3);
    expect(most).toBeGreaterThanOrEqual(CHECKPOINT_AFTER_BYTES);
    expect(most).toBeLessThanOrEqual(g.board.storage.chunk);
  }, 120_000);

  it('two complete checkpoints (the power went before the old one was erased): the newer one is resumed', async () => {
    const g = await journalGame(37);
    // The second checkpoint goes to the second slot; the power goes before the first slot's erase.
    const written = playUntilCutBeforeErase(g, 0);
    expect(g.board.storage.files[CHECKPOINT_FILES[0]], 'the older checkpoint is still there').toBeTruthy();
    const newer = expandKeys(JSON.parse(written)).s;
    expect(newer.n).toBeGreaterThan(JSON.parse(g.board.storage.files[CHECKPOINT_FILES[0]]).s.n);
    g.board.boot();
    g.board.advance(50);
    expect(g.snap()).toEqual(newer);
  });

  it('after a resume too, of two complete checkpoints the one written last is resumed', async () => {
    const g = await journalGame(47);
    for (let i = 0; i < 10; i++) g.move();
    // Resumed from the first checkpoint (the new game's): the next one must count on from it.
    g.restart();
    const slotOf = (i: number) => g.board.storage.files[CHECKPOINT_FILES[i]];
    const resumedFrom = slotOf(0) ? 0 : 1;
    const written = playUntilCutBeforeErase(g, resumedFrom);
    const newer = expandKeys(JSON.parse(written)).s;
    g.board.boot();
    g.board.advance(50);
    expect(g.snap()).toEqual(newer);
  });
});
