/**
 * `dicetray mirror`'s options checked before any board is opened: a mistake in them is a usage
 * error at once, not a message after the boards are connected (or a mirror running without the
 * page that was asked for).
 */
import net from 'node:net';
import { EXIT, HostError } from '../errors';
import { wholeOption } from './whole-option';

export interface WebPlan {
  port: number;
  host: string;
  attractMs: number;
}

const HOST_HINT = 'give an address of this computer: --host 127.0.0.1 (this computer only) or --host 0.0.0.0 (every network)';

/** Whether the page can listen there: binds for a moment and lets go. */
function probeListen(port: number, host: string): Promise<void> {
  return new Promise((ok, bad) => {
    const s = net.createServer();
    s.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE' || e.code === 'EACCES') bad(new HostError(`cannot serve the page on ${host}:${port}: ${e.code === 'EACCES' ? 'permission denied (ports below 1024 need root)' : 'the port is in use'}`, EXIT.usage, 'choose another port: --web PORT'));
      else bad(new HostError(`cannot serve the page on ${host}:${port}: ${e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN' ? 'no such address on this computer' : e.message}`, EXIT.usage, HOST_HINT));
    });
    s.listen(port, host, () => s.close(() => ok()));
  });
}

/** The page's port, address and attract time, checked (and the port tried), or null without --web. */
export async function checkWebOptions(o: { web?: boolean | string; host?: string; attract?: string }, defaultPort: number): Promise<WebPlan | null> {
  const attract = o.attract === undefined ? 600 : wholeOption('--attract', o.attract, 1, 86400, 'whole seconds from 1 to 86400, e.g. --attract 120');
  if (o.web === undefined || o.web === false) return null;
  const port = o.web === true ? defaultPort : wholeOption('--web port', o.web, 0, 65535, 'a port number, e.g. --web 8080');
  const host = o.host || '127.0.0.1';
  if (!host.trim() || /\s/.test(host)) throw new HostError(`bad --host ${JSON.stringify(host)}`, EXIT.usage, HOST_HINT);
  await probeListen(port, host);
  return { port, host, attractMs: attract * 1000 };
}

/** Each table's label once: two tables of one name would share a log file and a page slot. */
export function checkLabels(labels: string[]): void {
  const seen = new Set<string>();
  for (const l of labels) {
    if (seen.has(l)) throw new HostError(`two tables are labelled ${l}`, EXIT.usage, 'give each table its own label: -p tableA=BOARD -p tableB=BOARD');
    seen.add(l);
  }
}
