import { afterEach, describe, expect, it } from 'vitest';
import { cliInTerminal } from '../support/cli-in-terminal';
import { PtyBoard, scratchDir, waitUntil } from '../support/host-harness';

// `dicetray mirror` in a real terminal (util-linux `script`) with NO_COLOR set, as sim-no-color
// checks the sim: the mirror's screen is drawn by its own code (commands/mirror.ts), which could
// keep its colour while the sim's honoured NO_COLOR.

const done: (() => unknown)[] = [];
afterEach(async () => {
  while (done.length) await done.pop()!();
});

const SGR = /\x1b\[[0-9;]*m/;

describe('dicetray mirror with NO_COLOR', () => {
  it('draws no colour and shows lit LEDs as palette letters', async () => {
    const a = await PtyBoard.start(scratchDir(), 'ttyNOCOLOUR');
    done.push(() => a.stop());
    // A game lights the seats' LEDs.
    a.command({ c: 'new', p: ['Ann', 'Ben'] } as never);
    const { out } = cliInTerminal(['mirror', '--port', `Ecke=${a.path}`, '--no-log'], done, { env: { NO_COLOR: '1' } });
    const row = /^ *(?:[.dWRGBYCMO·] ){8} (?:[.dWRGBYCMO·] ){8}/gm;
    await waitUntil('a lit LED as a letter', () => ((out().split('\x1b[H').pop() || '').match(row) || []).some((r) => /[dWRGBYCMO]/.test(r)), 20_000);
    expect(out()).not.toMatch(SGR);
  }, 40_000);
});
