/**
 * Link mode (kiosk): the board parses the host's packets itself (PacketParser). A whole packet's
 * text must not stay in RAM until the next packet comes: a host's `load` of a 5-player state kept
 * ~30-60 live variables that way, and a junk packet up to 8 KB a few hundred.
 *
 * On Espruino's own Linux build, booted from .bootcde (link mode needs pins, so the bundle's parser
 * class is driven from the REPL as listen() drives it).
 *
 * Skipped without ESPRUINO_BIN.
 */
import { describe, expect, it } from 'vitest';
import { onBootedBundle } from '../support/espruino-process';

const BIN = process.env.ESPRUINO_BIN;

/**
 * REPL text, in a scope of its own: the bundle's parser (the class with a feed method) gets a small
 * packet, a ~600-byte one, and a small one; live variables after each. Prints `PARSED packets
 * errors m0 m1 m2`.
 */
const PARSE =
  '(function(){var k,P,got=0,bad=0;for(k in global){P=global[k];if(typeof P==="function"&&P.prototype&&typeof P.prototype.feed==="function")break;}' +
  'var p=new P(function(){got++},function(){bad++});' +
  'function pkt(o){var j=JSON.stringify(o);return String.fromCharCode(16,1,64|j.length>>8,j.length&255)+j}' +
  'var big=pkt({c:"load",st:{x:new Array(60).join("0123456789")}}),small=pkt({c:"hello"});' +
  'p.feed(small,0);var m0=process.memory().usage;p.feed(big,0);var m1=process.memory().usage;p.feed(small,0);' +
  'var m2=process.memory().usage;print("PARSED",got,bad,m0,m1,m2)})()';

describe.skipIf(!BIN)('the link-mode packet parser on Espruino 2v29 for Linux ($ESPRUINO_BIN)', () => {
  it('keeps no packet text once the packet is handled', () =>
    onBootedBundle('linux-link-parser-ram', async (q) => {
      const m = await q.probe(PARSE, /PARSED (\d+) (\d+) (\d+) (\d+) (\d+)/);
      const [got, bad, m0, m1, m2] = m.slice(1).map(Number);
      expect([got, bad]).toEqual([3, 0]);
      expect(m1).toBeLessThanOrEqual(m0 + 2);
      expect(m2).toBeLessThanOrEqual(m0 + 2);
      expect(q.alive).toBe(true);
    }), 120_000);
});
