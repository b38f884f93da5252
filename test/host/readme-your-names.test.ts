/**
 * README, Your first game: the seat buttons name the players Seat 1, Seat 2 …, and a table that
 * wants its own names (Jürgen, Käthe, Strauß) was not told how. The README's command, run as
 * written, leaves a game with those names in the Storage file `npm start` goes on with.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { playReadmeSimLine } from './readme-sim-line';

const README = readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');

describe('README: your names instead of Seat 1 …', () => {
  it("starts npm start's game with the names in the command", async () => {
    const at = README.indexOf('**Your names.**');
    expect(at, 'README says how to give the players names').toBeGreaterThan(README.indexOf('## Your first game'));
    const line = README.slice(at).split('\n').find((l) => l.includes('dicetray script'));
    await playReadmeSimLine(line, 'dt-readme-names-', 'expect state active=Jürgen players.Käthe.frustrations=0 players.Strauß.markers=[] phase=await_first_throw');
  });
});
