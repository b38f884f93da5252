import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI, PtyBoard, scratchDir, waitUntil } from '../support/host-harness';

// `dicetray mirror` in a real terminal (util-linux `script`) with NO_COLOR set, as sim-no-color
// checks the sim: the mirror's screen is drawn by its own code (commands/mirror.ts), which could
// keep its colour while the sim's honoured NO_COLOR.

const done: (() => unknown)[] = [];
afterEach(async () => {
  while (done.length) await done.pop()!();
});

function mirrorOutput(port: string, env: Record<string, string>) {
  const run = [process.execPath, CLI, 'mirror', '--port', `Ecke=${port}`, '--no-log'].map((a) => `'${a}'`).join(' ');
  const proc: ChildProcess = spawn('script', ['-q', '-e', '-c', run, '/dev/null'], { env: { ...process.env, TERM: 'xterm', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  done.push(() => proc.kill('SIGKILL'));
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString('utf8')));
  return () => out;
}

const SGR = /\x1b\[[0-9;]*m/;

describe('dicetray mirror with NO_COLOR', () => {
  it('draws no colour and shows lit LEDs as palette letters', async () => {
    const a = await PtyBoard.start(scratchDir(), 'ttyNOCOLOUR');
    done.push(() => a.stop());
    // A game lights the seats' LEDs.
    a.command({ c: 'new', p: ['Ann', 'Ben'] } as never);
    const out = mirrorOutput(a.path, { NO_COLOR: '1' });
    const row = /^ *(?:[.dWRGBYCMO·] ){8} (?:[.dWRGBYCMO·] ){8}/gm;
    await waitUntil('a lit LED as a letter', () => ((out().split('\x1b[H').pop() || '').match(row) || []).some((r) => /[dWRGBYCMO]/.test(r)), 20_000);
    expect(out()).not.toMatch(SGR);
  }, 40_000);
});
