import { readFileSync } from 'node:fs';
import { replayLog } from '../../../shared/engine/log';
import { GAMES } from '../../../shared/engine/games';
import { stateHash } from '../../../shared/engine/hash';
import { EXIT, HostError } from '../errors';
import type { Output } from '../output';

/** `dicetray replay LOG`: rebuild a game from its action log, print the final state. */
export function replay(file: string, opts: { json?: boolean }, io: Output): number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new HostError(`cannot read ${file}: ${(e as Error).message}`, EXIT.input);
  }
  const r = replayLog(text);
  const view = r.state ? GAMES[r.state.game].view(r.state) : null;
  const hash = r.state ? stateHash(r.state) : null;
  if (opts.json) {
    io.out(JSON.stringify({ ok: r.ok, applied: r.applied, hash, error: r.error, state: view }));
  } else {
    if (view) {
      io.out(`${r.state!.game}: ${r.applied} actions, state hash ${hash}`);
      io.out(JSON.stringify(view, null, 2));
    }
    if (r.error) io.err(`dicetray: ${file} line ${r.error.line}: ${r.error.code}: ${r.error.message}`);
  }
  return r.ok ? EXIT.ok : EXIT.failed;
}
