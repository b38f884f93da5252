/**
 * Host commands as the board answers them (from an acceptance review): a game a host starts or
 * plays is use (the idle clock behind attract and abandon starts again), an action with no game is
 * refused in words, and the LED current budget cannot be raised past USB's limit by a raw packet.
 */
import { expandKeys } from '../../shared/protocol/wire-keys';
import { describe, expect, it } from 'vitest';
import type { HostCmd } from '../../shared/protocol/messages';
import { LED_BUDGET_MAX_MA } from '../../hardware/power-figures';
import { bootedSim } from '../support/game-driver';
import { pechvogel } from '../../shared/games/pechvogel';

const cfg = (k: string, v: unknown) => ({ c: 'cfg', k, v }) as HostCmd;

describe('host commands', () => {
  it("a host's new game on a table idle past abandon_ms is not abandoned at once, nor its actions lost", async () => {
    const { board, sim } = await bootedSim([cfg('attract_ms', 0), cfg('abandon_ms', 2000)]);
    board.advance(10_000);
    sim.requestSync({ c: 'new', p: ['Ann', 'Ben'] } as HostCmd);
    board.advance(400);
    const from = sim.msgs.length;
    sim.requestSync({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] } } as HostCmd);
    board.advance(1500);
    sim.requestSync({ c: 'act', a: { do: 'choose_target', value: 3 } } as HostCmd);
    const after = sim.msgs.slice(from);
    expect(after.filter((m) => m.t === 'act').length).toBe(2);
    expect(after.filter((m) => m.t === 'new')).toEqual([]);
    // Unused past abandon_ms, it is abandoned as before.
    board.advance(2500);
    expect(sim.msgs.slice(from).some((m) => m.t === 'new')).toBe(true);
  });

  it('attract mode starts after attract_ms without input (not before), and a press ends it', async () => {
    const { board, sim } = await bootedSim([cfg('attract_ms', 10_000), { c: 'new', p: ['Ann', 'Ben'] } as HostCmd]);
    let frames: string[] = [];
    board.on('frame', (f: Uint8Array) => frames.push(Buffer.from(f).toString('hex')));
    // The pictures shown over 3 s: the table's own blinks only, or the attract sweep's steps too.
    const pictures = (from: number) => {
      board.advance(from);
      frames = [];
      board.advance(3000);
      return new Set(frames).size;
    };
    const calm = pictures(2000); // 2 s to 5 s after the new game
    expect(pictures(2000)).toBe(calm); // 7 s to 10 s: still before attract_ms
    const attract = pictures(1000); // 11 s to 14 s: attract mode
    expect(attract).toBeGreaterThanOrEqual(calm + 5);
    sim.requestSync({ c: 'btn', b: 'K1', k: 'press' } as HostCmd);
    sim.requestSync({ c: 'btn', b: 'BK', k: 'press' } as HostCmd);
    expect(pictures(500)).toBeLessThanOrEqual(calm);
  });

  it('an action with no game is refused with no_game', async () => {
    const { sim } = await bootedSim([]);
    const r = sim.requestSync({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] } } as HostCmd);
    expect(r.msgs).toContainEqual(expect.objectContaining({ t: 'rej', a: 'throw', code: 'no_game' }));
  });

  it("the LED budget above USB's limit is refused, whoever sends it; at the limit it is taken", async () => {
    const { sim } = await bootedSim([]);
    const over = sim.requestSync(cfg('led_budget_ma', 5000));
    expect(over.msgs).toContainEqual(expect.objectContaining({ t: 'err', code: 'bad_config', msg: 'led_budget_ma' }));
    expect(sim.requestSync(cfg('led_budget_ma', LED_BUDGET_MAX_MA)).msgs.filter((m) => m.t === 'err')).toEqual([]);
    expect((sim.snapshot() as unknown as { c: { led_budget_ma: number } }).c.led_budget_ma).toBe(LED_BUDGET_MAX_MA);
  });

  it('a negative, fractional, wrongly typed or out-of-range setting (the host\'s ranges: a window of 2 s at least, a day at most) is refused, whoever sends it, and changes nothing', async () => {
    const { sim } = await bootedSim([]);
    const before = (sim.snapshot() as unknown as { c: Record<string, unknown> }).c;
    for (const [k, v] of [['window_ms', -1], ['marker_ms', -3000], ['brightness', -5], ['abandon_ms', -60000], ['led_budget_ma', -1], ['window_ms', '9000'], ['beep', 1], ['window_ms', 0], ['window_ms', 1999], ['marker_ms', 1e300], ['abandon_ms', 864e5 + 1], ['brightness', 64.5], ['window_ms', 8000.25], ['led_budget_ma', 0.5]] as const) {
      expect(sim.requestSync(cfg(k, v)).msgs, `${k}=${JSON.stringify(v)}`).toContainEqual(expect.objectContaining({ t: 'err', code: 'bad_config', msg: k }));
    }
    expect((sim.snapshot() as unknown as { c: Record<string, unknown> }).c).toEqual(before);
  });

  it('a setting with no name, an empty one or one that is no setting (__proto__, toString) is refused, not taken silently', async () => {
    const { sim } = await bootedSim([]);
    const before = (sim.snapshot() as unknown as { c: Record<string, unknown> }).c;
    for (const c of [{ c: 'cfg' }, { c: 'cfg', k: '', v: 1 }, cfg('__proto__', { window_ms: 1 }), cfg('toString', 1), cfg('constructor', {}), cfg('hasOwnProperty', 2)]) {
      expect(sim.requestSync(c as HostCmd).msgs, JSON.stringify(c)).toContainEqual(expect.objectContaining({ t: 'err', code: 'bad_config' }));
    }
    const after = (sim.snapshot() as unknown as { c: Record<string, unknown> }).c;
    expect(after).toEqual(before);
    expect(Object.getPrototypeOf(after)).toBe(Object.prototype);
  });

  it("`leds` alone sends the frame once on a board with LEDs, where frames are not sent as they change (it sent nothing)", async () => {
    const { board, sim } = await bootedSim([cfg('attract_ms', 0)]);
    const leds = (msgs: { t: string }[]) => msgs.filter((m) => m.t === 'leds') as unknown as { f: string }[];
    // Frames as they change are off by default: a press sends none.
    board.press('S1', 80);
    board.advance(400);
    expect(leds(sim.requestSync({ c: 'hello' } as HostCmd).msgs)).toEqual([]);
    const once = leds(sim.requestSync({ c: 'leds' } as HostCmd).msgs);
    expect(once.length).toBe(1);
    expect(once[0].f).toMatch(/^[.dWRGBYCMO]{128}$/);
    // Asked again, the same frame again; still none as it changes.
    expect(leds(sim.requestSync({ c: 'leds' } as HostCmd).msgs).map((m) => m.f)).toEqual([once[0].f]);
    const from = sim.msgs.length;
    board.press('S2', 80);
    board.advance(400);
    expect(leds(sim.msgs.slice(from))).toEqual([]);
  });

  it('a game cleared for the next table (abandoned, or ended by staff) leaves an empty set-up, not the last seats and options', async () => {
    const { board, sim } = await bootedSim([cfg('attract_ms', 0), cfg('abandon_ms', 60_000)]);
    // A table joins seats 5 and 6 with virtual dice, plays, and walks away.
    for (const b of ['S5', 'S6', 'K1', 'OK']) {
      board.press(b, 80);
      board.advance(400);
    }
    const snap = () => sim.snapshot() as unknown as { st: { players: unknown[] } | null; ui: { seatsIn: boolean[]; virtual: boolean; startSeat: number } };
    expect(snap().st!.players.length).toBe(2);
    board.advance(61_000);
    expect(snap().st).toBe(null);
    expect(snap().ui).toMatchObject({ seatsIn: [false, false, false, false, false, false, false], virtual: false, startSeat: -1 });
    // The next table's seats are theirs alone.
    for (const b of ['S1', 'S2', 'OK']) {
      board.press(b, 80);
      board.advance(400);
    }
    expect(snap().st!.players).toEqual([expect.objectContaining({ name: 'Seat 1' }), expect.objectContaining({ name: 'Seat 2' })]);
  });

  it('a staff menu nobody touches closes after 5 minutes (left open, the table ignored every press)', async () => {
    const { board, sim } = await bootedSim([cfg('attract_ms', 0), { c: 'new', p: ['Ann', 'Ben'] } as HostCmd]);
    board.press('OK', 3600);
    board.press('BK', 3600);
    board.advance(4000);
    const uis = () => sim.msgs.filter((m) => m.t === 'ui').map((m) => (m as unknown as { m: string }).m);
    expect(uis().pop()).toBe('staff');
    // The chord's release (3.6 s) is the last input.
    board.advance(299_000);
    expect(uis().pop()).toBe('staff');
    board.advance(2_000);
    expect(uis().pop()).toBe('play');
    // The game is as it was, and the seats play again.
    expect((sim.snapshot() as unknown as { st: { n: number } }).st.n).toBe(0);
    board.press('K1', 80);
    board.advance(300);
    expect(sim.msgs.filter((m) => m.t === 'ui').pop()).toMatchObject({ m: 'play', e: [3] });
  });

  it('a button id made of two ids\' halves (1S, 2S, 6O) is an unknown button, not a press the table ignores', async () => {
    const { sim } = await bootedSim([cfg('attract_ms', 0), { c: 'new', p: ['Ann', 'Ben'] } as HostCmd]);
    for (const b of ['1S', '2S', '6O']) {
      const r = sim.requestSync({ c: 'btn', b, k: 'press' } as HostCmd);
      expect(r.msgs, b).toContainEqual(expect.objectContaining({ t: 'err', code: 'unknown_button', msg: b }));
      expect(r.msgs.filter((m) => m.t === 'btn'), b).toEqual([]);
    }
    // The real ids still press.
    expect(sim.requestSync({ c: 'btn', b: 'K1', k: 'press' } as HostCmd).msgs).toContainEqual(expect.objectContaining({ t: 'btn', b: 'K1' }));
  });

  it("a loaded game sits at the seats the load names: their buttons are the players', the others are nobody's", async () => {
    const { board, sim } = await bootedSim([cfg('attract_ms', 0)]);
    const r = pechvogel.fromGiven({ players: [{ name: 'Ann', markers: [], frustrations: 0 }, { name: 'Ben', markers: [], frustrations: 0 }], active: 'Ann', middle: { 3: 3, 4: 3, 5: 3, 6: 3, 7: 3 }, murphy: null }, {});
    if (!r.ok) throw new Error(r.error.code);
    expect(sim.requestSync({ c: 'load', st: r.state as unknown as Record<string, unknown>, seats: [2, 5] } as HostCmd).ack).toBe(true);
    expect((sim.snapshot() as unknown as { h: { seats: number[] } }).h.seats).toEqual([2, 5]);
    const ui = () => sim.msgs.filter((m) => m.t === 'ui').pop() as unknown as { err: string };
    // Seat 1 is nobody's here; seat 3 is Ann's (no window to vote in: a refusal of another kind).
    board.press('S1', 80);
    board.advance(300);
    expect(ui().err).toBe('not_playing');
    board.press('S3', 80);
    board.advance(300);
    expect(ui().err).toBe('window_closed');
  });

  it("a loaded game's checkpoint holds its state once: the header names no start state (it doubled every checkpoint and stayed in RAM)", async () => {
    const { board, sim } = await bootedSim([cfg('attract_ms', 0)]);
    const r = pechvogel.fromGiven({ players: [{ name: 'Ann', markers: [3], frustrations: 2 }, { name: 'Ben', markers: [], frustrations: 5 }], active: 'Ben', middle: { 3: 2, 4: 3, 5: 3, 6: 3, 7: 3 }, murphy: 'Ann' }, {});
    if (!r.ok) throw new Error(r.error.code);
    expect(sim.requestSync({ c: 'load', st: r.state as unknown as Record<string, unknown> } as HostCmd).ack).toBe(true);
    const files = board.storage.files;
    const cp = expandKeys(JSON.parse(files['dt.game'] !== undefined ? files['dt.game'] : files['dt.gam2']));
    expect(cp.s).toEqual(r.state);
    expect(cp.h).toEqual({ log: 'dicetray-log/1', game: 'pechvogel', seats: [0, 1] });
    // The game goes on from it after a power cut, and a mirror joining gets the same header.
    expect((sim.snapshot() as unknown as { h: unknown }).h).toEqual(cp.h);
  });

  it('a setting named by a list (["window_ms"]) is held to the same ranges: hasOwnProperty took it as its text, and the ranges, which compare the name, let a window of 1 ms or an LED budget past USB\'s limit through', async () => {
    const { sim } = await bootedSim([]);
    const before = (sim.snapshot() as unknown as { c: Record<string, unknown> }).c;
    for (const [k, v] of [['window_ms', 1], ['led_budget_ma', 5000], ['brightness', 1000], ['abandon_ms', -5]] as const) {
      const r = sim.requestSync({ c: 'cfg', k: [k], v } as unknown as HostCmd);
      expect(r.msgs, `[${k}]=${v}`).toContainEqual(expect.objectContaining({ t: 'err', code: 'bad_config', msg: k }));
    }
    expect((sim.snapshot() as unknown as { c: Record<string, unknown> }).c).toEqual(before);
  });

  it('a new game whose seed is no whole number from 0 to 2^31 − 1 (2^63, −1, 1.5, "42") is refused with bad_setup: "42" started a game without virtual dice, and 2^63 rolled other dice on Espruino than here', async () => {
    const { board, sim } = await bootedSim([cfg('attract_ms', 0)]);
    for (const seed of [2 ** 63, 2 ** 31, -1, 1.5, '42', null]) {
      const r = sim.requestSync({ c: 'new', p: ['Ann', 'Ben'], seed } as unknown as HostCmd);
      expect(r.msgs.filter((m) => m.t === 'err' || m.t === 'new'), JSON.stringify(seed)).toEqual([expect.objectContaining({ t: 'err', code: 'bad_setup' })]);
    }
    expect(sim.snapshot().st).toBeNull();
    expect(board.errors).toEqual([]);
    expect(sim.requestSync({ c: 'new', p: ['Ann', 'Ben'], seed: 2 ** 31 - 1 } as unknown as HostCmd).msgs.some((m) => m.t === 'new')).toBe(true);
  });

  it("a new game whose options are no object (\"x\", 5, true) is refused with bad_setup: Espruino's Object.assign threw on them, out of the packet handler with no answer", async () => {
    const { board, sim } = await bootedSim([cfg('attract_ms', 0)]);
    for (const options of ['x', 5, true]) {
      const r = sim.requestSync({ c: 'new', p: ['Ann', 'Ben'], cfg: options } as unknown as HostCmd);
      expect(r.msgs.filter((m) => m.t === 'rej' || m.t === 'new'), JSON.stringify(options)).toEqual([expect.objectContaining({ t: 'rej', a: 'new', code: 'bad_setup' })]);
    }
    expect(board.errors).toEqual([]);
    expect(sim.requestSync({ c: 'new', p: ['Ann', 'Ben'], cfg: { unofficial_player_count: true } } as unknown as HostCmd).msgs.some((m) => m.t === 'new')).toBe(true);
  });

  it('a loaded state without options, or with seats for more or fewer players than it has, is refused (bad_state): each was taken, and threw later at every marker step or seat press', async () => {
    const { board, sim } = await bootedSim([cfg('attract_ms', 0), cfg('marker_ms', 0)]);
    const r = pechvogel.fromGiven({ players: [{ name: 'Ann', markers: [], frustrations: 0 }, { name: 'Ben', markers: [], frustrations: 0 }], active: 'Ann', middle: { 3: 3, 4: 3, 5: 3, 6: 3, 7: 3 }, murphy: null }, {});
    if (!r.ok) throw new Error(r.error.code);
    const st = r.state as unknown as Record<string, unknown>;
    const noOptions = Object.assign({}, st);
    delete noOptions.config;
    for (const [c, detail] of [[{ c: 'load', st: noOptions }, 'config'], [{ c: 'load', st, seats: [0, 1, 2, 3, 4, 5, 6] }, 'seats'], [{ c: 'load', st, seats: [3] }, 'seats']] as const) {
      const a = sim.requestSync(c as unknown as HostCmd);
      expect(a.msgs, detail).toContainEqual(expect.objectContaining({ t: 'err', code: 'bad_state', msg: detail }));
    }
    expect(sim.snapshot().st).toBeNull();
    // The same state with its options and two seats plays.
    expect(sim.requestSync({ c: 'load', st, seats: [0, 6] } as unknown as HostCmd).msgs.some((m) => m.t === 'new')).toBe(true);
    board.press('S7', 80);
    board.advance(300);
    expect(board.errors).toEqual([]);
  });

  it('a loaded state with seats that are no seat (a repeat, past S7, a fraction, text) or names past 16 characters a seat is refused (bad_state): each was taken, and a seat press then read another player or none', async () => {
    const { board, sim } = await bootedSim([cfg('attract_ms', 0), cfg('marker_ms', 0)]);
    const given = (a: string, b: string) => pechvogel.fromGiven({ players: [{ name: a, markers: [], frustrations: 0 }, { name: b, markers: [], frustrations: 0 }], active: a, middle: { 3: 3, 4: 3, 5: 3, 6: 3, 7: 3 }, murphy: null }, {});
    const r = given('Ann', 'Ben');
    const long = given('A'.repeat(20), 'B'.repeat(13));
    if (!r.ok || !long.ok) throw new Error('given');
    for (const [seats, detail] of [[[2, 2], 'seats'], [[0, 7], 'seats'], [[-1, 3], 'seats'], [[0, 1.5], 'seats'], [['0', 1], 'seats'], [{ 0: 0, 1: 1, length: 2 }, 'seats']] as const) {
      const a = sim.requestSync({ c: 'load', st: r.state, seats } as unknown as HostCmd);
      expect(a.msgs, JSON.stringify(seats)).toContainEqual(expect.objectContaining({ t: 'err', code: 'bad_state', msg: detail }));
    }
    const a = sim.requestSync({ c: 'load', st: long.state } as unknown as HostCmd);
    expect(a.msgs).toContainEqual(expect.objectContaining({ t: 'err', code: 'bad_state', msg: 'names' }));
    expect(sim.snapshot().st).toBeNull();
    // Names as new takes them: 32 characters for two, however shared; seats as they are.
    expect(sim.requestSync({ c: 'load', st: given('A'.repeat(20), 'B'.repeat(12)).ok && (given('A'.repeat(20), 'B'.repeat(12)) as { state: unknown }).state, seats: [6, 2] } as unknown as HostCmd).msgs.some((m) => m.t === 'new')).toBe(true);
    board.press('S3', 80);
    board.advance(300);
    expect(board.errors).toEqual([]);
  });

  it("a mirror's ask for the frame ({c:'leds'}, no on) leaves frames over the link as they were (every Espruino object has an on: the simulated board's too)", async () => {
    const { sim } = await bootedSim([]);
    const linked = () => (sim.snapshot() as unknown as { c: { leds_link: boolean } }).c.leds_link;
    expect(sim.requestSync({ c: 'leds' } as unknown as HostCmd).msgs.some((m) => m.t === 'leds')).toBe(true);
    expect(linked()).toBe(false);
    sim.requestSync({ c: 'leds', on: true } as unknown as HostCmd);
    sim.requestSync({ c: 'leds' } as unknown as HostCmd);
    expect(linked()).toBe(true);
  });

  it("an `on` that is not true or false is as if left out (README): the frame now, frames over the link as they were", async () => {
    const { sim } = await bootedSim([]);
    const linked = () => (sim.snapshot() as unknown as { c: { leds_link: boolean } }).c.leds_link;
    for (const was of [false, true]) {
      sim.requestSync({ c: 'leds', on: was } as unknown as HostCmd);
      for (const on of ['yes', 'false', 1, 0, null, [], {}]) {
        expect(sim.requestSync({ c: 'leds', on } as unknown as HostCmd).msgs.some((m) => m.t === 'leds'), JSON.stringify(on)).toBe(true);
        expect(linked(), `${was} then ${JSON.stringify(on)}`).toBe(was);
      }
    }
  });
});
