import { replayLog } from '../../../shared/engine/log';
import { gameDef } from '../../../shared/engine/games';
import { stateHash } from '../../../shared/engine/hash';
import { EXIT } from '../errors';
import { readTextFile, type Output } from '../output';
import { describeError } from '../../../shared/engine/error-text';
import { SCENARIO_SCHEMA } from '../../../shared/conformance/run-scenarios';

/** What to do about a log that stops replaying, by error code. */
function hintFor(code: string, line: number, message: string, text: string): string {
  if (line === 1 && text.indexOf(SCENARIO_SCHEMA) >= 0) return `this is a file of conformance scenarios: \`dicetray conform\` checks those`;
  if (line === 1) return 'pass an action log written by `dicetray mirror` (.dicetray/logs/*.jsonl); its first line says how the game started';
  if (code === 'hash_mismatch') return 'the line was edited, or written by another engine version; the lines before it replay';
  if (code === 'sequence_gap') return 'a line is missing, repeated or out of order; the lines before it replay';
  if (code === 'bad_log' && /torn/.test(message)) return 'a torn last line (power cut, disk full) can be deleted; the lines before it replay';
  if (code === 'bad_log') return 'the line is damaged or was edited; the lines before it replay';
  return 'the rules do not allow this action here: the log was edited or belongs to another game; the lines before it replay';
}

/**
 * `dicetray replay LOG`: rebuild a game from its action log, print the final state. Exit 6 when the
 * file is no log at all (unreadable, or its first line is no usable header), 1 when a later line
 * does not replay.
 */
export function replay(file: string, opts: { json?: boolean }, io: Output): number {
  // '-': the log comes on standard input, as conform's scenarios may (named so in messages).
  const hint = 'pass an action log written by `dicetray mirror` (.dicetray/logs/*.jsonl)';
  const name = file === '-' ? 'standard input' : file;
  const text = readTextFile(file === '-' ? 0 : file, hint, 'read', name);
  const r = replayLog(text);
  const def = r.state ? gameDef(r.state.game) : undefined;
  const view = r.state && def ? def.view(r.state) : null;
  const hash = r.state ? stateHash(r.state) : null;
  const exit = r.ok ? EXIT.ok : r.error && r.error.line === 1 ? EXIT.input : EXIT.failed;
  // A rules refusal carries no words of its own ("target_not_rolled: "): the code's are added.
  const message = r.error && !r.error.message && r.error.code !== 'bad_log' ? describeError({ code: r.error.code, message: '' }) : r.error ? r.error.message : '';
  const error = r.error ? Object.assign({}, r.error, { message, hint: hintFor(r.error.code, r.error.line, r.error.message, text), exit }) : null;
  if (opts.json) {
    io.out(JSON.stringify({ ok: r.ok, applied: r.applied, hash, error, state: view }));
  } else if (view) {
    // A log that stops early: the state shown is the one before that line, and the first line says so.
    const partial = error ? ` (stopped at line ${error.line}: the state before it)` : '';
    io.out(`${r.state!.game}: ${r.applied} action${r.applied === 1 ? '' : 's'}${partial}, state hash ${hash}`);
    io.out(JSON.stringify(view, null, 2));
  }
  if (error) {
    io.err(`dicetray: ${name} line ${error.line}: ${error.code}: ${error.message}`);
    io.err(`hint: ${error.hint}`);
  }
  return exit;
}
