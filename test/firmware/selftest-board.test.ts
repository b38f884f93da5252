/**
 * The assembly self-test starts when OK and BACK are held through power-up for SELFTEST_ENTER_MS
 * (app.ts): both let go sooner (a brush against the pad while plugging in) and the table starts as
 * usual. Staff start it from the staff menu too (K5), mid-game: the game waits for them. On the
 * simulated board (exact firmware bundle, buttons through pins, fake clock).
 */
import { describe, expect, it } from 'vitest';
import type { HostCmd } from '../../shared/protocol/messages';
import { bootedSim } from '../support/game-driver';

/** Powers the board up with OK and BACK held for `holdMs`; then whether a seat press reaches the table (no self-test). */
async function powerUpHolding(holdMs: number): Promise<boolean> {
  const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben'] } as HostCmd]);
  board.powerCut();
  const ok = board.pinOf('OK');
  const bk = board.pinOf('BK');
  // A finger on OK and BACK through power-up.
  board.boot(['OK', 'BK']);
  board.advance(holdMs);
  board.setPin(ok, 1);
  board.setPin(bk, 1);
  board.advance(1000);
  const from = sim.msgs.length;
  board.press('K1', 80);
  board.advance(300);
  return sim.msgs.slice(from).some((m) => m.t === 'btn' && (m as { b?: string }).b === 'K1');
}

describe('self-test at power-up', () => {
  it('OK and BACK held through power-up past the entry time: the self-test takes the buttons', async () => {
    expect(await powerUpHolding(800)).toBe(false);
  });

  it('OK and BACK let go before the entry time: no self-test, the table plays', async () => {
    expect(await powerUpHolding(200)).toBe(true);
  });

  it('a game in progress is not abandoned while staff watch the self-test (its sweep and chase take half a minute untouched)', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'cfg', k: 'abandon_ms', v: 20_000 }, { c: 'new', p: ['Ann', 'Ben'] } as HostCmd]);
    // Staff menu (OK + BACK held 3 s), then K5: the self-test.
    board.press('OK', 3600);
    board.press('BK', 3600);
    board.advance(4000);
    board.press('K5', 80);
    board.advance(300);
    const from = sim.msgs.length;
    board.press('K1', 80);
    board.advance(300);
    expect(sim.msgs.slice(from).some((m) => m.t === 'btn'), 'the self-test has the buttons').toBe(false);
    // Holding OK starts the colour sweep; nobody touches anything for longer than abandon_ms.
    board.press('OK', 2500);
    board.advance(40_000);
    const snap = sim.snapshot() as unknown as { st: { players: { name: string }[] } | null };
    expect(snap.st && snap.st.players.map((p) => p.name)).toEqual(['Ann', 'Ben']);
    expect(sim.msgs.slice(from).filter((m) => m.t === 'new')).toEqual([]);
  });
});
