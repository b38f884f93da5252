/**
 * Build-time data (firmware/build/build-firmware.ts, buildDefines): esbuild replaces each of
 * these with a literal, so none of them exists as an object on the board.
 */
declare const __DT_BUILD__: {
  fw: string;
  board: string;
  /** The pin map (BoardPins) as JSON. */
  pins: string;
  /** Pin of the LED chain's data line, and of the buzzer (null: none fitted). */
  ledData: string;
  buzzer: string | null;
  width: number;
  height: number;
  /** Chain position of each LED in row-major order (x fastest), one char per LED. */
  rows: string;
  /** Every Pechvogel region's cells as chain positions, region after region (offsets: CELL_AT). */
  cells: string;
  /** First chain position of the right panel (seats, status): it runs to the end of the chain. */
  right: number;
};

/** Where each Pechvogel region (hardware/led-layout.ts) starts in __DT_BUILD__.cells. */
declare const CELL_AT: {
  target: number;
  dice: number;
  board_frustrations: number;
  middle: number;
  box: number;
  countdown: number;
  entry_dice: number;
  entry_histogram: number;
  entry_error: number;
  seat_active: number;
  seat_vote: number;
  seat_murphy: number;
  seat_frustrations: number;
  final_standing: number;
  final_rank: number;
  status: number;
};

declare const __DT_BUNDLE_HASH__: string;
