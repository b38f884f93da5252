/**
 * Firmware entry: everything board-specific arrives as build-time data (__DT_BUILD__, from
 * hardware/pinmap.ts and hardware/led-layout.ts), so this file only wires board and app.
 */
import { App } from './app';
import { createEspruinoBoard, type BoardPins } from './board.espruino';
import type { Cells } from './table/pechvogel-render';
import { espruinoModule } from './espruino-module';
import type { EspruinoE } from './espruino-types';

declare const E: EspruinoE;

declare const __DT_BUILD__: {
  fw: string;
  board: string;
  pins: BoardPins;
  width: number;
  height: number;
  /** LED panels in chain order: [x0, y0, width, height, serpentine (1) or progressive (0)]. */
  panels: number[][];
  /** Region → cells, two letters each: 'a' + x, 'a' + y. */
  cells: Record<string, string>;
};
declare const __DT_BUNDLE_HASH__: string;

const B = __DT_BUILD__;

/** Chain position of LED (x, y), as hardware/led-board.ts computes it. */
function chainIndex(x: number, y: number): number {
  let offset = 0;
  for (let i = 0; i < B.panels.length; i++) {
    const p = B.panels[i];
    const lx = x - p[0];
    const ly = y - p[1];
    if (lx >= 0 && lx < p[2] && ly >= 0 && ly < p[3]) return offset + ly * p[2] + (p[4] && ly % 2 ? p[2] - 1 - lx : lx);
    offset += p[2] * p[3];
  }
  return -1;
}

const cells: Cells = {};
for (const name in B.cells) {
  const list: number[][] = [];
  const t = B.cells[name];
  for (let i = 0; i < t.length; i += 2) list.push([t.charCodeAt(i) - 97, t.charCodeAt(i + 1) - 97]);
  cells[name] = list;
}
// Kiosk settings are written at flash time; without them the console stays on the port.
// A password implies link mode: a locked console would no longer deliver the host's packets.
const kiosk = espruinoModule('Storage').readJSON('dt.kiosk', true) as { link?: boolean; pw?: string } | undefined;
const board = createEspruinoBoard(B.pins, { linkMode: !!(kiosk && (kiosk.link || kiosk.pw)) });
const app = new App(board, {
  fw: B.fw,
  bundleHash: __DT_BUNDLE_HASH__,
  width: B.width,
  height: B.height,
  ledIndex: chainIndex,
  cells: cells,
});
app.start();
if (kiosk && kiosk.pw) {
  E.setPassword(kiosk.pw);
  E.lockConsole();
}
