/**
 * Writes what a mirror sees to disk: the game's action log (JSON lines, the format
 * `dicetray replay` reads; one file per game or per stretch the mirror could follow without a
 * gap) and, optionally, one CSV row per throw for analysis.
 */
import { appendFileSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { stateHash } from '../../../shared/engine/hash';
import type { PvState } from '../../../shared/games/pechvogel/types';
import type { TableMirror, TableNote } from './table-mirror';
import { EXIT, fileError, HostError } from '../errors';

/**
 * One row per throw: `kind` is first, throw, reroll_reduce, reroll_frustrate or correct; `dice`
 * and `faces` are what was thrown; `targets`/`ravens` are the board's counts after it (0 when the
 * throw ended the turn) and `phase` the phase after it.
 */
export const THROW_CSV_HEADER = 'time,table,log,n,player,kind,dice,faces,target,targets,ravens,phase';

export interface ActionLogOptions {
  /** Directory for the action logs; null = no action logs. */
  dir: string | null;
  /** CSV file for throws (appended); null = none. */
  csv: string | null;
  now?: () => number;
  /** Told about every file started. */
  onFile?: (table: string, file: string) => void;
}

function stamp(t: number): string {
  return new Date(t).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

function csvField(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

/** What kind of throw an action is, from the state before it; null when it is not a throw. */
export function throwKind(before: PvState, a: Record<string, unknown>): string | null {
  if (a.do === 'correct') return 'correct';
  if (a.do !== 'throw' && a.do !== 'roll') return null;
  if (before.phase === 'await_first_throw') return 'first';
  if (before.phase === 'await_reroll') return 'reroll_' + (before.turn.reroll_by || 'other');
  return 'throw';
}

export class ActionLogWriter {
  private files = new Map<string, { file: string; hash: string }>();
  private before = new Map<string, PvState | null>();
  private count = 0;
  private now: () => number;

  constructor(private opts: ActionLogOptions) {
    this.now = opts.now || Date.now;
    // Checked here, before the mirror opens a board: a path that cannot be written is exit 6.
    if (opts.dir) {
      try {
        mkdirSync(opts.dir, { recursive: true });
        if (!statSync(opts.dir).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
      } catch (e) {
        throw fileError('use the log directory', opts.dir, e, 'give a directory you can write to (--log DIR), or --no-log');
      }
    }
    if (opts.csv) {
      // The CSV's directory must exist: a typo in it should not quietly create directories.
      const dir = dirname(opts.csv);
      if (!existsSync(dir)) throw new HostError(`cannot write ${opts.csv}: no directory ${dir}`, EXIT.input, 'give a CSV file in an existing directory (--csv FILE)');
      try {
        if (!existsSync(opts.csv)) writeFileSync(opts.csv, THROW_CSV_HEADER + '\n');
        else appendFileSync(opts.csv, '');
      } catch (e) {
        throw fileError('write', opts.csv, e, 'give a CSV file you can write to (--csv FILE)');
      }
    }
  }

  /** The current log file of a table, if any. */
  fileOf(table: string): string | null {
    const f = this.files.get(table);
    return f ? f.file : null;
  }

  attach(t: TableMirror): void {
    t.on('note', (n: TableNote) => {
      if (n.ev === 'synced') this.onSynced(t);
      else if (n.ev === 'action') this.onAction(t, n);
    });
  }

  private onSynced(t: TableMirror): void {
    const s = t.model.state;
    this.before.set(t.label, s);
    if (!this.opts.dir || !s) return;
    const cur = this.files.get(t.label);
    // Same state as our file's end: the same game goes on in the same file.
    if (cur && cur.hash === stateHash(s)) return;
    const safe = t.label.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'table';
    const file = join(this.opts.dir, `${stamp(this.now())}-${safe}-${++this.count}.jsonl`);
    writeFileSync(file, t.model.log.join('\n') + '\n');
    this.files.set(t.label, { file, hash: stateHash(s) });
    if (this.opts.onFile) this.opts.onFile(t.label, file);
  }

  private onAction(t: TableMirror, n: TableNote): void {
    const after = t.model.state;
    const before = this.before.get(t.label) || null;
    this.before.set(t.label, after);
    const cur = this.files.get(t.label);
    if (cur && after) {
      appendFileSync(cur.file, String(n.line) + '\n');
      cur.hash = stateHash(after);
    }
    if (!this.opts.csv || !before || !after) return;
    const a = n.a as Record<string, unknown>;
    const kind = throwKind(before, a);
    if (!kind) return;
    const faces = Array.isArray(a.faces) ? (a.faces as unknown[]) : [];
    const row = [
      new Date(this.now()).toISOString(),
      t.label,
      cur ? basename(cur.file) : '',
      after.n,
      before.players[before.active] ? before.players[before.active].name : '',
      kind,
      faces.length,
      faces.join(' '),
      after.turn.target !== null ? after.turn.target : before.turn.target !== null ? before.turn.target : '',
      after.turn.targets,
      after.turn.ravens,
      after.phase,
    ];
    appendFileSync(this.opts.csv, row.map(csvField).join(',') + '\n');
  }
}
