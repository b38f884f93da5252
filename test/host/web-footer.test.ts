/**
 * The wall page's footer (the last event) beside the table's refusal box: an OK with too few dice
 * was said twice, "Refused: 7 dice are due, 6 entered" in the box and "Refused: wrong number of
 * dice, or no throw now" below it. The box has it; the footer keeps out of it. A refusal the box
 * does not show (a host's action) stays in the footer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { pageTable, simWebServer, untilNote } from '../support/sim-web';

const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

describe('the page footer and the refusal box', () => {
  it('a refusal the table shows in its box is not said again below it', async () => {
    const { table, web } = await simWebServer(stops);
    await table.start();
    const synced = untilNote(table, (n) => n.ev === 'synced' && n.n === 0);
    table.link.send({ c: 'new', p: ['Ann', 'Ben'] } as never);
    await synced;
    const view = () => pageTable(web);

    // Six faces and OK at the buttons: the engine refuses the throw, the box says why.
    const refused = untilNote(table, (n) => n.ev === 'refused');
    for (const k of ['K1', 'K1', 'K2', 'K3', 'K4', 'K5']) table.link.send({ c: 'btn', b: k, k: 'press' });
    table.link.send({ c: 'btn', b: 'OK', k: 'press' });
    expect((await refused).code).toBe('wrong_dice_count');
    let v = await view();
    for (let i = 0; i < 50 && v.ui.err !== 'wrong_dice_count'; i++) v = await view();
    expect(v.ui.err).toBe('wrong_dice_count');
    expect(v.last).toBe('');

    // A host's action refused: no box for it (the ui line's refusal is the buttons'), the footer says it.
    const second = untilNote(table, (n) => n.ev === 'refused' && n.code !== 'wrong_dice_count');
    table.link.send({ c: 'act', a: { do: 'take_marker' } } as never);
    expect((await second).code).not.toBe('wrong_dice_count');
    v = await view();
    expect(v.last).toMatch(/^Refused: /);
  });
});
