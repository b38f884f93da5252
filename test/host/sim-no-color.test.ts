import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { cliInTerminal } from '../support/cli-in-terminal';
import { scratchDir, waitUntil } from '../support/host-harness';

// `dicetray sim` in a real terminal (util-linux `script`) with NO_COLOR set: a monochrome terminal,
// a screen reader or a session log gets no colour sequences, and the LED board its letters.

const done: (() => unknown)[] = [];
afterEach(async () => {
  while (done.length) await done.pop()!();
});

/** `dicetray sim` on a fresh board in a real terminal, with `env`. */
function simOutput(env: Record<string, string>) {
  return cliInTerminal(['sim', '--fresh', '--storage', path.join(scratchDir(), 'sim-storage.json')], done, { env });
}

const SGR = /\x1b\[[0-9;]*m/;

describe('dicetray sim with NO_COLOR', () => {
  it('draws no colour and shows lit LEDs as palette letters; without NO_COLOR it draws colour', async () => {
    const plain = simOutput({ NO_COLOR: '1' });
    const coloured = simOutput({ NO_COLOR: '' });
    // A seat joined lights its seat LEDs.
    await waitUntil('the set-up screen (plain)', () => plain.out().includes('Set-up: 2–5 seat buttons join'), 15_000);
    await waitUntil('the set-up screen (coloured)', () => coloured.out().includes('Set-up: 2–5 seat buttons join'), 15_000);
    plain.proc.stdin!.write('1');
    await waitUntil('Seat 1 joined', () => plain.out().includes('Joined: Seat 1'), 15_000);
    // A board row: two halves of 8 LEDs, off as '·', lit as its letter; at least one lit.
    const row = /^ *(?:[.dWRGBYCMO·] ){8} (?:[.dWRGBYCMO·] ){8}/gm;
    await waitUntil('a lit LED as a letter', () => ((plain.out().split('\x1b[H').pop() || '').match(row) || []).some((r) => /[dWRGBYCMO]/.test(r)), 15_000);
    expect(plain.out()).not.toMatch(SGR);
    expect(coloured.out()).toMatch(SGR);
    expect(coloured.out()).toContain('●');
  }, 40_000);

  it.each([
    ['the LEDs read back from their bytes', []],
    ['the Linux build: its frames from its link', ['--linux']],
  ])('shows letters too when the board is on a pty (no mirror in the process: %s)', async (_what, extra) => {
    const dir = scratchDir();
    const plain = cliInTerminal(['sim', '--fresh', '--storage', path.join(dir, 's.json'), '--pty', path.join(dir, 'tty'), ...extra], done, { env: { NO_COLOR: '1' } });
    await waitUntil('the sim on its pty', () => plain.out().includes('simulated board on'), 15_000);
    plain.proc.stdin!.write('1');
    // Seat 1 joined: its seat LED white, the start seat's blink included (its on phase).
    const row = /^ *(?:[.dWRGBYCMO·] ){8} (?:[.dWRGBYCMO·] ){8}/gm;
    await waitUntil('a white LED as W', () => ((plain.out().split('\x1b[H').pop() || '').match(row) || []).some((r) => r.includes('W')), 15_000);
    expect(plain.out()).not.toContain('●');
    expect(plain.out()).not.toMatch(SGR);
  }, 40_000);
});
