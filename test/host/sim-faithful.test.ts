import { describe, expect, it } from 'vitest';
import { SimBoard } from '../../host/src/sim/sim-board';

// Behaviours measured on Espruino 2v29's Linux build that the simulated board must copy.
const PROGRAM = 'E.on("packet", function (o) { print(JSON.stringify(o)); }); setInterval(function () {}, 1000);';

function board() {
  const b = new SimBoard({ bundle: PROGRAM, pins: {}, clock: 'fake', storageFile: null, boardName: 'LINUX' });
  const out: string[] = [];
  b.on('data', (d: Buffer) => out.push(d.toString('latin1')));
  b.boot();
  return { b, text: () => out.join('') };
}

function packet(type: number, body: string): Buffer {
  const data = Buffer.from(body, 'latin1');
  return Buffer.concat([Buffer.from([0x10, 0x01, type | (data.length >> 8), data.length & 0xff]), data]);
}

describe('the simulated board answers like the real interpreter', () => {
  it('escapes non-ASCII characters in JSON as upper-case \\u escapes', () => {
    const { b, text } = board();
    // "Zoë" sent as UTF-8 escapes, as the host encoder does.
    b.write(packet(0x40, '{"n":"Zo\\u00eb\\u20ac\\ud83d\\ude00"}'));
    expect(text()).toContain('{"n":"Zo\\u00EB\\u20AC\\uD83D\\uDE00"}');
  });

  it('has no neopixel module on the Linux build (the firmware then sends its frames as leds lines)', () => {
    // As 2v29 for Linux prints it: Error: Module "neopixel" not found.
    const probe = 'try { require("neopixel"); print("has"); } catch (e) { print("no: " + e.message); }';
    const texts = ['LINUX', 'PICO_R1_3'].map((boardName) => {
      const b = new SimBoard({ bundle: probe, pins: {}, clock: 'fake', storageFile: null, boardName });
      const out: string[] = [];
      b.on('data', (d: Buffer) => out.push(d.toString('latin1')));
      b.boot();
      return out.join('');
    });
    expect(texts[0]).toContain('no: Module "neopixel" not found');
    expect(texts[1]).toContain('has');
  });

  it('answers an EVAL packet with ACK and a response packet', () => {
    const { b, text } = board();
    b.write(packet(0x20, '6*7'));
    expect(text()).toContain('\x06\x10\x01\x00\x0242');
  });

  it('NAKs a packet still incomplete after 5 s, and takes the next one', () => {
    const { b, text } = board();
    b.write(packet(0x40, '{"c":"hello"}').subarray(0, 9));
    b.advance(4000);
    expect(text()).not.toContain('\x15');
    b.advance(1500);
    expect(text()).toContain('\x15');
    b.write(packet(0x40, '{"c":"again"}'));
    expect(text()).toContain('{"c":"again"}');
  });

  it("does not let a finished packet's 5 s timeout NAK the next packet while it is still arriving", () => {
    const { b, text } = board();
    b.write(packet(0x40, '{"c":"one"}'));
    b.advance(4990);
    const next = packet(0x40, '{"c":"two"}');
    b.write(next.subarray(0, 6));
    b.advance(20); // the first packet's 5 s are up while the second is half in
    b.write(next.subarray(6));
    expect(text()).not.toContain('\x15');
    expect(text()).toContain('{"c":"two"}');
  });
});

describe("the simulated board's setWatch debounce, as the board's", () => {
  // A watch like the firmware's buttons (board.espruino.ts): both edges, repeat, debounced.
  const WATCH = 'setWatch(function (e) { print("edge " + e.state); }, "B3", { repeat: true, edge: "both", debounce: 30 });';
  function watched() {
    const b = new SimBoard({ bundle: WATCH, pins: { S1: 'B3' }, clock: 'fake', storageFile: null });
    const out: string[] = [];
    b.on('data', (d: Buffer) => out.push(d.toString('latin1')));
    b.boot();
    return { b, edges: () => out.join('').match(/edge (true|false)/g) || [] };
  }

  it('turns a bouncing press into one falling and one rising edge', () => {
    const { b, edges } = watched();
    b.bounce('S1', 100);
    b.advance(300);
    expect(edges()).toEqual(['edge false', 'edge true']);
  });

  it('ignores a pulse shorter than the debounce time', () => {
    const { b, edges } = watched();
    b.press('S1', 10);
    b.advance(300);
    expect(edges()).toEqual([]);
    b.press('S1', 100);
    b.advance(300);
    expect(edges()).toEqual(['edge false', 'edge true']);
  });
});
