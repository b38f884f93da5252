/**
 * The set-up and game-over buttons on the simulated board (exact firmware bundle): a held seat
 * joins and is the start seat, a start seat pressed out of the game starts no more, K1, K2 and K3
 * are the three options, the other keys are refused, and at game over a long BACK goes to the set-up (a short BACK there goes
 * back to the game).
 */
import { describe, expect, it } from 'vitest';
import type { HostCmd } from '../../shared/protocol/messages';
import { gameDef } from '../../shared/engine/games';
import type { PvState } from '../../shared/games/pechvogel/types';
import { bootedSim } from '../support/game-driver';

const cfg = (k: string, v: unknown) => ({ c: 'cfg', k, v }) as HostCmd;
const btn = (b: string, k: 'press' | 'long' = 'press') => ({ c: 'btn', b, k }) as HostCmd;
const seatsIn = (...seats: number[]) => [1, 2, 3, 4, 5, 6, 7].map((s) => seats.indexOf(s) >= 0);

interface Snap {
  st: PvState | null;
  ui: { mode: string; err: string; seatsIn: boolean[]; startSeat: number; virtual: boolean; immune: boolean; stealOnly: boolean };
}

describe('set-up and game-over buttons', () => {
  it('a held seat joins and starts; pressed out it starts no more; K1, K2, K3 are virtual dice, the immune reduce, steal only', async () => {
    const { sim } = await bootedSim([cfg('attract_ms', 0)]);
    const snap = () => sim.snapshot() as unknown as Snap;
    const press = (b: string, k: 'press' | 'long' = 'press') => expect(sim.requestSync(btn(b, k)).ack).toBe(true);
    // Seat 5 has not joined: holding its button joins it and makes it the start seat.
    press('S5', 'long');
    expect(snap().ui).toMatchObject({ mode: 'setup', seatsIn: seatsIn(5), startSeat: 4 });
    // Pressed out of the game: it is no start seat any more.
    press('S5');
    expect(snap().ui).toMatchObject({ seatsIn: seatsIn(), startSeat: -1 });
    press('S2');
    press('S6', 'long');
    press('S4');
    expect(snap().ui).toMatchObject({ seatsIn: seatsIn(2, 4, 6), startSeat: 5, virtual: false, immune: false, stealOnly: false });
    // Keys that mean nothing in the set-up are refused (a blink, and the screens say which keys do), changing nothing.
    for (const k of ['K4', 'K5', 'K6', 'BK']) {
      press(k);
      expect(snap().ui, k).toMatchObject({ mode: 'setup', err: 'setup_keys', seatsIn: seatsIn(2, 4, 6), startSeat: 5, virtual: false, immune: false, stealOnly: false });
      expect(snap().st, k).toBeNull();
    }
    press('K2');
    expect(snap().ui).toMatchObject({ virtual: false, immune: true, stealOnly: false });
    press('K3');
    expect(snap().ui).toMatchObject({ virtual: false, immune: true, stealOnly: true });
    press('K1');
    expect(snap().ui).toMatchObject({ virtual: true, immune: true, stealOnly: true });
    press('K2');
    expect(snap().ui).toMatchObject({ virtual: true, immune: false, stealOnly: true });
    press('OK');
    const st = snap().st!;
    expect(st.players.map((p) => p.name)).toEqual(['Seat 2', 'Seat 4', 'Seat 6']);
    expect(st.active).toBe(2);
    expect(st.config).toMatchObject({ reduce_reroll_immune_to_frustrate: false, steal_only_if_middle_lacks_value: true });
    expect(st.rng).toBeTruthy();
  });

  it('at game over a long BACK goes to the set-up; BACK there returns to the finished game', async () => {
    const { sim } = await bootedSim([cfg('attract_ms', 0)]);
    const snap = () => sim.snapshot() as unknown as Snap;
    // The last marker is one throw away (test/fixtures/scripts/game-over-presses.table).
    const given = gameDef('pechvogel')!.fromGiven(
      {
        players: [{ name: 'A', markers: [6, 7, 7], frustrations: 3 }, { name: 'B', markers: [], frustrations: 4 }, { name: 'C', markers: [3], frustrations: 0 }],
        active: 'B', middle: { 5: 1 }, box: { 3: 2, 4: 3, 5: 1, 6: 2, 7: 1 }, murphy: 'A',
      },
      {},
    );
    if (!given.ok) throw new Error('given');
    expect(sim.requestSync({ c: 'load', st: given.state } as unknown as HostCmd).ack).toBe(true);
    for (const b of ['K3', 'K3', 'K3', 'K3', 'K1', 'K2', 'K6', 'OK', 'K3', 'OK']) sim.requestSync(btn(b));
    const over = snap().st!;
    expect(over.phase).toBe('game_over');
    // A short BACK is refused (the screens say what holding it does); held, it opens the set-up.
    sim.requestSync(btn('BK'));
    expect(snap().ui).toMatchObject({ mode: 'play', err: 'game_over' });
    sim.requestSync(btn('BK', 'long'));
    expect(snap().ui).toMatchObject({ mode: 'setup', err: '' });
    expect(snap().st).toEqual(over);
    // BACK in the set-up: back to the game it came from, nothing changed.
    sim.requestSync(btn('BK'));
    expect(snap().ui.mode).toBe('play');
    expect(snap().st).toEqual(over);
  });
});
