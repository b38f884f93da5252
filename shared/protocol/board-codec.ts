/**
 * Board-side codec: small on purpose, it runs on the microcontroller.
 * Never throws: bad input becomes an error value the firmware reports and ignores.
 */
import { COMMANDS, LINE_PREFIX, LINE_TEXT_LIMIT } from './messages';

export function encodeLine(msg: Record<string, unknown>): string {
  const line = LINE_PREFIX + JSON.stringify(msg);
  // A message that would break the line budget is replaced by an error the host can see.
  return line.length < LINE_TEXT_LIMIT ? line : tooLong(msg.t, msg.s);
}

/** The line sent instead of a message `t` (sequence number `s`) that would break the line budget. */
export function tooLong(t: unknown, s: unknown): string {
  return LINE_PREFIX + JSON.stringify({ t: 'err', s: s, code: 'too_long', msg: String(t) });
}

/** Validates a decoded host command. Returns an error code or null. */
export function checkCommand(o: unknown): string | null {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return 'not_an_object';
  const c = (o as { c?: unknown }).c;
  if (typeof c !== 'string') return 'no_command';
  if ((COMMANDS as readonly string[]).indexOf(c) < 0) return 'unknown_command';
  return null;
}

/**
 * Parses EVENT packets out of a raw byte stream (link mode). Bytes outside packets are
 * ignored; a packet that is garbled, not JSON or cut short is dropped and reported.
 */
export class PacketParser {
  private st = 0; // 0 idle, 1 had DLE, 2 len hi, 3 len lo, 4 data
  private len = 0;
  private buf = '';
  private t0 = 0;
  onPacket: (o: unknown) => void;
  onError: (code: string) => void;
  constructor(onPacket: (o: unknown) => void, onError: (code: string) => void) {
    this.onPacket = onPacket;
    this.onError = onError;
  }
  /** `now` in ms: a packet left unfinished for over a second is abandoned (pulled cable). */
  feed(data: string, now: number): void {
    if (this.st === 4 && now - this.t0 > 1000) {
      this.st = 0;
      this.onError('packet_timeout');
    }
    for (let i = 0; i < data.length; i++) {
      const ch = data.charCodeAt(i);
      if (this.st === 0) {
        if (ch === 16) this.st = 1;
      } else if (this.st === 1) {
        this.st = ch === 1 ? 2 : ch === 16 ? 1 : 0;
      } else if (this.st === 2) {
        this.len = (ch & 0xff) << 8;
        this.st = 3;
      } else if (this.st === 3) {
        this.len |= ch & 0xff;
        this.buf = '';
        this.t0 = now;
        if ((this.len & 0xe000) !== 0x4000 || (this.len & 0x1fff) === 0) {
          this.st = 0;
          this.onError('bad_packet_header');
        } else this.st = 4;
      } else {
        this.buf += data[i];
        if (this.buf.length >= (this.len & 0x1fff)) {
          this.st = 0;
          const t = this.buf;
          // Not kept until the next packet: a host's load (up to 8 KB of junk) stayed in RAM with it.
          this.buf = '';
          let o: unknown;
          try {
            o = JSON.parse(t);
          } catch (e) {
            this.onError('bad_json');
            continue;
          }
          this.onPacket(o);
        }
      }
    }
  }
}
