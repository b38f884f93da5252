/**
 * A network board (a simulated one over TCP, Espruino's Linux build with --telnet) serves one client
 * at a time: a second one connecting hangs up the first. Two mirrors on one board used to knock
 * each other off twice a second for ever, saying only "connection closed".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openBoard, parseBoardSpec, type BoardStream } from '../../host/src/link/open-board';
import { sleep, tcpBoard } from '../support/host-harness';

const closeAfter: (() => void)[] = [];
afterAll(() => closeAfter.forEach((f) => f()));

describe('two programs on one network board', () => {
  it('say why they lost it, and wait longer each time they are hung up soon after connecting', async () => {
    const b = await tcpBoard();
    closeAfter.push(() => b.exposure.close());
    const opens = [0, 0];
    const reasons: string[] = [];
    const streams: BoardStream[] = [];
    for (let i = 0; i < 2; i++) {
      const s = await openBoard(parseBoardSpec(b.url), { retryMs: 100 });
      streams.push(s);
      closeAfter.push(() => s.close());
      s.on('open', () => opens[i]++);
      s.on('close', (r: string) => reasons.push(r));
      await sleep(50);
    }
    await sleep(3000);
    for (const s of streams) s.close();
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons[0]).toMatch(/closed the connection: it was switched off or restarted, or another program connected \(one client at a time\)/);
    // Waiting 100 ms each time, the two would reconnect some 30 times in 3 s; doubling, a handful.
    expect(opens[0] + opens[1]).toBeLessThan(14);
  }, 20_000);
});
