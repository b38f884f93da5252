/**
 * `dicetray results [DIR]`: the games the mirror's action logs saw finish, one line each (when,
 * table, scores, winners), as text, JSON or CSV: an evening's records without replaying each log by
 * hand. A log that ends before its game did (the table stopped, the mirror missed the end) is
 * counted, not listed; one that does not replay is named on stderr (exit 1). A game whose end two
 * logs hold (a mirror restarted over a finished game writes a new log from its state) is listed once.
 * A game the mirror joined mid-way says which actions its logs hold: the owner reads its line as a
 * whole game otherwise, and its first log as one more unfinished game.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { replayLog } from '../../../shared/engine/log';
import { gameDef } from '../../../shared/engine/games';
import { stateHash } from '../../../shared/engine/hash';
import { EXIT, fileError } from '../errors';
import { readTextFile, writeOutputFile, type Output } from '../output';
import { checkCsvTarget, csvField, CSV_BOM } from '../csv-table';
import { LOG_NAME } from '../mirror/log-name';
import { samePlayers } from '../mirror/same-players';
import { localIsoTime } from '../local-iso-time';

export interface GameResult {
  /** When the log was last written (its game's end), local ISO time. */
  finished: string;
  /** The table as the log's name has it (the mirror's label, made safe for a file name). */
  table: string;
  game: string;
  log: string;
  actions: number;
  /** Name → points, best first. */
  scores: Record<string, number>;
  winners: string[];
  /** The action the log begins at: 0 from the game's start, more for a game the mirror joined mid-way. */
  joined: number;
  /** The table's log before, which holds the game's actions up to where it ends (null: none of them logged). */
  earlier: string | null;
  /** The actions no log holds (the mirror was not running or did not see the board), or null. */
  unseen: { from: number; to: number } | null;
}

interface Scan {
  games: GameResult[];
  unfinished: string[];
  unreadable: { log: string; line: number; code: string; message: string }[];
}

interface Read {
  name: string;
  table: string;
  state: { n: number; game: string; players: { name: string }[] };
  applied: number;
}

function scan(dir: string): Scan {
  let logs: string[];
  try {
    logs = readdirSync(dir).filter((n) => LOG_NAME.test(n));
  } catch (e) {
    throw fileError('read', dir, e, 'name the folder `dicetray mirror` writes its logs to (--log; .dicetray/logs unless told)');
  }
  const out: Scan = { games: [], unfinished: [], unreadable: [] };
  const seen = new Set<string>();
  // The table's log read just before (the same table's previous log): a game joined mid-way began there.
  const before = new Map<string, Read>();
  // Oldest first: names start with the UTC time the log began.
  for (const name of logs.sort()) {
    const file = join(dir, name);
    const r = replayLog(readTextFile(file, 'a log the mirror wrote; check its permissions'));
    if (!r.ok || !r.state) {
      out.unreadable.push({ log: name, line: r.error ? r.error.line : 0, code: r.error ? r.error.code : 'bad_log', message: r.error ? r.error.message : '' });
      continue;
    }
    const table = LOG_NAME.exec(name)![2];
    const read: Read = { name, table, state: r.state as unknown as Read['state'], applied: r.applied };
    const prev = before.get(table);
    before.set(table, read);
    const def = gameDef(r.state.game);
    const view = def ? (def.view(r.state) as { final_scores?: Record<string, number>; winners?: string[] }) : null;
    if (!view || !view.final_scores || !view.winners) {
      out.unfinished.push(name);
      continue;
    }
    const key = table + '\n' + stateHash(r.state);
    // A log with no action of its own that starts at an end already listed (a mirror restarted
    // over a finished game): the same game. One played to the same end again is another game.
    if (!r.applied && seen.has(key)) continue;
    seen.add(key);
    const joined = read.state.n - r.applied;
    // Joined mid-way: the table's log before holds the start when it stops short of this one in a
    // game of the same players (a mirror restarted, a cable pulled while the table played on).
    // Other tables' logs may lie between the two: a league night's tables log side by side.
    const earlier = joined > 0 && prev && out.unfinished.indexOf(prev.name) >= 0 && prev.state.n < joined && samePlayers(prev.state, read.state) ? prev : null;
    const unseen = joined > 0 ? { from: earlier ? earlier.state.n + 1 : 1, to: joined } : null;
    const fs = view.final_scores;
    const scores: Record<string, number> = {};
    for (const p of Object.keys(fs).sort((a, b) => fs[b] - fs[a])) scores[p] = fs[p];
    out.games.push({ finished: localIsoTime(statSync(file).mtimeMs), table, game: r.state.game, log: name, actions: r.applied, scores, winners: view.winners, joined, earlier: earlier ? earlier.name : null, unseen });
  }
  return out;
}

/** One row per player and game: sums per player (a league's standings) are a pivot table away. */
function csv(games: GameResult[]): string {
  // local_time last, as in the throws' CSV: `finished` (milliseconds, offset) stays text in a
  // spreadsheet, this one is read as a date-time to sort and filter an evening by.
  const rows = [['finished', 'table', 'game', 'player', 'points', 'rank', 'won', 'log', 'local_time'].join(',')];
  for (const g of games) {
    const pts = Object.values(g.scores);
    for (const p of Object.keys(g.scores)) {
      const rank = pts.filter((x) => x > g.scores[p]).length + 1;
      rows.push([g.finished, g.table, g.game, p, g.scores[p], rank, g.winners.indexOf(p) >= 0 ? 'yes' : 'no', g.log, g.finished.slice(0, 19)].map((c) => csvField(c, ',')).join(','));
    }
  }
  return rows.join('\n') + '\n';
}

/** Which of a game's actions the logs hold, for a game the mirror joined mid-way. */
function partText(g: GameResult): string {
  const u = g.unseen!;
  const range = (a: number, b: number) => (a === b ? `action ${a}` : `actions ${a}–${b}`);
  const logged = g.earlier ? `${range(1, u.from - 1)} in ${g.earlier}, ` : '';
  const here = g.actions ? `${range(u.to + 1, u.to + g.actions)} in this log` : 'this log holds its end only';
  return `${logged}${range(u.from, u.to)} not mirrored, ${here}`;
}

export function results(dir: string, opts: { json?: boolean; csv?: string }, io: Output): number {
  checkCsvTarget(opts.csv, opts.json);
  const r = scan(dir);
  const exit = r.unreadable.length ? EXIT.failed : EXIT.ok;
  if (opts.json) io.out(JSON.stringify({ ok: !r.unreadable.length, dir, games: r.games, unfinished: r.unfinished, unreadable: r.unreadable }));
  else if (opts.csv === '-') io.out(csv(r.games).replace(/\n$/, ''));
  else {
    // A log that holds a listed game's first part is named on that game's line, not counted here.
    const parts = new Set(r.games.map((g) => g.earlier));
    const left = r.unfinished.filter((n) => !parts.has(n)).length;
    const ended = left ? ` (${left} more log${left === 1 ? ' ends before its game' : 's end before their games'} did)` : '';
    io.out(`${dir}: ${r.games.length} game${r.games.length === 1 ? '' : 's'} finished${ended}`);
    for (const g of r.games) {
      const who = Object.keys(g.scores).map((p) => `${p} ${g.scores[p]}`).join(' · ');
      io.out(`${g.finished.slice(0, 16).replace('T', ' ')}  ${g.table}  ${who}  (${Object.keys(g.scores).filter((p) => g.winners.indexOf(p) >= 0).join(' & ')} ${g.winners.length > 1 ? 'win' : 'wins'})  ${g.log}`);
      if (g.unseen) io.out(`    seen in part: ${partText(g)}; the points are the board's own`);
    }
  }
  if (opts.csv && opts.csv !== '-') {
    writeOutputFile(opts.csv, CSV_BOM + csv(r.games));
    if (!opts.json) io.out(`written to ${opts.csv}`);
  }
  for (const u of r.unreadable) io.err(`dicetray: ${join(dir, u.log)} line ${u.line}: ${u.code}: ${u.message} (not counted; \`dicetray replay\` on it says more)`);
  if (!r.games.length && !r.unreadable.length && !opts.json && opts.csv !== '-' && !r.unfinished.length) io.err('hint: `dicetray mirror` writes a log per game there (--log DIR); none has finished yet');
  return exit;
}
