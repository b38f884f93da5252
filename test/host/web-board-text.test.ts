/**
 * What a board can put on the screens. A kiosk board takes every host packet without its
 * password (`load` a whole game, `new` with any names), so whoever plugs a laptop into its USB
 * port chooses the state the mirror shows next. The rules' own check (checkPvState) leaves the
 * standings, the winners and the names' characters unread: the host checks what its screens read,
 * the page escapes every value it writes as markup, and its policy runs no script but its own.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { MirrorModel, type MirrorEvent } from '../../host/src/mirror/mirror-model';
import { PROTOCOL_VERSION, type BoardMsg } from '../../shared/protocol/messages';
import { encodePacket } from '../../shared/protocol/host-codec';
import type { PvState } from '../../shared/games/pechvogel/types';
import { playRandomGame } from '../support/play';
import { start } from '../support/pv-states';
import { simWebServer, untilNote } from '../support/sim-web';
import { openPage } from '../support/chromium-page';

const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

const HELLO = { t: 'hello', v: PROTOCOL_VERSION, fw: '0', bh: 'x', game: 'pechvogel', board: 'sim', boot: 1 };
const XSS = '<img src=x onerror="document.title=\'PWNED\'">';

/** A finished game, as the engine leaves it. */
function finished(): PvState {
  const g = playRandomGame(3, 3);
  const s = g.states[g.states.length - 1];
  if (s.phase !== 'game_over') throw new Error('not over');
  return JSON.parse(JSON.stringify(s));
}

/** The model after a snapshot holding `st`: whether it took it, and why not. */
function snapshotOf(st: PvState): { synced: boolean; why: string } {
  let seq = 0;
  const events: MirrorEvent[] = [];
  const m = new MirrorModel(() => {}, () => 5000);
  m.on('event', (e: MirrorEvent) => events.push(e));
  const send = (msg: Record<string, unknown>) => m.handle(Object.assign({ s: seq++ }, msg) as unknown as BoardMsg);
  send(HELLO);
  send({ t: 'snap', i: 0, end: true, d: JSON.stringify({ h: null, st, ui: { mode: 'play' } }) });
  const r = events.filter((e) => e.kind === 'resync').pop();
  return { synced: m.synced, why: r && r.kind === 'resync' ? r.reason : '' };
}

describe('a state the screens cannot show safely is not taken from a board', () => {
  it('takes a finished game as the engine leaves it, and a game in play', () => {
    expect(snapshotOf(finished()).synced).toBe(true);
    expect(snapshotOf(start()).synced).toBe(true);
  });

  it('refuses standings that are not numbers, winners past the players, a finished game without them, a name with control characters', () => {
    const cases: [string, (s: PvState) => void, PvState][] = [
      ['scores', (s) => (s.scores![0] = XSS as never), finished()],
      ['scores', (s) => (s.scores = [1]), finished()],
      ['winners', (s) => (s.winners = [99]), finished()],
      ['winners', (s) => (s.winners = null), finished()],
      ['scores', (s) => (s.scores = ['1', 2, 3] as never), start()],
      ['name 1', (s) => (s.players[1].name = '\x1b]0;HACKED\x07\x1b[2JEve'), start()],
      ['name 0', (s) => (s.players[0].name = 'A\x9b31m'), start()],
      ['config', (s) => (s.config = null as never), start()],
      ['last', (s) => (s.turn.last = 'x' as never), start()],
    ];
    for (const [field, spoil, s] of cases) {
      spoil(s);
      const r = snapshotOf(s);
      expect(r.synced, field).toBe(false);
      expect(r.why, field).toContain(`cannot read (${field})`);
    }
  });
});

describe('the page server and the page', () => {
  it("answers with a policy that runs the page's own script by its hash, nothing inline besides, and no framing", async () => {
    const { web } = await simWebServer(stops);
    const r = await fetch(web.url);
    const html = await r.text();
    const csp = r.headers.get('content-security-policy') || '';
    const script = /<script>([^]*?)<\/script>/.exec(html)![1];
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1];
    expect(scriptSrc).toBe(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("shows no markup a board's state carries: a loaded game with markup for standings is not shown", { timeout: 30_000 }, async () => {
    const { stream, table, web } = await simWebServer(stops);
    await table.start();
    if (!table.model.synced) await untilNote(table, (n) => n.ev === 'synced');
    const s = finished();
    s.scores![0] = XSS as never;
    // The board takes it (its check does not read the standings); the host asks again and again.
    const refused = untilNote(table, (n) => (n.ev === 'resync' && /cannot read/.test(String(n.reason))) || n.ev === 'synced');
    stream.write(Buffer.from(encodePacket({ c: 'load', st: s as never })));
    const n = await refused;
    expect(n.ev).toBe('resync');
    expect(String(n.reason)).toContain('cannot read (scores)');
    const text = await (await fetch(web.url + 'state.json')).text();
    expect(JSON.parse(text).tables[0].synced).toBe(false);
    expect(text).not.toContain('<img');

    const page = await openPage({ width: 1000, height: 700 }, stops);
    await page.goto(web.url);
    await page.waitForFunction(() => Number(document.body.dataset.updates) > 0);
    expect(await page.title()).not.toBe('PWNED');
    // Markup that got into the page anyway runs no inline handler (the policy has no 'unsafe-inline').
    await page.evaluate((x) => document.body.insertAdjacentHTML('beforeend', x), XSS);
    await page.waitForTimeout(300);
    expect(await page.title()).not.toBe('PWNED');
  });
});
