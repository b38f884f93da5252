/**
 * A journal the board cannot resume, and the journal's own housekeeping under power cuts:
 *  - a checkpoint that parses but breaks play's invariants (damaged flash) starts the board in
 *    set-up with `resume_failed` instead of leaving it dark and deaf at every power-up;
 *  - a journaled action the engine refuses on replay ends the resume there, and the actions after
 *    the resume survive the next power cut (they were appended after the refused line and lost);
 *  - ending a game (staff K3, an abandoned kiosk game) cut between its erases never brings it back;
 *  - a torn boot counter goes on from its digits (it stayed NaN for good);
 *  - a full Storage refuses the action it cannot journal (storage_full) instead of dropping the press silently;
 *  - a reroll window's votes file naming a seat the game does not have (damaged, foreign) restores no votes.
 */
import { expandKeys, shortenKeys } from '../../shared/protocol/wire-keys';
import { describe, expect, it } from 'vitest';
import type { HostCmd } from '../../shared/protocol/messages';
import type { PvState } from '../../shared/games/pechvogel/types';
import { journalGame } from '../support/journal-game';
import { freshSimRunner } from '../support/sim-runner';
import { parseScript } from '../../host/src/script/parse-script';

const game = (seed: number) => journalGame(seed, ['Ann', 'Ben', 'Cleo']);

const checkpointOf = (files: Record<string, string>) => (files['dt.game'] !== undefined ? 'dt.game' : 'dt.gam2');

describe('a journal the board cannot resume', () => {
  it('a checkpoint that breaks play\'s invariants: set-up, resume_failed, and the buttons start a new game', async () => {
    const g = await game(5);
    for (let i = 0; i < 4; i++) g.move();
    const files = g.board.storage.files;
    const name = checkpointOf(files);
    const cp = expandKeys(JSON.parse(files[name]));
    cp.s.active = 5; // two players more than the game has
    files[name] = JSON.stringify(shortenKeys(cp));
    const from = g.sim.msgs.length;
    g.restart();
    const msgs = g.sim.msgs.slice(from);
    expect(msgs.find((m) => m.t === 'hello')).toBeTruthy();
    expect(msgs.find((m) => m.t === 'err')).toMatchObject({ code: 'resume_failed' });
    expect(g.sim.snapshot().st).toBeNull();
    // Set-up from the buttons still works: two seats, OK.
    g.sim.press('S1', 'S2', 'OK');
    expect(g.snap()).toMatchObject({ n: 0, phase: 'await_first_throw' });
    expect(g.board.errors).toEqual([]);
  });

  it("a checkpoint written by protocol v1 firmware (the state's long key names) after a flash: set-up, resume_failed, nothing thrown", async () => {
    const g = await game(6);
    for (let i = 0; i < 4; i++) g.move();
    const files = g.board.storage.files;
    const name = checkpointOf(files);
    files[name] = JSON.stringify(expandKeys(JSON.parse(files[name])));
    const from = g.sim.msgs.length;
    g.restart();
    expect(g.sim.msgs.slice(from).find((m) => m.t === 'err')).toMatchObject({ code: 'resume_failed', msg: 'Error: checkpoint: phase' });
    expect(g.sim.snapshot().st).toBeNull();
    g.sim.press('S1', 'S2', 'OK');
    expect(g.snap()).toMatchObject({ n: 0, phase: 'await_first_throw' });
    expect(g.board.errors).toEqual([]);
  });

  it('a journaled action the engine refuses: the resume stops before it, and later actions survive the next power cut', async () => {
    const g = await game(8);
    for (let i = 0; i < 6; i++) g.move();
    const before = g.snap();
    g.move();
    // The last line's action, as flash damage (or another engine) could leave it: refused on replay.
    const lines = g.board.storage.files['dt.log\u0001'].split('\n');
    const last = JSON.parse(lines[lines.length - 2]);
    last.a = { do: 'bogus' };
    lines[lines.length - 2] = JSON.stringify(last);
    g.board.storage.files['dt.log\u0001'] = lines.join('\n');
    g.restart();
    expect(g.snap()).toEqual(before);
    for (let i = 0; i < 3; i++) g.move();
    const later = g.snap();
    expect(later.n).toBe(before.n + 3);
    g.restart();
    expect(g.snap()).toEqual(later);
  });

  for (const at of [1, 2, 3]) {
    it(`ending a game cut before its erase ${at} never brings the game back`, async () => {
      const g = await game(13 + at);
      g.sim.requestSync({ c: 'cfg', k: 'abandon_ms', v: 60000 } as HostCmd);
      for (let i = 0; i < 5; i++) g.move();
      const played = g.snap();
      expect(played.n).toBeGreaterThan(0);
      // Nobody touches the table: the kiosk ends the game, and the power goes before erase `at`.
      let erases = 0;
      g.board.storage.beforeErase = (name) => {
        if (++erases !== at) return;
        g.board.powerCut();
        throw new Error('power cut before erasing ' + name + ' (simulated)');
      };
      g.board.advance(61000);
      g.board.storage.beforeErase = null;
      expect(erases).toBe(at);
      g.board.boot();
      g.board.advance(50);
      const back = g.sim.snapshot().st as PvState | null;
      // Either the game as it was (the end had not started) or none: never an older state of it.
      if (back) expect(back).toEqual(played);
      if (at > 1) expect(back).toBeNull();
    });
  }

  it('a torn boot counter goes on from its digits', async () => {
    const g = await game(3);
    g.board.storage.files['dt.boots'] = '4\xff\xff';
    const from = g.sim.msgs.length;
    g.restart();
    expect(g.sim.msgs.slice(from).find((m) => m.t === 'hello')).toMatchObject({ boot: 5 });
  });

  it('a full Storage: an action that cannot be journaled is not taken, the board says why and goes on', async () => {
    const g = await game(21);
    // A throw entered at the buttons.
    g.board.storage.files['filler'] = 'x'.repeat(g.board.storage.capacity - g.board.storage.used() - 40);
    const from = g.sim.msgs.length;
    g.sim.press('K1', 'K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'OK');
    expect(g.snap().n).toBe(0);
    expect(g.sim.msgs.slice(from).find((m) => m.t === 'err')).toMatchObject({ code: 'storage_full' });
    // The entry stays for another try, the refusal shows.
    expect(g.sim.snapshot().ui).toMatchObject({ err: 'storage_full', entry: [3, 3, 4, 5, 6, 7, 'R'] });
    delete g.board.storage.files['filler'];
    g.sim.press('OK');
    expect(g.snap().n).toBe(1);
    for (let i = 0; i < 3; i++) g.move();
    const later = g.snap();
    g.restart();
    expect(g.snap()).toEqual(later);
    expect(g.board.errors).toEqual([]);
  });

  it('a votes file naming a player the game does not have restores no votes: the window closes as a pass', async () => {
    const { board, runner } = await freshSimRunner();
    const given = 'given {"players":[{"name":"Kelly","markers":[],"frustrations":2},{"name":"Diego","markers":[],"frustrations":1},{"name":"Finn","markers":[],"frustrations":2}],"active":"Kelly","middle":{"3":3,"4":3,"5":3,"6":3,"7":3},"murphy":null,"turn":{"target":6,"board":{"targets":2,"ravens":2}}}\n';
    const first = await runner.run(parseScript(given + 'press K4 K4 K2 OK\nexpect state phase=reroll_window\n'));
    expect(first.every((r) => r.ok)).toBe(true);
    const n = runner.model.state!.n;
    // Three players (indices 0..2): index 3 is nobody.
    board.storage.files['dt.vote'] = JSON.stringify({ n, v: [3] });
    const after = await runner.run(parseScript('powercut\nexpect state phase=reroll_window\nexpect ui v=[]\npress OK\nexpect act pass\n'));
    expect(after.map((r) => r.problem || 'ok')).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(board.errors).toEqual([]);
  });
});
