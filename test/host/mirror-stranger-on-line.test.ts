import { afterEach, describe, expect, it } from 'vitest';
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { Cli, PtyBoard, scratchDir, sleep } from '../support/host-harness';
import { encodePacket } from '../../shared/protocol/host-codec';

// A café's serial line shared with a stranger's program, writing to the same pseudo-terminal as
// the mirror does.

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** Bytes from another program on the board's pty. */
function stranger(tty: string, bytes: Uint8Array): void {
  const fd = openSync(tty, constants.O_WRONLY | constants.O_NOCTTY);
  writeSync(fd, bytes);
  closeSync(fd);
}

describe('mirror and a stranger on the line', () => {
  it('starts on a board whose console holds a half packet from another program', async () => {
    const dir = scratchDir();
    const pb = await PtyBoard.start(dir, 'ttyHALF');
    cleanup.push(() => pb.stop());
    // A packet header for 8191 bytes and two of them: the board's console takes everything after
    // it as the packet's, the mirror's hellos too, until it drops it after 5 s. The mirror gave
    // up at 5 s (exit 4, "flash the firmware").
    stranger(pb.path, Buffer.from([0x10, 0x01, 0x5f, 0xff, 0x7b, 0x22]));
    const cli = new Cli(['mirror', '--port', pb.path, '--json', '--no-log']);
    cleanup.push(() => cli.stop());
    const done = await Promise.race([cli.event((e) => e.ev === 'synced', 20_000).then(() => 'synced'), cli.exited.then((c) => `exit ${c}: ${cli.err.join(' ')}`)]);
    expect(done).toBe('synced');
  });

  it('config starts on it too', async () => {
    const dir = scratchDir();
    const pb = await PtyBoard.start(dir, 'ttyHALF2');
    cleanup.push(() => pb.stop());
    stranger(pb.path, Buffer.from([0x10, 0x01, 0x5f, 0xff, 0x7b, 0x22]));
    const config = new Cli(['config', '-p', pb.path, '--json']);
    cleanup.push(() => config.stop());
    expect(await config.exited, config.err.join(' ')).toBe(0);
  });

  it('turns the LED frames on again when another program on the pty turned them off', async () => {
    const dir = scratchDir();
    const pb = await PtyBoard.start(dir, 'ttyLEDS');
    cleanup.push(() => pb.stop());
    const cli = new Cli(['mirror', '--port', pb.path, '--json', '--no-log', '--silence', '3']);
    cleanup.push(() => cli.stop());
    await cli.event((e) => e.ev === 'synced');
    await cli.event((e) => e.ev === 'leds');

    // One packet of the stranger's turns the frames off; the mirror asked for a frame only after a
    // third of --silence without a line, so its LED board lagged behind every press for good.
    stranger(pb.path, encodePacket({ c: 'leds', on: false }));
    // Quiet for more than a third of --silence: the mirror asks the board.
    await sleep(2500);

    // Seats joining at set-up change the frame at each press.
    const from = cli.count();
    for (const seat of ['S1', 'S2', 'S3']) {
      pb.board.press(seat, 60);
      await sleep(300);
    }
    await cli.event((e) => e.ev === 'button' && e.button === 'S3', 10_000, from);
    await sleep(300);
    const seen = cli.json().slice(from).filter((e) => e.ev === 'button' || e.ev === 'leds');
    const presses = seen.map((e, i) => (e.ev === 'button' ? i : -1)).filter((i) => i >= 0);
    expect(presses.length).toBe(3);
    // A frame after each press, before the next one.
    for (let k = 0; k < presses.length; k++) {
      const upTo = k + 1 < presses.length ? presses[k + 1] : seen.length;
      expect(seen.slice(presses[k] + 1, upTo).some((e) => e.ev === 'leds'), `a frame after ${seen[presses[k]].button}`).toBe(true);
    }
  });
});
