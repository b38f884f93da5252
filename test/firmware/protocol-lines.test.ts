/**
 * The firmware builds its most frequent lines (btn, leds) by hand instead of through encodeLine:
 * every line it prints must still be exactly LINE_PREFIX + JSON.stringify(message), with the keys
 * in the order send() gives them (s last). Checked on the simulated board with the exact bundle.
 */
import { describe, expect, it } from 'vitest';
import { LINE_PREFIX, MAX_LINE_BYTES } from '../../shared/protocol/messages';
import { encodeLine } from '../../shared/protocol/board-codec';
import { SimTarget } from '../support/game-driver';
import { makeSim } from '../support/host-harness';

describe('protocol lines from the firmware', () => {
  it('are canonical JSON lines, hand-built ones included', async () => {
    const board = await makeSim({ clock: 'fake', boardName: 'LINUX' });
    let raw = '';
    board.on('data', (d: Buffer) => (raw += Buffer.from(d).toString('latin1')));
    const t = new SimTarget(board);
    board.boot();
    t.requestSync({ c: 'new', p: ['Ann', 'Ben', 'Cleo'], seed: 7 });
    for (const b of ['K1', 'K2', 'K6', 'BK', 'K3', 'S2', 'OK']) t.requestSync({ c: 'btn', b });
    t.requestSync({ c: 'btn', b: 'BK', k: 'long' });
    // act lines are hand-built too: an entered throw, a choice, a virtual roll (its faces in the line).
    t.requestSync({ c: 'act', a: { do: 'throw', faces: [3, 4, 5, 6, 7, 3, 'R'] } });
    t.requestSync({ c: 'act', a: { do: 'choose_target', value: 3 } });
    t.requestSync({ c: 'act', a: { do: 'roll' } });
    board.advance(2000);
    const lines = raw.split(/\r?\n/).map((l) => l.slice(Math.max(0, l.indexOf(LINE_PREFIX)))).filter((l) => l.startsWith(LINE_PREFIX));
    const kinds = new Set<string>();
    for (const line of lines) {
      const msg = JSON.parse(line.slice(LINE_PREFIX.length));
      expect(line).toBe(LINE_PREFIX + JSON.stringify(msg));
      expect(Object.keys(msg).pop()).toBe('s');
      kinds.add(msg.t);
      if (msg.t === 'btn') expect(Object.keys(msg)).toEqual(['t', 'b', 'k', 's']);
      if (msg.t === 'leds') expect(Object.keys(msg)).toEqual(['t', 'f', 's']);
      if (msg.t === 'act') {
        expect(Object.keys(msg).filter((k) => k !== 'fx')).toEqual(['t', 'n', 'a', 's']);
        // 7 dice − 2 targets − 1 raven placed by the first throw
        if (msg.a.do === 'roll') expect(msg.a.faces).toHaveLength(4);
      }
    }
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['act', 'btn', 'leds', 'ui', 'hello', 'new']));
    // On the wire with its line ending (\r\n from print()) a line stays within the budget.
    for (const l of raw.split('\n').filter((x) => x.startsWith(LINE_PREFIX))) expect(Buffer.byteLength(l + '\n')).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(raw).toMatch(/\r\n/);
    expect(lines.filter((l) => l.includes('"t":"act"')).length).toBe(3);
    expect(lines.filter((l) => l.includes('"t":"btn"')).length).toBe(8);
  });

  it('a message whose line and \\r\\n would pass MAX_LINE_BYTES becomes a too_long error', () => {
    const fits = { t: 'err', code: 'x', msg: '', s: 1 };
    const base = encodeLine(fits).length;
    fits.msg = 'a'.repeat(MAX_LINE_BYTES - 2 - base);
    expect(encodeLine(fits).length + 2).toBe(MAX_LINE_BYTES);
    fits.msg += 'a';
    expect(encodeLine(fits)).toBe(LINE_PREFIX + '{"t":"err","s":1,"code":"too_long","msg":"err"}');
  });
});
