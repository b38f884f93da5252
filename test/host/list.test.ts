import { describe, expect, it } from 'vitest';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Cli, scratchDir } from '../support/host-harness';

// `dicetray list` and `--port auto`: boards found by USB id through SerialPort.list(), which on
// Linux needs udevadm. Without it they must say so (SerialPort.list() would take the process down).

/** A PATH holding only a fake `udevadm` that prints this udev database. */
function fakeUdev(entries: { dev: string; vendor: string; product: string; maker: string }[]): NodeJS.ProcessEnv {
  return fakeUdevDb(
    entries
      .map((e, i) => [`P: /devices/pci0000:00/usb1/1-${i + 1}/tty/${e.dev}`, `N: ${e.dev}`, `E: DEVNAME=/dev/${e.dev}`, `E: ID_VENDOR_ID=${e.vendor}`, `E: ID_MODEL_ID=${e.product}`, `E: ID_VENDOR_ENC=${e.maker}`, `E: ID_SERIAL_SHORT=SN${i}`, ''].join('\n'))
      .join('\n'),
  );
}

/** The same with the database's text as it is (ports without USB ids, or none at all). */
function fakeUdevDb(db: string): NodeJS.ProcessEnv {
  const dir = scratchDir('dicetray-udev-');
  writeFileSync(path.join(dir, 'udev.db'), db + '\n');
  writeFileSync(path.join(dir, 'udevadm'), `#!/bin/sh\nexec /bin/cat "${path.join(dir, 'udev.db')}"\n`);
  chmodSync(path.join(dir, 'udevadm'), 0o755);
  return { ...process.env, PATH: dir };
}

describe('dicetray list and --port auto', () => {
  it('say clearly that ports cannot be enumerated where there is no udevadm', async () => {
    const env = { ...process.env, PATH: scratchDir('dicetray-nopath-') };
    // Each command starts in its own process; start them all, then look at them.
    const list = new Cli(['list'], { env });
    const json = new Cli(['list', '--json'], { env });
    const mirror = new Cli(['mirror', '--port', 'auto'], { env });
    const flash = new Cli(['flash'], { env });
    expect(await list.exited).toBe(3);
    expect(list.err).toEqual(['dicetray: cannot enumerate ports here (no udevadm)', expect.stringMatching(/^hint: name the board directly: --port/)]);
    expect(await json.exited).toBe(3);
    expect(JSON.parse(json.out[0])).toEqual({
      ok: false,
      reason: 'cannot enumerate ports here (no udevadm)',
      ports: [],
      error: { code: 'noBoard', message: 'cannot enumerate ports here (no udevadm)', hint: expect.stringMatching(/^name the board directly/), exit: 3 },
    });
    expect(await mirror.exited).toBe(3);
    expect(mirror.err[0]).toBe('dicetray: --port auto: cannot enumerate ports here (no udevadm)');
    expect(await flash.exited).toBe(3);
    expect(flash.err[0]).toBe('dicetray: --port auto: cannot enumerate ports here (no udevadm)');
  });

  it('lists Espruino boards by USB id and resolves --port auto to the one found', async () => {
    const env = fakeUdev([
      { dev: 'ttyUSB0', vendor: '0403', product: '6001', maker: 'FTDI' },
      { dev: 'ttyACM7', vendor: '0483', product: '5740', maker: 'STMicroelectronics' },
    ]);
    const list = new Cli(['list'], { env });
    const all = new Cli(['list', '--all', '--json'], { env });
    const mirror = new Cli(['mirror', '--port', 'auto', '--json'], { env });
    expect(await list.exited).toBe(0);
    expect(list.out).toEqual([expect.stringMatching(/^\/dev\/ttyACM7 +0483:5740 +Espruino \(STM32 USB: Pico, WiFi, Original\) +serial SN1$/)]);
    expect(await all.exited).toBe(0);
    const ports = JSON.parse(all.out[0]).ports;
    expect(ports.map((p: { path: string; espruino: boolean }) => [p.path, p.espruino])).toEqual([
      ['/dev/ttyUSB0', false],
      ['/dev/ttyACM7', true],
    ]);
    // auto picks it (and then finds no such device here).
    expect(await mirror.exited).toBe(3);
    expect(mirror.err[0]).toBe('dicetray: cannot open /dev/ttyACM7: no such port');
  });

  it('asks which board when --port auto finds several, and says so when it finds none', async () => {
    const two = fakeUdev([
      { dev: 'ttyACM0', vendor: '0483', product: '5740', maker: 'STMicroelectronics' },
      { dev: 'ttyACM1', vendor: '0483', product: '5740', maker: 'STMicroelectronics' },
    ]);
    const none = fakeUdev([{ dev: 'ttyUSB0', vendor: '0403', product: '6001', maker: 'FTDI' }]);
    const many = new Cli(['mirror', '--port', 'auto'], { env: two });
    const list = new Cli(['list'], { env: none });
    const auto = new Cli(['flash', '--port', 'auto'], { env: none });
    expect(await many.exited).toBe(2);
    expect(many.err[0]).toBe('dicetray: --port auto: 2 Espruino boards found (/dev/ttyACM0, /dev/ttyACM1)');
    expect(await list.exited).toBe(0);
    expect(list.out).toEqual(['no Espruino boards found (1 other serial port; --all lists them)']);
    expect(await auto.exited).toBe(3);
    expect(auto.err[0]).toBe('dicetray: --port auto: no Espruino board found (USB id 0483:5740)');
  });

  it('--all lists a port without USB ids as ----:----, and says when there are no ports at all', async () => {
    const env = fakeUdevDb(['P: /devices/platform/serial8250/tty/ttyS0', 'N: ttyS0', 'E: DEVNAME=/dev/ttyS0', ''].join('\n'));
    const all = new Cli(['list', '--all'], { env });
    const none = new Cli(['list', '--all'], { env: fakeUdevDb('') });
    expect(await all.exited).toBe(0);
    expect(all.out).toEqual([expect.stringMatching(/^\/dev\/ttyS0 +----:---- *$/)]);
    expect(await none.exited).toBe(0);
    expect(none.out).toEqual(['no serial ports found']);
  });
});
