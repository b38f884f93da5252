import { describe, expect, it } from 'vitest';
import { SimBoard } from '../../host/src/sim/sim-board';
import { SimStorage } from '../../host/src/sim/sim-storage';
import { consoleBoard, replPacket } from '../support/sim-console';

// The simulated board's REPL, as far as EspruinoTools and people at a terminal need it
// (byte-level behaviour as recorded from the Linux build: ../espruino-bin/NOTES.md §3c, §4).
const board = (bundle?: string, storage?: SimStorage) => consoleBoard(bundle, { storage });

describe('simulated board REPL', () => {
  it('echoes a typed line and prints =result and a prompt', () => {
    const { b, take } = board();
    b.boot();
    expect(take()).toBe('factory firmware\r\n>');
    b.write('1+2\n');
    expect(take()).toBe('1+2\r\n=3\r\n>');
    b.write('"a"+"b"\r');
    expect(take()).toBe('"a"+"b"\r\n="ab"\r\n>');
  });

  it('runs a DLE line without echo or =result; output keeps the prompt protocol', () => {
    const { b, take } = board();
    b.boot();
    take();
    b.write('\x10var x = 6*7;\n');
    expect(take()).toBe(''); // nothing printed, the prompt stays
    b.write('\x10print("<","<<",JSON.stringify(x),">>",">")\n');
    expect(take()).toBe('< << 42 >> >\r\n>');
  });

  it('erases the prompt before asynchronous output and shows it again after', () => {
    const { b, take } = board();
    b.boot();
    take();
    b.write('\x10setTimeout(function(){print("later")}, 10);\n');
    take();
    b.advance(20);
    expect(take()).toBe('\r\x1b[Jlater\r\n>');
  });

  it('keeps collecting an unfinished statement, and ESC LF continues a line without running it', () => {
    const { b, take } = board();
    b.boot();
    take();
    b.write('var q = (1+\n');
    expect(take()).toBe('var q = (1+\r\n:');
    b.write('2)\nq\n');
    expect(take()).toBe('2)\r\n=undefined\r\n>q\r\n=3\r\n>');
    b.write('\x10function f(){\x1b\n\x1b[2dreturn 5;}\n\x10print(f())\n');
    expect(take()).toBe('5\r\n>');
  });

  it('stops a line that would run for ever, as Ctrl-C stops it on a board, and carries on', () => {
    const b = new SimBoard({ bundle: '', pins: {}, storage: new SimStorage(null), clock: 'fake', replLimitMs: 200 });
    let out = '';
    b.on('data', (d: Buffer) => (out += d.toString('latin1')));
    b.boot();
    b.write('var n=0;while(1){n++}\n');
    expect(out).toContain('Execution Interrupted\r\n>');
    out = '';
    b.write('n>0\n');
    expect(out).toBe('n>0\r\n=true\r\n>');
  });

  it('reports errors like Espruino and carries on', () => {
    const { b, take } = board();
    b.boot();
    take();
    b.write('nope()\n');
    expect(take()).toMatch(/^nope\(\)\r\nUncaught ReferenceError: nope is not defined\r\n>$/);
    b.write('1\n');
    expect(take()).toBe('1\r\n=1\r\n>');
  });

  it('writes Storage in chunks (create with size, then fill at offsets) and loads the file', () => {
    const { b, take } = board();
    b.boot();
    take();
    b.write('\x10require("Storage").write(".bootcde","print(\\"from ",0,21);\n');
    b.write('\x10require("Storage").write(".bootcde","storage\\")",12);\n');
    expect(b.storage.files['.bootcde']).toBe('print("from storage")');
    b.write('\x10load(".bootcde")\n');
    expect(take()).toBe('from storage\r\n>');
  });

  it('reset() stops the running code and does not run .bootcde; load() and power-up do', () => {
    const storage = new SimStorage(null);
    const { b, take } = board('print("factory")', storage);
    b.boot();
    take();
    b.write('\x10E.setBootCode("print(\\"flashed\\");setInterval(function(){print(\\"tick\\")},100)")\n');
    b.write('\x10load()\n');
    expect(take()).toBe('flashed\r\n>');
    b.advance(100);
    expect(take()).toBe('\r\x1b[Jtick\r\n>');
    b.write('\x10reset();\n');
    expect(take()).toContain('2v29');
    b.advance(500);
    expect(take()).toBe(''); // the interval died with reset()
    b.powerCut();
    b.boot();
    expect(take()).toBe('flashed\r\n>'); // a flash really changes what boots
    expect(b.bootCode).toContain('flashed');
  });

  it('boots .bootrst instead of .bootcde, and runs it after reset() too (E.setBootCode(code, true))', () => {
    // ESPRUINO.md §4 boot order: why `dicetray flash` erases a leftover .bootrst before writing .bootcde.
    const storage = new SimStorage(null);
    storage.files['.bootcde'] = 'print("bootcde")';
    storage.files['.bootrst'] = 'print("bootrst")';
    const { b, take } = board('print("factory")', storage);
    b.boot();
    expect(take()).toBe('bootrst\r\n>');
    b.write('\x10E.setBootCode("print(\\"always\\")", true)\n');
    expect(storage.files['.bootrst']).toBe('print("always")');
    expect(storage.files['.bootcde']).toBe('print("bootcde")');
    b.write('\x10reset();\n');
    expect(take()).toMatch(/2v29[^]*always\r\n>$/);
  });

  it('runs .boot0 before .bootcde, and echo(0) turns echo, results and prompts off', () => {
    const storage = new SimStorage(null);
    storage.files['.boot0'] = 'var early = "boot0";';
    storage.files['.bootcde'] = 'print(early + " then bootcde")';
    const { b, take } = board('print("factory")', storage);
    b.boot();
    expect(take()).toBe('boot0 then bootcde\r\n>');
    b.write('echo(0)\n');
    take();
    b.write('1+1\nprint("quiet")\n');
    expect(take()).toBe('quiet\r\n');
  });

  it('still takes EVENT packets between REPL lines, with ACK before the prompt returns', () => {
    const { b, take } = board('E.on("packet", function(d){ print("GOT", JSON.stringify(d)); })');
    b.boot();
    take();
    const json = '{"t":"x"}';
    b.write(Buffer.concat([Buffer.from([0x10, 0x01, 0x40, json.length]), Buffer.from(json)]));
    expect(take()).toBe('\r\x1b[JGOT {"t":"x"}\r\n\x06>');
  });
});

// Line editing and packets at the byte level: what a person at a terminal and EspruinoTools send.
describe('simulated board console, byte by byte', () => {
  const packet = replPacket;

  it('Ctrl-C drops the half-typed line and its DLE: the next line runs alone, echoed', () => {
    const { b, take } = board();
    b.boot();
    take();
    b.write('1+');
    b.write('\x03');
    b.write('2\n');
    // The prompt redrawn without the dropped text, then the new line alone.
    expect(take()).toBe('\r\x1b[J>2\r\n=2\r\n>');
    // A DLE, then Ctrl-C: the line after is a typed one again, with its echo and result.
    b.write('\x10\x03');
    take();
    b.write('3\n');
    expect(take()).toBe('3\r\n=3\r\n>');
  });

  it('deletes with backspace and with DEL, and keeps a typed tab in the line', () => {
    const { b, take } = board();
    b.boot();
    take();
    b.write('\x10print(12\x7f3)\n');
    expect(take()).toBe('13\r\n>');
    b.write('\x10print(45\x086)\n');
    expect(take()).toBe('46\r\n>');
    b.write('\x10print("a\tb".length)\n');
    expect(take()).toBe('3\r\n>');
  });

  it('ESC LF puts a real newline in the line (a // comment ends there), echoed as a continuation', () => {
    const { b, take } = board();
    b.boot();
    take();
    b.write('\x10var z = 3; // note\x1b\nz = 4;\n\x10print(z)\n');
    expect(take()).toBe('4\r\n>');
    b.write('var y = 1;\x1b\ny = 2;\n');
    expect(take()).toBe('var y = 1;\r\n:y = 2;\r\n=2\r\n>');
  });

  it('ends an ESC [ sequence at any final byte, @ too', () => {
    const { b, take } = board();
    b.boot();
    take();
    b.write('\x10\x1b[2@print("ok")\n');
    expect(take()).toBe('ok\r\n>');
  });

  it('NAKs an empty EVENT packet at once without eating the next byte (as the Linux build does)', () => {
    const { b, take } = board('E.on("packet", function(d){ print("GOT", JSON.stringify(d)); })');
    b.boot();
    take();
    b.write(Buffer.from([0x10, 0x01, 0x40, 0x00]));
    // Espruino processes a zero-length packet at once; "" is no JSON object: NAK (the parse error redraws the prompt).
    expect(take()).toBe('\r\x1b[J\x15>');
    b.write('12\n');
    expect(take()).toBe('12\r\n=12\r\n>');
    b.advance(6000);
    expect(take()).toBe('');
  });

  it('NAKs an EVENT packet that is a JSON array, not an object, and calls no handler', () => {
    const { b, take } = board('E.on("packet", function(d){ print("GOT", JSON.stringify(d)); })');
    b.boot();
    take();
    b.write(packet(0x40, '[1,2]'));
    expect(take()).toBe('\x15');
    b.write(packet(0x40, '{"a":1}'));
    expect(take()).toBe('\r\x1b[JGOT {"a":1}\r\n\x06>');
  });

  it('answers an EVAL packet longer than 255 bytes with its length in both header bytes', () => {
    const { b, take } = board();
    b.boot();
    take();
    b.write(packet(0x20, 'new Array(301).join("x")'));
    const text = JSON.stringify('x'.repeat(300));
    expect(take()).toBe('\x06\x10\x01' + String.fromCharCode(text.length >> 8, text.length & 0xff) + text);
  });

  it('prints nothing on the port once the console is elsewhere (link mode): the firmware writes USB itself', () => {
    const { b, take } = board('E.setConsole(LoopbackA); print("hidden"); USB.write("shown\\n"); setTimeout(function(){ print("later"); }, 10);');
    b.boot();
    b.advance(20);
    expect(take()).toBe('shown\n');
  });

  it('a locked console shows no prompt after output, and takes a password of at most 20 characters', () => {
    // jsinteractive.c keeps 20 characters of a password being typed: a longer one can never be entered.
    const code = 'E.setPassword("abcdefghijklmnopqrst"); E.lockConsole(); setTimeout(function(){ print("tick"); }, 10);';
    const { b, take } = board(code);
    b.boot();
    take();
    b.advance(20);
    expect(take()).toBe('tick\r\n');
    b.write('abcdefghijklmnopqrstuvwxyz\r');
    expect(take()).toBe('\r\n  Logged in.\r\n');
    b.write('1+1\n');
    expect(take()).toBe('1+1\r\n=2\r\n>');
  });

  it('forgets the password with the interpreter: after reset() a lock needs a new one', () => {
    const { b, take } = board('E.setPassword("pw");');
    b.boot();
    take();
    b.write('\x10reset();\n');
    take();
    b.write('\x10E.lockConsole();\n');
    take();
    b.write('1+1\n');
    expect(take()).toBe('1+1\r\n=2\r\n>');
  });

  it('loses a half-received packet in a power cut: after boot a typed line is a line', () => {
    const { b, take } = board();
    b.boot();
    take();
    b.write(Buffer.from([0x10, 0x01, 0x40]));
    b.powerCut();
    b.boot();
    take();
    b.write('7\n');
    expect(take()).toBe('7\r\n=7\r\n>');
  });
});
