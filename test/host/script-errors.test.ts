/**
 * `dicetray script`: bad scripts are refused at parse time with the line (exit 6), a board's
 * refusal of `new` fails the step, board names are those of mirror, a lost link is exit 3, and a
 * slow board is waited for instead of checked too early.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { cli } from '../support/cli';
import { REPO, scratchDir, sleep, tcpBoard } from '../support/host-harness';
import { expectClean, run } from './cli-run';
import { parseScript } from '../../host/src/script/parse-script';

const dir = scratchDir('dt-script-errors-');
const script = (name: string, text: string) => {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
};
const GIVEN = 'given {"players":[{"name":"A","markers":[],"frustrations":0},{"name":"B","markers":[],"frustrations":0}],"active":"A"}\n';
const stops: (() => void)[] = [];
afterAll(() => stops.forEach((s) => s()));

describe('dicetray script: refused scripts and boards', () => {
  it('refuses malformed steps at parse time with their line (exit 6)', async () => {
    const bad: [string, RegExp][] = [
      ['expect led abc 0 Y', /expect led needs X/],
      ['expect led 4 0 Z', /palette letter/],
      ['expect led 16 0 Y', /expect led needs X/],
      ['expect led 4 8 Y', /expect led needs X/],
      ['expect rej', /needs a refusal code/],
      ['expect act thorw', /no action is called thorw \(did you mean throw\?\) \(correct, throw, /],
      ['expect state', /needs path=value pairs/],
      ['powercut now please', /unexpected now please/],
      ['act [1,2]', /act needs a JSON object/],
      ['act "pass"', /act needs a JSON object/],
      ['act {"x":1}', /needs an action with "do"/],
      ['new Ann Ben seed=abc', /seed needs a whole number/],
      ['new', /needs the players' names/],
    ];
    for (const [line, why] of bad) {
      const r = await cli(['script', script('bad.table', GIVEN + line + '\n')]);
      expect(r.code, line).toBe(6);
      expect(r.err[0], line).toMatch(/bad\.table:2: /);
      expect(r.err[0], line).toMatch(why);
    }
    const nul = await cli(['script', script('null.table', 'given null\n')]);
    expect(nul.code).toBe(6);
    expect(nul.err[0]).toMatch(/null\.table:1: given needs a JSON object/);
    expect(nul.err[0]).not.toMatch(/cannot read/);
  });

  it('refuses a chord of fewer than two buttons, and a wait with more than its milliseconds', () => {
    expect(() => parseScript('chord OK 3500\n')).toThrow(/line 1: chord needs two or more buttons/);
    expect(() => parseScript('chord 3500\n')).toThrow(/chord needs two or more buttons/);
    expect(parseScript('chord OK BK 3500\n')).toEqual([{ line: 1, op: 'chord', buttons: ['OK', 'BK'], ms: 3500 }]);
    expect(() => parseScript('wait 100 200\n')).toThrow(/unexpected 200/);
  });

  it('refuses a button the table does not have and an option new does not know, at parse time', () => {
    expect(() => parseScript('press S8\n')).toThrow(/line 1: unknown button S8 \(S1\.\.S7, K1\.\.K6, OK, BK\)/);
    expect(() => parseScript('hold K7\n')).toThrow(/unknown button K7/);
    expect(() => parseScript('bounce S0\n')).toThrow(/unknown button S0/);
    expect(parseScript('press S7 K6\n')).toEqual([{ line: 1, op: 'press', buttons: ['S7', 'K6'] }]);
    expect(() => parseScript('new Ann Ben speed=3\n')).toThrow(/line 1: unknown option speed \(seed=N, start=N, house67=1\)/);
  });

  it('reads a quoted name with spaces as one name, without its quotes (as expect state reads it)', () => {
    const [step] = parseScript('new "Ann Lee" Ben seed=3\n');
    expect(step).toEqual({ line: 1, op: 'new', names: ['Ann Lee', 'Ben'], seed: 3, start: undefined });
  });

  it("fails a new step the board refuses (1 player) with the board's code (more than 5: seven-seats.test.ts)", async () => {
    for (const names of ['Ann']) {
      const r = await cli(['script', script('new.table', `new ${names}\nexpect state phase=await_first_throw\n`)]);
      expect(r.code).toBe(1);
      expect(r.err.join('\n')).toMatch(/new\.table:1: new refused by the board: bad_setup \(impossible set-up: the players \(how many, each name once\) or an option\)/);
    }
  });

  it('fails a new step the board answers with an err (a name too long for it), and a script with no steps', async () => {
    const long = 'N'.repeat(52);
    const r = await cli(['script', script('long.table', `new ${long} Ben\nexpect state phase=await_first_throw\n`)]);
    expect(r.code).toBe(1);
    expect(r.err.join('\n')).toMatch(/long\.table:1: new refused by the board: bad_setup/);
    // A given with names past 16 characters a player: the board would have taken it, and its
    // checkpoints could then find no room in a Pico's Storage.
    const given = `given {"players":[{"name":"${long}","markers":[],"frustrations":0},{"name":"Ben","markers":[],"frustrations":0}],"active":"Ben","middle":{"3":3,"4":3,"5":3,"6":3,"7":3},"murphy":null}\n`;
    const g = await cli(['script', script('given.table', given + 'expect state phase=await_first_throw\n')]);
    expect(g.code).toBe(1);
    expect(g.err.join('\n')).toMatch(/given\.table:1: given refused by the board: bad_state names \(the players' names are too long for the board \(at most 16 characters a player, all names together\)/);
    const empty = await cli(['script', script('empty.table', '# only a comment\n\n')]);
    expect(empty.code).toBe(6);
    expect(empty.err.join('\n')).toMatch(/empty\.table has no steps/);
    const one = await cli(['script', script('one.table', 'press K1\n')]);
    expect(one.out.join('\n')).toMatch(/one\.table: 1 step ok$/);
  });

  it('takes the boards mirror takes: sim:memory and sim:FILE play; a bad tcp address is a usage error (was a RangeError)', async () => {
    const carmen = path.join(REPO, 'test', 'fixtures', 'scripts', 'carmen.table');
    expect((await cli(['script', carmen, '--board', 'sim:memory'])).code).toBe(0);
    expect((await cli(['script', carmen, '--board', `sim:${path.join(dir, 'st.json')}`])).code).toBe(0);
    const r = await run(['script', carmen, '--board', 'tcp://127.0.0.1:99999'], dir);
    expectClean(r, 2, /bad board address/);
  });

  it('gives up on a network board that never answers the connection after a few seconds (exit 3), not the system\'s two minutes', { timeout: 60_000 }, async () => {
    // A listener that takes no connection: its process blocks its event loop, so the kernel's
    // accept queue (backlog 1: two connections; Node reads a backlog of 0 as its default 511)
    // fills with the two fillers below and every later SYN goes unanswered, as for an address on
    // the network where nothing is.
    const hole = spawn(process.execPath, ['-e', "const s=require('net').createServer().listen({host:'127.0.0.1',port:0,backlog:1},()=>{console.log(s.address().port);setTimeout(()=>Atomics.wait(new Int32Array(new SharedArrayBuffer(4)),0,0),100)})"], { stdio: ['ignore', 'pipe', 'inherit'] });
    stops.push(() => hole.kill('SIGKILL'));
    const port = Number(await new Promise<string>((ok) => hole.stdout!.once('data', (d) => ok(String(d).trim()))));
    await sleep(300);
    for (let i = 0; i < 2; i++) {
      const filler = net.connect(port, '127.0.0.1');
      stops.push(() => filler.destroy());
      await new Promise((ok) => filler.once('connect', ok));
    }
    const probe = net.connect(port, '127.0.0.1');
    const answered = await Promise.race([new Promise((ok) => probe.once('connect', () => ok(true))), sleep(1500).then(() => false)]);
    probe.destroy();
    expect(answered, 'the listener should leave a second connection unanswered').toBe(false);
    const r = await run(['script', path.join(REPO, 'test', 'fixtures', 'scripts', 'carmen.table'), '--board', `tcp://127.0.0.1:${port}`], dir, 20_000);
    expectClean(r, 3, /no answer within 5 s/);
    // The mirror's reconnecting link opens the same way.
    expectClean(await run(['mirror', '-p', `tcp://127.0.0.1:${port}`], dir, 20_000), 3, /cannot open tcp:\/\/127\.0\.0\.1:\d+: no answer within 5 s/);
  });

  it('a board that is not this firmware (silent, or another protocol version) is exit 4 before any step', { timeout: 60_000 }, async () => {
    // A connection that takes packets and says nothing (another program on the port), then one
    // that says hello in protocol v9: each step failed on its own with nothing to say why.
    for (const [hello, why] of [[null, /no dicetray firmware answered on tcp:\S+ within 7 s/], [{ t: 'hello', v: 9, fw: '9.0.0', bh: 'future00', game: 'pechvogel', board: 'PICO_R1_3', boot: 1, s: 1 }, /protocol mismatch on tcp:\S+: the board speaks v9, this host v2 \(board firmware 9\.0\.0\)/]] as const) {
      const server = net.createServer((sock) => {
        sock.on('error', () => {});
        if (hello) sock.on('data', () => sock.write('DT:' + JSON.stringify(hello) + '\n'));
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      stops.push(() => server.close());
      const url = `tcp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
      const r = await run(['script', path.join(REPO, 'test', 'fixtures', 'scripts', 'carmen.table'), '--board', url], dir, 30_000);
      expectClean(r, 4, why);
      expect(r.out).not.toMatch(/carmen\.table:\d+:/);
    }
  });

  it('leaves a game in progress on a real board alone unless told to replace it (--replace-game)', { timeout: 60_000 }, async () => {
    const b = await tcpBoard();
    stops.push(() => {
      b.exposure.close();
      b.board.powerCut();
    });
    const carmen = path.join(REPO, 'test', 'fixtures', 'scripts', 'carmen.table');
    // A table's game, one throw in.
    const started = await cli(['script', script('table.table', 'new Ann Ben Cleo\nact {"do":"throw","faces":[3,3,4,5,6,7,"R"]}\nexpect state phase=await_target\n'), '--board', b.url]);
    expect(started.code, started.err.join('\n')).toBe(0);
    const refused = await run(['script', carmen, '--board', b.url], dir);
    expectClean(refused, 2, /has a game in progress \(Ann, Ben, Cleo, step 1\): .*carmen\.table:\d+ would replace it/);
    expect(refused.err).toMatch(/--replace-game/);
    // A step only the simulated board can do fails before anything is sent (a new had replaced the game first).
    const simOnly = await cli(['script', script('cut.table', 'new Dan Eve\npowercut\n'), '--board', b.url, '--replace-game']);
    expect(simOnly.code).toBe(1);
    expect(simOnly.err.join('\n')).toMatch(/cut\.table:2: powercut works on the simulated board only: nothing was sent to this board/);
    const replaced = await cli(['script', carmen, '--board', b.url, '--replace-game']);
    expect(replaced.code, replaced.err.join('\n')).toBe(0);
    // The game carmen.table leaves (its given, at step 0) is a game too: a table that has just sat down loses its set-up.
    expectClean(await run(['script', carmen, '--board', b.url], dir), 2, /has a game in progress \(Carmen, Bob, step 0\)/);
  });

  it('notices a second client taking the board over and says it lost the link (exit 3)', async () => {
    const b = await tcpBoard();
    stops.push(() => {
      b.exposure.close();
      b.board.powerCut();
    });
    const f = script('lost.table', 'new Ann Ben\nwait 6000\nexpect state phase=await_first_throw\n');
    const running = cli(['script', f, '--board', b.url]);
    await sleep(1500);
    const other = net.connect(Number(b.url.split(':').pop()), '127.0.0.1');
    stops.push(() => other.destroy());
    const r = await running;
    expect(r.code).toBe(3);
    // Said at the step running when the link went (line 2, the wait), not at a later step's timeout.
    expect(r.err.join('\n')).toMatch(/lost\.table:2: lost the link to the board/);
  });

  it('waits for a slow board: carmen.table passes through a link that delays every answer by 0.8 s', async () => {
    const b = await tcpBoard();
    const boardPort = Number(b.url.split(':').pop());
    // A proxy that holds the board's answers back, as Espruino's Linux build is slow to answer.
    const proxy = net.createServer((host) => {
      const board = net.connect(boardPort, '127.0.0.1');
      host.on('data', (d) => board.write(d));
      board.on('data', (d) => setTimeout(() => !host.destroyed && host.write(d), 800));
      host.on('close', () => board.destroy());
      board.on('error', () => {});
      host.on('error', () => {});
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
    stops.push(() => {
      proxy.close();
      b.exposure.close();
      b.board.powerCut();
    });
    const port = (proxy.address() as net.AddressInfo).port;
    const r = await cli(['script', path.join(REPO, 'test', 'fixtures', 'scripts', 'carmen.table'), '--board', `tcp://127.0.0.1:${port}`]);
    expect(r.out.join('\n')).toMatch(/8 steps ok/);
    expect(r.code).toBe(0);
  });
});
