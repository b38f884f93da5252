/**
 * The simulated board's globals and packets beyond the REPL, as code on the board sees them: EVAL
 * packets stopped like a REPL line, packets of unknown type, load() of a missing file,
 * E.getConsole, E.setBootCode(""), the watchdog, setWatch on a pin already low, clearWatch of one
 * watch, Storage's free space, neopixel's length check, and the sandbox's Number() and sort of
 * an array with holes.
 */
import { describe, expect, it } from 'vitest';
import { SimBoard } from '../../host/src/sim/sim-board';
import { SimStorage } from '../../host/src/sim/sim-storage';
import { createEspruinoSandbox } from '../../host/src/sim/espruino-sandbox';
import { E_NATIVES } from '../../host/src/sim/espruino-e-natives';
import { FakeClock } from '../../host/src/sim/clock';
import { keyQueue } from '../../host/src/sim/key-queue';
import { consoleBoard, replPacket } from '../support/sim-console';

const board = consoleBoard;

const packet = replPacket;

describe('packets the simulated board is sent', () => {
  it('stops an EVAL packet that would run for ever and NAKs it, then answers the next', () => {
    const { b, take } = board('var n = 0;', { replLimitMs: 200 });
    b.boot();
    take();
    b.write(packet(0x20, 'while(1){n++}'));
    expect(take()).toBe('\x15');
    b.write(packet(0x20, 'n>0'));
    expect(take()).toBe('\x06\x10\x01\x00\x04true');
  });

  it('NAKs a packet of a type it does not know, even with an object in it', () => {
    const { b, take } = board('E.on("packet", function(d){ print("GOT", JSON.stringify(d)); })');
    b.boot();
    take();
    b.write(packet(0x60, '{"a":1}'));
    expect(take()).toBe('\x15');
  });
});

describe('the simulated board\'s globals', () => {
  it('says which file load() did not find', () => {
    const { b, take } = board('');
    b.boot();
    take();
    b.write('\x10load("nope")\n');
    expect(take()).toContain('Uncaught Error: File "nope" not found');
  });

  it('E.getConsole says where the console is', () => {
    const { b, take } = board('USB.write(E.getConsole() + "\\n"); E.setConsole(LoopbackA); USB.write(E.getConsole() + "\\n");');
    b.boot();
    expect(take()).toBe('USB\nLoopbackA\n');
  });

  it('E.setBootCode("") erases the boot code', () => {
    const storage = new SimStorage(null);
    storage.files['.bootcde'] = 'print("old")';
    const { b, take } = board('', { storage });
    b.boot();
    take();
    b.write('\x10E.setBootCode("")\n');
    expect(storage.files['.bootcde']).toBeUndefined();
    expect(b.bootCode).toBe('');
  });

  it('restarts the board when the watchdog is not kicked, and not while it is', () => {
    const { b } = board('E.enableWatchdog(2, false); var k = setInterval(function(){ E.kickWatchdog(); }, 500); setTimeout(function(){ clearInterval(k); }, 5000);');
    let bites = 0;
    b.on('watchdog', () => bites++);
    b.boot();
    b.advance(5000);
    expect(bites).toBe(0);
    b.advance(3500);
    expect(bites).toBe(1);
  });

  it("keeps the watchdog and its mode through reset() (as an STM32 does): manual bites when nothing kicks it, auto is kicked by the idle loop", () => {
    const { b } = board('E.enableWatchdog(2, false);');
    let bites = 0;
    b.on('watchdog', () => bites++);
    b.boot();
    // An upload's reset(): the firmware that kicked it is gone, the watchdog is not.
    b.write(Buffer.from('reset()\n', 'latin1'));
    b.advance(3500);
    expect(bites).toBe(1);
    // Auto mode (what an upload switches to first) survives reset() too, and never bites.
    b.write(Buffer.from('E.enableWatchdog(2)\n', 'latin1'));
    b.write(Buffer.from('reset()\n', 'latin1'));
    b.advance(10_000);
    expect(bites).toBe(1);
  });

  it('a watch on a button held since power-up sees its release', () => {
    const { b, take } = board('setWatch(function (e) { print("edge " + e.state); }, "B3", { repeat: true, edge: "both", debounce: 30 });', { pins: { S1: 'B3' } });
    b.boot(['S1']);
    take();
    b.setPin('B3', 1);
    b.advance(100);
    expect(take()).toBe('\r\x1b[Jedge true\r\n>');
  });

  it('clearWatch(id) ends that watch only', () => {
    const code = 'var a = setWatch(function () { print("a"); }, "B3", { repeat: true, edge: "falling" }); setWatch(function () { print("b"); }, "B3", { repeat: true, edge: "falling" }); clearWatch(a);';
    const { b, take } = board(code, { pins: { S1: 'B3' } });
    b.boot();
    take();
    b.press('S1', 50);
    b.advance(100);
    expect(take()).toBe('\r\x1b[Jb\r\n>');
  });

  it('Storage.getFree shrinks as files are written (4-byte words and a 32-byte header)', () => {
    const { b, take } = board('');
    b.boot();
    take();
    b.write('\x10var S = require("Storage"); var before = S.getFree(); S.write("x", "0123456789"); print(before - S.getFree() >= 10, S.getFree() === ' + (48 * 1024) + ' - 44)\n');
    expect(take()).toBe('true true\r\n>');
  });

  it('neopixel refuses data that is not whole LEDs (3 bytes each)', () => {
    const { b, take } = board('try { require("neopixel").write("B15", [1, 2, 3]); print("whole"); require("neopixel").write("B15", [1, 2, 3, 4]); } catch (e) { print("refused"); }');
    b.boot();
    expect(take()).toBe('whole\r\nrefused\r\n>');
    expect(b.frames).toBe(1);
  });
});

describe('boot, errors and the console lock', () => {
  it('reset() runs neither .boot0 nor .bootcde; load() runs both', () => {
    const storage = new SimStorage(null);
    storage.files['.boot0'] = 'print("boot0");';
    storage.files['.bootcde'] = 'print("bootcde");';
    const { b, take } = board('', { storage });
    b.boot();
    expect(take()).toBe('boot0\r\nbootcde\r\n>');
    b.write('\x10reset();\n');
    expect(take()).not.toMatch(/boot0|bootcde/);
    b.write('\x10load();\n');
    expect(take()).toBe('boot0\r\nbootcde\r\n>');
  });

  it('an error the firmware catches (process.on uncaughtException) is not printed', () => {
    const { b, take } = board('process.on("uncaughtException", function (e) { print("caught " + e.message); }); setTimeout(function () { throw new Error("boom"); }, 10);');
    b.boot();
    take();
    b.advance(20);
    expect(take()).toBe('\r\x1b[Jcaught boom\r\n>');
    expect(b.errors.length).toBe(1);
  });

  it('E.lockConsole does nothing without a password', () => {
    const { b, take } = board('E.lockConsole();');
    b.boot();
    take();
    b.write('1+1\n');
    expect(take()).toBe('1+1\r\n=2\r\n>');
  });
});

describe('setWatch edges on the simulated pins', () => {
  const WATCH = (o: string) => 'setWatch(function (e) { print("edge " + e.state + " at " + e.time + " last " + e.lastTime); }, "B3", ' + o + ');';

  it('a falling watch fires while the button is down, not at its release', () => {
    const { b, take } = board(WATCH('{ repeat: true, edge: "falling" }'), { pins: { S1: 'B3' } });
    b.boot();
    take();
    b.press('S1', 200);
    b.advance(100);
    expect(take()).toMatch(/^\r\x1b\[Jedge false at 0 last 0\r\n>$/);
    b.advance(200);
    expect(take()).toBe('');
  });

  it('gives each edge the time of the one before as lastTime', () => {
    const { b, take } = board(WATCH('{ repeat: true, edge: "both" }'), { pins: { S1: 'B3' } });
    b.boot();
    b.advance(1000);
    take();
    b.press('S1', 500);
    b.advance(1000);
    expect(take().match(/edge \S+ at \S+ last \S+/g)).toEqual(['edge false at 1 last 0', 'edge true at 1.5 last 1']);
  });

  it('debounce waits for the level to hold: a burst of short pulses is no edge', () => {
    const { b, take } = board(WATCH('{ repeat: true, edge: "both", debounce: 30 }'), { pins: { S1: 'B3' } });
    b.boot();
    take();
    b.setPin('B3', 0);
    b.advance(20);
    b.setPin('B3', 1);
    b.advance(5);
    b.setPin('B3', 0);
    b.advance(20);
    b.setPin('B3', 1);
    b.advance(200);
    expect(take()).toBe('');
  });

  it('a bouncing contact bounces at its release too: a watch without debounce sees every edge', () => {
    const { b, take } = board(WATCH('{ repeat: true, edge: "both" }'), { pins: { S1: 'B3' } });
    b.boot();
    take();
    b.bounce('S1', 100);
    b.advance(300);
    expect((take().match(/edge (true|false)/g) || []).map((e) => e.slice(5))).toEqual(['false', 'true', 'false', 'true', 'false', 'true', 'false', 'true']);
  });
});

describe('the Espruino-like sandbox', () => {
  it('Number() with no argument is 0', () => {
    expect(createEspruinoSandbox().run('Number()')).toBe(0);
  });

  it('sorts an array with holes: the holes stay at the end', () => {
    expect(createEspruinoSandbox().run('var a = [3, , 1]; a.sort(); [a.length, a[0], a[1], 2 in a].join()')).toBe('3,1,3,false');
  });
});

describe('Storage nearly full', () => {
  it('a new file opened for appending needs room for its header too; a file that has it grows to the last byte', () => {
    const st = new SimStorage(null, 200, 0);
    const S = st.api();
    S.write('big', 'x'.repeat(100)); // 100 + 32 used: 68 free
    expect(S.getFree()).toBe(68);
    // 60 bytes fit, but not with the new file's 32-byte header.
    expect(() => S.open('log', 'a').write('y'.repeat(60))).toThrow('Unable to find or create file');
    expect(S.list().sort()).toEqual(['big']);
    const f = S.open('log', 'a');
    f.write('y'.repeat(30)); // 30 + 32: 6 free
    f.write('z'.repeat(6));
    expect(S.getFree()).toBe(0);
    expect(S.open('log', 'r').read(100)).toBe('y'.repeat(30) + 'z'.repeat(6));
  });
});

describe('Storage files', () => {
  it('open(name, "w") starts the file again; "a" appends', () => {
    const S = new SimStorage(null).api();
    S.open('log', 'a').write('abc');
    S.open('log', 'a').write('def');
    expect(S.open('log', 'r').read(100)).toBe('abcdef');
    const f = S.open('log', 'w');
    expect(f.getLength()).toBe(0);
    f.write('x');
    expect(S.open('log', 'r').read(100)).toBe('x');
  });

  it('write with a size makes a new file of that size, erased (0xFF) where nothing is written yet', () => {
    const S = new SimStorage(null).api();
    S.write('f', 'old contents');
    S.write('f', 'ab', 0, 5);
    expect(S.read('f')).toBe('ab\xff\xff\xff');
    S.write('f', 'cd', 2);
    expect(S.read('f')).toBe('abcd\xff');
  });

  it('a file handle that once found no room stays unwritable, as Espruino\'s StorageFile', () => {
    const S = new SimStorage(null, 200, 0).api();
    S.write('big', 'x'.repeat(100));
    const f = S.open('log', 'a');
    expect(() => f.write('y'.repeat(60))).toThrow('Unable to find or create file');
    S.erase('big');
    expect(() => f.write('y')).toThrow("Can't write in this mode");
    S.open('log', 'a').write('y');
    expect(S.open('log', 'r').read(10)).toBe('y');
  });

  it('readJSON parses, and with noExceptions gives undefined only for what is not JSON', () => {
    const S = new SimStorage(null).api();
    S.write('j', '{"a":1}');
    S.write('bad', '{');
    expect(S.readJSON('j', true)).toEqual({ a: 1 });
    expect(S.readJSON('bad', true)).toBeUndefined();
    expect(() => S.readJSON('bad')).toThrow();
  });

  it('nothing reaches flash after a power cut mid-write until the board boots again', () => {
    const st = new SimStorage(null);
    const S = st.api();
    st.tearNext = { prefix: 'j', keep: 2 };
    expect(() => S.write('j', 'hello')).toThrow(/power cut/);
    expect(st.files.j).toBe('he\xff\xff\xff');
    // The firmware's code goes on in the simulation (a catch, a clean-up): its writes are lost.
    expect(S.write('k', 'x')).toBe(true);
    S.erase('j');
    expect(Object.keys(st.files).sort()).toEqual(['j']);
    const b = new SimBoard({ bundle: 'require("Storage").write("k", "after");', pins: {}, storage: st, clock: 'fake' });
    b.boot();
    expect(st.files.k).toBe('after');
  });
});

describe('E.toString, as Espruino builds its string of bytes', () => {
  it('takes strings whole, and numbers and array items as bytes (the low 8 bits)', () => {
    expect(E_NATIVES.toString('ab', 300, [65, 256 + 66], new Uint8Array([67]))).toBe('ab,ABC');
  });
});

describe('the fake clock', () => {
  it('runs timers due at the same moment in the order they were set, and an interval at every period', () => {
    const c = new FakeClock();
    const ran: string[] = [];
    c.setTimeout(() => ran.push('a'), 100);
    c.setTimeout(() => ran.push('b'), 100);
    c.setTimeout(() => ran.push('c'), 50);
    let ticks = 0;
    c.setInterval(() => ticks++, 100);
    c.advance(1000);
    expect(ran).toEqual(['c', 'a', 'b']);
    expect(ticks).toBe(10);
    expect(c.now()).toBe(1000);
  });
});

describe('the sim keyboard queue', () => {
  it('presses a key typed while another is held only after that one is up', () => {
    const pressed: string[] = [];
    const ups: (() => void)[] = [];
    const typed = keyQueue((k, released) => {
      pressed.push(k);
      ups.push(released);
      return true;
    });
    typed(['S1']);
    typed(['S2']);
    expect(pressed).toEqual(['S1']);
    // A key that holds no button (returns false) does not wait.
    const quick: string[] = [];
    const typedQuick = keyQueue((k) => {
      quick.push(k);
      return false;
    });
    typedQuick(['x', 'y']);
    expect(quick).toEqual(['x', 'y']);
  });
});

