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
});
