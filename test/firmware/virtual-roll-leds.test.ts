/**
 * With virtual dice the LEDs are a table's only sight of a roll: a held OK rolls, and the left
 * panel shows the roll's faces in the entry view (one column per face, as pad keys K1..K6) — a
 * first throw's until its target is chosen (the counts are what the choice is about), a later
 * roll's for 3 s — then the table again. On the simulated board, exact firmware bundle.
 */
import { describe, expect, it } from 'vitest';
import type { BoardMsg, HostCmd } from '../../shared/protocol/messages';
import type { Face } from '../../shared/games/pechvogel/types';
import { possibleFrustraters } from '../../shared/games/pechvogel/rules';
import { bootedSim, lastFrame, type SimTarget } from '../support/game-driver';

const btn = (b: string, k: 'press' | 'long' = 'press'): HostCmd => ({ c: 'btn', b, k });
const lit = (f: string, x: number, y: number) => f.charAt(y * 16 + x) !== '.';

/** The faces of the roll among msgs (its act line). */
function rolled(msgs: BoardMsg[]): Face[] {
  const a = msgs.find((m) => m.t === 'act' && (m.a as { do: string }).do === 'roll');
  expect(a, 'a roll').toBeDefined();
  return (a as unknown as { a: { faces: Face[] } }).a.faces;
}

/** The entry view drawn for `faces`: row 0 one lit LED per die, columns 0..5 a bar per face (3..7, raven) from row 7 up. */
function expectRollShown(f: string, faces: Face[]): void {
  for (let x = 0; x < 7; x++) expect(lit(f, x, 0), `die ${x}`).toBe(x < faces.length);
  ['3', '4', '5', '6', '7', 'R'].forEach((face, col) => {
    const n = faces.filter((v) => String(v) === face).length;
    for (let y = 1; y < 8; y++) expect(lit(f, col, y), `face ${face} row ${y}`).toBe(y >= 8 - n);
  });
}

/** The play view: rows 3..5 of columns 0..4 show the markers in the middle. */
function middleLit(f: string): number {
  let n = 0;
  for (let x = 0; x < 5; x++) for (let y = 3; y < 6; y++) if (lit(f, x, y)) n++;
  return n;
}

function frameAfter(sim: SimTarget, cmd?: HostCmd): string {
  if (cmd) expect(sim.requestSync(cmd).ack).toBe(true);
  return lastFrame(sim.msgs);
}

describe('a virtual roll on the LEDs', () => {
  it('shows the first throw until the target is chosen, a later roll for 3 s, then the table', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben', 'Cleo'], seed: 11 }], { boardName: 'LINUX' });
    expect(middleLit(frameAfter(sim))).toBe(15);

    let from = sim.msgs.length;
    sim.requestSync(btn('OK', 'long'));
    const first = rolled(sim.msgs.slice(from));
    expect(sim.snapshot().st.phase).toBe('await_target');
    expectRollShown(lastFrame(sim.msgs), first);
    // Still there while the target is being chosen, long after 3 s.
    board.advance(10_000);
    expectRollShown(frameAfter(sim, { c: 'leds' }), first);

    // The target: the value most dice show (K1..K5 = 3..7).
    const counts = [3, 4, 5, 6, 7].map((v) => first.filter((x) => x === v).length);
    const key = 'K' + (counts.indexOf(Math.max(...counts)) + 1);
    expect(middleLit(frameAfter(sim, btn(key)))).toBe(15);
    const chosen = sim.snapshot().st;
    expect(chosen.phase).toBe('await_throw');

    from = sim.msgs.length;
    sim.requestSync(btn('OK', 'long'));
    const second = rolled(sim.msgs.slice(from));
    const s = sim.snapshot().st;
    expect(second.length).toBe(7 - chosen.turn.targets - chosen.turn.ravens);
    expectRollShown(lastFrame(sim.msgs), second);
    board.advance(2900);
    expectRollShown(frameAfter(sim, { c: 'leds' }), second);
    // After 3 s the table again (the board redraws by itself then).
    from = sim.msgs.length;
    board.advance(200);
    const back = lastFrame(sim.msgs.slice(from)) || frameAfter(sim, { c: 'leds' });
    expect(middleLit(back)).toBe(s.middle.reduce((a, b) => a + b, 0));
    expect(lit(back, 0, 0) || lit(back, 1, 0) || lit(back, 2, 0) || lit(back, 3, 0) || lit(back, 4, 0), 'the target row').toBe(true);
  });

  it("a power cut while the first throw's target is chosen: the roll shows again after power-up (the table's only sight of it)", async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben', 'Cleo'], seed: 5 }], { boardName: 'LINUX' });
    const from = sim.msgs.length;
    sim.requestSync(btn('OK', 'long'));
    const first = rolled(sim.msgs.slice(from));
    expect(sim.snapshot().st.phase).toBe('await_target');
    board.powerCut();
    board.boot();
    board.advance(100);
    expect(sim.snapshot().st.phase).toBe('await_target');
    expectRollShown(frameAfter(sim, { c: 'leds' }), first);
    board.advance(10_000);
    expectRollShown(frameAfter(sim, { c: 'leds' }), first);
  });

  it('a power cut while a first throw of real dice has its target chosen: the table looks as before it (no roll view: the dice are on the table)', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben', 'Cleo'] }], { boardName: 'LINUX' });
    sim.requestSync({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] } } as HostCmd);
    expect(sim.snapshot().st.phase).toBe('await_target');
    board.advance(100);
    const before = frameAfter(sim, { c: 'leds' });
    board.powerCut();
    board.boot();
    board.advance(100);
    expect(sim.snapshot().st.phase).toBe('await_target');
    expect(frameAfter(sim, { c: 'leds' })).toBe(before);
  });

  it('over whole games: a roll that ends the turn leaves the countdown bar in view; a vote keeps the roll; a pass ends it', async () => {
    let seen = { target: 0, later: 0, ended: 0, voted: 0 };
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'new', p: ['Ann', 'Ben', 'Cleo'], seed }], { boardName: 'LINUX' });
      const frame = () => frameAfter(sim, { c: 'leds' });
      for (let i = 0; i < 120; i++) {
        const st = sim.snapshot().st;
        if (st.phase === 'game_over') break;
        if (st.phase === 'await_marker_choice') {
          sim.requestSync(btn('OK'));
          continue;
        }
        if (st.phase === 'reroll_window') {
          sim.requestSync(btn('OK')); // pass: the roll shown goes with it
          expect(middleLit(frame())).toBe(sim.snapshot().st.middle.reduce((a, b) => a + b, 0));
          continue;
        }
        if (st.phase === 'await_target') {
          const f = st.turn.first_faces!;
          const counts = [3, 4, 5, 6, 7].map((v) => f.filter((x) => x === v).length);
          sim.requestSync(btn('K' + (counts.indexOf(Math.max(...counts)) + 1)));
          continue;
        }
        const from = sim.msgs.length;
        sim.requestSync(btn('OK', 'long'));
        const faces = rolled(sim.msgs.slice(from));
        const after = sim.snapshot().st;
        if (after.phase === 'await_marker_choice') {
          // Ended the turn: the table stays, its countdown bar (column 7) for the marker step in view.
          seen.ended++;
          board.advance(0);
          const f = frame();
          expect(middleLit(f)).toBe(after.middle.reduce((a, b) => a + b, 0));
          if (sim.snapshot().ui.deadline > 0) expect(lit(f, 7, 7)).toBe(true);
          continue;
        }
        expectRollShown(frame(), faces);
        if (after.phase === 'await_target') seen.target++;
        else seen.later++;
        if (after.phase === 'reroll_window') {
          const can = possibleFrustraters(after);
          if (can.length) {
            sim.requestSync(btn('S' + (can[0] + 1)));
            expectRollShown(frame(), faces);
            seen.voted++;
          }
        }
      }
    }
    // Every case came up.
    expect(Object.values(seen).every((n) => n > 0), JSON.stringify(seen)).toBe(true);
  });
});
