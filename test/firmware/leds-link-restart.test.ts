/**
 * A mirror's `{c:'leds',on:true}` is for its session only: it sat in the board's settings, so the
 * next settings save (staff menu, `dicetray config`) wrote it to Storage, and after a restart the
 * board sent every LED frame down a link nobody read (≈ 0.1 M instructions an event).
 */
import { describe, expect, it } from 'vitest';
import type { HostCmd } from '../../shared/protocol/messages';
import { journalGame } from '../support/journal-game';

describe('leds_link across a restart', () => {
  it('a settings save while a mirror is attached does not make LED frames outlive the session', async () => {
    const g = await journalGame(3, ['Ann', 'Ben']);
    g.sim.requestSync({ c: 'leds', on: true } as HostCmd);
    const before = g.sim.msgs.length;
    g.move();
    expect(g.sim.msgs.slice(before).some((m) => m.t === 'leds')).toBe(true);
    g.sim.requestSync({ c: 'cfg', k: 'window_ms', v: 5000 } as HostCmd);
    g.restart();
    const from = g.sim.msgs.length;
    for (let i = 0; i < 6; i++) g.move();
    const after = g.sim.msgs.slice(from);
    expect(after.some((m) => m.t === 'act')).toBe(true);
    expect(after.filter((m) => m.t === 'leds')).toEqual([]);
    // The setting saved alongside it is kept.
    expect((g.sim.snapshot() as unknown as { c: { window_ms: number } }).c.window_ms).toBe(5000);
  });
});
