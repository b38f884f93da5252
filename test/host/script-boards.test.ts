/**
 * Which board state a table script may take over: `--board sim` is a fresh simulated board that
 * leaves no Storage file behind, and a real board whose game is over may be given a new game
 * without --replace-game (only a game in progress is the table's to keep). `-p BOARD` names it as
 * for mirror, flash and config.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cli } from '../support/cli';
import { REPO, scratchDir, tcpBoard } from '../support/host-harness';
import { run } from './cli-run';

const dir = scratchDir('dt-script-boards-');
const stops: (() => void)[] = [];
afterAll(() => stops.forEach((s) => s()));

const script = (name: string, text: string) => {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
};

describe('the board a table script plays on', () => {
  it('sim is a fresh board each time and writes no Storage file', async () => {
    const cwd = path.join(dir, 'cwd');
    mkdirSync(cwd, { recursive: true });
    const f = script('fresh.table', 'new Ann Ben\nact {"do":"throw","faces":[3,3,4,5,6,7,"R"]}\nexpect state phase=await_target\n');
    for (let i = 0; i < 2; i++) {
      const r = await run(['script', f, '--board', 'sim'], cwd);
      expect(r.code, r.err + r.out).toBe(0);
    }
    expect(existsSync(path.join(cwd, '.dicetray'))).toBe(false);
  }, 60_000);

  it('a real board whose game is over takes a new one without --replace-game', async () => {
    const b = await tcpBoard();
    stops.push(() => {
      b.exposure.close();
      b.board.powerCut();
    });
    // A's last throw takes the last marker of the middle: the game is over.
    const given = 'given {"players":[{"name":"A","markers":[4],"frustrations":0},{"name":"B","markers":[5],"frustrations":0}],"active":"A","middle":{"3":1}}\n';
    const ended = await cli(['script', script('ended.table', given + 'act {"do":"throw","faces":[3,3,3,3,4,5,6]}\nact {"do":"choose_target","value":3}\nact {"do":"take_marker"}\nexpect state phase=game_over\n'), '--board', b.url]);
    expect(ended.code, ended.err.join('\n')).toBe(0);
    const carmen = path.join(REPO, 'test', 'fixtures', 'scripts', 'carmen.table');
    const next = await cli(['script', carmen, '--board', b.url]);
    expect(next.code, next.err.join('\n')).toBe(0);
    // -p names the board as for every other command (here: the same board, not the default sim).
    const again = await cli(['script', carmen, '-p', b.url, '--json', '--replace-game']);
    expect(again.code, again.err.join('\n')).toBe(0);
    expect(again.out.join('\n')).toContain(b.url);
    const two = await cli(['script', carmen, '-p', b.url, '--board', 'sim']);
    expect(two.code).toBe(2);
    expect(two.err.join('\n')).toMatch(/name two boards/);
  }, 60_000);
});
