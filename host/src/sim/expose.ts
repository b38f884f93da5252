/**
 * Puts the simulated board's serial side on a real pseudo-terminal (socat, as a USB board
 * appears) or on TCP (as Espruino's Linux build with --telnet or a network board).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { serveOneClient } from '../link/one-client-server';
import type { SimBoard } from './sim-board';

export interface Exposure {
  describe: string;
  close(): void;
}

/** `gone`: socat ended by itself once the pty was up (killed, the pty removed), not by close(). */
export function exposeOnPty(sim: SimBoard, path: string, gone?: (why: string) => void): Promise<Exposure> {
  return new Promise((resolve, reject) => {
    let closed = false;
    // socat owns the pty; its stdio is the board's side of the wire.
    const p: ChildProcess = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${path}`, 'STDIO'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let ready = false;
    const toPty = (d: Buffer) => {
      if (p.stdin!.writable) p.stdin!.write(d);
    };
    p.on('error', (e) =>
      reject(new Error((e as NodeJS.ErrnoException).code === 'ENOENT' ? 'socat is not installed: --pty makes its pseudo-terminal with it' : `cannot start socat (${(e as Error).message}); install it: apt-get install socat`)),
    );
    // socat's own error line ("E symlink(…): …"): why it ended before the pty was ready.
    let why = '';
    // socat gone (cable pulled): writes fail quietly until the board is exposed again.
    p.stdin!.on('error', () => {});
    p.stderr!.on('data', (d: Buffer) => {
      const e = / E (.*)/.exec(d.toString());
      if (e) why = e[1].trim();
      if (!ready && /starting data transfer loop/.test(d.toString())) {
        ready = true;
        resolve({
          describe: `pty ${path}`,
          close: () => {
            closed = true;
            sim.off('data', toPty);
            p.kill();
          },
        });
      }
    });
    p.on('exit', (code, signal) => {
      sim.off('data', toPty);
      if (!ready) reject(new Error(`socat exited (${code}) before the pty was ready${why ? ': ' + why : ''}`));
      else if (!closed && gone) gone(signal ? `socat ended by ${signal}` : `socat exited (${code})`);
    });
    p.stdout!.on('data', (d: Buffer) => sim.write(d));
    sim.on('data', toPty);
  });
}

export async function exposeOnTcp(sim: SimBoard, port: number, host = '127.0.0.1'): Promise<Exposure> {
  const server = await serveOneClient(sim, port, host);
  return {
    describe: server.url,
    close: () => void server.close(),
  };
}
