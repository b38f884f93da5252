/**
 * Puts a board that is not reachable over TCP (a serial port, a pseudo-terminal, the
 * simulated board in this process) on a local TCP port for the duration of one job, so that
 * EspruinoTools, which opens only TCP or ports that SerialPort.list() returns, can reach it.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { BoardStream } from './open-board';

export interface Bridge {
  /** tcp://127.0.0.1:PORT */
  url: string;
  close(): Promise<void>;
}

/** One client at a time, like Espruino's telnet console; bytes pass through unchanged. */
export function bridgeToTcp(stream: BoardStream): Promise<Bridge> {
  return new Promise((resolve, reject) => {
    let client: net.Socket | null = null;
    const onData = (d: Buffer) => {
      if (client && !client.destroyed) client.write(d);
    };
    stream.on('data', onData);
    const server = net.createServer((sock) => {
      if (client) client.destroy();
      client = sock;
      sock.setNoDelay(true);
      sock.on('data', (d: Buffer) => stream.write(d));
      sock.on('close', () => {
        if (client === sock) client = null;
      });
      sock.on('error', () => {});
    });
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const a = server.address() as AddressInfo;
      resolve({
        url: `tcp://127.0.0.1:${a.port}`,
        close: () =>
          new Promise<void>((done) => {
            stream.off('data', onData);
            if (client) client.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
