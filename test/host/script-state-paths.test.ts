/**
 * `expect state`/`ui` paths: a key with a space in double quotes (a game set up at the buttons has
 * players "Seat 1" …), and a path that leads nowhere said as such, with the keys there are (it
 * said "got undefined").
 */
import { describe, expect, it } from 'vitest';
import { parseScript } from '../../host/src/script/parse-script';
import { freshSimRunner } from '../support/sim-runner';

const SETUP = 'press S1 S2 OK\npress K1 K1 K2 K3 K4 K5 K6 OK\npress K1\npress K1 K1 K2 K2 OK\nwait 3000\n';

async function play(text: string) {
  const { runner } = await freshSimRunner();
  return runner.run(parseScript(text));
}

describe('expect state paths', () => {
  it('reads a quoted key with a space', async () => {
    const r = await play(SETUP + 'expect state players."Seat 1".markers=[3] active="Seat 2"\n');
    expect(r.find((x) => !x.ok)).toBeUndefined();
  });

  it('says where a path leaves the state, and what keys are there', async () => {
    const r = await play(SETUP + 'expect state players.Ann.markers=[3] turn.board.targets.x=1 phse=await_first_throw\n');
    expect(r[r.length - 1].problem).toBe(
      'players.Ann: no such key (players has "Seat 1", "Seat 2"); turn.board.targets.x: turn.board.targets is 0, no object; phse: no such key (the top level has players, middle, box, murphy, active, phase, turn, game_over)',
    );
  });

  it('a wrong value still says expected and got', async () => {
    const r = await play(SETUP + 'expect state players."Seat 1".markers=[4]\n');
    expect(r[r.length - 1].problem).toBe('players."Seat 1".markers[0]: expected 4, got 3');
  });
});
