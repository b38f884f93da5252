/**
 * A byte stream served on a TCP port to one client at a time, like Espruino's telnet console: a
 * second client hangs up the first. Bytes pass through unchanged both ways.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** What is served: the simulated board, or a board's stream. */
export interface ByteSource {
  on(ev: 'data', fn: (d: Buffer) => void): unknown;
  off(ev: 'data', fn: (d: Buffer) => void): unknown;
  write(d: Uint8Array): void;
}

export interface OneClientServer {
  /** tcp://HOST:PORT */
  url: string;
  close(): Promise<void>;
}

export function serveOneClient(source: ByteSource, port: number, host: string): Promise<OneClientServer> {
  return new Promise((resolve, reject) => {
    let client: net.Socket | null = null;
    const toClient = (d: Buffer) => {
      if (client && !client.destroyed) client.write(d);
    };
    const server = net.createServer((sock) => {
      if (client) client.destroy();
      client = sock;
      sock.setNoDelay(true);
      sock.on('data', (d: Buffer) => source.write(d));
      sock.on('close', () => {
        if (client === sock) client = null;
      });
      sock.on('error', () => {});
    });
    server.on('error', reject);
    server.listen(port, host, () => {
      source.on('data', toClient);
      const a = server.address() as AddressInfo;
      resolve({
        url: `tcp://${host}:${a.port}`,
        close: () =>
          new Promise<void>((done) => {
            source.off('data', toClient);
            if (client) client.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
