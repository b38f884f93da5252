/**
 * Writes what a mirror sees to disk: the game's action log (JSON lines, the format
 * `dicetray replay` reads; one file per game or per stretch the mirror could follow without a
 * gap) and, optionally, one CSV row per throw for analysis.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { makeFolder } from '../../../firmware/build/make-folder';
import { basename, dirname, join } from 'node:path';
import { stateHash } from '../../../shared/engine/hash';
import { replayLog } from '../../../shared/engine/log';
import type { PvState } from '../../../shared/games/pechvogel/types';
import type { TableMirror, TableNote } from './table-mirror';
import { EXIT, fileError, HostError } from '../errors';
import { CSV_BOM, csvField } from '../csv-table';
import { LOG_NAME, safeName, stamp } from './log-name';
import { checkOutputFolder } from '../output';
import { localIsoTime } from '../local-iso-time';
import { spreadsheetTime } from '../spreadsheet-time';

/**
 * One row per throw (README "Commands", --csv). `kind` is first, throw, reroll_reduce,
 * reroll_frustrate, correct, or gap (the mirror picked the table up again at step n after not
 * seeing it: throws before may be missing); `source` entered (faces keyed in), virtual (a roll) or
 * empty (a first throw read from the board's state after a gap, not seen thrown); `dice` and
 * `faces` are what was thrown; `target` is the turn's target (for a first throw the one chosen from
 * it: its row is written when the target is chosen) and `targets`/`ravens` count the target faces
 * and ravens among this throw's own dice. `phase` is the phase after it. A correct row replaces the
 * row whose n is in `corrects` (both stay in the file: leave the replaced row out when counting).
 * `time` is local time with its UTC offset (local-iso-time.ts), one exact instant; `local_time` the
 * same local time to the second, without the offset, which spreadsheets read as a date-time
 * (spreadsheet-time.ts; they kept `time` as text). Last, so the other columns stay where they were.
 */
export const THROW_CSV_HEADER = 'time,table,log,n,player,kind,source,dice,faces,target,targets,ravens,phase,corrects,local_time';
/** The columns before `local_time`: a file begun by an older dicetray goes on in them. */
export const THROW_CSV_HEADER_NO_LOCAL_TIME = THROW_CSV_HEADER.replace(/,local_time$/, '');

export interface ActionLogOptions {
  /** Directory for the action logs; null = no action logs. */
  dir: string | null;
  /** CSV file for throws (appended); null = none. */
  csv: string | null;
  /** The CSV for a spreadsheet that reads ';' between fields (German, French, Italian, …; --decimal-comma). */
  decimalComma?: boolean;
  now?: () => number;
  /** Told about every file started. */
  onFile?: (table: string, file: string) => void;
  /** Told when a write fails while mirroring (disk full, directory gone); the mirror goes on. */
  onError?: (table: string, message: string) => void;
}

/** What kind of throw an action is, from the state before it; null when it is not a throw. */
function throwKind(before: PvState, a: Record<string, unknown>): string | null {
  if (a.do === 'correct') return 'correct';
  if (a.do !== 'throw' && a.do !== 'roll') return null;
  if (before.phase === 'await_first_throw') return 'first';
  if (before.phase === 'await_reroll') return 'reroll_' + (before.turn.reroll_by || 'other');
  return 'throw';
}

/** A throw's row before it is written (a first throw waits for its target). */
interface ThrowRow {
  time: number;
  log: string;
  n: number;
  player: string;
  kind: string;
  /** Empty: a first throw read from the board's state after a gap, not seen thrown. */
  source: 'entered' | 'virtual' | '';
  faces: unknown[];
  target: number | null;
  phase: string;
  corrects: number | null;
}

/** The faces of a throw: keyed in (the action's), or drawn by a virtual roll (the log line's). */
function facesOf(a: Record<string, unknown>, line: unknown): unknown[] {
  if (Array.isArray(a.faces)) return a.faces;
  try {
    const e = JSON.parse(String(line));
    return Array.isArray(e.faces) ? e.faces : [];
  } catch {
    return [];
  }
}

export class ActionLogWriter {
  private files = new Map<string, { file: string; hash: string }>();
  /** Per table, its newest log when the mirror started (latestLog), read once: until this run writes a log of its own it stays the newest. */
  private newest = new Map<string, ReturnType<ActionLogWriter['latestLog']>>();
  private before = new Map<string, PvState | null>();
  /** Per table: a first throw's row waiting for its target, and the n of the last throw row. */
  private pending = new Map<string, ThrowRow>();
  private lastThrow = new Map<string, number>();
  private reported = new Set<string>();
  /** Tables whose log file lost a line: their next action starts a new file. */
  private broken = new Set<string>();
  /**
   * Per table: the number of its newest log file. It goes on from the highest number the folder
   * already holds for the table, so one evening's files count 1, 2, 3 … across mirror restarts
   * (each run began at 1 again: three '-1' files for three different games).
   */
  private count = new Map<string, number>();
  private now: () => number;
  /** Between the CSV's fields. */
  private sep: string;
  /** Whether rows end with local_time: not in a file an older dicetray began without it. */
  private localTime = true;

  constructor(private opts: ActionLogOptions) {
    this.now = opts.now || Date.now;
    this.sep = opts.decimalComma ? ';' : ',';
    // Checked here, before the mirror opens a board: a path that cannot be written is exit 6.
    if (opts.dir) {
      try {
        makeFolder(opts.dir);
        if (!statSync(opts.dir).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
      } catch (e) {
        throw fileError('use the log directory', opts.dir, e, 'give a directory you can write to (--log DIR), or --no-log');
      }
    }
    if (opts.csv) {
      // The CSV's directory must exist: a typo in it should not quietly create directories.
      checkOutputFolder(opts.csv, 'give a CSV file in an existing directory (--csv FILE)');
      const header = THROW_CSV_HEADER.replace(/,/g, this.sep);
      let first = header;
      try {
        // A new (or empty) file starts with the BOM and the header; an older dicetray's file, begun
        // without a BOM, goes on without one (a BOM mid-file would be a character in a cell).
        const st = existsSync(opts.csv) ? statSync(opts.csv) : null;
        if (!st || (st.isFile() && !st.size)) writeFileSync(opts.csv, CSV_BOM + header + '\n');
        // A pipe or a device (/dev/stdout, a FIFO): reading it back for its header waited for ever
        // (or read a terminal); a stream has nothing to continue, so its header starts it (no BOM:
        // a stream goes to programs, as the classroom CSVs on standard output do).
        else if (!st.isFile()) appendFileSync(opts.csv, header + '\n');
        else {
          appendFileSync(opts.csv, '');
          first = readFileSync(opts.csv, 'utf8').split('\n')[0].replace(/^\uFEFF/, '').trim();
        }
      } catch (e) {
        throw fileError('write', opts.csv, e, 'give a CSV file you can write to (--csv FILE)');
      }
      // Rows of another column layout would be read under the wrong header.
      // The same columns with the other separator: a file begun with(out) --decimal-comma.
      const otherSep = (h: string) => h.replace(/,/g, this.sep === ',' ? ';' : ',');
      // An older dicetray's file, without local_time: its rows go on in its columns.
      if (first === THROW_CSV_HEADER_NO_LOCAL_TIME.replace(/,/g, this.sep)) this.localTime = false;
      else if (first === otherSep(THROW_CSV_HEADER) || first === otherSep(THROW_CSV_HEADER_NO_LOCAL_TIME)) throw new HostError(`${opts.csv} separates its fields with '${this.sep === ',' ? ';' : ','}'`, EXIT.input, this.sep === ',' ? 'add --decimal-comma to go on with it, or give a new CSV file' : 'leave out --decimal-comma to go on with it, or give a new CSV file');
      else if (first && first !== header) throw new HostError(`${opts.csv} has other columns (${first.slice(0, 60)}…)`, EXIT.input, 'give a new CSV file for the throws (this one was written by something else, or by an older dicetray)');
    }
  }

  /** The current log file of a table, if any. */
  fileOf(table: string): string | null {
    const f = this.files.get(table);
    return f ? f.file : null;
  }

  attach(t: TableMirror): void {
    // The game as the table's newest log left it: the first sync then tells the actions this run
    // missed from those an earlier run logged (and a board where that log ends missed nothing).
    const last = this.opts.dir ? this.latestLog(safeName(t.label)) : null;
    this.newest.set(t.label, last);
    if (last) t.model.earlier = last.state;
    t.on('note', (n: TableNote) => {
      if (n.ev === 'synced') this.safely(t.label, () => this.onSynced(t, !!n.seamless));
      else if (n.ev === 'action') this.onAction(t, n);
    });
  }

  /** A write that fails mid-game must not end the mirror: it is reported (each failure once per table). */
  private safely(label: string, write: () => void): boolean {
    try {
      write();
      return true;
    } catch (e) {
      if (!this.opts.onError) throw e;
      const err = e as NodeJS.ErrnoException;
      const why = fileError('write', err.path || 'a log file', e, '').message;
      // Once per folder and cause: retries with a new file name each action say nothing new.
      const key = label + '\n' + (err.path ? dirname(err.path) + '\n' + err.code : why);
      if (!this.reported.has(key)) this.opts.onError(label, why);
      this.reported.add(key);
      return false;
    }
  }

  /** `seamless`: a game started or cleared in view (MirrorModel's synced event). */
  private onSynced(t: TableMirror, seamless: boolean): void {
    const s = t.model.state;
    const label = t.label;
    const prev = this.before.get(label);
    this.before.set(label, s);
    const hash = s ? stateHash(s) : '';
    // The first sync in this mirror: the table's newest log from an earlier mirror run may end at
    // this very state (the mirror restarted, the board did not move on): the game goes on there.
    const old = s && !this.files.has(label) ? this.newest.get(label) || null : null;
    // The table played on where this mirror did not see it (it was not running, or lost the
    // board; a game ended or another begun counts): the CSV says so, or its throws would look
    // complete. Unknown (no log to tell) counts as unseen once a game has begun.
    let gap: boolean;
    if (prev === undefined) gap = !!s && s.n > 0 && !(old && old.hash === hash);
    else if (!prev) gap = !!s && s.n > 0;
    // A rematch or a cleared table watched as it happened misses nothing (it wrote a gap row).
    else if (seamless && (!s || s.n === 0)) gap = false;
    else gap = (!s || stateHash(prev) !== hash) && (prev.n > 0 || (!!s && s.n > 0));
    if (gap && this.opts.csv) {
      // What was seen before it goes first (a first throw whose target came unseen: target unknown),
      // and nothing after it corrects a row from before it.
      const waiting = this.pending.get(label);
      this.pending.delete(label);
      this.lastThrow.delete(label);
      if (waiting) this.safely(label, () => this.writeRow(label, waiting));
    }
    if (s && this.opts.dir) {
      const cur = this.files.get(label);
      if (old && old.hash === hash) {
        this.files.set(label, { file: old.file, hash: old.hash });
        if (this.opts.onFile) this.opts.onFile(label, old.file);
        // A first throw waiting for its target when the last mirror stopped: its row waited in
        // that mirror's memory, and with no gap here nothing would say it is missing.
        if (this.opts.csv && !this.pending.has(label)) this.safely(label, () => this.resumeFirstThrow(label, s, old.file, old.text));
      } else if (!cur || cur.hash !== hash) this.newFile(t, hash); // else the same game goes on in the same file
    }
    if (gap && this.opts.csv) this.safely(label, () => this.writeGap(label, s));
    // Picked up where a first throw waits for its target: the board's state still holds its
    // faces, and its row would be lost (a player's turns counted one short). How it was thrown
    // was not seen: its source stays empty.
    if (gap && this.opts.csv && s && s.phase === 'await_target' && Array.isArray(s.turn.first_faces)) {
      const p = s.players[s.active];
      this.lastThrow.set(label, s.n);
      const cur = this.files.get(label);
      this.pending.set(label, { time: this.now(), log: cur ? basename(cur.file) : '', n: s.n, player: p ? p.name : '', kind: 'first', source: '', faces: s.turn.first_faces.slice(), target: null, phase: s.phase, corrects: null });
    }
  }

  /**
   * The row of the first throw that `file` (the log this mirror goes on in, `text` as latestLog
   * read it) ends with, waiting for its target as the last mirror's was: from the state's first
   * faces and the log's last line (a roll or an entered throw, or a correction of it), at the time
   * the line was written.
   */
  private resumeFirstThrow(label: string, s: PvState, file: string, text: string): void {
    if (s.phase !== 'await_target' || !Array.isArray(s.turn.first_faces)) return;
    const lines = text.split('\n').filter((l) => l.trim());
    const entries = lines.slice(1).map((l) => JSON.parse(l) as { n: number; a: Record<string, unknown> });
    const thrown = (e: { a: Record<string, unknown> } | undefined) => !!e && !!e.a && (e.a.do === 'throw' || e.a.do === 'roll' || e.a.do === 'correct');
    const last = entries[entries.length - 1];
    if (!thrown(last) || last.n !== s.n) return;
    const kind = last.a.do === 'correct' ? 'correct' : 'first';
    let corrects: number | null = null;
    for (let i = entries.length - 2; kind === 'correct' && i >= 0 && corrects === null; i--) if (thrown(entries[i])) corrects = entries[i].n;
    const p = s.players[s.active];
    this.lastThrow.set(label, s.n);
    this.pending.set(label, {
      time: statSync(file).mtimeMs,
      log: basename(file),
      n: s.n,
      player: p ? p.name : '',
      kind,
      source: last.a.do === 'roll' ? 'virtual' : 'entered',
      faces: s.turn.first_faces.slice(),
      target: null,
      phase: s.phase,
      corrects,
    });
  }

  /** A `gap` row: the mirror picked the table up again at step s.n (no game: empty); throws before it may be missing. */
  private writeGap(label: string, s: PvState | null): void {
    const cur = this.files.get(label);
    const p = s ? s.players[s.active] : null;
    const now = this.now();
    this.appendRow(now, [localIsoTime(now), label, cur ? basename(cur.file) : '', s ? s.n : '', p ? p.name : '', 'gap', '', '', '', s && s.turn.target !== null ? s.turn.target : '', '', '', s ? s.phase : '', '']);
  }

  /** A new log file for the table: the mirror's log since its snapshot (header and every action since). */
  private newFile(t: TableMirror, hash: string): void {
    const safe = safeName(t.label);
    let file = '';
    let count = this.count.get(t.label) ?? this.highestNumber(safe);
    // Never over another run's file of the same second, nor through a link left at its name
    // (created here or not at all: a link, even one to nowhere, is a name taken).
    for (;;) {
      file = join(this.opts.dir!, `${stamp(this.now())}-${safe}-${++count}.jsonl`);
      try {
        writeFileSync(file, t.model.log.join('\n') + '\n', { flag: 'wx' });
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    this.count.set(t.label, count);
    this.files.set(t.label, { file, hash });
    this.broken.delete(t.label);
    if (this.opts.onFile) this.opts.onFile(t.label, file);
  }

  /** The highest number of a log this directory holds for a table (0: none). */
  private highestNumber(safe: string): number {
    let high = 0;
    try {
      for (const name of readdirSync(this.opts.dir!)) {
        const m = LOG_NAME.exec(name);
        if (m && m[2] === safe) high = Math.max(high, Number(m[3]));
      }
    } catch {
      // An unreadable folder: writing the file will say what is wrong.
    }
    return high;
  }

  /**
   * The newest log this directory holds for a table (file names start with their time stamp) and
   * the hash of the state it replays to; null if there is none or it does not replay to its end
   * (a torn or edited file is left as it is, the game goes on in a new one).
   */
  private latestLog(safe: string): { file: string; hash: string; text: string; state: PvState } | null {
    let best: { name: string; key: string } | null = null;
    try {
      for (const name of readdirSync(this.opts.dir!)) {
        const m = LOG_NAME.exec(name);
        // Same second: the higher count is the later file.
        const key = m && m[2] === safe ? m[1] + m[3].padStart(9, '0') : '';
        if (key && (!best || key > best.key)) best = { name, key };
      }
    } catch {
      return null;
    }
    if (!best) return null;
    const file = join(this.opts.dir!, best.name);
    try {
      const text = readFileSync(file, 'utf8');
      const r = replayLog(text);
      return r.ok && r.state ? { file, hash: stateHash(r.state), text, state: r.state as PvState } : null;
    } catch {
      return null;
    }
  }

  private onAction(t: TableMirror, n: TableNote): void {
    const after = t.model.state;
    const before = this.before.get(t.label) || null;
    this.before.set(t.label, after);
    const cur = this.files.get(t.label);
    if (cur && after) {
      // A line that could not be written (disk full) leaves the file short of it: later lines
      // there would not replay. The game goes on in a new file once writing works again.
      if (this.safely(t.label, () => appendFileSync(cur.file, String(n.line) + '\n'))) cur.hash = stateHash(after);
      else {
        this.files.delete(t.label);
        this.broken.add(t.label);
      }
    } else if (after && this.broken.has(t.label)) {
      this.safely(t.label, () => this.newFile(t, stateHash(after)));
    }
    if (!this.opts.csv || !before || !after) return;
    const a = n.a as Record<string, unknown>;
    const label = t.label;
    // A first throw waits for its target; the next action decides it.
    const waiting = this.pending.get(label);
    if (waiting) {
      this.pending.delete(label);
      if (a.do === 'choose_target' && typeof a.value === 'number') waiting.target = a.value;
      this.safely(label, () => this.writeRow(label, waiting));
    }
    const kind = throwKind(before, a);
    if (!kind) return;
    // A correction is a throw of the kind it replaces, taken from the state before that throw.
    const thrownFrom = kind === 'correct' && before.undo ? before.undo : before;
    const row: ThrowRow = {
      time: this.now(),
      log: cur ? basename(cur.file) : '',
      n: after.n,
      player: thrownFrom.players[thrownFrom.active] ? thrownFrom.players[thrownFrom.active].name : '',
      kind,
      source: a.do === 'roll' ? 'virtual' : 'entered',
      faces: facesOf(a, n.line),
      target: thrownFrom.turn.target,
      phase: after.phase,
      corrects: kind === 'correct' ? this.lastThrow.get(label) ?? null : null,
    };
    this.lastThrow.set(label, row.n);
    if (after.phase === 'await_target' && thrownFrom.phase === 'await_first_throw') this.pending.set(label, row);
    else this.safely(label, () => this.writeRow(label, row));
  }

  private writeRow(label: string, r: ThrowRow): void {
    const targets = r.target === null ? '' : r.faces.filter((f) => f === r.target).length;
    const ravens = r.faces.filter((f) => f === 'R').length;
    this.appendRow(r.time, [localIsoTime(r.time), label, r.log, r.n, r.player, r.kind, r.source, r.faces.length, r.faces.join(' '), r.target === null ? '' : r.target, targets, ravens, r.phase, r.corrects === null ? '' : r.corrects]);
  }

  /** One CSV row, in THROW_CSV_HEADER's columns: `cells` up to `corrects`, then local_time of `time` (where the file has it). */
  private appendRow(time: number, cells: unknown[]): void {
    const all = this.localTime ? cells.concat(spreadsheetTime(time)) : cells;
    appendFileSync(this.opts.csv!, all.map((c) => csvField(c, this.sep)).join(this.sep) + '\n');
  }
}
