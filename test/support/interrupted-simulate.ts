/**
 * Runs `dicetray ARGS` (a long simulate) and sends it Ctrl-C (SIGINT) once it listens for it, so the
 * signal comes while turns are played, not while the sources load (when Node's default would end
 * the process anyway). With no listener ever, it is sent after 8 s, and the caller's checks fail.
 */
import { spawn } from 'node:child_process';
import { CLI } from './host-harness';

/** Says on stderr when the command starts listening for SIGINT. */
const ANNOUNCE = 'data:text/javascript,process.on("newListener",(e)=>{if(e==="SIGINT")process.stderr.write("[listening]\\n")})';

export interface Interrupted {
  out: string;
  err: string;
  code: number | null;
  signal: string | null;
  /** Milliseconds from the signal to the exit. */
  tookMs: number;
}

export async function interruptedRun(args: string[], cwd?: string): Promise<Interrupted> {
  const p = spawn(process.execPath, ['--import', ANNOUNCE, CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  p.stdout.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: string | null }>((r) => p.on('exit', (code, signal) => r({ code, signal })));
  await new Promise<void>((go) => {
    const late = setTimeout(go, 8000);
    p.stderr.on('data', (d) => {
      err += d;
      if (err.includes('[listening]')) {
        clearTimeout(late);
        setTimeout(go, 500);
      }
    });
  });
  const sent = Date.now();
  p.kill('SIGINT');
  const end = await exited;
  return { out, err, code: end.code, signal: end.signal, tookMs: Date.now() - sent };
}
