/**
 * Firmware entry: everything board-specific arrives as build-time data (__DT_BUILD__, from
 * hardware/pinmap.ts and hardware/led-layout.ts), so this file only wires board and app.
 */
import { App } from './app';
import { createEspruinoBoard, type BoardPins } from './board.espruino';
import type { Cells } from './table/pechvogel-render';
import { espruinoModule } from './espruino-module';

declare const __DT_BUILD__: {
  fw: string;
  board: string;
  pins: BoardPins;
  width: number;
  height: number;
  /** Chain index of LED (x, y) at [y * width + x]. */
  chain: number[];
  cells: Cells;
};
declare const __DT_BUNDLE_HASH__: string;

const B = __DT_BUILD__;
// Kiosk settings are written at flash time; without them the console stays on the port.
const kiosk = espruinoModule('Storage').readJSON('dt.kiosk', true) as { link?: boolean } | undefined;
const board = createEspruinoBoard(B.pins, { linkMode: !!(kiosk && kiosk.link) });
const app = new App(board, {
  fw: B.fw,
  bundleHash: __DT_BUNDLE_HASH__,
  width: B.width,
  height: B.height,
  ledIndex: (x, y) => B.chain[y * B.width + x],
  cells: B.cells,
});
app.start();
