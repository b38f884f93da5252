/**
 * A mirror started again mid-game says what it missed as measured against the table's newest log
 * (the last mirror run's): nothing when the board is where that log ends (it goes on in that file),
 * the actions since that log's end when the table played on. It said "joined this game at that
 * action (the ones before it were not mirrored)" in both cases, which that log showed untrue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Cli, PtyBoard, scratchDir } from '../support/host-harness';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import type { HostCmd } from '../../shared/protocol/messages';

const done: (() => unknown)[] = [];
afterEach(async () => {
  while (done.length) await done.pop()!();
});

describe('a restarted mirror and what it missed', () => {
  it('counts from where the newest log ends, not from action 0', async () => {
    const dir = scratchDir('dt-restart-unseen-');
    const b = await PtyBoard.start(dir, 'ttyRU');
    done.push(() => b.stop());
    const logs = path.join(dir, 'logs');
    const mirror = () => {
      const cli = new Cli(['mirror', '--port', `Ecke=${b.path}`, '--json', '--log', logs], { cwd: dir });
      done.push(() => cli.stop());
      return cli;
    };
    const r = setupPechvogel({ players: ['Ann', 'Ben'] });
    if (!r.ok) throw new Error('setup');
    // No countdown ends a step by itself while no mirror watches.
    b.command({ c: 'cfg', k: 'marker_ms', v: 60000 } as HostCmd);
    b.command({ c: 'cfg', k: 'window_ms', v: 60000 } as HostCmd);

    const m1 = mirror();
    await m1.event((e) => e.ev === 'synced');
    b.command({ c: 'load', st: r.state } as never);
    await m1.event((e) => e.ev === 'synced' && e.n === 0);
    b.command({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] } } as HostCmd);
    await m1.event((e) => e.ev === 'action' && e.n === 1);
    m1.stop();
    await m1.exited;

    // Started again over the same state: its log goes on, nothing was missed.
    const m2 = mirror();
    const same = await m2.event((e) => e.ev === 'synced' && e.n === 1);
    expect(same.unseen).toBeUndefined();
    expect(same.text).toBe('in sync: action 1, await_target');
    m2.stop();
    await m2.exited;

    // The table played on while no mirror ran: actions 2 and 3 are missed, action 1 is in the log.
    b.command({ c: 'act', a: { do: 'choose_target', value: 3 } } as HostCmd);
    b.command({ c: 'act', a: { do: 'throw', faces: [4, 5, 6, 7] } } as HostCmd);
    await new Promise((ok) => setTimeout(ok, 500));
    const m3 = mirror();
    const on = await m3.event((e) => e.ev === 'synced' && e.n === 3);
    expect(on.unseen).toEqual({ from: 2, to: 3 });
    expect(on.text).toContain('actions 2–3 happened while this mirror could not see the board');
  }, 60_000);
});
