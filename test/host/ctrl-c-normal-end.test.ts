/**
 * `sim` and `mirror` run until stopped: Ctrl-C (or a service manager's SIGTERM) is their normal
 * end, exit 0, not the 130 of a command cut short; the README's exit-code table says so.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CLI, scratchDir } from '../support/host-harness';

// Says on stderr when the command listens for SIGINT: the signal is sent then, not while it loads.
const ANNOUNCE = 'data:text/javascript,process.on("newListener",(e)=>{if(e==="SIGINT")process.stderr.write("[listening]\\n")})';

function stopped(args: string[], cwd: string): Promise<{ code: number | null; signal: string | null; err: string }> {
  return new Promise((done) => {
    const p = spawn(process.execPath, ['--import', ANNOUNCE, CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    const late = setTimeout(() => p.kill('SIGKILL'), 20_000);
    p.stdout.on('data', () => {});
    p.stderr.on('data', (d) => {
      err += d;
      if (err.includes('[listening]')) setTimeout(() => p.kill('SIGINT'), 300);
    });
    p.on('exit', (code, signal) => {
      clearTimeout(late);
      done({ code, signal, err });
    });
  });
}

describe('Ctrl-C ends sim and mirror normally', () => {
  const dir = scratchDir('dt-ctrl-c-');

  it('sim --headless, mirror, and mirror --wait still waiting for its board exit 0', async () => {
    for (const args of [
      ['sim', '--headless', '--tcp', '2396', '--storage', 's.json'],
      ['mirror', '-p', 'sim:memory', '--json', '--no-log'],
      ['mirror', '-p', 'tcp://127.0.0.1:1', '--wait', '--json', '--no-log'],
    ]) {
      const r = await stopped(args, dir);
      expect({ code: r.code, signal: r.signal }, `${args.join(' ')}\n${r.err}`).toEqual({ code: 0, signal: null });
    }
  }, 90_000);

  it('the README\'s exit-code table names the exception', () => {
    const readme = readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    const row = readme.split('\n').find((l) => l.startsWith('| 130 |'))!;
    expect(row).toMatch(/`sim` and `mirror`/);
    expect(row).toMatch(/exit 0/);
  });
});
