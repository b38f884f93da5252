/** `dicetray` as a person runs it, in a real terminal, for the tests of the sim's and mirror's screens. */
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI } from './host-harness';

/**
 * `dicetray ARGS` in a pseudo-terminal from util-linux `script` (TERM=xterm and `env`), resized to
 * `size` before it starts; killed by the caller's clean-up list `stops`. `out()`: all it wrote so far.
 */
export function cliInTerminal(args: string[], stops: (() => unknown)[], opts: { env?: Record<string, string>; size?: { cols: number; rows: number } } = {}): { proc: ChildProcess; out: () => string } {
  const run = [process.execPath, CLI, ...args].map((a) => `'${a}'`).join(' ');
  const cmd = opts.size ? `stty cols ${opts.size.cols} rows ${opts.size.rows}; exec ${run}` : run;
  const proc = spawn('script', ['-q', '-e', '-c', cmd, '/dev/null'], { env: { ...process.env, TERM: 'xterm', ...opts.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  stops.push(() => proc.kill('SIGKILL'));
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString('utf8')));
  return { proc, out: () => out };
}
