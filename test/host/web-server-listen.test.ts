/**
 * A page server that cannot listen (the port taken between the mirror's check and its start)
 * leaves nothing running: its timers kept the mirror's process alive after the error, so a
 * service never restarted it.
 */
import { describe, expect, it } from 'vitest';
import net from 'node:net';
import { startWebServer } from '../../host/src/web/server';

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('the page server on a busy port', () => {
  it('rejects and leaves no timer behind', async () => {
    const busy = net.createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const before = timers();
      await expect(startWebServer([], { port, host: '127.0.0.1', attractMs: 60_000, odds: false })).rejects.toThrow(/EADDRINUSE/);
      expect(timers()).toBe(before);
    } finally {
      busy.close();
    }
  });
});
