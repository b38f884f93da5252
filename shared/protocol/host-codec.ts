/**
 * Host-side codec: decode board lines tolerantly, encode commands as EVENT packets.
 */
import { LINE_PREFIX, type BoardMsg, type HostCmd, type Snapshot } from './messages';
import { expandKeys, shortenKeys } from './wire-keys';

export type Decoded = { ok: true; msg: BoardMsg } | { ok: false; reason: 'noise' | 'bad_json' | 'bad_message'; line: string };

/** REPL prompts, echoes and half lines are 'noise'; a prefixed line that is not a message is an error. */
export function decodeLine(raw: string): Decoded {
  // Strip control bytes the REPL adds (ACK 0x06, prompt erasers, CR), keep printable text.
  const line = raw.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '').replace(/^>+/, '');
  const at = line.indexOf(LINE_PREFIX);
  if (at < 0) return { ok: false, reason: 'noise', line: raw };
  let o: unknown;
  try {
    o = JSON.parse(line.slice(at + LINE_PREFIX.length));
  } catch {
    return { ok: false, reason: 'bad_json', line: raw };
  }
  if (!o || typeof o !== 'object' || typeof (o as BoardMsg).t !== 'string' || typeof (o as BoardMsg).s !== 'number') {
    return { ok: false, reason: 'bad_message', line: raw };
  }
  return { ok: true, msg: expandKeys(o) as BoardMsg };
}

/** A snapshot's chunks joined (JSON text), with the conventions' key names; throws on bad JSON. */
export function parseSnapshot(text: string): Snapshot {
  return expandKeys(JSON.parse(text)) as Snapshot;
}

/** DLE SOH, then 3-bit type EVENT (0x4000) and 13-bit length, then the JSON text. */
export function encodePacket(cmd: HostCmd): Uint8Array {
  // ASCII only (\u escapes): the board sees bytes, and a byte count must equal a char count.
  const json = JSON.stringify(shortenKeys(cmd)).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  // A length whose low byte is 3 is a Ctrl-C to a board's USB (taken before the packet is seen)
  // and to the Linux build, 4 (EOF) ends the Linux build reading stdin: pad the JSON past them.
  let padded = json;
  while ((padded.length & 0xff) === 3 || (padded.length & 0xff) === 4) padded += ' ';
  const body = new TextEncoder().encode(padded);
  if (body.length === 0 || body.length > 0x1fff) throw new RangeError(`command too long for one packet: ${body.length} bytes`);
  const hdr = 0x4000 | body.length;
  const out = new Uint8Array(4 + body.length);
  out[0] = 0x10;
  out[1] = 0x01;
  out[2] = hdr >> 8;
  out[3] = hdr & 0xff;
  out.set(body, 4);
  return out;
}
