/**
 * `dicetray script FILE --board sim|tcp://HOST:PORT|/dev/ttyX`: plays a table script against a
 * board and reports each failed expectation with its line. On `sim` the simulated board runs
 * with a fake clock (an 8 s window passes instantly) and empty Storage.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { SerialPort } from 'serialport';
import { parseScript, ScriptError, type Step } from '../script/parse-script';
import { ScriptRunner, type ScriptTarget } from '../script/run-script';
import { simTarget } from '../script/sim-target';
import { remoteTarget } from '../script/remote-target';
import { SimBoard } from '../sim/sim-board';
import { ensureBundle } from './firmware-bundle';
import { installFiles } from '../sim/install-files';
import { EXIT, HostError } from '../errors';
import type { Output } from '../output';

async function connect(board: string): Promise<{ target: ScriptTarget; sim?: SimBoard; close(): void }> {
  if (board === 'sim') {
    const { code, manifest, files } = await ensureBundle();
    const sim = new SimBoard({ bundle: code, pins: manifest.pins, clock: 'fake', storageFile: null });
    installFiles(sim.storage, files);
    const target = simTarget(sim);
    sim.boot();
    return { target, sim, close: () => sim.powerCut() };
  }
  const m = /^tcp:\/\/([^:/]+):(\d+)$/.exec(board);
  if (m) {
    const sock = net.connect(Number(m[2]), m[1]);
    await new Promise<void>((ok, bad) => {
      sock.once('connect', ok);
      sock.once('error', (e) => bad(new HostError(`cannot connect to ${board}: ${e.message}`, EXIT.noBoard, 'is the board (or `dicetray sim --tcp PORT`) running?')));
    });
    return { target: remoteTarget(sock), close: () => sock.destroy() };
  }
  const port = new SerialPort({ path: board, baudRate: 115200, autoOpen: false });
  await new Promise<void>((ok, bad) => port.open((e) => (e ? bad(new HostError(`cannot open ${board}: ${e.message}`, EXIT.noBoard, 'check the cable and the path (dicetray list)')) : ok())));
  return { target: remoteTarget(port), close: () => port.close() };
}

export async function script(file: string, opts: { board: string; json?: boolean }, io: Output): Promise<number> {
  let steps: Step[];
  try {
    steps = parseScript(readFileSync(file, 'utf8'));
  } catch (e) {
    if (e instanceof ScriptError) throw new HostError(`${file} ${e.message}`, EXIT.input, 'see the step list in host/src/script/parse-script.ts');
    throw new HostError(`cannot read ${file}: ${(e as Error).message}`, EXIT.input);
  }
  const conn = await connect(opts.board);
  try {
    const runner = new ScriptRunner(conn.target);
    await runner.start();
    const results = await runner.run(steps);
    const failed = results.filter((r) => !r.ok);
    if (opts.json) io.out(JSON.stringify({ file, board: opts.board, steps: steps.length, ran: results.length, failed }));
    else {
      for (const f of failed) io.out(`${file}:${f.line}: ${f.problem}`);
      io.out(failed.length ? `${file}: FAILED after ${results.length} of ${steps.length} steps` : `${file}: ${steps.length} steps ok`);
    }
    if (conn.sim && conn.sim.errors.length) {
      io.err(`dicetray: the firmware raised: ${conn.sim.errors[0]}`);
      return EXIT.failed;
    }
    return failed.length ? EXIT.failed : EXIT.ok;
  } finally {
    conn.close();
  }
}
