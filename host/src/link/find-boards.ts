/**
 * Finds Espruino boards among the serial ports by USB vendor/product id. On Linux,
 * SerialPort.list() runs `udevadm`; without it the call takes the process down, so we look
 * for udevadm first and say plainly that ports cannot be listed here.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { EXIT, HostError } from '../errors';
import { missingPackage } from '../../bin/install-error.mjs';

/** USB ids of boards that run Espruino natively (the STM32 boards' USB CDC port). */
const ESPRUINO_USB_IDS: { vendorId: string; productId: string; name: string }[] = [
  { vendorId: '0483', productId: '5740', name: 'Espruino (STM32 USB: Pico, WiFi, Original)' },
];

export interface PortInfo {
  path: string;
  vendorId?: string;
  productId?: string;
  manufacturer?: string;
  serialNumber?: string;
  /** Matches an Espruino USB id. */
  espruino: boolean;
  kind?: string;
}

export type PortList = { ok: true; ports: PortInfo[] } | { ok: false; reason: string };

export function onPath(cmd: string, path = process.env.PATH || ''): string | null {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, cmd), constants.X_OK);
      return join(dir, cmd);
    } catch {
      // not here
    }
  }
  return null;
}

function espruinoKind(vendorId?: string, productId?: string): string | null {
  const v = (vendorId || '').toLowerCase();
  const p = (productId || '').toLowerCase();
  const hit = ESPRUINO_USB_IDS.find((id) => id.vendorId === v && id.productId === p);
  return hit ? hit.name : null;
}

export async function listPorts(): Promise<PortList> {
  if (process.platform === 'linux' && !onPath('udevadm')) return { ok: false, reason: 'cannot enumerate ports here (no udevadm)' };
  let raw: { path: string; vendorId?: string; productId?: string; manufacturer?: string; serialNumber?: string }[];
  try {
    const { SerialPort } = await import('serialport');
    raw = await SerialPort.list();
  } catch (e) {
    // Not installed: said as such (main.ts), not as a machine without ports.
    if (missingPackage(e)) throw e;
    return { ok: false, reason: `cannot enumerate ports here (${(e as Error).message})` };
  }
  return {
    ok: true,
    ports: raw.map((p) => {
      const kind = espruinoKind(p.vendorId, p.productId);
      const info: PortInfo = { path: p.path, espruino: !!kind };
      if (p.vendorId) info.vendorId = p.vendorId.toLowerCase();
      if (p.productId) info.productId = p.productId.toLowerCase();
      if (p.manufacturer) info.manufacturer = p.manufacturer;
      if (p.serialNumber) info.serialNumber = p.serialNumber;
      if (kind) info.kind = kind;
      return info;
    }),
  };
}

const NAME_IT = 'name the board instead: --port /dev/ttyACM0 (a serial port), tcp://HOST:PORT or sim';

/** `--port auto`: the one Espruino board plugged in. */
export async function findOneBoard(): Promise<string> {
  const r = await listPorts();
  if (!r.ok) throw new HostError(`--port auto: ${r.reason}`, EXIT.noBoard, NAME_IT);
  const boards = r.ports.filter((p) => p.espruino);
  if (boards.length === 0) throw new HostError('--port auto: no Espruino board found (USB id 0483:5740)', EXIT.noBoard, 'plug the board in, or ' + NAME_IT);
  if (boards.length > 1) throw new HostError(`--port auto: ${boards.length} Espruino boards found (${boards.map((b) => b.path).join(', ')})`, EXIT.usage, 'choose one with --port PATH');
  return boards[0].path;
}
