/**
 * One key per board however it was spelt, so `mirror` can refuse a board named twice: a serial
 * path through its links (a sim's --pty link and the /dev/pts/N it points to are one port), a
 * network board without its trailing slash or the host name's case, every name of this machine's
 * loopback as one (localhost, 127.x.x.x, ::1: a café's boards on the mirror's own machine; other
 * names would need a look-up, left out), a sim by its Storage file
 * (`sim` is its default file); every sim:memory is a board of its own.
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BoardSpec } from './open-board';

export function boardIdentity(spec: BoardSpec, i: number): string {
  if (spec.kind === 'serial') {
    if (spec.auto) return 'auto';
    try {
      return realpathSync(spec.path);
    } catch {
      return resolve(spec.path); // not there (yet): --wait opens it later
    }
  }
  if (spec.kind === 'tcp') return `tcp://${loopback(spec.host.toLowerCase())}:${spec.port}`;
  return spec.storage === null ? 'memory ' + i : spec.storage;
}

function loopback(host: string): string {
  return host === 'localhost' || /^127\./.test(host) || host === '::1' || host === '[::1]' ? 'loopback' : host;
}
