/** A simulated board on the fake clock whose console bytes a test reads back, and REPL packets to send it. */
import { SimBoard } from '../../host/src/sim/sim-board';
import { SimStorage } from '../../host/src/sim/sim-storage';

export function consoleBoard(bundle = 'print("factory firmware")', o: { pins?: Record<string, string>; storage?: SimStorage; replLimitMs?: number } = {}): { b: SimBoard; take: () => string } {
  const b = new SimBoard({ bundle, pins: o.pins || {}, storage: o.storage || new SimStorage(null), clock: 'fake', replLimitMs: o.replLimitMs });
  let out = '';
  b.on('data', (d: Buffer) => (out += d.toString('latin1')));
  /** What the board sent since the last call. */
  const take = () => {
    const s = out;
    out = '';
    return s;
  };
  return { b, take };
}

/** An Espruino REPL packet: DLE SOH, type and 13-bit length, then the body. */
export const replPacket = (type: number, body: string): Buffer => Buffer.concat([Buffer.from([0x10, 0x01, type | (body.length >> 8), body.length & 0xff]), Buffer.from(body, 'latin1')]);
