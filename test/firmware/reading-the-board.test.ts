/**
 * README's "Reading the LED board (a table without a screen)": a family with the board and no screen
 * knows the game only from the LEDs and that guide, so what it says of the board has to be what the
 * board does. Its phase list is the status column's rows in order, its window time the board's
 * default, a refused pad key outside an entry lights only the status column's bottom LED, and in a
 * reroll window the active player's LED stays dark even when they may reduce (the guide says the
 * LEDs do not show it; a firmware that lights it makes the guide wrong), and a steal the board makes by
 * itself (the only choice) marks no robbed player: only the box and the middle change. Simulated
 * board, exact bundle.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostCmd } from '../../shared/protocol/messages';
import { canReduce, possibleFrustraters } from '../../shared/games/pechvogel/rules';
import { PECHVOGEL_STATUS } from '../../hardware/led-layout';
import { DEFAULT_BOARD_CONFIG } from '../../firmware/src/config';
import { bootedSim, lastFrame, type SimTarget } from '../support/game-driver';

const README = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
const LAYOUT = readFileSync(join(process.cwd(), 'hardware/LAYOUT.md'), 'utf8');

/** The guide's section, up to the next heading. */
function guide(): string {
  const at = README.indexOf('\n### Reading the LED board (a table without a screen)\n');
  return at < 0 ? '' : README.slice(at + 1).split(/\n#{2,3} /)[0];
}

/** The guide's table row whose first cell is `what`. */
function row(what: string): string {
  return guide().split('\n').find((l) => l.startsWith(`| ${what} |`)) ?? '';
}

const lit = (f: string, x: number, y: number) => f.charAt(y * 16 + x) !== '.';
const frame = (sim: SimTarget) => lastFrame(sim.requestSync({ c: 'leds' }).msgs);

/** The frames of the next `ms`, every 50 ms (both phases of every blink). */
function framesFor(board: { advance(ms: number): void }, sim: SimTarget, ms: number): string[] {
  const out: string[] = [];
  for (let t = 0; t < ms; t += 50) {
    out.push(frame(sim));
    board.advance(50);
  }
  return out;
}

describe('README: reading the LED board without a screen', () => {
  it("lists the status column's rows in order, and the board's reroll-window time", () => {
    const words: Record<(typeof PECHVOGEL_STATUS)[number], string> = {
      await_first_throw: 'first throw',
      choose_target: 'choose the target',
      throw: 'throw',
      reroll_window: 'reroll window',
      reroll: 'reroll',
      marker_choice: 'marker',
      game_over: 'game over',
      attention: 'blinking red',
    };
    const phases = row('What to do now');
    expect(phases, 'a row "What to do now"').not.toBe('');
    const ordinal = (n: number) => n + (n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th');
    PECHVOGEL_STATUS.forEach((id, r) => expect(phases, id).toContain(`${ordinal(r + 1)} ${words[id]}`));
    expect(row('A refusal')).toContain(`it lasts ${DEFAULT_BOARD_CONFIG.window_ms / 1000} s`);
    // Step 5 of the first game sends a table without a screen there.
    expect(README).toContain('(#reading-the-led-board-a-table-without-a-screen)');
  });

  it("says the active player's LED does not show a reduce, as the board draws it (and LAYOUT.md too)", async () => {
    expect(row('Who may frustrate')).toMatch(/active player's own LED stays dark/);
    expect(LAYOUT).toMatch(/The active player's own LED stays dark in a reroll window, whether or not they may reduce/);

    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben', 'Cleo'] }], { boardName: 'LINUX' });
    // Ann: three ravens at once (a frustration); Ben and Cleo: four of a kind at once (a marker each).
    sim.press('K6', 'K6', 'K6', 'K1', 'K2', 'K3', 'K4', 'OK', 'K1');
    sim.press('K1', 'K1', 'K1', 'K1', 'K2', 'K3', 'K4', 'OK', 'K1', 'OK');
    sim.press('K2', 'K2', 'K2', 'K2', 'K1', 'K3', 'K4', 'OK', 'K2', 'OK');
    let s = sim.snapshot().st;
    expect(s.active).toBe(0);
    expect(s.players.map((p) => p.frustrations)).toEqual([1, 0, 0]);

    // Ann's first throw: the target choice; a value it does not show is refused, on the status column's bottom LED alone.
    sim.press('K1', 'K1', 'K2', 'K3', 'K4', 'K6', 'K6', 'OK');
    expect(sim.snapshot().st.phase).toBe('await_target');
    expect(sim.requestSync({ c: 'btn', b: 'K5', k: 'press' } as HostCmd).ack).toBe(true);
    expect(sim.snapshot().st.phase, 'refused: nothing changed').toBe('await_target');
    const refused = framesFor(board, sim, 1000);
    expect(refused.some((f) => lit(f, 15, 7)), 'the bottom LED of the status column').toBe(true);
    for (const f of refused) for (let y = 0; y < 8; y++) expect(lit(f, 7, y), `column 7, row ${y}`).toBe(false);

    // Target 3, then a throw of one 3 and no raven: a reroll window only Ann can use (a reduce).
    sim.press('K1', 'K1', 'K2', 'K3', 'OK');
    s = sim.snapshot().st;
    expect(s.phase).toBe('reroll_window');
    expect(canReduce(s)).toBe(true);
    expect(possibleFrustraters(s)).toEqual([]);
    for (const f of framesFor(board, sim, 1000)) {
      expect(lit(f, 15, 3), 'the status column: reroll window').toBe(true);
      expect(lit(f, 7, 7), 'the countdown bar').toBe(true);
      for (let x = 8; x < 15; x++) expect(lit(f, x, 1), `seat ${x - 7} in the votes row`).toBe(false);
    }
  });

  it("marks an automatic steal's robbed player while the board waits, and the box gains one, from the middle column of its value", async () => {
    expect(guide().replace(/\s+/g, ' ')).toMatch(/the robbed player's LED in the second row lights while the board waits/);

    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben'] }], { boardName: 'LINUX' });
    const act = (a: unknown) => expect(sim.requestSync({ c: 'act', a } as HostCmd).ack, JSON.stringify(a)).toBe(true);
    // Four of the value at once, every turn: the middle keeps only its three 7s, Ben holds the 4s.
    for (const v of [3, 4, 3, 4, 3, 4, 5, 5, 5, 6, 6, 6]) {
      act({ do: 'throw', faces: [v, v, v, v, ...[3, 4, 5, 6, 7].filter((x) => x !== v).slice(0, 3)] });
      act({ do: 'choose_target', value: v });
      if (sim.snapshot().st.phase === 'await_marker_choice') sim.press('OK');
    }
    let s = sim.snapshot().st;
    expect(s.middle).toEqual([0, 0, 0, 0, 3]);
    expect(s.active).toBe(0);
    // Ann's 4s: the middle has none, Ben has them, the box can only get a 7: one choice, made by the board.
    act({ do: 'throw', faces: [4, 4, 4, 4, 3, 5, 6] });
    act({ do: 'choose_target', value: 4 });
    expect(sim.snapshot().st.phase).toBe('await_marker_choice');
    board.advance(50); // the countdown starts in an event of its own, right after the press
    for (const f of framesFor(board, sim, 2000)) {
      expect(lit(f, 7, 7), 'the countdown bar').toBe(true);
      // Ben (seat 2) is robbed: his LED in the votes row, no other.
      for (let x = 8; x < 15; x++) expect(lit(f, x, 1), `seat ${x - 7} in the votes row`).toBe(x === 9);
    }
    board.advance(1500);
    s = sim.snapshot().st;
    expect(s.phase).toBe('await_first_throw');
    expect(s.box).toEqual([0, 0, 0, 0, 1]);
    expect(s.players.map((p) => p.markers.filter((m) => m === 4).length)).toEqual([1, 2]);
    const f = frame(sim);
    for (let x = 8; x < 15; x++) expect(lit(f, x, 1), `seat ${x - 7} in the votes row after the steal`).toBe(false);
    expect([5, 4, 3].map((y) => lit(f, 4, y)), "the middle's 7s: two left").toEqual([true, true, false]);
    expect([5, 4, 3].map((y) => lit(f, 6, y)), 'the box: one').toEqual([true, false, false]);
  });
});
