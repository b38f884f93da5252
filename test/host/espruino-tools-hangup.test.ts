/**
 * A board whose connection is hung up while EspruinoTools is still connecting (on a network board,
 * a mirror that takes the board back: one client at a time) fails the command with its own error.
 * EspruinoTools also finished connecting after it had reported the failure and called a callback
 * it had already cleared: `dicetray config` ended with "unexpected error: connectCallback is not a
 * function … this is a bug in dicetray".
 */
import { afterAll, expect, it } from 'vitest';
import net from 'node:net';
import { evaluate } from '../../host/src/espruino-tools';

const servers: net.Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

it('fails with its own error, and nothing is thrown after it, when the board hangs up during the connection', async () => {
  // Answers nothing and hangs up at the first thing EspruinoTools sends (its query of the board).
  const server = net.createServer((sock) => sock.once('data', () => sock.destroy()));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const uncaught: Error[] = [];
  const onUncaught = (e: Error) => uncaught.push(e);
  process.on('uncaughtException', onUncaught);
  try {
    await expect(evaluate(`tcp://127.0.0.1:${port}`, '1+1')).rejects.toThrow(/cannot connect/);
    // EspruinoTools' own steps after the hang-up (its query's timeout) have run.
    await new Promise((r) => setTimeout(r, 4000));
  } finally {
    process.off('uncaughtException', onUncaught);
  }
  expect(uncaught.map((e) => e.message)).toEqual([]);
}, 20_000);
