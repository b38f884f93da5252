import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { boardMessages, Cli, PtyBoard, scratchDir, tcpBoard, waitUntil } from '../support/host-harness';
import { expectClean, expectJsonError, run } from './cli-run';
import { cli } from '../support/cli';
import { SETTINGS } from '../../host/src/commands/config-settings';
import { encodePacket } from '../../shared/protocol/host-codec';
import { LED_BUDGET_MAX_MA } from '../../hardware/power-figures';
import { DEFAULT_BOARD_CONFIG } from '../../firmware/src/config';
import { PROTOCOL_VERSION, type HostCmd } from '../../shared/protocol/messages';

// `dicetray config` as a child process against simulated boards: on a pseudo-terminal (socat) as
// a USB board appears, as a `dicetray sim --pty` process restarted on the same Storage file, as a
// kiosk board (console off the port), and against a stand-in board on TCP that refuses or drops
// what it is sent (other firmware), which the simulated board never does.

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** The board's settings as saved in a simulated board's Storage image (dt.cfg), or null. */
function savedIn(storageFile: string): Record<string, unknown> | null {
  const files = JSON.parse(readFileSync(storageFile, 'utf8'));
  return files['dt.cfg'] === undefined ? null : JSON.parse(files['dt.cfg']);
}


/** The one JSON object `config --json` prints. */
function result(r: { out: string }): Record<string, any> {
  const lines = r.out.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

async function ptyBoard(name: string, files: Record<string, string> = {}): Promise<{ pb: PtyBoard; storage: string; dir: string }> {
  const dir = scratchDir('dt-config-');
  const storage = path.join(dir, 'storage.json');
  if (Object.keys(files).length) writeFileSync(storage, JSON.stringify(files));
  const pb = await PtyBoard.start(dir, name, { storageFile: storage });
  cleanup.push(() => pb.stop());
  return { pb, storage, dir };
}

/**
 * A board on TCP that speaks the protocol but is not this build: it answers hello, refuses the
 * keys in `declined` with 'bad_config', takes nothing (its snapshot keeps window 8000 ms), and, like
 * a kiosk board, sends no console ACK. Collects the commands it got. `how` makes it older or
 * worse: another protocol version (`v`), an error line about something else after each setting
 * (`other`), a line lost before the snapshot or a chunk of it lost, or the first line after the
 * hello (`lose`).
 */
async function standInBoard(declined: string[], how: { v?: number; other?: boolean; lose?: 'line' | 'chunk' | 'refusal' } = {}): Promise<{ url: string; got: HostCmd[] }> {
  const got: HostCmd[] = [];
  const server = net.createServer((sock) => {
    let buf = Buffer.alloc(0);
    let s = 0;
    const line = (m: Record<string, unknown>) => sock.write('DT:' + JSON.stringify(Object.assign(m, { s: ++s })) + '\n');
    sock.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      for (;;) {
        const at = buf.indexOf(Buffer.from([0x10, 0x01]));
        if (at < 0 || buf.length < at + 4) return;
        const len = ((buf[at + 2] << 8) | buf[at + 3]) & 0x1fff;
        if (buf.length < at + 4 + len) return;
        const cmd = JSON.parse(buf.subarray(at + 4, at + 4 + len).toString('latin1')) as HostCmd;
        buf = buf.subarray(at + 4 + len);
        got.push(cmd);
        if (cmd.c === 'hello') line({ t: 'hello', v: how.v ?? PROTOCOL_VERSION, fw: '0.0.9', bh: 'olderfw0', game: 'pechvogel', board: 'STAND_IN', boot: 3 });
        else if (cmd.c === 'cfg' && how.lose === 'refusal') s++; // its bad_config line, the first after the hello, lost
        else if (cmd.c === 'cfg' && declined.indexOf(cmd.k) >= 0) line({ t: 'err', code: 'bad_config', msg: cmd.k });
        else if (cmd.c === 'cfg' && how.other) line({ t: 'err', code: 'unknown_button', msg: 'S9' });
        else if (cmd.c === 'snap') {
          const d = JSON.stringify({ h: null, st: null, ui: {}, dl: 0, sf: 0, w: 8000, br: 32 });
          if (!how.lose) line({ t: 'snap', i: 0, d, end: 1 });
          else {
            // Two chunks, and between them a line lost (its number skipped) or the middle chunk lost.
            line({ t: 'snap', i: 0, d: d.slice(0, 20) });
            if (how.lose === 'line') s++;
            line({ t: 'snap', i: how.lose === 'chunk' ? 2 : 1, d: d.slice(20), end: 1 });
          }
        }
      }
    });
    sock.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  cleanup.push(() => new Promise((r) => server.close(r)));
  return { url: `tcp://127.0.0.1:${(server.address() as net.AddressInfo).port}`, got };
}

describe('dicetray config', () => {
  it('knows every setting of the firmware and lists them all in its help', async () => {
    expect(SETTINGS.map((s) => s.key)).toEqual(Object.keys(DEFAULT_BOARD_CONFIG));
    const r = await cli(['config', '--help']);
    expect(r.code).toBe(0);
    const help = r.out.join('\n');
    for (const s of SETTINGS) expect(help).toContain(`${s.alias ? `${s.key} (${s.alias})` : s.key}  `);
    for (const s of SETTINGS) expect(help).toContain(s.meaning);
    expect(help).toContain(`0 to ${LED_BUDGET_MAX_MA} mA`);
  });

  it('reads every setting from the board itself, over a pseudo-terminal (text and --json)', async () => {
    const { pb, dir } = await ptyBoard('ttyCF0');
    // Set behind the host's back: what config prints must come from the board, not from defaults.
    pb.command({ c: 'cfg', k: 'attract_ms', v: 300000 });
    pb.command({ c: 'cfg', k: 'beep', v: false });

    const j = await run(['config', '-p', pb.path, '--json'], dir);
    expect(j.code, j.err).toBe(0);
    const o = result(j);
    expect(o).toMatchObject({ ok: true, board: pb.path, hw: 'PICO_R1_3', source: 'console', unknown: [], set: {} });
    expect(o.settings).toEqual(Object.assign({}, DEFAULT_BOARD_CONFIG, { attract_ms: 300000, beep: false }));

    const t = await run(['config', '-p', pb.path], dir);
    expect(t.code, t.err).toBe(0);
    const lines = t.out.trim().split('\n');
    expect(lines[0]).toMatch(/ttyCF0: dicetray \S+ on PICO_R1_3; settings as saved in the board's Storage/);
    for (const s of SETTINGS) expect(lines.some((l) => l.startsWith(`  ${s.key} `)), s.key).toBe(true);
    expect(lines.find((l) => l.includes('attract_ms'))).toMatch(/attract_ms\s+300000\s+5 min\s+idle time/);
    expect(lines.find((l) => l.includes('abandon_ms'))).toMatch(/abandon_ms\s+0\s+never/);
    expect(lines.find((l) => l.includes(' beep '))).toMatch(/beep\s+false\s+off/);
  }, 60_000);

  it('says at once that a board without a usable dt.rare (a flash cut short) must be flashed again, not that its snapshot never came', async () => {
    const { board, url, exposure } = await tcpBoard();
    cleanup.push(() => exposure.close());
    cleanup.push(() => board.powerCut());
    board.storage.files['dt.rare'] = '"0badc0de"' + board.storage.files['dt.rare'].slice(10);
    board.powerCut();
    board.boot();
    const r = await run(['config', '-p', url, 'window=9s'], scratchDir('dt-config-norare-'));
    expect(r.code).toBe(4);
    expect(r.err).toContain('dt.rare');
    expect(r.err).toContain('dicetray flash --port ' + url);
    expect(r.err).not.toContain('snapshot');
  }, 60_000);

  it('reads a network board by its IPv6 address (EspruinoTools cannot: it gets a local bridge)', async () => {
    const { board, url, exposure } = await tcpBoard();
    cleanup.push(() => exposure.close());
    cleanup.push(() => board.powerCut());
    board.write(encodePacket({ c: 'cfg', k: 'attract_ms', v: 240000 }));
    // The simulated board listens on 127.0.0.1; a relay on ::1 makes it a board on IPv6.
    const relay = net.createServer((s) => {
      const to = net.connect(Number(new URL(url).port), '127.0.0.1');
      s.pipe(to).pipe(s);
      s.on('error', () => to.destroy());
      to.on('error', () => s.destroy());
    });
    await new Promise<void>((r) => relay.listen(0, '::1', () => r()));
    cleanup.push(() => new Promise((r) => relay.close(r)));
    const six = `tcp://[::1]:${(relay.address() as net.AddressInfo).port}`;
    const j = await run(['config', '-p', six, '--json'], scratchDir('dt-config-v6-'));
    expect(j.code, j.err).toBe(0);
    expect(result(j)).toMatchObject({ ok: true, board: six, source: 'console' });
    expect(result(j).settings.attract_ms).toBe(240000);
  }, 60_000);

  it('sets two values, reads them back, and they survive a restart of `dicetray sim` on the same --storage', async () => {
    const dir = scratchDir('dt-config-');
    const tty = path.join(dir, 'ttySIM');
    const storage = path.join(dir, 'sim-storage.json');
    const startSim = async () => {
      const sim = new Cli(['sim', '--pty', tty, '--headless', '--storage', storage]);
      cleanup.push(() => sim.stop());
      await waitUntil('the simulated board on its pty', () => sim.out.some((l) => l.includes('simulated board on pty')), 20_000);
      return sim;
    };
    let sim = await startSim();

    const set = await run(['config', '-p', tty, 'abandon=30m', 'window_ms=10000', '--json'], dir);
    expect(set.code, set.err).toBe(0);
    const o = result(set);
    expect(o.set).toEqual({ abandon_ms: { value: 1800000, confirmed: 'read_back' }, window_ms: { value: 10000, confirmed: 'read_back' } });
    expect(o.settings).toEqual(Object.assign({}, DEFAULT_BOARD_CONFIG, { abandon_ms: 1800000, window_ms: 10000 }));
    // In the board's Storage, as the firmware saved it.
    expect(savedIn(storage)).toMatchObject({ abandon_ms: 1800000, window_ms: 10000, marker_ms: DEFAULT_BOARD_CONFIG.marker_ms });

    // The board restarts from the same Storage file.
    expect(await sim.stop()).toBe(0);
    await waitUntil('the pty to disappear', () => !existsSync(tty), 10_000);
    sim = await startSim();
    const back = await run(['config', '-p', tty], dir);
    expect(back.code, back.err).toBe(0);
    expect(back.out).toMatch(/\n {2}abandon_ms\s+1800000\s+30 min\s/);
    expect(back.out).toMatch(/\n {2}window_ms\s+10000\s+10 s\s/);
    expect(back.out).toMatch(/\n {2}marker_ms\s+3000\s+3 s\s/);

    // Friendly units and raw keys alike; the text output marks what was set.
    const again = await run(['config', '-p', tty, 'abandon=off', 'marker_ms=0', 'beep=off'], dir);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/\n\* abandon_ms\s+0\s+never\s/);
    expect(again.out).toMatch(/\n\* marker_ms\s+0\s+at once\s/);
    expect(again.out).toMatch(/\* set abandon_ms = 0 \(never\), marker_ms = 0 \(at once\), beep = false \(off\): read back from the board's Storage/);
    expect(savedIn(storage)).toMatchObject({ abandon_ms: 0, marker_ms: 0, beep: false, window_ms: 10000 });
    expect(again.out).not.toMatch(/already is cleared/);
    // Idle time counts from the last press, not from the setting: said when it is set.
    const abandon = await run(['config', '-p', tty, 'abandon=20m'], dir);
    expect(abandon.out).toMatch(/\* set abandon_ms = 1200000 \(20 min\).*\n {2}a game nobody has touched for 20 min already is cleared at the board's next check/);
    // leds_link lasts until the board restarts (Storage never holds it): read from the board live,
    // not from what a power-up loads (which is always off, and said "did not keep what was set").
    const link = await run(['config', '-p', tty, 'leds_link=on', '--json'], dir);
    expect(link.code, link.err).toBe(0);
    expect(result(link).set).toEqual({ leds_link: { value: true, confirmed: 'snapshot' } });
    expect(result(link).settings.leds_link).toBe(true);
  }, 90_000);

  it('refuses a bad key or value with the keys and ranges (exit 2) and sends nothing to the board', async () => {
    const { pb, storage, dir } = await ptyBoard('ttyCF1');
    const msgs = boardMessages(pb.board);
    const bad = async (args: string[], message: RegExp, hint: RegExp) => {
      const r = await run(['config', '-p', pb.path, ...args], dir);
      expectClean(r, 2, message);
      expect(r.err).toMatch(hint);
      return r;
    };
    const every = new RegExp(SETTINGS.map((s) => `\\n {2}${s.key}\\b`).join('[^]*'));
    // A good value beside a bad one is not sent either.
    await bad(['window=10s', 'bogus=1'], /unknown setting bogus/, every);
    await bad(['abandon_ms=soon'], /bad value for abandon_ms: "soon" \(a duration such as 10s/, /hint: abandon_ms: 0 to 24 h, 0 = never; e\.g\. abandon=30m/);
    await bad(['window=10'], /window=10: give a unit \(10s, 10m, 10ms\), or use window_ms=10 for milliseconds/, /hint: window_ms: 2 s to 24 h/);
    // A window of 0 would pass every throw at once: nobody could frustrate or reduce.
    await bad(['window=0'], /bad value for window_ms: "0" \(at least 2 s\)/, /hint: window_ms: 2 s to 24 h/);
    await bad(['brightness=300'], /bad value for brightness: "300" \(at most 255\)/, /hint: brightness: 0 to 255/);
    await bad(['led_budget=400'], new RegExp(`at most ${LED_BUDGET_MAX_MA} mA`), /the USB limit/);
    await bad(['beep=maybe'], /bad value for beep/, /hint: beep: on or off/);
    await bad(['abandon=30d'], /bad value for abandon_ms/, /0 to 24 h/);
    await bad(['window=5s', 'window_ms=6000'], /window_ms is given twice/, /give each setting once/);
    const j = await run(['config', '-p', pb.path, 'bogus=1', '--json'], dir);
    expect(expectJsonError(j, 2).error).toMatchObject({ code: 'usage', message: 'unknown setting bogus' });

    // Nothing reached the board: no answer from it, no settings saved.
    expect(msgs).toEqual([]);
    expect(savedIn(storage)).toBeNull();
  }, 60_000);

  it('takes the edges of every range in any unit, and refuses one past an edge or a duration with text after it', async () => {
    const dir = scratchDir('dt-config-');
    const file = path.join(dir, 'board.json');
    const edges = ['window=2s', 'brightness=255', `led_budget=${LED_BUDGET_MAX_MA}mA`, 'abandon=24h', 'marker=1m30s', 'attract=0'];
    const r = await run(['config', '-p', 'sim:' + file, ...edges, '--json'], dir);
    expect(r.code, r.err).toBe(0);
    const read = (value: number) => ({ value, confirmed: 'read_back' });
    expect(result(r).set).toEqual({
      window_ms: read(2000),
      brightness: read(255),
      led_budget_ma: read(LED_BUDGET_MAX_MA),
      abandon_ms: read(24 * 3600 * 1000),
      marker_ms: read(90000),
      attract_ms: read(0),
    });
    // One past an edge, or a duration with more after it: refused before any board is opened.
    const missing = path.join(dir, 'ttyNONE');
    for (const [arg, message] of [
      ['window=1999ms', /bad value for window_ms: "1999ms" \(at least 2 s\)/],
      ['brightness=256', /bad value for brightness: "256" \(at most 255\)/],
      [`led_budget=${LED_BUDGET_MAX_MA + 1} mA`, new RegExp(`bad value for led_budget_ma: .*at most ${LED_BUDGET_MAX_MA} mA`)],
      ['abandon=24h1ms', /bad value for abandon_ms: "24h1ms" \(at most 24 h\)/],
      ['abandon=10sx', /bad value for abandon_ms: "10sx" \(a duration such as/],
      ['abandon=30m5', /bad value for abandon_ms: "30m5" \(a duration such as/],
    ] as const) {
      expectClean(await run(['config', '-p', missing, arg], dir), 2, message);
    }
  }, 60_000);

  it('a board that refuses a key (other firmware) is a clear error with the keys (exit 2); one that does not keep a value is exit 1', async () => {
    const dir = scratchDir('dt-config-');
    const b = await standInBoard(['beep']);
    const r = await run(['config', '-p', b.url, 'window=8s', 'beep=off'], dir);
    expectClean(r, 2, /refused beep \(bad_config\); it took window_ms/);
    expect(r.err).toMatch(/hint: the board runs other firmware than this host knows \(0\.0\.9, bundle olderfw0\): flash it with `dicetray flash --port tcp:/);
    expect(r.err).toMatch(/\n {2}beep\s+on or off/);
    expect(b.got.filter((c) => c.c === 'cfg')).toEqual([
      { c: 'cfg', k: 'window_ms', v: 8000 },
      { c: 'cfg', k: 'beep', v: false },
    ]);

    // It takes window_ms without a word but its snapshot still says 8000 ms.
    const k = await run(['config', '-p', b.url, 'window=9s', '--json'], dir);
    expect(k.code, k.err).toBe(1);
    expect(k.err).toMatch(/dicetray: tcp:\S+ did not keep what was set: window_ms is 8000, not 9000\nhint: /);
    const o = result(k);
    expect(o).toMatchObject({ ok: false, source: 'snapshot', set: { window_ms: { value: 9000, confirmed: null } }, error: { exit: 1 } });
  }, 60_000);

  it('an older board that reports only window and brightness: a value it takes without an error is "accepted", the rest not readable', async () => {
    const dir = scratchDir('dt-config-');
    // An error line about something else (a button) is no refusal of a setting.
    for (const other of [false, true]) {
      const b = await standInBoard([], { other });
      const j = await run(['config', '-p', b.url, 'beep=off', '--json'], dir);
      expect(j.code, j.err).toBe(0);
      const o = result(j);
      expect(o).toMatchObject({ ok: true, source: 'snapshot', set: { beep: { value: false, confirmed: 'accepted' } } });
      expect(o.settings).toMatchObject({ window_ms: 8000, brightness: 32, beep: null });
      expect(o.unknown).toEqual(SETTINGS.map((s) => s.key).filter((k) => k !== 'window_ms' && k !== 'brightness'));
    }
    const b = await standInBoard([]);
    const t = await run(['config', '-p', b.url, 'beep=off'], dir);
    expect(t.code, t.err).toBe(0);
    expect(t.out).toMatch(/\n\? marker_ms, led_budget_ma, attract_ms, abandon_ms, leds_link, beep: not readable here: a kiosk board, its console is not on its port\n/);
    expect(t.out).toMatch(/\n\* set beep = false \(off\): taken and saved by the board \(no error\), not read back\n/);
  }, 60_000);

  it('a line lost while reading the settings back (a sequence gap, a snapshot chunk missing) is exit 4, not a guess', async () => {
    const dir = scratchDir('dt-config-');
    // 'refusal': the line right after the hello (a refusal read as "taken": exit 0).
    for (const lose of ['line', 'chunk', 'refusal'] as const) {
      const b = await standInBoard([], { lose });
      expectClean(await run(['config', '-p', b.url, 'beep=off'], dir), 4, /a line from tcp:\S+ was lost while reading its settings/);
    }
  }, 60_000);

  it('a board that speaks another protocol is exit 4 and is sent no setting', async () => {
    const b = await standInBoard([], { v: 9 });
    const r = await run(['config', '-p', b.url, 'beep=off'], scratchDir('dt-config-'));
    expectClean(r, 4, /protocol mismatch on tcp:\S+: the board speaks v9, this host v2/);
    expect(b.got.filter((c) => c.c === 'cfg')).toEqual([]);
  }, 60_000);

  it('on a kiosk board (console off the port) it sets and reads every setting through the snapshot', async () => {
    const { pb, storage, dir } = await ptyBoard('ttyCF2', { 'dt.kiosk': JSON.stringify({ pw: 'staff42' }) });
    const r = await run(['config', '-p', pb.path, 'abandon=45m', 'window=12s', '--json'], dir);
    expect(r.code, r.err).toBe(0);
    const o = result(r);
    expect(o).toMatchObject({ ok: true, source: 'snapshot', note: expect.stringMatching(/console is not on its port/) });
    expect(o.settings).toEqual(Object.assign({}, DEFAULT_BOARD_CONFIG, { window_ms: 12000, abandon_ms: 2700000 }));
    expect(o.unknown).toEqual([]);
    expect(o.set).toEqual({ abandon_ms: { value: 2700000, confirmed: 'snapshot' }, window_ms: { value: 12000, confirmed: 'snapshot' } });
    expect(savedIn(storage)).toMatchObject({ abandon_ms: 2700000, window_ms: 12000 });

    const t = await run(['config', '-p', pb.path], dir);
    expect(t.code, t.err).toBe(0);
    expect(t.out).toContain("settings the board reports in use (a kiosk board, its console is not on its port)");
    expect(t.out).toMatch(/\n {2}abandon_ms\s+2700000\s+45 min/);
    expect(t.out).not.toContain('not readable');
  }, 60_000);

  it('a port another program holds (the wall screen\'s mirror) says to stop that program, not to check the cable', async () => {
    const { pb, dir } = await ptyBoard('ttyCFB');
    const { SerialPort } = await import('serialport');
    const held = new SerialPort({ path: pb.path, baudRate: 9600 });
    await new Promise<void>((ok, no) => held.on('open', () => ok()).on('error', no));
    cleanup.push(() => new Promise((r) => held.close(() => r(undefined))));
    const r = await run(['config', '-p', pb.path], dir);
    expectClean(r, 3, /cannot open .*ttyCFB: port is in use by another program\nhint: stop the program that has it open first, such as a running `dicetray mirror`/);
    // A mirror run as a service (README, Kiosk, staff sheet) comes back when killed: the hint says
    // how to stop it, and to start it again after (staff flashed or configured and the wall screen
    // stayed without updates).
    expect(r.err).toContain('systemctl --user stop dicetray-mirror');
    expect(r.err).toMatch(/start it again after \(`systemctl --user start dicetray-mirror`\)/);
  }, 60_000);

  it('brightness=0 or led_budget=0 is taken, and says how to light the LEDs again', async () => {
    const dir = scratchDir('dt-config-');
    const file = path.join(dir, 'board.json');
    const r = await run(['config', '-p', 'sim:' + file, 'brightness=0', 'led_budget=0mA'], dir);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/brightness 0: the LEDs stay dark, after a power cut or a re-flash too \(the board keeps its settings\); to light them again: dicetray config -p sim:\S*board\.json brightness=32, or at the board the staff menu \(hold OK \+ BACK 3 s\) then K2/);
    expect(r.out).toMatch(/led_budget_ma 0: the LEDs stay dark.*; to light them again: dicetray config -p sim:\S*board\.json led_budget=250mA/);
  }, 60_000);

  it('a board that is not there is exit 3; a new sim:FILE gets the firmware files and keeps its settings', async () => {
    const dir = scratchDir('dt-config-');
    expectClean(await run(['config', '-p', path.join(dir, 'ttyNONE'), 'beep=off'], dir), 3, /cannot open .*ttyNONE: no such port/);
    const file = path.join(dir, 'board.json');
    const r = await run(['config', '-p', 'sim:' + file, 'brightness=24', '--json'], dir);
    expect(r.code, r.err).toBe(0);
    expect(result(r).set).toEqual({ brightness: { value: 24, confirmed: 'read_back' } });
    expect(savedIn(file)).toMatchObject({ brightness: 24 });
    expect(result(await run(['config', '-p', 'sim:' + file, '--json'], dir)).settings.brightness).toBe(24);
  }, 60_000);
});
