/**
 * `dicetray results [DIR]`: the games the mirror's action logs saw finish, one line each (when,
 * table, scores, winners), as text, JSON or CSV: an evening's records without replaying each log by
 * hand. A log that ends before its game did (the table stopped, the mirror missed the end) is
 * counted, not listed; one that does not replay is named on stderr (exit 1). A game whose end two
 * logs hold (a mirror restarted over a finished game writes a new log from its state) is listed once.
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
}

interface Scan {
  games: GameResult[];
  unfinished: string[];
  unreadable: { log: string; line: number; code: string; message: string }[];
}

function scan(dir: string): Scan {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => LOG_NAME.test(n));
  } catch (e) {
    throw fileError('read', dir, e, 'name the folder `dicetray mirror` writes its logs to (--log; .dicetray/logs unless told)');
  }
  const out: Scan = { games: [], unfinished: [], unreadable: [] };
  const seen = new Set<string>();
  // Oldest first: names start with the UTC time the log began.
  for (const name of names.sort()) {
    const file = join(dir, name);
    const r = replayLog(readTextFile(file, 'a log the mirror wrote; check its permissions'));
    if (!r.ok || !r.state) {
      out.unreadable.push({ log: name, line: r.error ? r.error.line : 0, code: r.error ? r.error.code : 'bad_log', message: r.error ? r.error.message : '' });
      continue;
    }
    const def = gameDef(r.state.game);
    const view = def ? (def.view(r.state) as { final_scores?: Record<string, number>; winners?: string[] }) : null;
    if (!view || !view.final_scores || !view.winners) {
      out.unfinished.push(name);
      continue;
    }
    const table = LOG_NAME.exec(name)![2];
    const key = table + '\n' + stateHash(r.state);
    if (seen.has(key)) continue;
    seen.add(key);
    const fs = view.final_scores;
    const scores: Record<string, number> = {};
    for (const p of Object.keys(fs).sort((a, b) => fs[b] - fs[a])) scores[p] = fs[p];
    out.games.push({ finished: localIsoTime(statSync(file).mtimeMs), table, game: r.state.game, log: name, actions: r.applied, scores, winners: view.winners });
  }
  return out;
}

/** One row per player and game: sums per player (a league's standings) are a pivot table away. */
function csv(games: GameResult[]): string {
  const rows = [['finished', 'table', 'game', 'player', 'points', 'rank', 'won', 'log'].join(',')];
  for (const g of games) {
    const pts = Object.values(g.scores);
    for (const p of Object.keys(g.scores)) {
      const rank = pts.filter((x) => x > g.scores[p]).length + 1;
      rows.push([g.finished, g.table, g.game, p, g.scores[p], rank, g.winners.indexOf(p) >= 0 ? 'yes' : 'no', g.log].map((c) => csvField(c, ',')).join(','));
    }
  }
  return rows.join('\n') + '\n';
}

export function results(dir: string, opts: { json?: boolean; csv?: string }, io: Output): number {
  checkCsvTarget(opts.csv, opts.json);
  const r = scan(dir);
  const exit = r.unreadable.length ? EXIT.failed : EXIT.ok;
  if (opts.json) io.out(JSON.stringify({ ok: !r.unreadable.length, dir, games: r.games, unfinished: r.unfinished, unreadable: r.unreadable }));
  else if (opts.csv === '-') io.out(csv(r.games).replace(/\n$/, ''));
  else {
    const ended = r.unfinished.length ? ` (${r.unfinished.length} more log${r.unfinished.length === 1 ? ' ends' : 's end'} before its game did)` : '';
    io.out(`${dir}: ${r.games.length} game${r.games.length === 1 ? '' : 's'} finished${ended}`);
    for (const g of r.games) {
      const who = Object.keys(g.scores).map((p) => `${p} ${g.scores[p]}`).join(' · ');
      io.out(`${g.finished.slice(0, 16).replace('T', ' ')}  ${g.table}  ${who}  (${g.winners.join(' & ')} ${g.winners.length > 1 ? 'win' : 'wins'})  ${g.log}`);
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
