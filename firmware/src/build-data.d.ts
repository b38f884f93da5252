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
  /** Row-major position (x fastest) of each LED in chain order, one char per LED. */
  rowOf: string;
  /**
   * The Pechvogel renderer's logical buffer (firmware/build/pechvogel-cells.ts): the bytes of its
   * regions' slots (an always-off slot follows), where its bar patterns start (Float64 index), and
   * per view (table: play, game over, set-up; entry) the logical cell each LED shows in row-major
   * order, one char per LED.
   */
  logical: number;
  /** Float64 index of the always-off slot after the regions (logical / 8). */
  offSlot: number;
  patterns: number;
  gather: string;
  gatherEntry: string;
  /** Row-major position of each dice cell. */
  sweep: string;
};

/** One number per Pechvogel region (hardware/led-layout.ts). */
interface PechvogelRegionOffsets {
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
}

/** Logical index of each Pechvogel region's first cell. */
declare const CELL_AT: PechvogelRegionOffsets;

/** Float64 index of each Pechvogel region's first 8-byte slot (every region starts on a slot; bar b at SLOT_AT.r + b). */
declare const SLOT_AT: PechvogelRegionOffsets;

declare const __DT_BUNDLE_HASH__: string;
