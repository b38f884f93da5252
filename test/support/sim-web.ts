/**
 * The page server over a simulated board in memory and its table mirror, for tests without a
 * browser; every part is stopped by the test file's `stops` (run in reverse in afterAll).
 */
import net from 'node:net';
import { openBoard, parseBoardSpec, type BoardStream } from '../../host/src/link/open-board';
import { TableMirror, type TableNote } from '../../host/src/mirror/table-mirror';
import { startWebServer, type WebOptions, type WebServer } from '../../host/src/web/server';

export async function simWebServer(stops: (() => unknown)[], opts: Partial<WebOptions> & { label?: string } = {}): Promise<{ stream: BoardStream; table: TableMirror; web: WebServer }> {
  const stream = await openBoard(parseBoardSpec('sim:memory'));
  stops.push(() => stream.close());
  const table = new TableMirror(opts.label || 'A', stream);
  stops.push(() => table.stop());
  const web = await startWebServer([table], Object.assign({ port: 0, host: '127.0.0.1', attractMs: 600_000 }, opts));
  stops.push(() => web.close());
  return { stream, table, web };
}

/** The table's next note that `ok` accepts. */
export function untilNote(table: TableMirror, ok: (n: TableNote) => boolean): Promise<TableNote> {
  return new Promise((done) => {
    const on = (n: TableNote) => {
      if (!ok(n)) return;
      table.off('note', on);
      done(n);
    };
    table.on('note', on);
  });
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
