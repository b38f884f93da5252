/**
 * A network board that goes away: the mirror said "lost" and then nothing until "reconnected", so
 * whoever looked at the terminal of an unattended wall screen could not tell it was still trying.
 * Now it says so now and then, less often the longer it lasts (30 s, 1 min, 2 min … at most every
 * 10 min; here the first after 300 ms, so the test does not wait minutes), with why it cannot
 * reach the board; and no more once the board is back. A real simulated board over TCP, as
 * `dicetray sim --tcp` serves it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openBoard, parseBoardSpec } from '../../host/src/link/open-board';
import { exposeOnTcp } from '../../host/src/sim/expose';
import { TableMirror, type TableNote } from '../../host/src/mirror/table-mirror';
import { sleep, tcpBoard, waitUntil } from '../support/host-harness';

const closeAfter: (() => unknown)[] = [];
afterAll(async () => {
  while (closeAfter.length) await closeAfter.pop()!();
});

/** A started mirror of the board at `url` (tried again every 100 ms once lost) and its "still unreachable" notes so far. */
async function mirror(url: string, stillTryingMs: number) {
  const stream = await openBoard(parseBoardSpec(url), { retryMs: 100 });
  const t = new TableMirror('Ecke', stream, { stillTryingMs });
  closeAfter.push(() => t.stop());
  const notes: TableNote[] = [];
  t.on('note', (n: TableNote) => notes.push(n));
  await t.start();
  return { t, stream, unreachable: () => notes.filter((n) => n.ev === 'unreachable') };
}

describe('a mirrored network board that goes away', () => {
  it('is said to be still tried now and then, less often as it lasts, and no more once it is back', async () => {
    const b = await tcpBoard();
    closeAfter.push(() => b.board.powerCut());
    let exposure = b.exposure;
    closeAfter.push(() => exposure.close());
    const { t, stream, unreachable } = await mirror(b.url, 300);
    // Live for longer than the first report's time: a live board is not reported.
    await sleep(500);
    expect(unreachable()).toEqual([]);

    exposure.close();
    await waitUntil('lost', () => t.status === 'lost');
    let retries = 0;
    stream.on('retry', () => retries++);
    await waitUntil('four notes', () => unreachable().length >= 4, 10_000);
    const said = unreachable();
    // At 300 ms, 600 ms, 1.2 s and 2.4 s after the loss (the next at 4.8 s): four, where the stream
    // retried every 100 ms or so.
    expect(retries).toBeGreaterThan(8);
    expect(said.map((n) => n.downMs)).toEqual([300, 600, 1200, 2400]);
    expect(said[0].text).toBe(`board ${b.url} still unreachable after 300 ms (${said[0].reason}); retrying`);
    expect(said[2].text).toMatch(/still unreachable after 1\.2 s \(.*ECONNREFUSED.*\); retrying$/);

    // Back on the same port: reconnected, live again, and nothing more said about it.
    exposure = await exposeOnTcp(b.board, Number(new URL(b.url).port));
    await waitUntil('live again', () => t.status === 'live', 15_000);
    const before = unreachable().length;
    await sleep(5000);
    expect(unreachable().length).toBe(before);
  }, 40_000);

  it('says it at most 20 first intervals apart once the doubling passes that', async () => {
    const b = await tcpBoard();
    closeAfter.push(() => b.board.powerCut());
    // 10 ms, so the cap (20 × 10 ms = 200 ms apart) comes after 160 ms: 320, then 520, 720, not 640, 1280.
    const { t, unreachable } = await mirror(b.url, 10);
    await waitUntil('live', () => t.status === 'live', 15_000);
    b.exposure.close();
    await waitUntil('lost', () => t.status === 'lost');
    await waitUntil('eight notes', () => unreachable().length >= 8, 10_000);
    expect(unreachable().slice(0, 8).map((n) => n.downMs)).toEqual([10, 20, 40, 80, 160, 320, 520, 720]);
  }, 20_000);
});
