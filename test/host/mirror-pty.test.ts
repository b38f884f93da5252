import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { SerialPort } from 'serialport';
import { Cli, holdStaffK4, kioskPtyBoard, PtyBoard, scratchDir, sleep, waitUntil } from '../support/host-harness';
import { encodePacket } from '../../shared/protocol/host-codec';
import type { HostCmd } from '../../shared/protocol/messages';

// `dicetray mirror` as a child process against the simulated board on a real pseudo-terminal
// (socat), the way a USB board appears: handshake, a live game, logs, unplug/replug, power cut,
// garbage and half lines on the wire, sequence gaps, protocol mismatch.

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function setUp(name: string, extra: (dir: string) => string[]) {
  const dir = scratchDir();
  const pb = await PtyBoard.start(dir, name);
  cleanup.push(() => pb.stop());
  const cli = new Cli(['mirror', '--port', pb.path, '--json', ...extra(dir)]);
  cleanup.push(() => cli.stop());
  await cli.event((e) => e.ev === 'synced');
  return { dir, pb, cli };
}

/** A short game opening played with host commands: new game, first throw, target, a greedy throw. */
async function playOpening(pb: PtyBoard, cli: Cli): Promise<void> {
  const from = cli.count();
  pb.command({ c: 'new', p: ['Ann', 'Ben'] });
  // Actions sent before the mirror has its snapshot would only arrive inside that snapshot.
  await cli.event((e) => e.ev === 'synced' && e.n === 0, 10_000, from);
  pb.command({ c: 'act', a: { do: 'throw', faces: [3, 3, 3, 4, 4, 4, 4] } });
  pb.command({ c: 'act', a: { do: 'choose_target', value: 3 } });
  // 3 more targets end the turn; the table then takes the marker by itself (R-PV-22).
  pb.command({ c: 'act', a: { do: 'throw', faces: [3, 3, 3, 'R'] } });
}

describe('dicetray mirror over a pseudo-terminal', () => {
  it('handshakes, mirrors a game, and writes an action log that replays and a CSV of the throws', async () => {
    const { dir, pb, cli } = await setUp('ttyDT0', (d) => ['--log', path.join(d, 'logs'), '--csv', path.join(d, 'throws.csv')]);
    const logs = path.join(dir, 'logs');
    const csv = path.join(dir, 'throws.csv');
    const hello = cli.json().find((e) => e.ev === 'hello')!;
    expect(hello).toMatchObject({ table: pb.path, board: 'PICO_R1_3', boot: 1 });
    expect(hello.bh).toMatch(/^[0-9a-f]{8}$/);
    const cli2 = cli;
    await playOpening(pb, cli2);
    const last = await cli2.event((e) => e.ev === 'action' && e.n === 4);
    expect(last.a).toEqual({ do: 'take_marker' });
    expect(last.phase).toBe('await_first_throw');
    // A button pressed on the board shows up as an event too.
    pb.board.press('K1', 60);
    await cli2.event((e) => e.ev === 'button' && e.button === 'K1');
    const logEvent = await cli2.event((e) => e.ev === 'log');
    await cli2.stop();

    // The action log replays to the state the mirror saw.
    const files = readdirSync(logs);
    expect(files.length).toBe(1);
    expect(path.join(logs, files[0])).toBe(logEvent.file);
    const replay = new Cli(['replay', logEvent.file, '--json']);
    expect(await replay.exited).toBe(0);
    const r = JSON.parse(replay.out[0]);
    expect(r).toMatchObject({ ok: true, applied: 4 });
    expect(JSON.parse(last.line).h).toBe(r.hash);
    expect(r.state.players.Ann.markers).toEqual([3]);
    expect(r.state.murphy).toBe('Ann');

    const rows = readFileSync(csv, 'utf8').trim().split('\n');
    expect(rows[0]).toBe('time,table,log,n,player,kind,source,dice,faces,target,targets,ravens,phase,corrects,local_time');
    // n, player, kind, source, dice, faces, target, targets and ravens of this throw's own dice.
    expect(rows.slice(1).map((l) => l.split(',').slice(3, 12))).toEqual([
      ['1', 'Ann', 'first', 'entered', '7', '3 3 3 4 4 4 4', '3', '3', '0'],
      ['3', 'Ann', 'throw', 'entered', '4', '3 3 3 R', '3', '3', '1'],
    ]);
  });

  it('survives unplug and replug, a power cut, garbage and half lines, and sequence gaps, and says so', async () => {
    const { pb, cli } = await setUp('ttyDT1', () => ['--no-log']);
    pb.command({ c: 'new', p: ['Ann', 'Ben'] });
    await cli.event((e) => e.ev === 'synced' && e.n === 0);

    // Cable out; the game goes on at the table; cable back in.
    pb.unplug();
    const lost = await cli.event((e) => e.ev === 'lost');
    expect(lost.text).toMatch(/reconnecting/);
    // In words, not the system's alone ("bad file descriptor" said nothing about the cable).
    expect(lost.reason).toMatch(/^the port went away: cable pulled, or the board restarted \(/);
    pb.command({ c: 'act', a: { do: 'throw', faces: [5, 5, 6, 6, 7, 7, 3] } });
    await sleep(300);
    let from = cli.count();
    await pb.plug();
    expect((await cli.event((e) => e.ev === 'connected', 15_000, from)).text).toMatch(/reconnected/);
    expect((await cli.event((e) => e.ev === 'synced', 10_000, from)).n).toBe(1);

    // Power cut: the board restarts, sequence numbers start again, the game comes back from Storage.
    from = cli.count();
    pb.board.powerCut();
    pb.board.boot();
    const hello = await cli.event((e) => e.ev === 'hello', 10_000, from);
    expect(hello.boot).toBe(2);
    expect(hello.text).toMatch(/board restarted/);
    expect((await cli.event((e) => e.ev === 'synced', 10_000, from)).n).toBe(1);

    // Garbage: a prefixed line that is not JSON, random bytes, then a half line glued to the next message.
    from = cli.count();
    pb.inject('DT:{"t":"act",!!garbage\r\n');
    pb.inject('\x00\xff\x1b[2Jnoise without meaning\r\n');
    pb.inject('DT:{"t":"btn","s":');
    pb.command({ c: 'act', a: { do: 'choose_target', value: 5 } });
    await cli.event((e) => e.ev === 'garbage' && e.reason === 'bad_json', 10_000, from);
    // The swallowed message leaves a gap: the mirror asks for a snapshot and catches up.
    await cli.event((e) => e.ev === 'resync' && /missed/.test(e.reason), 10_000, from);
    expect((await cli.event((e) => e.ev === 'synced' && e.n === 2, 10_000, from)).phase).toBe('await_throw');

    // A jump in the sequence numbers.
    from = cli.count();
    pb.inject('DT:{"t":"btn","b":"S1","k":"press","s":99999}\r\n');
    await cli.event((e) => e.ev === 'resync' && /missed \d+ message/.test(e.reason), 10_000, from);
    await cli.event((e) => e.ev === 'synced' && e.n === 2, 10_000, from);

    // And it still follows the game.
    pb.command({ c: 'act', a: { do: 'throw', faces: [5, 5, 3, 3, 3] } });
    expect((await cli.event((e) => e.ev === 'action' && e.n === 3, 10_000, from)).a).toEqual({ do: 'throw', faces: [5, 5, 3, 3, 3] });

    // The board's refusals and errors are said in words, with their codes (an error without a
    // detail read "board error unknown_command: ").
    from = cli.count();
    pb.command({ c: 'act', a: { do: 'throw', faces: [5] } });
    expect((await cli.event((e) => e.ev === 'refused', 10_000, from)).text).toBe('board refused throw: wrong number of dice, or no throw now (wrong_dice_count)');
    pb.command({ c: 'reboot' } as unknown as HostCmd);
    expect((await cli.event((e) => e.ev === 'board_error', 10_000, from)).text).toBe('board error: a host command this firmware does not know (older firmware than the host?) (unknown_command)');
  });

  it('reconnects when the `dicetray sim` process is killed and started again, and the game comes back', async () => {
    const dir = scratchDir();
    const tty = path.join(dir, 'ttySIM');
    const storage = path.join(dir, 'sim-storage.json');
    const startSim = async () => {
      // Storage in a file of a fresh directory: empty at first, kept across the restart.
      const sim = new Cli(['sim', '--pty', tty, '--headless', '--storage', storage]);
      await waitUntil('the simulated board on its pty', () => sim.out.some((l) => l.includes('simulated board on pty')), 20_000);
      return sim;
    };
    let sim = await startSim();
    cleanup.push(() => sim.stop());
    // A game in progress, set up over the pty before the mirror starts.
    const port = new SerialPort({ path: tty, baudRate: 115200 });
    await new Promise((r) => port.on('open', r));
    port.write(Buffer.from(encodePacket({ c: 'new', p: ['Ann', 'Ben'] })));
    port.write(Buffer.from(encodePacket({ c: 'act', a: { do: 'throw', faces: [4, 4, 5, 5, 6, 6, 7] } })));
    await sleep(300);
    await new Promise((r) => port.close(r));

    const cli = new Cli(['mirror', '--port', tty, '--json', '--no-log']);
    cleanup.push(() => cli.stop());
    const hello = await cli.event((e) => e.ev === 'hello');
    expect((await cli.event((e) => e.ev === 'synced')).n).toBe(1);

    const from = cli.count();
    await sim.kill('SIGKILL');
    await cli.event((e) => e.ev === 'lost', 10_000, from);
    // socat notices its parent is gone and takes the pty away.
    await waitUntil('the pty to disappear', () => !existsSync(tty), 10_000);
    sim = await startSim();
    const again = await cli.event((e) => e.ev === 'hello', 20_000, from);
    expect(again.boot).toBe(hello.boot + 1);
    expect(again.text).toMatch(/board restarted/);
    const synced = await cli.event((e) => e.ev === 'synced', 10_000, from);
    expect(synced).toMatchObject({ n: 1, phase: 'await_target' });
  });

  it('sim --pty makes its pty again when it goes away under it (its socat killed), and says so', async () => {
    const dir = scratchDir();
    const tty = path.join(dir, 'ttyGONE');
    const sim = new Cli(['sim', '--pty', tty, '--headless', '--storage', path.join(dir, 'sim-storage.json')]);
    cleanup.push(() => sim.stop());
    await waitUntil('the simulated board on its pty', () => sim.out.some((l) => l.includes('simulated board on pty')), 20_000);
    // The board ran on silently, out of reach, until the command was started again.
    // Its socat, found by its command line (/proc: no procps needed).
    const socat = readdirSync('/proc').filter((d) => /^\d+$/.test(d) && (() => {
      try {
        return readFileSync(`/proc/${d}/cmdline`, 'latin1').split('\0').includes(`pty,raw,echo=0,link=${tty}`);
      } catch {
        return false;
      }
    })());
    expect(socat).toHaveLength(1);
    process.kill(Number(socat[0]), 'SIGKILL');
    await waitUntil('said', () => sim.out.some((l) => /^dicetray: the pty .*ttyGONE went away \(socat ended by SIGKILL\); making it again$/.test(l)), 10_000);
    await waitUntil('back', () => sim.out.some((l) => /^dicetray: the pty .*ttyGONE is back$/.test(l)), 10_000);
    const cli = new Cli(['mirror', '--port', tty, '--json', '--no-log']);
    cleanup.push(() => cli.stop());
    await cli.event((e) => e.ev === 'hello');
    // Quitting closes it for good: no "went away" for that.
    const said = sim.out.length;
    await sim.stop();
    expect(sim.out.slice(said).filter((l) => /went away/.test(l))).toEqual([]);
  });

  it('keeps a quiet board by asking it, and drops and reopens one that stops answering on a port that stays open', async () => {
    const dir = scratchDir();
    const tty = path.join(dir, 'ttyHANG');
    const sim = new Cli(['sim', '--pty', tty, '--headless', '--storage', path.join(dir, 'sim-storage.json')]);
    cleanup.push(() => sim.stop());
    // A stopped process takes SIGINT only once it runs again (cleanups run last pushed first).
    cleanup.push(() => sim.signal('SIGCONT'));
    // A game at its first throw: nothing blinks, so the board sends nothing by itself.
    await waitUntil('the simulated board on its pty', () => sim.out.some((l) => l.includes('simulated board on pty')), 20_000);
    const port = new SerialPort({ path: tty, baudRate: 115200 });
    await new Promise((r) => port.on('open', r));
    port.write(Buffer.from(encodePacket({ c: 'new', p: ['Ann', 'Ben'] })));
    await sleep(300);
    await new Promise((r) => port.close(r));
    const cli = new Cli(['mirror', '--port', tty, '--json', '--no-log', '--silence', '2']);
    cleanup.push(() => cli.stop());
    const hello = await cli.event((e) => e.ev === 'hello');
    await cli.event((e) => e.ev === 'synced');
    await cli.event((e) => e.ev === 'leds');

    // An idle board sends nothing by itself; asked for its frame, it answers, and stays live.
    // The frames it sends again are not passed on as news.
    let from = cli.count();
    await sleep(4500);
    const idle = cli.json().slice(from);
    expect(idle.filter((e) => e.ev === 'silent' || e.ev === 'lost')).toEqual([]);
    expect(idle.filter((e) => e.ev === 'leds')).toEqual([]);

    // The board hangs (its process stopped): socat keeps the pty, so no hang-up ever comes.
    from = cli.count();
    sim.signal('SIGSTOP');
    const silent = await cli.event((e) => e.ev === 'silent', 10_000, from);
    expect(silent.text).toMatch(/sent nothing for [2-4] s although asked/);
    expect((await cli.event((e) => e.ev === 'lost', 5_000, from)).reason).toMatch(/no answer for/);
    // Reopened at once (the pty is still there), the handshake waits for an answer.
    await cli.event((e) => e.ev === 'connected', 5_000, from);

    sim.signal('SIGCONT');
    const again = await cli.event((e) => e.ev === 'hello', 10_000, from);
    expect(again.boot).toBe(hello.boot);
    await cli.event((e) => e.ev === 'synced', 10_000, from);
  });

  it('says so when staff open a kiosk board\'s console for flashing, asks it nothing more, and goes live at its restart', async () => {
    const pb = await kioskPtyBoard(scratchDir(), 'ttyKF');
    cleanup.push(() => pb.stop());
    const cli = new Cli(['mirror', '--port', pb.path, '--json', '--no-log', '--silence', '2']);
    cleanup.push(() => cli.stop());
    const hello = await cli.event((e) => e.ev === 'hello');
    await cli.event((e) => e.ev === 'synced');
    const from = cli.count();
    await holdStaffK4(pb.board);
    const note = await cli.event((e) => e.ev === 'flashing', 5_000, from);
    expect(note.text).toContain(`dicetray flash -p ${pb.path} --unlock PASSWORD`);
    // Nothing more goes to the board: no frame asks, no hello, so the password prompt stays empty
    // (a board that answers nothing for 2 s would otherwise be dropped and greeted again).
    const sent: number[] = [];
    const write = pb.board.write.bind(pb.board);
    pb.board.write = (d: Uint8Array | string) => {
      sent.push(typeof d === 'string' ? d.length : d.length);
      write(d);
    };
    await sleep(5000);
    expect(cli.json().slice(from).filter((e) => e.ev === 'silent' || e.ev === 'lost' || e.ev === 'connected')).toEqual([]);
    expect(sent).toEqual([]);
    // A restart (power, or the flash's own reset) brings the hello: live again.
    pb.board.write = write;
    pb.board.powerCut();
    pb.board.boot();
    const again = await cli.event((e) => e.ev === 'hello', 10_000, from);
    expect(again.boot).toBe(hello.boot + 1);
    await cli.event((e) => e.ev === 'synced', 10_000, from);
  });

  it('with --wait, waits for a board that is not there yet', async () => {
    const dir = scratchDir();
    const cli = new Cli(['mirror', '--port', path.join(dir, 'ttyLATE'), '--json', '--no-log', '--wait', '--web', '0']);
    cleanup.push(() => cli.stop());
    const url = (await cli.event((e) => e.ev === 'web')).url as string;
    expect((await cli.event((e) => e.ev === 'waiting')).text).toMatch(/^waiting for .*ttyLATE \(no such port\)/);
    // A board not seen yet is awaited, not lost (the page said "Connection to the board lost").
    await sleep(1200);
    expect((await (await fetch(url + 'state.json')).json()).tables[0].status).toBe('waiting');
    const pb = await PtyBoard.start(dir, 'ttyLATE');
    cleanup.push(() => pb.stop());
    await cli.event((e) => e.ev === 'hello');
    await cli.event((e) => e.ev === 'synced');
  });

  it('exits with the protocol-mismatch code when the board speaks another protocol version', async () => {
    const dir = scratchDir();
    // The version is a literal or a (minified, possibly $-prefixed) name in the bundle.
    const pb = await PtyBoard.start(dir, 'ttyDT2', { patch: (code) => code.replace(/(t:"hello",v:)([\w$]+)/, '$1($2+1)') });
    cleanup.push(() => pb.stop());
    const cli = new Cli(['mirror', '--port', pb.path, '--json', '--no-log']);
    expect(await cli.exited).toBe(4);
    expect(cli.err.join('\n')).toMatch(/^dicetray: protocol mismatch on .*ttyDT2: the board speaks v3, this host v2/m);
    expect(cli.err.join('\n')).toMatch(/hint: .*dicetray flash --port/);
  });

  it('exits with the no-board code for a missing port, and protocol code for a port where no firmware answers', async () => {
    const dir = scratchDir();
    const missing = new Cli(['mirror', '--port', path.join(dir, 'ttyNOPE'), '--json']);
    expect(await missing.exited).toBe(3);
    expect(missing.err[0]).toMatch(/^dicetray: cannot open .*ttyNOPE: no such port$/);
    expect(missing.err[1]).toMatch(/^hint: /);

    // A pseudo-terminal with nothing behind it.
    const a = path.join(dir, 'ttyA');
    const socat = spawn('socat', [`pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${path.join(dir, 'ttyB')}`], { stdio: 'ignore' });
    cleanup.push(() => socat.kill());
    for (let i = 0; i < 100 && !readdirSync(dir).includes('ttyA'); i++) await sleep(20);
    const silent = new Cli(['mirror', '--port', a, '--json']);
    expect(await silent.exited).toBe(4);
    expect(silent.err[0]).toMatch(/no dicetray firmware answered on .*ttyA within 7 s/);

    const bad = new Cli(['mirror', '--port', 'ftp://x', '--json']);
    expect(await bad.exited).toBe(2);
  });
});
