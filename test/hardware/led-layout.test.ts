import { describe, expect, it } from 'vitest';
import {
  GEOMETRY, LAYOUTS, LED_COUNT, PECHVOGEL_STATUS, SELFTEST_COLUMNS, ledIndex, ledIndexIn, regionOf,
  type GameId, type Geometry,
} from '../../hardware/led-layout';
import { INPUT_NAMES } from '../../hardware/pinmap';

const GAMES = Object.keys(LAYOUTS) as GameId[];

describe('geometry', () => {
  it('is 16 × 8 from two chained 8×8 panels', () => {
    expect(GEOMETRY.width).toBe(16);
    expect(GEOMETRY.height).toBe(8);
    expect(GEOMETRY.colourOrder).toBe('GRB');
    expect(GEOMETRY.panels.map((p) => p.x0)).toEqual([0, 8]);
    expect(LED_COUNT).toBe(128);
  });

  it('ledIndex covers 0..127 exactly once', () => {
    const seen = new Array<number>(LED_COUNT).fill(0);
    for (let y = 0; y < GEOMETRY.height; y++) for (let x = 0; x < GEOMETRY.width; x++) seen[ledIndex(x, y)]++;
    expect(seen.every((n) => n === 1)).toBe(true);
  });

  it('progressive panels: rows left to right, panel A before panel B', () => {
    expect(ledIndex(0, 0)).toBe(0);
    expect(ledIndex(7, 0)).toBe(7);
    expect(ledIndex(0, 1)).toBe(8);
    expect(ledIndex(7, 7)).toBe(63);
    expect(ledIndex(8, 0)).toBe(64);
    expect(ledIndex(15, 7)).toBe(127);
  });

  it('serpentine is a one-word change: odd rows run right to left', () => {
    const serp: Geometry = { ...GEOMETRY, panels: GEOMETRY.panels.map((p) => ({ ...p, wiring: 'serpentine' as const })) };
    expect(ledIndexIn(serp, 0, 1)).toBe(15);
    expect(ledIndexIn(serp, 7, 1)).toBe(8);
    expect(ledIndexIn(serp, 0, 2)).toBe(16);
    expect(ledIndexIn(serp, 8, 1)).toBe(64 + 15);
    const seen = new Set<number>();
    for (let y = 0; y < 8; y++) for (let x = 0; x < 16; x++) seen.add(ledIndexIn(serp, x, y));
    expect(seen.size).toBe(128);
  });

  it('rejects cells outside the board', () => {
    expect(() => ledIndex(16, 0)).toThrow();
    expect(() => ledIndex(0, 8)).toThrow();
    expect(() => ledIndex(-1, 0)).toThrow();
  });
});

describe('layouts', () => {
  it.each(GAMES)('%s: every region stays inside the grid and names a known view', (game) => {
    const layout = LAYOUTS[game];
    const views = layout.views.map((v) => v.name);
    const names = new Set<string>();
    for (const r of layout.regions) {
      expect(names.has(r.name), `duplicate region ${r.name}`).toBe(false);
      names.add(r.name);
      expect(r.cells.length, r.name).toBeGreaterThan(0);
      for (const [x, y] of r.cells) {
        expect(x >= 0 && x < GEOMETRY.width && y >= 0 && y < GEOMETRY.height, `${r.name} (${x},${y})`).toBe(true);
      }
      for (const v of r.views) expect(views, r.name).toContain(v);
      expect(r.reading.length, r.name).toBeGreaterThan(10);
      expect(r.looks.length, r.name).toBeGreaterThan(0);
    }
  });

  it.each(GAMES)('%s: regions do not overlap within one view, nor inside themselves', (game) => {
    const layout = LAYOUTS[game];
    for (const view of layout.views) {
      const owner = new Map<string, string>();
      for (const r of layout.regions.filter((reg) => reg.views.includes(view.name))) {
        for (const [x, y] of r.cells) {
          const key = `${x},${y}`;
          expect(owner.get(key), `${game}/${view.name}: ${r.name} overlaps ${owner.get(key)} at ${key}`).toBeUndefined();
          owner.set(key, r.name);
        }
      }
    }
  });

  it('Pechvogel uses exactly the region names the firmware renderer draws by', () => {
    const names = LAYOUTS.pechvogel.regions.map((r) => r.name);
    for (const n of ['target', 'dice', 'board_frustrations', 'middle', 'box', 'countdown', 'seat_active', 'seat_vote',
      'seat_murphy', 'seat_frustrations', 'status', 'entry_dice', 'entry_histogram', 'entry_error']) {
      expect(names).toContain(n);
    }
    expect(LAYOUTS.pechvogel.provisional).toBe(false);
    expect(LAYOUTS['seventh-dwarf'].provisional).toBe(true);
    expect(LAYOUTS['thats-life'].provisional).toBe(true);
  });

  it('Pechvogel regions sit where the design says', () => {
    const at = (name: string) => regionOf('pechvogel', name).cells.map(([x, y]) => `${x},${y}`);
    expect(at('target')).toEqual(['0,0', '1,0', '2,0', '3,0', '4,0']);
    expect(regionOf('pechvogel', 'dice').cells).toHaveLength(7);
    expect(regionOf('pechvogel', 'middle').cells).toHaveLength(15);
    expect(at('middle').slice(0, 3)).toEqual(['0,5', '0,4', '0,3']); // value 3, filled from row 5 up
    expect(at('box')).toEqual(['6,5', '6,4', '6,3']);
    expect(at('countdown')).toEqual(['7,0', '7,1', '7,2', '7,3', '7,4', '7,5', '7,6', '7,7']);
    expect(at('seat_active')[0]).toBe('8,0');
    expect(at('seat_frustrations').slice(0, 5)).toEqual(['8,7', '8,6', '8,5', '8,4', '8,3']);
    expect(regionOf('pechvogel', 'entry_histogram').cells).toHaveLength(42);
    expect(regionOf('pechvogel', 'status').cells).toHaveLength(PECHVOGEL_STATUS.length);
  });

  it('the self-test gives every input its own column and leaves the status column for the heartbeat', () => {
    expect(Object.keys(SELFTEST_COLUMNS).sort()).toEqual([...INPUT_NAMES].sort());
    expect(new Set(Object.values(SELFTEST_COLUMNS)).size).toBe(INPUT_NAMES.length);
    for (const name of INPUT_NAMES) expect(regionOf('selftest', name).cells[0][0]).toBe(SELFTEST_COLUMNS[name]);
    expect(regionOf('selftest', 'all').cells).toHaveLength(LED_COUNT);
  });

  it('region cells map to LED indices in cell order', () => {
    const leds = (game: GameId, name: string) => regionOf(game, name).cells.map(([x, y]) => ledIndex(x, y));
    expect(leds('pechvogel', 'target')).toEqual([0, 1, 2, 3, 4]);
    expect(leds('pechvogel', 'status')).toEqual([71, 79, 87, 95, 103, 111, 119, 127]);
    expect(leds('selftest', 'all')).toEqual(Array.from({ length: LED_COUNT }, (_, i) => i));
  });

  it('regionOf fails loudly on a typo', () => {
    expect(() => regionOf('pechvogel', 'targte')).toThrow(/no region "targte"/);
  });
});
