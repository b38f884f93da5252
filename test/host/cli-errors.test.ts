/**
 * Bad input to `dicetray`: a `dicetray: …` line with a hint, the documented exit code, no stack
 * trace, no hang, and under --json one JSON error object on stdout.
 */
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { CLI, scratchDir } from '../support/host-harness';
import { onPath } from '../../host/src/link/find-boards';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { expectClean, expectJsonError, run } from './cli-run';

describe('dicetray usage and file errors', () => {
  const dir = scratchDir('dt-cli-errors-');

  it('mirror: a log directory or CSV that cannot be written is exit 6 before any board opens (it hung)', async () => {
    for (const args of [['--log', '/etc/passwd'], ['--log', '/proc/nope/logs'], ['--csv', '/proc/nope.csv'], ['--csv', '/nonexistent-dt/dir/x.csv']]) {
      const r = await run(['mirror', '-p', 'sim:memory', '--json', ...args], dir, 20_000);
      expectClean(r, 6, /cannot (use|write)/);
      expectJsonError(r, 6);
    }
  });

  it('--version prints the version (package.json), exit 0', async () => {
    const r = await run(['--version'], dir);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe(JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')).version);
  });

  it('flash --verify-timeout takes whole seconds (Infinity waited for ever)', async () => {
    for (const v of ['Infinity', '1e3', '0x10', '0']) expectClean(await run(['flash', '-p', 'sim:memory', '--verify-timeout', v], dir), 2, /bad --verify-timeout/);
  });

  it('flash --board with an unknown board is a build error (exit 7), as for build', async () => {
    const r = await run(['flash', '--board', 'zx81', '-p', 'sim:memory'], dir);
    expectClean(r, 7, /unknown board "zx81"/);
    const j = await run(['flash', '--board', 'zx81', '-p', 'sim:memory', '--json'], dir);
    expect(expectJsonError(j, 7).error.code).toBe('build');
  });

  it('flash --board wifi builds and writes the WiFi build, so a Pico refuses it (it rebuilt and flashed the Pico build)', async () => {
    // Its own dist: a WiFi build in firmware/dist would race with the suite's other files.
    const dist = path.join(dir, 'dist-wifi');
    const r = await run(['flash', '--board', 'wifi', '-p', 'sim:memory'], dir, 120_000, { DICETRAY_DIST: dist });
    expectClean(r, 5, /this build is for Espruino WiFi \(ESPRUINOWIFI\): nothing written/);
    expect(r.err).toMatch(/firmware \S+ for wifi, bundle/);
    expect(JSON.parse(readFileSync(path.join(dist, 'dicetray.json'), 'utf8')).board).toBe('wifi');
  });

  it('a damaged build output (a garbled manifest, a Storage module gone) is built again, not an error', async () => {
    const built = await ensureBundle();
    const dist = path.join(dir, 'dist-damaged');
    cpSync(path.dirname(built.file), dist, { recursive: true });
    writeFileSync(path.join(dist, 'dicetray.json'), '{"fw":');
    const a = await run(['flash', '-p', 'sim:memory'], dir, 120_000, { DICETRAY_DIST: dist });
    expect(a.code, a.err).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dist, 'dicetray.json'), 'utf8')).hash).toBe(built.manifest.hash);
    const rare = Object.values(built.manifest.files || {})[0];
    rmSync(path.join(dist, rare));
    const b = await run(['flash', '-p', 'sim:memory'], dir, 120_000, { DICETRAY_DIST: dist });
    expect(b.code, b.err).toBe(0);
    expect(existsSync(path.join(dist, rare))).toBe(true);
  }, 240_000);

  it('flash fails when the board comes back with another bundle than the one sent (the upload did not take)', async () => {
    // The manifest names another bundle than the code the board boots: what a board says after an
    // upload that did not take (old firmware still booting) looks the same to the check.
    const built = await ensureBundle();
    const dist = path.join(dir, 'dist-other-hash');
    cpSync(path.dirname(built.file), dist, { recursive: true });
    const man = JSON.parse(readFileSync(path.join(dist, 'dicetray.json'), 'utf8'));
    writeFileSync(path.join(dist, 'dicetray.json'), JSON.stringify(Object.assign(man, { hash: '00000000' })));
    const r = await run(['flash', '-p', 'sim:memory'], dir, 120_000, { DICETRAY_DIST: dist });
    expectClean(r, 5, new RegExp(`flash not verified: the board says bundle ${built.manifest.hash} \\(expected 00000000\\)`));
  }, 240_000);

  it('mirror -p auto --wait waits for a board not plugged in yet (it exited 3 at once, a restart loop under systemd)', async () => {
    const r = await run(['mirror', '-p', 'auto', '--wait', '--json', '--no-log'], dir, 6_000);
    if (!onPath('udevadm')) return expectClean(r, 3, /cannot enumerate ports/); // no port listing here: still an error, not a wait
    expect(r.code, r.err).toBe(null); // still running when killed
    expect(r.out).toMatch(/"ev":"waiting".*no Espruino board found/);
  });

  it('a sim:FILE in a folder that does not exist is a typo: exit 6, no board made there (config, script, mirror)', async () => {
    for (const args of [['config', '-p', 'sim:nofolder/a.json', 'abandon=30m'], ['script', 'x.table', '-p', 'sim:nofolder/a.json'], ['mirror', '-p', 'sim:nofolder/a.json', '--json']]) {
      if (args[0] === 'script') writeFileSync(path.join(dir, 'x.table'), 'press K1\n');
      expectClean(await run(args, dir), 6, /no directory .*nofolder/);
    }
    expect(existsSync(path.join(dir, 'nofolder'))).toBe(false);
  });

  it('a broken sim Storage file is exit 6 with a hint to start fresh (sim, mirror -p sim:FILE, flash -p sim)', async () => {
    writeFileSync(path.join(dir, 'garbage.json'), 'garbage');
    writeFileSync(path.join(dir, 'empty.json'), '');
    mkdirSync(path.join(dir, 'dir.json'), { recursive: true });
    for (const f of ['garbage.json', 'empty.json', 'dir.json']) {
      const r = await run(['sim', '--headless', '--tcp', '2399', '--storage', f], dir);
      expectClean(r, 6, /Storage/);
      // A folder is no image to start afresh from or delete: name a file.
      expect(r.err).toMatch(f === 'dir.json' ? /hint: name a file for the simulated board's Storage, not a folder/ : /--fresh/);
    }
    expectClean(await run(['mirror', '-p', 'sim:garbage.json', '--json'], dir), 6, /Storage/);
    mkdirSync(path.join(dir, '.dicetray'), { recursive: true });
    writeFileSync(path.join(dir, '.dicetray', 'sim-storage.json'), '[1,2]');
    expectClean(await run(['flash', '-p', 'sim'], dir), 6, /sim-storage\.json/);
  });

  it('mirror checks --web, --host, --attract and labels before connecting; a busy port ends the run', async () => {
    for (const args of [['--web', 'abc'], ['--web', '99999'], ['--attract', 'xyz'], ['--attract', '-5'], ['--attract', '1e3'], ['--silence', '1e3'], ['-p', 'a=sim:memory', '-p', 'a=sim:other.json']]) {
      const r = await run(['mirror', '-p', 'sim:memory', ...args], dir, 20_000);
      expectClean(r, 2, /bad --|labelled/);
    }
    const host = await run(['mirror', '-p', 'sim:memory', '--web', '0', '--host', '999.1.1.1'], dir, 20_000);
    expectClean(host, 2, /999\.1\.1\.1/);
    expect(host.err).toMatch(/hint: .*--host 127\.0\.0\.1/);
    const busy = net.createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const r = await run(['mirror', '-p', 'sim:memory', '--web', String(port)], dir, 20_000);
      expectClean(r, 2, /in use/);
      expect(r.err).toMatch(/hint: choose another port/);
    } finally {
      busy.close();
    }
  });

  it('flash refuses a new kiosk password shorter than 8 characters (the K4 prompt takes guesses as fast as they are typed), before connecting', async () => {
    for (const pw of ['s3cret', 'x', 'seven77']) expectClean(await run(['flash', '-p', 'sim:memory', '--kiosk-password', pw], dir), 2, /8 to 19 printable/);
    expectClean(await run(['flash', '-p', 'sim:memory', '--kiosk-password', 'twenty-characters-20'], dir), 2, /8 to 19 printable/);
  });

  it('mirror refuses one board named twice however spelt (sim is its default Storage file); two sim:memory tables are two boards', async () => {
    expectClean(await run(['mirror', '-p', 'sim', '-p', 'sim:.dicetray/sim-storage.json', '--no-log'], dir, 20_000), 2, /named twice/);
    // A mirror runs until stopped: stopped once both tables are in sync (or after 30 s).
    const p = spawn(process.execPath, [CLI, 'mirror', '-p', 'a=sim:memory', '-p', 'b=sim:memory', '--json', '--no-log'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const synced: string[] = [];
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    await new Promise<void>((done) => {
      const timer = setTimeout(done, 30_000);
      createInterface({ input: p.stdout }).on('line', (l) => {
        if (/"ev":"synced"/.test(l)) synced.push(JSON.parse(l).table);
        if (synced.length === 2) (clearTimeout(timer), done());
      });
    });
    p.kill();
    expect(synced.sort(), err).toEqual(['a', 'b']);
  });

  it('usage errors from the option parser say dicetray: with a hint (exit 2), and JSON under --json', async () => {
    const r = await run(['conform', '--bogus', 'x.json'], dir);
    expectClean(r, 2, /unknown option '--bogus'/);
    expect(r.err).toMatch(/hint: dicetray conform --help/);
    expectJsonError(await run(['conform', '--json'], dir), 2);
  });

  it('--json failures print a JSON error on stdout (missing files, no board, unknown board)', async () => {
    for (const args of [['conform', '--json', 'missing.json'], ['replay', '--json', 'missing.jsonl'], ['build', '--json', '--board', 'zx81'], ['flash', '--json', '-p', '/dev/nonexistent-dt']]) {
      const r = await run(args, dir);
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(/^dicetray: /);
      expectJsonError(r, r.code!);
    }
  });

  it('build --out to a place that cannot be written is a file error (exit 6), not a board problem', async () => {
    const r = await run(['build', '--out', '/proc/nope.js'], dir);
    expectClean(r, 6, /cannot write/);
    expect(r.err).not.toMatch(/pick another board/);
  });

  it('build --out in a folder that cannot be made is a file error too (Node\'s recursive mkdir looped for good on /proc/nope)', async () => {
    const r = await run(['build', '--out', '/proc/nope/dt.js'], dir);
    expectClean(r, 6, /cannot write/);
  });
});

describe('dicetray sim options', () => {
  const dir = scratchDir('dt-sim-options-');

  it('checks --tcp and --pty before starting: a bad port, both at once, a busy port (with a hint)', async () => {
    expectClean(await run(['sim', '--headless', '--tcp', 'abc'], dir), 2, /bad --tcp port abc/);
    expectClean(await run(['sim', '--headless', '--tcp', '2323', '--pty', path.join(dir, 'tty')], dir), 2, /--pty and --tcp/);
    // A board nothing could reach, and odds for a screen that shows none, are refused before it starts.
    expectClean(await run(['sim', '--headless'], dir), 2, /out of reach/);
    expectClean(await run(['sim', '--tcp', '2323', '--odds'], dir), 2, /give it to the mirror instead/);
    const busy = net.createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    try {
      const port = String((busy.address() as net.AddressInfo).port);
      const r = await run(['sim', '--headless', '--storage', 's.json', '--tcp', port], dir, 20_000);
      expectClean(r, 2, /in use/);
      expect(r.err).toMatch(/hint: choose another port/);
    } finally {
      busy.close();
    }
  });

  it('--fresh on a Storage path that is a directory is a file error (exit 6)', async () => {
    mkdirSync(path.join(dir, 'dir.json'), { recursive: true });
    expectClean(await run(['sim', '--headless', '--tcp', '2399', '--fresh', '--storage', 'dir.json'], dir), 6, /it is a directory/);
  });
});
