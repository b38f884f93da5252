/**
 * On a board every button's debounced edges go through buttons.ts (buttonEdge) to the app's press
 * as down/up (the staff chord). Neither may keep a record per button ever pressed: one kept a
 * timer id and the other a flag for each of the 15 buttons for good (+45 live variables in play
 * once all were used, on top of what the host's btn commands, which skip both, let the other
 * RAM tests see).
 *
 * On Espruino's own Linux build, booted from .bootcde as a board boots; the edges are fed as the
 * board's setWatch does, to the app's own press (the bound `this` of the packet listener). Only the
 * edges reach the app, not press/long, so the game stays as it was between the measurements.
 *
 * Skipped without ESPRUINO_BIN.
 */
import { describe, expect, it } from 'vitest';
import { onBootedBundle } from '../support/espruino-process';

const BIN = process.env.ESPRUINO_BIN;
const IDS = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'OK', 'BK'];

/**
 * REPL text, in a scope of its own: each of `ids` down and up through buttonEdge (the bundle's
 * function that reports "long" and clears a timer), the edges to the app's press. Prints `EDGES n`.
 * (Its first run leaves a few variables behind in the interpreter, buttons or not.)
 */
const edges = (ids: string[]) =>
  '(function(){var k,f,A=E["#onpacket"][0]["\\xFFths"];for(k in global){f=global[k];if(typeof f==="function"&&/"long"/.test(f)&&/clearTimeout/.test(f))break;}' +
  'var emit=function(id,kind){if(kind==="down"||kind==="up")A.press(id,kind)};' +
  `${JSON.stringify(ids)}.forEach(function(id){f(id,true,emit);f(id,false,emit)});print("EDGES",typeof A.press)})()`;

describe.skipIf(!BIN)('button records on Espruino 2v29 for Linux ($ESPRUINO_BIN)', () => {
  it('keeps no RAM per button pressed once it is released', () =>
    onBootedBundle('linux-button-records-ram', async (q, mem) => {
      await q.request({ c: 'cfg', k: 'attract_ms', v: 0 });
      await q.request({ c: 'new', p: ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve'] });
      await q.request({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 4, 5, 5, 6] } });
      expect((await q.probe(edges([]), /EDGES (\w+)/))[1]).toBe('function');
      const before = await mem();
      for (let i = 0; i < 2; i++) {
        expect((await q.probe(edges(IDS), /EDGES (\w+)/))[1]).toBe('function');
        expect(await mem()).toBeLessThanOrEqual(before + 2);
      }
      expect(q.noise.filter((l) => /Uncaught|Error/.test(l))).toEqual([]);
      expect(q.alive).toBe(true);
    }), 240_000);
});
