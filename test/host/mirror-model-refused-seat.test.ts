/**
 * Whose seat a refusal is at, as the mirror model tells it from the board's lines: the btn line
 * comes before the ui line its press causes; a refusal that stays keeps its seat; one that no
 * press caused (a host's action) is nobody's. The random games of ui-line-current.test.ts check
 * it against the board's own errSeat; these are the orders that test may not meet.
 */
import { describe, expect, it } from 'vitest';
import { MirrorModel } from '../../host/src/mirror/mirror-model';
import { PROTOCOL_VERSION, type BoardMsg } from '../../shared/protocol/messages';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';

function synced() {
  let seq = 0;
  const m = new MirrorModel(() => {});
  const send = (msg: Record<string, unknown>) => m.handle(Object.assign({ s: seq++ }, msg) as unknown as BoardMsg);
  send({ t: 'hello', v: PROTOCOL_VERSION, fw: '0', bh: 'x', game: 'pechvogel', board: 'sim', boot: 1 });
  const r = setupPechvogel({ players: ['Ann', 'Ben', 'Cleo'] });
  if (!r.ok) throw new Error('setup');
  // Ann, Ben and Cleo at seats 1, 3 and 5.
  send({ t: 'snap', i: 0, end: true, d: JSON.stringify({ h: { log: 'x', game: 'pechvogel', setup: { players: ['Ann', 'Ben', 'Cleo'] }, seats: [0, 2, 4] }, st: r.state, ui: { mode: 'play', entry: [], correcting: false, votes: [], victim: -1, err: '', errSeat: -1 } }) });
  expect(m.synced).toBe(true);
  const ui = (err: string, dl = 0) => send({ t: 'ui', m: 'play', e: [], c: false, v: [], dl, vic: -1, err });
  return { m, send, ui, btn: (b: string) => send({ t: 'btn', b, k: 'press' }) };
}

describe('the mirror model names the seat a refusal is at', () => {
  it('from the press before the ui line, kept through a countdown line, moved by a press refused alike', () => {
    const t = synced();
    t.btn('S3');
    t.ui('no_frustration_to_spend');
    expect(t.m.ui!.ep).toBe(1);
    t.ui('no_frustration_to_spend', 3000); // the window's countdown moves on; the refusal stays
    expect(t.m.ui!.ep).toBe(1);
    t.btn('S5'); // refused the same way: the board sends no ui line
    expect(t.m.ui!.ep).toBe(2);
    t.btn('K1'); // a pad key taken: the refusal ends
    t.ui('');
    expect(t.m.ui!.ep).toBe(-1);
    t.btn('S2'); // a seat nobody plays at
    t.ui('not_playing');
    expect(t.m.ui!.ep).toBe(-1);
  });

  it("a refusal no press brought (a host's action) is at nobody's seat, even after a seat was pressed", () => {
    const t = synced();
    t.btn('S1');
    t.ui('');
    t.ui('window_closed');
    expect(t.m.ui!.ep).toBe(-1);
    // A seat refused alike sends no ui line, so its press is still the last one; an action line
    // after it (the board acted on something else) ends its claim: a refusal then is nobody's seat.
    t.btn('S3');
    t.ui('no_frustration_to_spend');
    t.btn('S5');
    expect(t.m.ui!.ep).toBe(2);
    t.send({ t: 'act', n: 1, a: { do: 'pass' } });
    t.ui('window_open');
    expect(t.m.ui!.ep).toBe(-1);
  });
});

describe("the table's own refusals are events, as the engine's are", () => {
  it('a new code with no rej line since the press, once; an engine refusal and its ui line, once; none from a countdown line', () => {
    const t = synced();
    const seen: string[] = [];
    t.m.on('event', (e) => {
      if (e.kind === 'refused') seen.push('rej ' + e.code);
      if (e.kind === 'table_refused') seen.push(`table ${e.code} @${e.seat}`);
    });
    t.btn('S3');
    t.ui('no_frustration_to_spend');
    t.ui('no_frustration_to_spend', 3000);
    t.btn('S2');
    t.ui('not_playing');
    // The engine's: its rej line, then its ui line with the same code (said once, as the rej).
    t.btn('OK');
    t.send({ t: 'rej', a: 'throw', code: 'wrong_dice_count' });
    t.ui('wrong_dice_count');
    // The staff menu's presses are the menu's.
    t.btn('K1');
    t.send({ t: 'ui', m: 'staff', e: [], c: false, v: [], dl: 0, vic: -1, err: 'setup_keys' });
    expect(seen).toEqual(['table no_frustration_to_spend @1', 'table not_playing @-1', 'rej wrong_dice_count']);
  });
});
