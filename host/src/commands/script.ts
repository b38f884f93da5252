/**
 * `dicetray script FILE --board sim|tcp://HOST:PORT|/dev/ttyX`: plays a table script against a
 * board and reports each failed expectation with its line. On `sim` the simulated board runs
 * with a fake clock (an 8 s window passes instantly) and empty Storage.
 */
import { SerialPort } from 'serialport';
import { parseScript, ScriptError, type Step } from '../script/parse-script';
import { ScriptRunner, type ScriptTarget } from '../script/run-script';
import { simTarget } from '../script/sim-target';
import { firmwareRaised } from '../script/firmware-raised';
import { remoteTarget } from '../script/remote-target';
import type { SimBoard } from '../sim/sim-board';
import { ensureBundle } from '../firmware-bundle';
import { flashedSimBoard } from '../sim/flashed-sim-board';
import { BAUD_RATE, connectTcp, openError, parseBoardSpec, simStorageFolder } from '../link/open-board';
import { findOneBoard } from '../link/find-boards';
import { errorObject, EXIT, HostError } from '../errors';
import { readTextFile, type Output } from '../output';
import { HELLO_WAIT_MS, noAnswerError, protocolMismatchError } from '../link/hello-errors';
import { PROTOCOL_VERSION } from '../../../shared/protocol/messages';

/**
 * The board a script plays on. `sim` (or `sim:memory`) is a simulated board with empty Storage,
 * `sim:FILE` one whose Storage is FILE; both on a fake clock. `auto`, tcp://HOST:PORT and serial
 * paths are opened once: a lost link ends the script (exit 3) instead of reconnecting.
 */
async function connect(board: string): Promise<{ target: ScriptTarget; sim?: SimBoard; close(): void }> {
  const spec = parseBoardSpec(board === 'auto' ? await findOneBoard() : board);
  if (spec.kind === 'sim') {
    const storageFile = board === 'sim' ? null : spec.storage;
    if (storageFile) simStorageFolder(spec);
    const sim = flashedSimBoard(await ensureBundle(), { clock: 'fake', storageFile });
    const target = simTarget(sim);
    sim.boot();
    return {
      target,
      sim,
      close: () => {
        sim.powerCut();
        sim.storage.release();
      },
    };
  }
  if (spec.kind === 'tcp') {
    const sock = await connectTcp(spec.host, spec.port).catch((e: Error) => {
      throw openError(spec, e);
    });
    sock.on('error', () => {}); // reported as the lost link ('close')
    return { target: remoteTarget(sock), close: () => sock.destroy() };
  }
  const port = new SerialPort({ path: spec.path, baudRate: BAUD_RATE, autoOpen: false });
  await new Promise<void>((ok, bad) => port.open((e) => (e ? bad(openError(spec, e)) : ok())));
  port.on('error', () => {});
  return { target: remoteTarget(port), close: () => port.isOpen && port.close() };
}

export async function script(file: string, opts: { board: string; json?: boolean; replaceGame?: boolean }, io: Output): Promise<number> {
  // '-': the script comes on standard input, as replay's log may (named so in messages).
  const name = file === '-' ? 'standard input' : file;
  const text = readTextFile(file === '-' ? 0 : file, 'pass a table script (see test/fixtures/scripts/*.table)', 'read', name);
  let steps: Step[];
  try {
    // A board on real time bounds waits tighter than the simulated board's jumping clock.
    steps = parseScript(text, { realTime: !(opts.board === 'sim' || opts.board.startsWith('sim:')) });
  } catch (e) {
    // FILE:LINE: as the failures of a run say it (an editor jumps there).
    if (e instanceof ScriptError) throw new HostError(`${name}:${e.line}: ${e.reason}`, EXIT.input, 'dicetray script --help lists the steps');
    throw e;
  }
  // Only comments and blank lines: "0 steps ok" passed a script that checked nothing (a wrong file?).
  if (!steps.length) throw new HostError(`${name} has no steps (only comments and blank lines)`, EXIT.input, 'dicetray script --help lists the steps');
  const conn = await connect(opts.board);
  try {
    const runner = new ScriptRunner(conn.target);
    await runner.start(HELLO_WAIT_MS);
    // Steps against a board that is not this firmware would each fail with nothing to say why.
    const h = runner.model.hello;
    if (!h && !(conn.target.lost && conn.target.lost())) throw noAnswerError(opts.board, HELLO_WAIT_MS / 1000);
    if (h && h.v !== PROTOCOL_VERSION) throw protocolMismatchError(opts.board, h);
    // A café table's game is not a script's to wipe: a real board's game in progress stays unless
    // asked. Told by the board's snapshot, waited for (a slow board): without it, it cannot be told.
    const replaces = steps.find((s) => s.op === 'new' || s.op === 'given');
    if (!conn.sim && replaces && !opts.replaceGame) {
      for (let i = 0; i < 50 && !runner.model.synced; i++) await new Promise((r) => setTimeout(r, 100));
      const st = runner.model.state;
      const why = !runner.model.synced ? 'cannot tell whether it has a game in progress (no snapshot came in 5 s)' : st && st.phase !== 'game_over' ? `has a game in progress (${st.players.map((p) => p.name).join(', ')}, step ${st.n})` : '';
      if (why) throw new HostError(`${opts.board} ${why}: ${name}:${replaces.line} would replace it`, EXIT.usage, 'let the table finish or end it (staff menu, K3 held), or run the script with --replace-game');
    }
    const results = await runner.run(steps);
    const failed = results.filter((r) => !r.ok);
    const lost = failed.find((r) => r.lost);
    if (lost) throw new HostError(`${name}:${lost.line}: ${lost.problem} (${opts.board})`, EXIT.noBoard, 'one client at a time: close the other program (mirror, another script) or plug the board in, then run the script again');
    // The failed step's own number ("after 2 of 3" counted the failed step among those done).
    const at = failed.length ? steps.findIndex((s) => s.line === failed[0].line) + 1 : 0;
    // An exception the simulated board's firmware raised fails the run even when every step
    // passed (a .boot0 in a sim:FILE's Storage, a firmware bug); said once, ok and exit 1 alike.
    const raised = conn.sim && conn.sim.errors.length ? firmwareRaised(conn.sim.errors[0]) : null;
    const raisedHint = "the simulated board's code threw: a .boot0-.boot3 file in its Storage, or a bug in the firmware (try --board sim, empty Storage, to tell which)";
    // A failure goes to stderr, as replay's does (under --json too: stdout stays the one JSON
    // object); the summary line keeps the shape of the passing one, which stays on stdout.
    if (opts.json) {
      // `port` names the board as config's and flash's results do; `board` is kept for older readers.
      const o: Record<string, unknown> = { ok: failed.length === 0 && !raised, file, board: opts.board, port: opts.board, steps: steps.length, ran: results.length, failed };
      // The `error` of every command's failure under --json (errors.ts), put beside the results as
      // conform and replay put theirs; `failed` stays for those who read it.
      if (failed.length) {
        const left = steps.length - at;
        const hint = left ? `the ${left} step${left === 1 ? '' : 's'} after it did not run` : '';
        o.error = Object.assign(errorObject(`${name}:${failed[0].line}: ${failed[0].problem}`, EXIT.failed, hint), { line: failed[0].line, step: at });
      } else if (raised) {
        // No step of the script failed: line and step are null (the keys stay, as readers expect them).
        o.error = Object.assign(errorObject(`the firmware raised: ${raised}`, EXIT.failed, raisedHint), { line: null, step: null });
      }
      io.out(JSON.stringify(o));
    }
    for (const f of failed) io.err(`dicetray: ${name}:${f.line}: ${f.problem}`);
    if (failed.length) io.err(`${name}: FAILED at step ${at} of ${steps.length} (line ${failed[0].line})`);
    else if (!opts.json && !raised) io.out(`${name}: ${steps.length} step${steps.length === 1 ? '' : 's'} ok`);
    if (raised) {
      io.err(`dicetray: the firmware raised: ${raised}`);
      if (!failed.length) io.err(`hint: ${raisedHint}`);
      return EXIT.failed;
    }
    return failed.length ? EXIT.failed : EXIT.ok;
  } finally {
    conn.close();
  }
}
