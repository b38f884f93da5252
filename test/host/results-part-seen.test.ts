/**
 * `dicetray results` over the logs of a game the mirror saw in part (restarted, or the cable out,
 * while the table played on: two logs, the second from the board's snapshot): the game is listed
 * once, with which actions are in which log and which none holds, and its first log is not counted
 * among the games that did not finish. Two games played to the same end are two games.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { entryLine, headerLine, LOG_FORMAT } from '../../shared/engine/log';
import { step } from '../../shared/engine/step';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { PvState } from '../../shared/games/pechvogel/types';
import type { Action } from '../../shared/engine/types';
import { scratchDir } from '../support/host-harness';
import { run } from './cli-run';

/** A log from `from` (its header the state, as a mirror's snapshot header) through `acts`, and the state it ends at. */
function log(from: PvState, acts: Action[]): { text: string; end: PvState } {
  const lines = [headerLine({ log: LOG_FORMAT, game: 'pechvogel', state: from })];
  let s = from;
  for (const a of acts) {
    const r = step(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.code}`);
    s = r.state as PvState;
    lines.push(entryLine(s, a, r.effects));
  }
  return { text: lines.join('\n') + '\n', end: s };
}

/** Two players, a 5 and a 6 left in the middle: Ben takes the 5, Ann the 6, and the game is over. */
function start(): PvState {
  const r = setupPechvogel({ players: ['Ann', 'Jürgen'], start: 1 });
  if (!r.ok) throw new Error('setup');
  const st = r.state;
  st.middle = [0, 0, 1, 1, 0];
  st.players[0].markers = [3];
  return st;
}
const benTurn: Action[] = [{ do: 'throw', faces: [5, 5, 5, 5, 3, 4, 'R'] }, { do: 'choose_target', value: 5 }, { do: 'take_marker' }];
const annTurn: Action[] = [{ do: 'throw', faces: [6, 6, 6, 6, 3, 4, 'R'] }, { do: 'choose_target', value: 6 }, { do: 'take_marker' }];

describe('dicetray results, games seen in part', () => {
  it('names the log with the start and the actions no log holds, and does not count that log as unfinished', async () => {
    const dir = scratchDir('dt-results-part-');
    // Table A: actions 1–2 logged, 3–4 played while no mirror saw them, the rest in a second log.
    const first = log(start(), benTurn.slice(0, 2));
    const mid = log(first.end, [benTurn[2], annTurn[0]]).end;
    const second = log(mid, annTurn.slice(1));
    writeFileSync(path.join(dir, '20261128T180000Z-A-1.jsonl'), first.text);
    writeFileSync(path.join(dir, '20261128T181000Z-A-2.jsonl'), second.text);
    // Table B: joined at action 2 with no log before it; and a game abandoned there.
    const b = log(log(start(), benTurn.slice(0, 2)).end, [benTurn[2], ...annTurn]);
    writeFileSync(path.join(dir, '20261128T180500Z-B-1.jsonl'), b.text);
    writeFileSync(path.join(dir, '20261128T182000Z-B-2.jsonl'), log(start(), benTurn.slice(0, 1)).text);

    const t = await run(['results', dir], dir);
    expect(t.code, t.err).toBe(0);
    const out = t.out.trim().split('\n');
    expect(out[0]).toBe(`${dir}: 2 games finished (1 more log ends before its game did)`);
    expect(out[1]).toContain('20261128T180500Z-B-1.jsonl');
    expect(out[2]).toBe("    seen in part: actions 1–2 not mirrored, actions 3–6 in this log; the points are the board's own");
    expect(out[3]).toContain('20261128T181000Z-A-2.jsonl');
    expect(out[4]).toBe("    seen in part: actions 1–2 in 20261128T180000Z-A-1.jsonl, actions 3–4 not mirrored, actions 5–6 in this log; the points are the board's own");

    const o = JSON.parse((await run(['results', dir, '--json'], dir)).out);
    expect(o.games).toMatchObject([
      { log: '20261128T180500Z-B-1.jsonl', joined: 2, earlier: null, unseen: { from: 1, to: 2 }, scores: { Ann: 9, Jürgen: 5 } },
      { log: '20261128T181000Z-A-2.jsonl', joined: 4, earlier: '20261128T180000Z-A-1.jsonl', unseen: { from: 3, to: 4 }, scores: { Ann: 9, Jürgen: 5 } },
    ]);
    // JSON keeps listing every log that ends before its game did, the first part too.
    expect(o.unfinished).toEqual(['20261128T180000Z-A-1.jsonl', '20261128T182000Z-B-2.jsonl']);
  });

  it('lists a game played again to the same end as a game of its own, and a log of that end with no action once', async () => {
    const dir = scratchDir('dt-results-again-');
    const g = log(start(), [...benTurn, ...annTurn]);
    writeFileSync(path.join(dir, '20261128T180000Z-A-1.jsonl'), g.text);
    writeFileSync(path.join(dir, '20261128T181000Z-A-2.jsonl'), g.text);
    // A mirror restarted over that finished game: a log of its end, no action.
    writeFileSync(path.join(dir, '20261128T182000Z-A-3.jsonl'), headerLine({ log: LOG_FORMAT, game: 'pechvogel', state: g.end }) + '\n');
    const o = JSON.parse((await run(['results', dir, '--json'], dir)).out);
    expect(o.games.map((x: { log: string; joined: number; unseen: unknown }) => [x.log, x.joined, x.unseen])).toEqual([
      ['20261128T180000Z-A-1.jsonl', 0, null],
      ['20261128T181000Z-A-2.jsonl', 0, null],
    ]);
  });
  it("finds a game's first part in its table's own unfinished log of the same players, whatever other tables logged between", async () => {
    const dir = scratchDir('dt-results-which-');
    const at = (acts: Action[]) => log(start(), acts).end;
    // Table Tisch-2 (a dash in its name, as in the log's name): action 1 logged, action 2 not, the
    // rest in a second log; table D's log, cut short, between the two.
    writeFileSync(path.join(dir, '20261128T180000Z-Tisch-2-1.jsonl'), log(start(), benTurn.slice(0, 1)).text);
    writeFileSync(path.join(dir, '20261128T180100Z-D-1.jsonl'), log(start(), benTurn.slice(0, 1)).text);
    writeFileSync(path.join(dir, '20261128T180200Z-Tisch-2-2.jsonl'), log(at(benTurn.slice(0, 2)), [benTurn[2], ...annTurn]).text);
    // Table E: the log before holds a game of other players, abandoned; this game joined at action 2.
    const other = setupPechvogel({ players: ['Cleo', 'Dan'], start: 1 });
    if (!other.ok) throw new Error('setup');
    writeFileSync(path.join(dir, '20261128T180300Z-E-1.jsonl'), log(other.state as PvState, benTurn.slice(0, 1)).text);
    writeFileSync(path.join(dir, '20261128T180400Z-E-2.jsonl'), log(at(benTurn.slice(0, 2)), [benTurn[2], ...annTurn]).text);
    // Table F: the log before holds a game of the same players that finished (5 the only marker
    // left: over after 3 actions); the next game joined at action 4.
    const short = start();
    short.middle = [0, 0, 1, 0, 0];
    writeFileSync(path.join(dir, '20261128T180500Z-F-1.jsonl'), log(short, benTurn).text);
    writeFileSync(path.join(dir, '20261128T180600Z-F-2.jsonl'), log(at([...benTurn, annTurn[0]]), annTurn.slice(1)).text);
    // Table G: a mirror that came at the end only: a log of the final state, no action.
    writeFileSync(path.join(dir, '20261128T180700Z-G-1.jsonl'), headerLine({ log: LOG_FORMAT, game: 'pechvogel', state: at([...benTurn, ...annTurn]) }) + '\n');

    const o = JSON.parse((await run(['results', dir, '--json'], dir)).out);
    expect(o.games[0].table).toBe('Tisch-2');
    expect(o.games.map((x: { log: string; joined: number; earlier: string | null; unseen: unknown }) => [x.log, x.joined, x.earlier, x.unseen])).toEqual([
      ['20261128T180200Z-Tisch-2-2.jsonl', 2, '20261128T180000Z-Tisch-2-1.jsonl', { from: 2, to: 2 }],
      ['20261128T180400Z-E-2.jsonl', 2, null, { from: 1, to: 2 }],
      ['20261128T180500Z-F-1.jsonl', 0, null, null],
      ['20261128T180600Z-F-2.jsonl', 4, null, { from: 1, to: 4 }],
      ['20261128T180700Z-G-1.jsonl', 6, null, { from: 1, to: 6 }],
    ]);
    const t = await run(['results', dir], dir);
    const seen = t.out.split('\n').filter((l) => l.startsWith('    seen in part: '));
    expect(seen).toEqual([
      "    seen in part: action 1 in 20261128T180000Z-Tisch-2-1.jsonl, action 2 not mirrored, actions 3–6 in this log; the points are the board's own",
      "    seen in part: actions 1–2 not mirrored, actions 3–6 in this log; the points are the board's own",
      "    seen in part: actions 1–4 not mirrored, actions 5–6 in this log; the points are the board's own",
      "    seen in part: actions 1–6 not mirrored, this log holds its end only; the points are the board's own",
    ]);
    // D-1 and E-1 end before their games did; Tisch-2-1 is named on Tisch-2-2's line instead.
    expect(t.out.split('\n')[0]).toBe(`${dir}: 5 games finished (2 more logs end before their games did)`);
  });
});
