/**
 * The Pechvogel LED regions (hardware/led-layout.ts) as the renderer draws them, compiled at
 * build time. The renderer draws into a logical buffer where every region is contiguous, so a
 * cell is a constant index and a whole bar is one Float64 write of a ready-made 8-byte pattern;
 * one E.mapInPlace through a gather table per view then puts the cells in row-major order (the
 * frame text). Espruino re-reads every statement it runs, so fewer, simpler writes are faster.
 */
import { GEOMETRY, LAYOUTS, type Region } from '../../hardware/led-layout';

/**
 * Cells per 8-byte slot of the regions drawn as bars (bar b, cell k at slot b, byte k); the other
 * regions are lit cell by cell.
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

/**
 * Bars the renderer writes whole in every frame of their views: they are not cleared, and may
 * share bytes with regions of other views. Everything else is cleared before each frame.
 */
const WHOLE = ['dice', 'middle', 'box', 'countdown', 'entry_dice', 'entry_error'];

/** The logical buffer's views: the table (play, game over; set-up draws play regions) and the entry. */
const VIEWS = { table: ['play', 'gameover'], entry: ['entry'] };

export interface PechvogelCells {
  /** Logical index of each region's first cell. */
  at: Record<string, number>;
  /** Float64 index of each bar region's first slot. */
  slot: Record<string, number>;
  /** Bytes of the logical buffer (a multiple of 8). */
  size: number;
  /** Float64 slots cleared before each frame: [0, clear). */
  clear: number;
  /**
   * Float64 index after the logical cells and a run of `clear` all-off slots (copied over the
   * cleared part): the renderer's bar patterns start there.
   */
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
  const placed: { r: Region; from: number; to: number }[] = [];
  /** Logical index of cell i of region r. */
  const cellAt = (r: Region, i: number): number => (BAR[r.name] ? at[r.name] + Math.floor(i / BAR[r.name]) * 8 + (i % BAR[r.name]) : at[r.name] + i);
  /** Places r at the first offset from `from` (step `align`) whose bytes no region of a shared view uses. */
  const place = (r: Region, from: number, align: number): number => {
    const h = BAR[r.name];
    const len = h ? Math.ceil(r.cells.length / h) * 8 : r.cells.length;
    if (h && h > 8) throw new Error(`LED layout: ${r.name} bars of ${h} cells do not fit an 8-byte slot`);
    // A region of other views with the very same cells shares them (final_rank = seat_frustrations).
    for (const p of placed) if (sameCells(p.r, r) && BAR[p.r.name] === h && !overlaps(p.r.views, r.views)) return (at[r.name] = p.from);
    let o = from;
    while (placed.some((p) => p.from < o + len && o < p.to && overlaps(p.r.views, r.views))) o += align;
    at[r.name] = o;
    placed.push({ r, from: o, to: o + len });
    return o;
  };
  const cleared = regions.filter((r) => WHOLE.indexOf(r.name) < 0);
  for (const r of cleared) if (BAR[r.name]) place(r, 0, 8);
  let end = Math.max(0, ...placed.map((p) => p.to));
  const off = end++;
  for (const r of cleared) if (!BAR[r.name]) place(r, off + 1, 1);
  end = Math.max(end, ...placed.map((p) => p.to));
  const clear = Math.ceil(end / 8);
  for (const r of regions) if (WHOLE.indexOf(r.name) >= 0) place(r, clear * 8, 8);
  const size = Math.ceil(Math.max(...placed.map((p) => p.to)) / 8) * 8;
  for (const r of regions) if (BAR[r.name]) slot[r.name] = at[r.name] / 8;
  if (size > 255) throw new Error(`LED layout: the logical buffer (${size} B) needs more than a byte per index`);

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
    clear,
    patterns: size / 8 + clear,
    table: gather(VIEWS.table),
    entry: gather(VIEWS.entry),
    sweep: String.fromCharCode(...dice.cells.map((c) => c[1] * W + c[0])),
  };
}
