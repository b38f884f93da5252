/**
 * The serial protocol's codecs on their own: the host's EVENT packets as the board reads them (bytes,
 * one character each), the board's link-mode packet parser, and the host's tolerant line decoding.
 */
import { describe, expect, it } from 'vitest';
import { PacketParser } from '../../shared/protocol/board-codec';
import { decodeLine, encodePacket } from '../../shared/protocol/host-codec';
import type { HostCmd } from '../../shared/protocol/messages';
import { LineSplitter } from '../../host/src/link/line-splitter';

/** What the board sees of a packet: its header's length and the body as bytes (latin1). */
function asBoardSees(bytes: Uint8Array): { type: number; len: number; body: string } {
  const b = Buffer.from(bytes);
  expect([b[0], b[1]]).toEqual([0x10, 0x01]);
  const hdr = (b[2] << 8) | b[3];
  return { type: hdr & 0xe000, len: hdr & 0x1fff, body: b.subarray(4).toString('latin1') };
}

function parser() {
  const got: unknown[] = [];
  const errors: string[] = [];
  return { p: new PacketParser((o) => got.push(o), (e) => errors.push(e)), got, errors };
}

describe('encodePacket', () => {
  it('sends names with umlauts and other non-ASCII text as \\u escapes, so the board reads them back whole', () => {
    const cmd: HostCmd = { c: 'new', p: ['Zoë', 'Jörg', 'Ølaf', 'Ana €'] };
    const seen = asBoardSees(encodePacket(cmd));
    expect(seen.type).toBe(0x4000);
    expect(/^[\x20-\x7e]*$/.test(seen.body)).toBe(true);
    expect(seen.len).toBe(seen.body.length);
    expect(JSON.parse(seen.body)).toEqual(cmd);
  });

  it("never gives a length whose low byte is 3 or 4 (Ctrl-C and EOF to Espruino's Linux build)", () => {
    const lows = new Set<number>();
    for (let n = 0; n < 600; n++) {
      const cmd: HostCmd = { c: 'cfg', k: 'x', v: 'a'.repeat(n) };
      const seen = asBoardSees(encodePacket(cmd));
      lows.add(seen.len & 0xff);
      expect(seen.len).toBe(seen.body.length);
      expect(JSON.parse(seen.body)).toEqual(cmd);
    }
    expect(lows.has(3) || lows.has(4)).toBe(false);
    expect(lows.has(5)).toBe(true);
  });
});

describe('PacketParser (link mode)', () => {
  it('takes a packet right after a stray DLE byte', () => {
    const { p, got, errors } = parser();
    const body = Buffer.from(encodePacket({ c: 'hello' })).toString('latin1');
    p.feed('noise\x10' + body, 0);
    expect(got).toEqual([{ c: 'hello' }]);
    expect(errors).toEqual([]);
  });
});

describe('decodeLine', () => {
  it('needs a sequence number: a message without s is bad, not a message', () => {
    expect(decodeLine('DT:{"t":"btn","b":"S1","k":"press"}')).toMatchObject({ ok: false, reason: 'bad_message' });
    expect(decodeLine('DT:{"t":"btn","b":"S1","k":"press","s":"4"}')).toMatchObject({ ok: false, reason: 'bad_message' });
    expect(decodeLine('\x06>DT:{"t":"btn","b":"S1","k":"press","s":4}\r')).toEqual({ ok: true, msg: { t: 'btn', b: 'S1', k: 'press', s: 4 } });
    expect(decodeLine('DT:{"t":"btn"')).toMatchObject({ ok: false, reason: 'bad_json' });
    expect(decodeLine('>print(1)')).toMatchObject({ ok: false, reason: 'noise' });
  });
});

describe('LineSplitter', () => {
  it('drops garbage that never ends a line instead of keeping it for the next line', () => {
    const lines = new LineSplitter(100);
    expect(lines.push('x'.repeat(150))).toEqual([]);
    expect(lines.push('DT:{"t":"new","s":1,"n":0}\r\n')).toEqual(['DT:{"t":"new","s":1,"n":0}']);
  });
});
