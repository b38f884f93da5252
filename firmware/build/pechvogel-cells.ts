/**
 * The Pechvogel LED regions (hardware/led-layout.ts) as the renderer draws them, compiled at
 * build time. The renderer draws into a logical buffer where every region has slots of its own
 * (8-byte aligned, never shared with another region, so a region can be redrawn alone and keeps
 * its cells between frames): a cell is a constant index and a whole bar or row is one Float64
 * write of a ready-made 8-byte pattern. One E.mapInPlace through a gather table per view then
 * puts the cells in row-major order (the frame text). Espruino re-reads every statement it runs,
 * so fewer, simpler writes are faster.
 */
import { GEOMETRY, LAYOUTS, type Region } from '../../hardware/led-layout';

/**
 * Cells per 8-byte slot of the regions drawn as bars (bar b, cell k at slot b, byte k); every
 * other region has at most 8 cells and one slot.
 */
const BAR: Record<string, number> = {
  dice: 7,
  middle: 3,
  box: 3,
  countdown: 8,
  entry_dice: 7,
  entry_error: 8,
  entry_histogram: 7,
  seat_frustrations: 5,
  final_rank: 5,
};

/** The logical buffer's views: the table (play, game over; set-up draws play regions) and the entry. */
const VIEWS = { table: ['play', 'gameover'], entry: ['entry'] };

export interface PechvogelCells {
  /** Logical index of each region's first cell (a multiple of 8). */
  at: Record<string, number>;
  /** Float64 index of each region's first slot. */
  slot: Record<string, number>;
  /** Bytes of the regions' slots (a multiple of 8); the slot after them is the always-off cell. */
  size: number;
  /** Float64 index of the renderer's bar patterns (after the regions and the off slot). */
  patterns: number;
  /** Logical index of the cell each LED shows, in row-major order (x fastest), one char per LED, per view. */
  table: string;
  entry: string;
  /** Row-major position of each dice cell (the attract sweep over an entry). */
  sweep: string;
}

function overlaps(a: readonly string[], b: readonly string[]): boolean {
  for (const v of a) if (b.indexOf(v) >= 0) return true;
  return false;
}

function sameCells(a: Region, b: Region): boolean {
  return a.cells.length === b.cells.length && a.cells.every((c, i) => c[0] === b.cells[i][0] && c[1] === b.cells[i][1]);
}

export function pechvogelCells(): PechvogelCells {
  const regions = LAYOUTS.pechvogel.regions;
  const at: Record<string, number> = {};
  const slot: Record<string, number> = {};
  const placed: Region[] = [];
  /** Logical index of cell i of region r. */
  const cellAt = (r: Region, i: number): number => (BAR[r.name] ? at[r.name] + Math.floor(i / BAR[r.name]) * 8 + (i % BAR[r.name]) : at[r.name] + i);
  let end = 0;
  for (const r of regions) {
    const h = BAR[r.name];
    if (h && h > 8) throw new Error(`LED layout: ${r.name} bars of ${h} cells do not fit an 8-byte slot`);
    if (!h && r.cells.length > 8) throw new Error(`LED layout: ${r.name} has more than 8 cells and is not a bar region`);
    // A game-over region with the very same cells as a play region shares its slots (final_rank =
    // seat_frustrations, final_standing = seat_active): the renderer redraws them when the game ends.
    // The entry's regions keep their own, so the table's stay drawn under an entry.
    const same = overlaps(r.views, VIEWS.entry) ? undefined : placed.find((p) => sameCells(p, r) && BAR[p.name] === h && !overlaps(p.views, r.views));
    if (same) at[r.name] = at[same.name];
    else {
      at[r.name] = end;
      end += h ? Math.ceil(r.cells.length / h) * 8 : 8;
      placed.push(r);
    }
    slot[r.name] = at[r.name] / 8;
  }
  const size = end;
  const off = size;
  if (off > 255) throw new Error(`LED layout: the logical buffer (${size} B) needs more than a byte per index`);

  const W = GEOMETRY.width;
  const gather = (views: readonly string[]): string => {
    const out: number[] = new Array(W * GEOMETRY.height).fill(off);
    const by: string[] = [];
    for (const r of regions) {
      if (!overlaps(r.views, views)) continue;
      r.cells.forEach((c, i) => {
        const j = c[1] * W + c[0];
        const q = cellAt(r, i);
        if (by[j] && out[j] !== q) throw new Error(`LED layout: ${by[j]} and ${r.name} share LED (${c[0]}, ${c[1]}) in one view`);
        out[j] = q;
        by[j] = r.name;
      });
    }
    return String.fromCharCode(...out);
  };
  const dice = regions.find((r) => r.name === 'dice');
  if (!dice) throw new Error('LED layout: no dice region');
  return {
    at,
    slot,
    size,
    patterns: size / 8 + 1,
    table: gather(VIEWS.table),
    entry: gather(VIEWS.entry),
    sweep: String.fromCharCode(...dice.cells.map((c) => c[1] * W + c[0])),
  };
}
