/**
 * Firmware entry: everything board-specific arrives as build-time data (__DT_BUILD__ and
 * CELL_AT, build-data.d.ts, from hardware/pinmap.ts and hardware/led-layout.ts), so this file
 * only wires board and app.
 */
import { App } from './app';
import { espruinoModule } from './espruino-module';
import type { EspruinoE } from './espruino-types';

declare const E: EspruinoE;

// Kiosk settings are written at flash time; without them the console stays on the port.
// A password implies link mode: a locked console would no longer deliver the host's packets.
const kiosk = espruinoModule('Storage').readJSON('dt.kiosk', true) as { link?: boolean; pw?: string } | undefined;
// Locked first: a boot that fails further on (a damaged module) leaves a locked console on the port, not an open one.
if (kiosk && kiosk.pw) {
  E.setPassword(kiosk.pw);
  E.lockConsole();
}
new App().start(!!(kiosk && (kiosk.link || kiosk.pw)));
