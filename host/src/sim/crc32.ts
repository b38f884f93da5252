/** CRC-32 (IEEE), as Espruino's E.CRC32 computes it. */
import zlib from 'node:zlib';

let table: Uint32Array | null = null;

export function crc32(data: Uint8Array): number {
  const z = (zlib as unknown as { crc32?: (d: Uint8Array) => number }).crc32;
  if (z) return z(data);
  if (!table) {
    table = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[i] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
