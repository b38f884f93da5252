/**
 * A host may load any state. The board takes only states that keep play's invariants (the renderer
 * and the engine rely on them): others are refused with bad_state and the game stays as it was; at
 * the edges of the ranges the frame still holds palette letters only, so the leds line stays clean.
 */
import { describe, expect, it } from 'vitest';
import { PALETTE_LETTERS } from '../../firmware/src/leds/frame';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { PvState } from '../../shared/games/pechvogel/types';
import { SimTarget } from '../support/game-driver';
import { makeSim } from '../support/host-harness';

function lettersOnly(frames: string[]): void {
  expect(frames.length).toBeGreaterThan(0);
  for (const f of frames) {
    expect(f).toHaveLength(128);
    expect([...f].filter((c) => !PALETTE_LETTERS.includes(c)).map((c) => c.charCodeAt(0))).toEqual([]);
  }
}

describe('loading a state from the host', () => {
  it('refuses states outside play invariants and draws states at their edges with letters only', async () => {
    // The Linux build (no pins) reports every frame as text.
    const board = await makeSim({ clock: 'fake', boardName: 'LINUX' });
    const t = new SimTarget(board);
    board.boot();
    const base = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve'] });
    if (!base.ok) throw new Error(base.error.code);
    const make = (f: (s: PvState) => void): PvState => {
      const st = JSON.parse(JSON.stringify(base.state)) as PvState;
      f(st);
      return st;
    };
    const bad: [string, PvState][] = [
      ['turn', make((s) => Object.assign(s.turn, { targets: 12 }))],
      ['turn', make((s) => Object.assign(s.turn, { targets: 4, ravens: 4 }))],
      ['turn', make((s) => Object.assign(s.turn, { ravens: -3 }))],
      ['target', make((s) => Object.assign(s.turn, { target: 2.5 }))],
      ['middle', make((s) => (s.middle = [9, 0, 0, 3, 2]))],
      ['box', make((s) => (s.box = [0, 0, 0, 3.5, 0]))],
      ['player 1', make((s) => (s.players[1].frustrations = -4))],
      ['markers 3', make((s) => (s.players[3].markers = [3, 8]))],
      ['seat', make((s) => (s.murphy = 11))],
      ['first_faces', make((s) => Object.assign(s, { phase: 'await_target' }, { turn: Object.assign(s.turn, { first_faces: [3, 3, 'R', 9, 'x', 4, 5] }) }))],
      ['phase', make((s) => ((s as { phase: string }).phase = 'lunch'))],
      ['undo middle', make((s) => (s.undo = Object.assign(JSON.parse(JSON.stringify(s)), { middle: [4, 0, 0, 0, 0] })))],
      // An empty middle ends the game (RULES.md §3.3): in play, a marker step had nothing to take
      // or return and waited for good, and a first throw began a turn of a game that was over.
      ['middle', make((s) => Object.assign(s, { phase: 'await_marker_choice', middle: [0, 0, 0, 0, 0] }, { turn: Object.assign(s.turn, { target: 5, targets: 4 }) }))],
      ['middle', make((s) => (s.middle = [0, 0, 0, 0, 0]))],
    ];
    t.requestSync({ c: 'new', p: ['Ann', 'Ben'] });
    for (const [why, st] of bad) {
      const r = t.requestSync({ c: 'load', st: st as unknown as Record<string, unknown> });
      expect(r.msgs.filter((m) => m.t === 'err').map((m) => (m as { code: string; msg: string }).code + ' ' + (m as { msg: string }).msg)).toEqual(['bad_state ' + why]);
      expect(r.msgs.filter((m) => m.t === 'new')).toEqual([]);
    }
    // At the edges of the ranges: accepted, drawn with palette letters only.
    const edge = make((s) => {
      s.phase = 'await_throw';
      Object.assign(s.turn, { targets: 4, ravens: 3, target: 7, frustraters: [-1, 1, 2, 3, 4] });
      s.middle = [3, 3, 0, 3, 3];
      s.box = [3, 3, 3, 3, 3];
      s.players[1].frustrations = 40;
      s.players[2].markers = [3, 3, 3, 7, 7, 7];
      s.murphy = 4;
    });
    // Over, its middle empty: taken.
    const over = make((s) => Object.assign(s, { phase: 'game_over', middle: [0, 0, 0, 0, 0], scores: [0, 0, 0, 0, 0], winners: [0, 1, 2, 3, 4] }));
    expect(t.requestSync({ c: 'load', st: over as unknown as Record<string, unknown> }).msgs.filter((m) => m.t === 'err')).toEqual([]);
    // In play with one marker left (a 7; the 3s to 6s gone): taken, the middle is not empty.
    const lastSeven = make((s) => (s.middle = [0, 0, 0, 0, 1]));
    expect(t.requestSync({ c: 'load', st: lastSeven as unknown as Record<string, unknown> }).msgs.filter((m) => m.t === 'err')).toEqual([]);
    const r = t.requestSync({ c: 'load', st: edge as unknown as Record<string, unknown> });
    expect(r.msgs.filter((m) => m.t === 'err')).toEqual([]);
    t.requestSync({ c: 'leds' });
    board.advance(1300);
    lettersOnly(t.msgs.filter((m) => m.t === 'leds').map((m) => (m as { f: string }).f));
    expect(board.errors).toEqual([]);
  });
});
