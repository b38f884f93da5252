import { describe, expect, it } from 'vitest';
import net from 'node:net';
import path from 'node:path';
import { boardMessages, Cli, holdStaffK4, PtyBoard, makeSim, scratchDir, sleep } from '../support/host-harness';
import { SimBoard } from '../../host/src/sim/sim-board';
import { SimStorage } from '../../host/src/sim/sim-storage';
import { exposeOnTcp } from '../../host/src/sim/expose';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { encodePacket } from '../../shared/protocol/host-codec';
import { redactPasswords } from '../../host/src/commands/flash';

// `dicetray flash` (EspruinoTools behind host/src/espruino-tools.ts) against the simulated board:
// the upload goes through the board's REPL into Storage, then the board is verified by its hello.
// Each flash takes ~10 s (EspruinoTools paces Storage writes), so the cases run concurrently
// and get more time than the default.


describe.concurrent('dicetray flash', () => {
  // --verbose is what a failed flash says to run again with (and send): its log showed the kiosk
  // statement as it went to the board, password and all.
  it('keeps the kiosk password out of its --verbose log', async () => {
    const { manifest } = await ensureBundle();
    const pb = await PtyBoard.start(scratchDir(), 'ttyFLV');
    try {
      const cli = new Cli(['flash', '--port', pb.path, '--kiosk-password', 'Zq9"se\\cret', '-v']);
      expect(await cli.exited).toBe(0);
      expect(JSON.parse(pb.board.storage.files['dt.kiosk'])).toEqual({ pw: 'Zq9"se\\cret' });
      const err = cli.err.join('\n');
      expect(err).toContain(manifest.hash);
      expect(err).toContain('dt.kiosk');
      expect(err).not.toMatch(/Zq9/);
    } finally {
      pb.stop();
    }
  }, 120_000);

  it('redacts a password in each form a log line holds it (as typed, as JSON text, as JSON text of that)', () => {
    const pw = 'a"b\\c';
    const code = `S.writeJSON("dt.kiosk",{pw:${JSON.stringify(pw)}});`;
    for (const line of [code, JSON.stringify(code), 'login ' + pw]) expect(redactPasswords(line, [pw, undefined])).not.toMatch(/a.{0,4}b.{0,4}c/);
    expect(redactPasswords('nothing secret', ['x1'])).toBe('nothing secret');
  });

  it('writes the bundle into Storage over a pseudo-terminal, shows progress, and verifies the hello', async () => {
    const { code, manifest, files } = await ensureBundle();
    const dir = scratchDir();
    // A board that came with something else on it.
    const pb = await PtyBoard.start(dir, 'ttyFL0', { patch: () => 'print("old firmware")' });
    try {
      const cli = new Cli(['flash', '--port', pb.path]);
      expect(await cli.exited).toBe(0);
      const err = cli.err.join('\n');
      expect(err).toContain(`firmware ${manifest.fw} for ${manifest.board}, bundle ${manifest.hash}`);
      expect(err).toMatch(/ 50 % \(\d+ of \d+ bytes\)/);
      expect(cli.out).toEqual([expect.stringMatching(new RegExp(`^flashed and verified .*ttyFL0: firmware ${manifest.fw}, bundle ${manifest.hash}, PICO_R1_3 \\(\\d+\\.\\d s\\)$`))]);
      expect(pb.board.storage.files['.bootcde']).toBe(code);
      for (const [name, content] of Object.entries(files)) expect(pb.board.storage.files[name]).toBe(content);
      // It runs at every power-up.
      const msgs = boardMessages(pb.board);
      pb.board.powerCut();
      pb.board.boot();
      expect(msgs[0]).toMatchObject({ t: 'hello', fw: manifest.fw, bh: manifest.hash });
    } finally {
      pb.stop();
    }
  }, 120_000);

  it('sets the kiosk password (console off the port, locked) and verifies; later flashes need the staff menu and --unlock', async () => {
    const { manifest } = await ensureBundle();
    const dir = scratchDir();
    const pb = await PtyBoard.start(dir, 'ttyFL1');
    try {
      const cli = new Cli(['flash', '--port', pb.path, '--kiosk-password', 'staff4242', '--json']);
      expect(await cli.exited).toBe(0);
      const ev = cli.json();
      expect(ev[0]).toMatchObject({ ev: 'bundle', hash: manifest.hash });
      expect(ev.filter((e) => e.ev === 'progress').length).toBeGreaterThan(3);
      expect(ev[ev.length - 1]).toMatchObject({ ev: 'done', ok: true, bh: manifest.hash, kiosk: true, espruino: '2v29' });
      expect(JSON.parse(pb.board.storage.files['dt.kiosk'])).toEqual({ pw: 'staff4242' });
      // A second flash cannot reach a REPL any more: a clear failure, not a hang.
      const again = new Cli(['flash', '--port', pb.path]);
      expect(await again.exited).toBe(5);
      // In words staff understand: no "REPL", no "process.env".
      expect(again.err.join('\n')).not.toMatch(/REPL|process\.env/);
      expect(again.err.join("\n")).toMatch(/dicetray: the board's console at \S*ttyFL1 did not answer \(flashing needs it to say which Espruino version the board runs\)\nhint: a kiosk board has no console on its port: on the board hold OK\+BACK for 3 s, then hold K4/);
      // Staff at the table: OK+BACK for 3 s opens the staff menu, K4 held gives the console back
      // (still locked); flash logs in with the password and keeps the kiosk profile. A tap of
      // K4 does not (a stranger who found the chord would cut the wall screen off with it).
      pb.board.press('OK', 3600);
      pb.board.press('BK', 3600);
      await sleep(3900);
      pb.board.press('K4', 60);
      await sleep(300);
      const tapped = new Cli(['flash', '--port', pb.path, '--unlock', 'staff4242']);
      expect(await tapped.exited).toBe(5);
      pb.board.press('K4', 1200);
      await sleep(1500);
      // A mirror still attached goes on asking for frames: its packets land in the password
      // prompt's line (up to 20 characters), which the login has to clear first.
      pb.board.write(encodePacket({ c: 'leds' }));
      pb.board.write(encodePacket({ c: 'hello' }));
      const unlocked = new Cli(['flash', '--port', pb.path, '--unlock', 'staff4242']);
      expect(await unlocked.exited).toBe(0);
      expect(unlocked.err.join('\n')).toContain('logged in to the locked console');
      // The staff sheet's re-flash keeps the board a kiosk with its password (it dropped the
      // profile without a word); --no-kiosk takes it off, said so.
      expect(unlocked.out.join('\n')).toMatch(/kiosk profile kept/);
      expect(JSON.parse(pb.board.storage.files['dt.kiosk'])).toEqual({ pw: 'staff4242' });
      await holdStaffK4(pb.board);
      await sleep(1500);
      const open = new Cli(['flash', '--port', pb.path, '--unlock', 'staff4242', '--no-kiosk']);
      expect(await open.exited).toBe(0);
      expect(open.out.join('\n')).toMatch(/kiosk profile removed/);
      expect(pb.board.storage.files['dt.kiosk']).toBeUndefined();
      expect((await new Cli(['flash', '--port', pb.path, '--no-kiosk', '--kiosk-password', 'x1']).exited)).toBe(2);
      // Without --unlock it would be a plain flash that says it removed a profile: refused, with why.
      const alone = new Cli(['flash', '--port', pb.path, '--no-kiosk']);
      expect(await alone.exited).toBe(2);
      expect(alone.err.join('\n')).toMatch(/--no-kiosk goes with --unlock/);
    } finally {
      pb.stop();
    }
  }, 240_000);

  it('--unlock on a board that is no kiosk: said, flashed, and it stays no kiosk (it became one with the --unlock password)', async () => {
    const dir = scratchDir();
    const pb = await PtyBoard.start(dir, 'ttyFLU');
    try {
      const cli = new Cli(['flash', '--port', pb.path, '--unlock', 'abc']);
      expect(await cli.exited).toBe(0);
      expect(cli.err.join('\n')).toContain('was not locked: --unlock was not needed, and the board stays without a kiosk profile');
      expect(cli.out.join('\n')).not.toMatch(/kiosk profile/);
      expect(pb.board.storage.files['dt.kiosk']).toBeUndefined();
    } finally {
      pb.stop();
    }
  }, 120_000);

  it('refuses a board the build is not for before writing anything, and names the --board to use', async () => {
    const dir = scratchDir();
    const pb = await PtyBoard.start(dir, 'ttyFLW', { boardName: 'ESPRUINOWIFI' });
    try {
      const before = JSON.stringify(pb.board.storage.files);
      const cli = new Cli(['flash', '--port', pb.path]);
      expect(await cli.exited).toBe(5);
      expect(cli.err.join('\n')).toMatch(/dicetray: .*ttyFLW runs Espruino for Espruino WiFi \(ESPRUINOWIFI\); this build is for Espruino Pico \(PICO_R1_3\): nothing written\nhint: flash it with --board wifi/);
      expect(JSON.stringify(pb.board.storage.files)).toBe(before);
    } finally {
      pb.stop();
    }
  }, 120_000);

  it('fails with the reason when the board runs out of Storage (the words Espruino uses)', async () => {
    const { code, manifest } = await ensureBundle();
    const board = new SimBoard({ bundle: code, pins: manifest.pins, storage: new SimStorage(null, 16 * 1024) });
    const ex = await exposeOnTcp(board, 0);
    board.boot();
    try {
      const cli = new Cli(['flash', '--port', ex.describe]);
      expect(await cli.exited).toBe(5);
      expect(cli.err.join('\n')).toMatch(/dicetray: the board reported an error during the upload: Uncaught Error: Unable to find or create file/);
    } finally {
      ex.close();
      board.powerCut();
    }
  }, 120_000);

  it('fails when the flashed board does not answer as dicetray firmware (unverifiable)', async () => {
    const board = await makeSim();
    // A boot file that breaks the firmware's command handling: the upload works, the hello never comes.
    board.storage.files['.boot0'] = 'E.on = function () {};';
    const ex = await exposeOnTcp(board, 0);
    board.boot();
    try {
      const cli = new Cli(['flash', '--port', ex.describe, '--verify-timeout', '3']);
      expect(await cli.exited).toBe(5);
      expect(cli.err.join('\n')).toMatch(/dicetray: flash not verified: no dicetray firmware answered on tcp:\/\/127\.0\.0\.1:\d+ within 3 s/);
    } finally {
      ex.close();
      board.powerCut();
    }
  }, 120_000);

  it('fails when the other end is not an Espruino, and when there is no board at all', async () => {
    const server = net.createServer((s) => s.on('data', () => {}));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as net.AddressInfo).port;
    try {
      // Written with a trailing '/', as the other commands take it (flash refused it as an internal error).
      const cli = new Cli(['flash', '--port', `tcp://127.0.0.1:${port}/`]);
      expect(await cli.exited).toBe(5);
      expect(cli.err.join('\n')).toMatch(/dicetray: the board's console at tcp:\/\/127\.0\.0\.1:\d+\/? did not answer \(flashing needs/);
    } finally {
      server.close();
    }
    const none = new Cli(['flash', '--port', path.join(scratchDir(), 'ttyNONE')]);
    expect(await none.exited).toBe(3);
    expect(none.err[0]).toMatch(/dicetray: cannot open .*ttyNONE: no such port/);
  }, 120_000);
});
