/**
 * `dicetray results`: an evening's finished games from the mirror's action logs, as the mirror
 * names them (`<stamp>-<table>-<n>.jsonl`): a game listed once even where two logs hold its end,
 * a log that stops before its game's end counted but not listed, one that does not replay named
 * (exit 1), names that a spreadsheet would run as formulas kept as text in the CSV.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { playRandomGame } from '../support/play';
import { run as runActions } from '../support/pv-states';
import { replayLog } from '../../shared/engine/log';
import { pechvogel } from '../../shared/games/pechvogel';
import type { PvState } from '../../shared/games/pechvogel/types';
import { Cli, PtyBoard, scratchDir } from '../support/host-harness';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { HostCmd } from '../../shared/protocol/messages';

const done: (() => unknown)[] = [];
afterEach(async () => {
  while (done.length) await done.pop()!();
});
import { expectClean, run } from './cli-run';

/** A random finished game's log. */
function finishedLog(seed: number, names: string[]): { log: string; scores: Record<string, number>; winners: string[] } {
  const log = playRandomGame(seed, names.length, 5000, names).log;
  const r = replayLog(log);
  expect(r.ok).toBe(true);
  const v = pechvogel.view(r.state as PvState) as { final_scores: Record<string, number>; winners: string[] };
  return { log, scores: v.final_scores, winners: v.winners };
}

describe('dicetray results', () => {
  it('lists each finished game once (oldest first), counts the unfinished, names the unreadable', async () => {
    const dir = scratchDir('dt-results-');
    const a = finishedLog(1, ['Ann', 'Ben', 'Cleo']);
    const b = finishedLog(2, ['Jürgen', '=HYPERLINK("x")', 'Dev', 'Eve']);
    writeFileSync(path.join(dir, '20261128T180000Z-Table_1-1.jsonl'), a.log);
    // The mirror restarted over the finished game: a second log from its final state, no actions.
    const end = replayLog(a.log).state!;
    writeFileSync(path.join(dir, '20261128T190000Z-Table_1-2.jsonl'), JSON.stringify({ log: 'dicetray-log/1', game: 'pechvogel', state: end }) + '\n');
    writeFileSync(path.join(dir, '20261128T181500Z-Cafe-1.jsonl'), b.log);
    // The table stopped mid-game.
    writeFileSync(path.join(dir, '20261128T200000Z-Table_1-3.jsonl'), a.log.split('\n').slice(0, 12).join('\n') + '\n');
    // Edited: a line's hash no longer matches.
    const lines = b.log.split('\n');
    lines[5] = lines[5].replace(/"h":"[0-9a-f]+"/, '"h":"00000000"');
    writeFileSync(path.join(dir, '20261128T210000Z-Cafe-2.jsonl'), lines.join('\n'));
    // Not a log of the mirror's: left alone.
    writeFileSync(path.join(dir, 'notes.txt'), 'hello');

    const t = await run(['results', dir], dir);
    expect(t.code).toBe(1);
    const out = t.out.trim().split('\n');
    expect(out[0]).toBe(`${dir}: 2 games finished (1 more log ends before its game did)`);
    expect(out[1]).toContain('Table_1');
    expect(out[1]).toContain(`(${a.winners.join(' & ')} win`);
    expect(out[2]).toContain('Cafe');
    expect(out[2]).toContain(`Jürgen ${b.scores['Jürgen']}`);
    expect(t.err).toContain('20261128T210000Z-Cafe-2.jsonl line 6: hash_mismatch');

    const j = await run(['results', dir, '--json'], dir);
    const o = JSON.parse(j.out);
    // A log that does not replay: exit 1 and ok false, in JSON too.
    expect(j.code).toBe(1);
    expect(o.ok).toBe(false);
    expect(o.games.map((g: { log: string }) => g.log)).toEqual(['20261128T180000Z-Table_1-1.jsonl', '20261128T181500Z-Cafe-1.jsonl']);
    expect(o.games[0].scores).toEqual(a.scores);
    expect(Object.values(o.games[0].scores)).toEqual(Object.values(a.scores).sort((x, y) => (y as number) - (x as number)));
    expect(o.games[1].winners).toEqual(b.winners);
    expect(o.unfinished).toEqual(['20261128T200000Z-Table_1-3.jsonl']);
    expect(o.unreadable).toMatchObject([{ log: '20261128T210000Z-Cafe-2.jsonl', line: 6, code: 'hash_mismatch' }]);

    const csvFile = path.join(dir, 'results.csv');
    const c = await run(['results', dir, '--csv', csvFile], dir);
    expect(c.out).toContain('written to ' + csvFile);
    const csv = readFileSync(csvFile, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = csv.slice(1).trim().split('\n');
    expect(rows[0]).toBe('finished,table,game,player,points,rank,won,log,local_time');
    expect(rows).toHaveLength(1 + 3 + 4);
    // A name that is a formula stays text (a leading apostrophe), quoted for its comma-free quotes.
    expect(csv).toContain(`"'=HYPERLINK(""x"")",${b.scores['=HYPERLINK("x")']}`);
    // The finished time again as a spreadsheet reads a date-time: local, to the second, no offset.
    const first = rows[1].split(',');
    expect(first[8]).toBe(first[0].slice(0, 19));
    expect(first[8]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const winnerRows = rows.filter((r) => /,1,yes,/.test(r));
    expect(winnerRows.length).toBe(a.winners.length + b.winners.length);
    // With --json, stdout is the JSON alone (a program reads it), the file written all the same.
    const jc = await run(['results', dir, '--json', '--csv', csvFile + '2'], dir);
    expect(JSON.parse(jc.out)).toMatchObject({ ok: false, games: o.games });
    expect(readFileSync(csvFile + '2', 'utf8')).toBe(csv);
  });

  it('ranks tied players alike (1, 1, 3, 3), names every winner, lists the same ending at two tables at each, and writes --csv - to stdout', async () => {
    const dir = scratchDir('dt-results-tie-');
    // Two tied for the win and two tied last; a name a spreadsheet would read as a formula (-).
    const r = setupPechvogel({ players: ['Ann', 'Cleo', '-Ben', 'Dev'] });
    if (!r.ok) throw new Error('setup');
    const st = r.state;
    st.middle = [1, 0, 0, 0, 0];
    st.players[1].markers = [4, 5];
    st.players[2].markers = [4, 5];
    st.players[3].markers = [3];
    const end = runActions(st, [{ do: 'throw', faces: [3, 3, 3, 3, 4, 5, 6] }, { do: 'choose_target', value: 3 }, { do: 'take_marker' }]);
    const log = JSON.stringify({ log: 'dicetray-log/1', game: 'pechvogel', state: end }) + '\n';
    writeFileSync(path.join(dir, '20261128T180000Z-Ecke-1.jsonl'), log);
    writeFileSync(path.join(dir, '20261128T181000Z-Bar-1.jsonl'), log);

    const t = await run(['results', dir], dir);
    expect(t.code, t.err).toBe(0);
    // A game's lines only (each log holds its end alone: a line under each says so).
    const out = t.out.trim().split('\n').filter((l) => !l.startsWith('    seen in part: '));
    expect(out[0]).toBe(`${dir}: 2 games finished`);
    expect(out[1]).toContain('  Ecke  ');
    // The winners in the order the points line names them (the conventions' winners are sorted by name).
    expect(out[1]).toContain('Cleo 9 · -Ben 9 · ');
    expect(out[1]).toContain('(Cleo & -Ben win)');
    expect(out[2]).toContain('  Bar  ');

    const c = await run(['results', dir, '--csv', '-'], dir);
    expect(c.code, c.err).toBe(0);
    expect(c.out.charCodeAt(0)).not.toBe(0xfeff);
    // The last row ends the output: no blank line after it (a row more for `wc -l` and pipes).
    expect(c.out).toMatch(/[^\n]\n$/);
    const rows = c.out.trim().split('\n');
    expect(rows[0]).toBe('finished,table,game,player,points,rank,won,log,local_time');
    const cells = rows.slice(1).map((row) => row.split(','));
    expect(cells.filter((x) => x[1] === 'Bar')).toHaveLength(4);
    const ecke = Object.fromEntries(cells.filter((x) => x[1] === 'Ecke').map((x) => [x[3], x.slice(4, 7).join(' ')]));
    expect(ecke).toEqual({ "'-Ben": '9 1 yes', Cleo: '9 1 yes', Ann: '3 3 no', Dev: '3 3 no' });
  });

  it('says what is wrong with a folder that is not there, and refuses --csv - with --json', async () => {
    const dir = scratchDir('dt-results-none-');
    expectClean(await run(['results', path.join(dir, 'nope')], dir), 6, /cannot read .*nope/);
    expectClean(await run(['results', dir, '--json', '--csv', '-'], dir), 2, /--csv - and --json/);
  });

  it('reads the logs a mirror wrote of a game it saw end on a board (a real pty)', async () => {
    const dir = scratchDir('dt-results-mirror-');
    const b = await PtyBoard.start(dir, 'ttyRES');
    done.push(() => b.stop());
    const logs = path.join(dir, 'logs');
    const cli = new Cli(['mirror', '--port', `Ecke=${b.path}`, '--json', '--log', logs], { cwd: dir });
    done.push(() => cli.stop());
    // One 3 left in the middle: Ann throws four 3s, takes it, and the game is over.
    const r = setupPechvogel({ players: ['Ann', 'Ben'] });
    if (!r.ok) throw new Error('setup');
    const st = r.state;
    st.middle = [1, 0, 0, 0, 0];
    st.players[1].markers = [4, 5];
    await cli.event((e) => e.ev === 'synced');
    b.command({ c: 'cfg', k: 'marker_ms', v: 60000 } as HostCmd);
    b.command({ c: 'load', st } as never);
    await cli.event((e) => e.ev === 'synced' && e.n === 0);
    for (const a of [{ do: 'throw', faces: [3, 3, 3, 3, 4, 5, 6] }, { do: 'choose_target', value: 3 }, { do: 'take_marker' }]) b.command({ c: 'act', a } as HostCmd);
    await cli.event((e) => e.ev === 'action' && e.phase === 'game_over');
    cli.stop();
    await cli.exited;
    const j = await run(['results', logs, '--json'], dir);
    expect(j.code, j.err).toBe(0);
    const o = JSON.parse(j.out);
    expect(o.games).toHaveLength(1);
    expect(o.games[0]).toMatchObject({ table: 'Ecke', game: 'pechvogel', actions: 3, scores: { Ben: 9, Ann: 3 }, winners: ['Ben'] });
    const t = await run(['results', logs], dir);
    expect(t.out.split('\n').slice(0, 1)).toEqual([`${logs}: 1 game finished`]);
    expect(t.out).toContain('  Ecke  Ben 9 · Ann 3  (Ben wins)  ');
  }, 60_000);
});
