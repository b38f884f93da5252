/**
 * Words a table without the README needs (found playing whole evenings on the sim): who won at
 * the end, what a short OK lacks in a game with virtual dice, and a turn's end read to its last
 * part on a terminal narrower than the event.
 */
import { describe, expect, it } from 'vitest';
import { run, start, ui } from '../support/pv-states';
import { describeGame } from '../../host/src/view/terminal-view';
import { tableRefusal } from '../../host/src/view/table-text';
import { seedRng } from '../../shared/engine/rng';
import { fitScreen } from '../../host/src/view/fit-screen';
import { simScreenParts, wrapEvent } from '../../host/src/view/sim-screen';

describe('the table is told in words', () => {
  it('who won at game over: one winner with the score, or the tied non-losers (rulebook: "several non-losers")', () => {
    const over = start();
    over.phase = 'game_over';
    over.scores = [11, 8, -6];
    over.winners = [0];
    expect(describeGame(over, ui(), 0)).toContain('game over · Ann wins with 11');
    over.scores = [8, 8, -6];
    over.winners = [0, 1];
    expect(describeGame(over, ui(), 0)).toContain('game over · Ann & Ben tie at 8: non-losers, everyone else loses');
  });

  it('a short OK with nothing entered, virtual dice: the refusal names the long OK the prompt offers', () => {
    const s = start();
    expect(tableRefusal('enter_dice', s, ui())).toBe('Refused: enter the dice on the pad first');
    s.rng = seedRng(7);
    expect(describeGame(s, ui(), 0)).toContain('Ann: first throw, 7 dice (long OK rolls them)');
    expect(tableRefusal('enter_dice', s, ui())).toBe('Refused: enter the dice on the pad first, or hold OK to roll them');
    // Correcting a throw is typed in: no roll there.
    const t = run(s, [{ do: 'throw', faces: [7, 7, 3, 4, 5, 6, 'R'] }, { do: 'choose_target', value: 7 }]);
    expect(tableRefusal('enter_dice', t, ui({ c: true }))).toBe('Refused: enter the dice on the pad first');
  });

  it("a turn's end longer than the terminal is wrapped between its parts, not cut (Murphy and whose turn stay in view)", () => {
    // As actionText words a payback now (who gives whom, in joining order).
    const e = 'Seat 2 took a 6 from the middle · Seat 3 and Seat 1 get their frustrations back · Seat 2 gives 1 to Seat 3; Seat 1 gets 1 from the supply · Murphy to Seat 2 (held at the end: −7 per frustration, not −3) · Seat 3\'s turn';
    const lines = wrapEvent(e, 120);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((l) => l.length <= 119)).toBe(true);
    expect(lines.join('\n')).toMatch(/Murphy to Seat 2 \(held at the end: −7 per frustration, not −3\)[\s·]+Seat 3's turn$/);
    expect(wrapEvent('Seat 1 threw 3 4 5', 120)).toEqual(['  Seat 1 threw 3 4 5']);
    const screen = fitScreen(simScreenParts({ title: 't', board: [], game: ['g'], events: [e], long: false }, 40, 120), 120, 40);
    expect(screen).toContain("Seat 3's turn");
  });
});
