/** `dicetray list`: serial ports, with the Espruino boards among them marked. */
import { listPorts } from '../link/find-boards';
import { EXIT, HostError } from '../errors';
import type { Output } from '../output';

export async function list(opts: { json?: boolean; all?: boolean }, io: Output): Promise<number> {
  const r = await listPorts();
  if (!r.ok) {
    const hint = 'name the board directly: --port /dev/ttyACM0, tcp://HOST:PORT or sim';
    if (opts.json) {
      // The JSON error shape of every command, beside the list's own fields.
      io.out(JSON.stringify({ ok: false, reason: r.reason, ports: [], error: { code: 'noBoard', message: r.reason, hint, exit: EXIT.noBoard } }));
      io.err(`dicetray: ${r.reason}`);
      io.err(`hint: ${hint}`);
      return EXIT.noBoard;
    }
    throw new HostError(r.reason, EXIT.noBoard, hint);
  }
  const ports = opts.all ? r.ports : r.ports.filter((p) => p.espruino);
  if (opts.json) {
    io.out(JSON.stringify({ ok: true, ports }));
    return EXIT.ok;
  }
  if (ports.length === 0) {
    io.out(opts.all ? 'no serial ports found' : `no Espruino boards found (${r.ports.length} other serial port${r.ports.length === 1 ? '' : 's'}; --all lists them)`);
    return EXIT.ok;
  }
  for (const p of ports) {
    const id = p.vendorId ? `${p.vendorId}:${p.productId || '????'}` : '----:----';
    io.out(`${p.path.padEnd(20)} ${id}  ${p.kind || p.manufacturer || ''}${p.serialNumber ? '  serial ' + p.serialNumber : ''}`);
  }
  return EXIT.ok;
}
