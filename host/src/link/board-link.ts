/**
 * Talks protocol over any byte stream (serial port, TCP socket, simulated board): splits lines,
 * decodes messages tolerantly, counts noise and garbage, and sends commands as EVENT packets.
 */
import { EventEmitter } from 'node:events';
import { decodeLine, encodePacket } from '../../../shared/protocol/host-codec';
import type { BoardMsg, HostCmd } from '../../../shared/protocol/messages';
import { LineSplitter } from './line-splitter';

export interface ByteStream {
  write(data: Uint8Array): void;
  on(ev: 'data', fn: (d: Uint8Array) => void): unknown;
}

export class BoardLink extends EventEmitter {
  readonly stats = { messages: 0, noise: 0, garbage: 0 };
  private lines = new LineSplitter();
  constructor(private out: (data: Uint8Array) => void) {
    super();
  }

  static over(stream: ByteStream): BoardLink {
    const link = new BoardLink((d) => stream.write(d));
    stream.on('data', (d) => link.receive(d));
    return link;
  }

  receive(chunk: Uint8Array | string): void {
    for (const line of this.lines.push(chunk)) {
      const d = decodeLine(line);
      if (d.ok) {
        this.stats.messages++;
        this.emit('msg', d.msg as BoardMsg);
      } else if (d.reason === 'noise') {
        this.stats.noise++;
        this.emit('noise', line);
      } else {
        this.stats.garbage++;
        this.emit('garbage', line, d.reason);
      }
    }
  }

  send(cmd: HostCmd): void {
    this.out(encodePacket(cmd));
  }

  /** After a reconnect, a half line from before must not glue onto the next one. */
  reset(): void {
    this.lines.reset();
  }
}
