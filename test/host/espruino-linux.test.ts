import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Cli, scratchDir, sleep } from '../support/host-harness';
import { ensureBundle } from '../../host/src/firmware-bundle';

// flash and mirror against Espruino's own Linux build over TCP (`espruino --telnet`, which listens
// on port 2323, one client at a time). Runs where ESPRUINO_BIN points at the binary.

const ESPRUINO_BIN = process.env.ESPRUINO_BIN;
const PORT = 2323;
const BOARD = `tcp://127.0.0.1:${PORT}`;

function accepts(): Promise<boolean> {
  return new Promise((r) => {
    const s = net.connect(PORT, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      r(true);
    });
    s.once('error', () => r(false));
  });
}

/** The interactive interpreter with its telnet console; Storage is ./espruino.flash in `dir`. */
async function startEspruino(dir: string): Promise<ChildProcess> {
  if (await accepts()) throw new Error(`port ${PORT} is busy: another espruino --telnet is running`);
  // stdin stays open and silent: EOF or a 0x03/0x04 byte would end the interpreter.
  const p = spawn(ESPRUINO_BIN!, ['--telnet'], { cwd: dir, stdio: ['pipe', 'ignore', 'ignore'] });
  let up = false;
  for (let i = 0; i < 100 && !up; i++) {
    await sleep(50);
    up = await accepts();
  }
  if (!up) throw new Error('espruino --telnet did not start listening');
  return p;
}

/** SIGTERM is ignored by the interactive build: SIGKILL, and wait until it is gone. */
async function kill(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const gone = new Promise((r) => p.once('exit', r));
  p.kill('SIGKILL');
  await gone;
}

const stops: (() => unknown)[] = [];
afterAll(async () => {
  while (stops.length) await stops.pop()!();
});

describe.skipIf(!ESPRUINO_BIN)("against Espruino's Linux build over TCP ($ESPRUINO_BIN --telnet)", () => {
  it('flashes and verifies, mirrors the board, follows it through a restart, and plays the rulebook examples by its buttons', async () => {
    const { manifest } = await ensureBundle();
    const dir = scratchDir('dicetray-espruino-');
    let esp = await startEspruino(dir);
    stops.push(() => kill(esp));

    const flash = new Cli(['flash', '--port', BOARD]);
    expect(await flash.exited).toBe(0);
    expect(flash.out).toEqual([expect.stringMatching(new RegExp(`^flashed and verified ${BOARD}: firmware ${manifest.fw}, bundle ${manifest.hash}, LINUX \\(`))]);
    expect(flash.err.join('\n')).toContain('upload done (LINUX, Espruino 2v29)');

    const mirror = new Cli(['mirror', '--port', BOARD, '--json', '--no-log']);
    stops.push(() => mirror.stop());
    const hello = await mirror.event((e) => e.ev === 'hello');
    expect(hello).toMatchObject({ board: 'LINUX', bh: manifest.hash, fw: manifest.fw });
    await mirror.event((e) => e.ev === 'synced');
    // Without pins the board sends its LED frames anyway.
    await mirror.event((e) => e.ev === 'leds' && typeof e.f === 'string' && e.f.length === 128);

    // The interpreter dies and comes back (as a board does on a power cut): it boots the flashed
    // bundle from espruino.flash, and the mirror reconnects and says the board restarted.
    const from = mirror.count();
    await kill(esp);
    await mirror.event((e) => e.ev === 'lost', 10_000, from);
    esp = await startEspruino(dir);
    const again = await mirror.event((e) => e.ev === 'hello', 20_000, from);
    expect(again.boot).toBe(hello.boot + 1);
    expect(again.text).toMatch(/board restarted/);
    await mirror.event((e) => e.ev === 'synced', 10_000, from);
    expect(await mirror.stop()).toBe(0);

    // The rulebook examples as table scripts, pressed through the buttons of the flashed board (one
    // telnet client at a time: the mirror is gone). Real time there: the scripts' waits are waited.
    for (const name of ['umberto', 'thea', 'kelly', 'carmen']) {
      // One after another on the same board: each replaces the game the one before left.
      const script = new Cli(['script', `test/fixtures/scripts/${name}.table`, '--board', BOARD, '--json', '--replace-game']);
      expect(await script.exited, `${name}: ${script.out.join('\n')} ${script.err.join('\n')}`).toBe(0);
      expect(JSON.parse(script.out[script.out.length - 1])).toMatchObject({ board: BOARD, failed: [] });
    }
  }, 180_000);
});
