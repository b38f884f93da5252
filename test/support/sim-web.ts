/**
 * The page server over a simulated board in memory and its table mirror, for tests without a
 * browser; every part is stopped by the test file's `stops` (run in reverse in afterAll).
 */
import net from 'node:net';
import { openBoard, parseBoardSpec } from '../../host/src/link/open-board';
import { TableMirror } from '../../host/src/mirror/table-mirror';
import { startWebServer, type WebServer } from '../../host/src/web/server';

export async function simWebServer(stops: (() => unknown)[], opts: { label?: string; attractMs?: number; now?: () => number } = {}): Promise<{ table: TableMirror; web: WebServer }> {
  const stream = await openBoard(parseBoardSpec('sim:memory'));
  stops.push(() => stream.close());
  const table = new TableMirror(opts.label || 'A', stream);
  stops.push(() => table.stop());
  const web = await startWebServer([table], { port: 0, host: '127.0.0.1', attractMs: opts.attractMs || 600_000, now: opts.now });
  stops.push(() => web.close());
  return { table, web };
}

/** The first table as the page's state.json has it. */
export async function pageTable(web: WebServer): Promise<Record<string, any>> {
  return (await (await fetch(web.url + 'state.json')).json()).tables[0];
}

/** A raw request (fetch would tidy the path first); resolves with all the server sent once it has closed the connection. */
export function rawHttp(url: string, request: string): Promise<string> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const sock = net.connect(Number(u.port), u.hostname, () => sock.write(request));
    let got = '';
    sock.on('data', (d) => (got += d));
    sock.on('error', reject);
    sock.on('close', () => resolve(got));
  });
}
