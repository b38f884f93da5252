/**
 * EVENT packets (DLE SOH, type 0x4000) as Espruino parses them: its liberal JSON parser
 * (jswrap_json_parse_liberal), the first of two equal keys winning, a zero-length packet NAKed, and
 * the parsed object carrying Espruino's Object.prototype methods (on, emit, clone …).
 *
 * The first block always runs on the simulated board, with what the Linux build answered (recorded
 * with the second block). The second block sends the same bodies to Espruino's Linux build
 * ($ESPRUINO_BIN, file mode) and to the simulated board (boardName LINUX), and compares the bytes
 * each printed: the handler prints every value exactly (number bits, string char codes, keys sorted,
 * since Espruino keeps numeric keys in insertion order and a JS object does not).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimBoard } from '../../host/src/sim/sim-board';
import { SimStorage } from '../../host/src/sim/sim-storage';
import { parseLiberalJson } from '../../host/src/sim/espruino-json';
import { SHOW_FUNCTION } from '../support/espruino-show';

const BIN = process.env.ESPRUINO_BIN;

/** Prints a value exactly, on Espruino and in the sandbox alike. */
const HANDLER = `${SHOW_FUNCTION}
E.on('packet', function (d) { print('R' + show(d) + '|' + typeof d.on + typeof d.emit + typeof d.clone + '|' + show(d.b)); });
setInterval(function () {}, 100000);
print('READY');
`;

/** Bodies whose length has low byte 3 or 4 get spaces: 0x03 and 0x04 on stdin interrupt or end the Linux build. */
function pad(body: string): string {
  while ((body.length & 0xff) === 3 || (body.length & 0xff) === 4) body += ' ';
  return body;
}

function packet(body: string): Buffer {
  const hdr = 0x4000 | body.length;
  return Buffer.concat([Buffer.from([0x10, 0x01, hdr >> 8, hdr & 0xff]), Buffer.from(body, 'latin1')]);
}

const BODIES = [
  '{"a":1}', '{a:1}', "{'a':'x'}", '{"a":1,}', '{"a":1} junk', '{"a":1}}', '{a:1 /*c*/, // x\n b:2}',
  '{a:0x20}', '{a:1.}', '{a:.5}', '{a:00012}', '{a:012}', '{a:019}', '{a:08.5}', '{a:0o17}', '{a:0b101}', '{a:0X1f}',
  '{a:1e3}', '{a:1.e3}', '{a:012e3}', '{a:1e-3}', '{a:-5}', '{a:-0}', '{a:- 3}', '{a:-.5}', '{a:-0x10}', '{a:+3}', "{a:-'3'}", '{a:--1}',
  '{"c":"btn","b":"OK","b":"K1"}', "{'b':1,\"b\":2,b:3}", '{a:undefined}', '{a:NaN}', '{a:Infinity}', '{a:[1,2,]}', '{a:[,1]}',
  '{,}', '{}', '[1,2]', '"x"', '5', 'null', '', ' ', '{a:`x`}', '{a:`${1}`}', '{true:1,null:2,function:3}', '{1:2}', '{0x10:2}',
  '{1.5:2}', '{-1:2}', '{b:1,2:3,1:4}', "{a:'\\x41\\u00e9\\n\\101\\q\\0\\377'}", '{a:"line\nbreak"}', '{a:"cont\\\nx"}', '{a:1_000}',
  '{$a:1,_b:2}', '{a:1 b:2}', '{a:1;}', '{"__proto__":{"b":"X"}}', '{a:1,b:{c:[true,false,null]}}', '{a:9007199254740993}',
  '{a:2147483648}', '{a:-2147483648}', '{a:0xFFFFFFFFFF}', '{a:1e400}', '{a:0.1}', '{a:0.3}', '{a:1.1}', '{a:123.456e-2}',
  '{a:3.14159}', "{a:'x'} {b:2}", '/*c*/{a:1}', '{a:/x/}', '{a:1e}', '{a:0x}', '{a:0b12}', '{a:1a}', '{a:"x}', '{a:1', '{a:1,',
  '{a:1,,}', '{a:-=1}', '{a::1}', '{"a"1}', '{a:[]}', '{a:{}}', '{a:[1 2]}', '{a:true,}', '\t{\r\n"a"\t:\f1\x0b}', '{a:\'\\u20ac\'}',
  '{a:"\xc3\xa9"}', '{a:"\\xZZ"}', '{a:"\\xZZ",b:1}', '/* open', '{if:1,of:2,let:3,undefined:4}',
];

interface Board {
  send(body: string): Promise<string>;
  stop(): Promise<void>;
}

function simBoard(boardName?: string): Board {
  const b = new SimBoard({ bundle: HANDLER, pins: {}, storage: new SimStorage(null), clock: 'fake', boardName });
  let out = '';
  b.on('data', (d: Buffer) => (out += d.toString('latin1')));
  b.boot();
  out = '';
  return {
    async send(body) {
      b.write(packet(body));
      const s = out;
      out = '';
      return s;
    },
    async stop() {},
  };
}

async function realBoard(bin: string): Promise<Board> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dicetray-packet-json-'));
  writeFileSync(path.join(dir, 'handler.js'), HANDLER);
  const p: ChildProcessWithoutNullStreams = spawn(bin, [path.join(dir, 'handler.js')], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
  p.stdin.on('error', () => {});
  let out = '';
  p.stdout.on('data', (d: Buffer) => (out += d.toString('latin1')));
  const until = async (cond: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  };
  await until(() => /READY\r\n>/.test(out), 10_000);
  if (!/READY\r\n>/.test(out)) throw new Error('Espruino did not start: ' + JSON.stringify(out.slice(-300)));
  out = '';
  return {
    async send(body) {
      p.stdin.write(packet(body));
      // The reply byte, then the prompt Espruino may redraw after it.
      await until(() => /[\x06\x15]/.test(out), 5_000);
      await until(() => /[\x06\x15][^]*>$/.test(out) || /[\x06\x15]$/.test(out), 100);
      await new Promise((r) => setTimeout(r, 30));
      const s = out;
      out = '';
      return s;
    },
    async stop() {
      const gone = new Promise((r) => p.once('exit', r));
      p.kill('SIGKILL'); // the interpreter ignores SIGTERM
      await gone;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The handler's line for a body, or 'ACK'/'NAK' alone (prompt bytes dropped). */
async function result(b: Board, body: string): Promise<string> {
  const s = await b.send(pad(body));
  const line = /R([^\r]*)\r\n/.exec(s);
  return (line ? line[1] + ' ' : '') + (s.includes('\x06') ? 'ACK' : s.includes('\x15') ? 'NAK' : 'nothing');
}

const n = (v: number) => 'n' + Array.from(new Uint8Array(new Float64Array([v]).buffer)).join('.');
const str = (v: string) => 's' + Array.from(v, (c) => c.charCodeAt(0)).join('.');

describe('simulated board: EVENT packets parsed as Espruino does', () => {
  let b: Board;
  beforeAll(() => {
    b = simBoard();
  });

  it('takes liberal JSON: bare and single-quoted keys, comments, trailing commas and junk, Espruino numbers', async () => {
    expect(await result(b, "{a:0x20,b:.5,'c':1.,d:00012,/*c*/e:0o17,f:0b101,g:-0,h:- 3,i:1_000,j:`y`,k:[1,2,],} junk")).toBe(
      `{${str('a')}:${n(32)},${str('b')}:${n(0.5)},${str('c')}:${n(1)},${str('d')}:${n(10)},${str('e')}:${n(15)},${str('f')}:${n(5)},${str('g')}:${n(0)},${str('h')}:${n(-3)},${str('i')}:${n(1000)},${str('j')}:${str('y')},${str('k')}:[${n(1)},${n(2)}]}|functionfunctionfunction|${n(0.5)} ACK`,
    );
    expect(await result(b, '{0x10:2,true:1}')).toBe(`{${str('16')}:${n(2)},${str('true')}:${n(1)}}|functionfunctionfunction|undefined ACK`);
  });

  it('reads floats digit by digit, as Espruino does (0.3 is 0.1*3)', async () => {
    expect(await result(b, '{a:0.3}')).toBe(`{${str('a')}:${n(0.1 * 3)}}|functionfunctionfunction|undefined ACK`);
    expect(parseLiberalJson('{a:0.3}').value).toEqual({ a: 0.30000000000000004 });
  });

  it('NAKs what Espruino refuses', async () => {
    for (const body of ['{a:+3}', '{a:undefined}', '{a:NaN}', '[1,2]', '5', '"x"', '{1.5:2}', '{a:1 b:2}', '{a:"x\ny"}', '{a:`${1}`}', '{a:[,1]}', '{,}']) {
      expect([body, await result(b, body)]).toEqual([body, 'NAK']);
    }
  });

  it('keeps the first of two equal keys (Espruino finds the first child of that name)', async () => {
    expect(await result(b, '{"c":"btn","b":"OK","b":"K1"}')).toBe(`{${str('b')}:${str('OK')},${str('c')}:${str('btn')}}|functionfunctionfunction|${str('OK')} ACK`);
  });

  it('makes "__proto__" the prototype, as Espruino does', async () => {
    expect(await result(b, '{"__proto__":{"b":"X"}}')).toBe(`{}|functionfunctionfunction|${str('X')} ACK`);
  });

  it('NAKs a zero-length EVENT packet at once and still reads the next byte', () => {
    const s = new SimBoard({ bundle: HANDLER, pins: {}, storage: new SimStorage(null), clock: 'fake' });
    let out = '';
    s.on('data', (d: Buffer) => (out += d.toString('latin1')));
    s.boot();
    out = '';
    s.write(Buffer.from([0x10, 0x01, 0x40, 0x00]));
    // The parser's "Expecting valid value, got EOF" takes the prompt off; it comes back after the NAK.
    expect(out).toBe('\r\x1b[J\x15>');
    out = '';
    s.write('12\n');
    expect(out).toBe('12\r\n=12\r\n>');
  });

  it('a Pico keeps the low byte of \\u escapes; the Linux build the character', async () => {
    expect(await result(b, "{a:'\\u20ac'}")).toBe(`{${str('a')}:${str('\xac')}}|functionfunctionfunction|undefined ACK`);
    expect(await result(simBoard('LINUX'), "{a:'\\u20ac'}")).toBe(`{${str('a')}:${str('\u20ac')}}|functionfunctionfunction|undefined ACK`);
  });
});

describe.skipIf(!BIN)('EVENT packet parsing: simulated board against Espruino for Linux ($ESPRUINO_BIN)', () => {
  let real: Board;
  let sim: Board;
  beforeAll(async () => {
    real = await realBoard(BIN!);
    sim = simBoard('LINUX');
  }, 20_000);
  afterAll(async () => {
    await real?.stop();
  });

  it('parses every body alike, with the same reply and prompt bytes', async () => {
    const diffs: string[] = [];
    for (const body of BODIES) {
      const [r, s] = [await real.send(pad(body)), await sim.send(pad(body))];
      if (r !== s) diffs.push(`${JSON.stringify(body)}: real ${JSON.stringify(r)} sim ${JSON.stringify(s)}`);
    }
    expect(diffs).toEqual([]);
  }, 60_000);
});
