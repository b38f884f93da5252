/**
 * LED board geometry and, per game, which LEDs show what.
 *
 * The firmware renderer draws by region name; LAYOUT.md and the board rendering are generated
 * from the same data. Every region must read without colour (position + blink), because colour
 * alone fails for colour-blind players and under dim caps.
 *
 * The firmware bundles none of this: its build (firmware/build/pechvogel-cells.ts) compiles the
 * Pechvogel regions into index data, which leaves the documentation strings behind.
 */

// Geometry and blink timing live in led-board.ts, which has no documentation strings and runs on
// Espruino as it is (test/hardware/espruino.test.ts); they are re-exported here as part of the layout.
import { GEOMETRY, LED_COUNT, ledIndex, type Cell, type Look } from './led-board';

export * from './led-board';

export const LOOK_TEXT: Readonly<Record<Look, string>> = {
  solid: 'steady on',
  dim: 'steady at a quarter of the level',
  slow: 'blinks 1× per second',
  fast: 'blinks 4× per second',
};

export type Rgb = readonly [number, number, number];

export interface Region {
  name: string;
  /** Views (screens) in which the region is drawn; regions in one view never share a cell. */
  views: readonly string[];
  cells: readonly Cell[];
  /** What cells[i] stands for, so the renderer can index the list. */
  order: string;
  meaning: string;
  /** How to read it without colour: position and look. */
  reading: string;
  looks: readonly Look[];
  /** Suggested hue at full scale; the renderer scales it with scaleToCap() (power.ts). */
  colour: Rgb;
  /** Views that draw only the first n cells (LAYOUT.md's maps show just those); documentation only. */
  cellsInView?: Readonly<Record<string, number>>;
}

export interface View {
  name: string;
  description: string;
}

export interface GameLayout {
  game: string;
  title: string;
  /** Provisional layouts may change once the game's firmware exists. */
  provisional: boolean;
  views: readonly View[];
  regions: readonly Region[];
}

/** Cells of row y from column x0 to x1, left to right. */
function row(y: number, x0: number, x1: number): Cell[] {
  const out: Cell[] = [];
  for (let x = x0; x <= x1; x++) out.push([x, y]);
  return out;
}

/** Cells of column x from row y0 to y1, top to bottom. */
function col(x: number, y0: number, y1: number): Cell[] {
  const out: Cell[] = [];
  for (let y = y0; y <= y1; y++) out.push([x, y]);
  return out;
}

/** Vertical bars for columns x0..x1 growing up from yBottom to yTop: cells[(x - x0) * h + k] = k-th from the bottom. */
function bars(x0: number, x1: number, yTop: number, yBottom: number): Cell[] {
  const out: Cell[] = [];
  for (let x = x0; x <= x1; x++) for (let y = yBottom; y >= yTop; y--) out.push([x, y]);
  return out;
}

/** Status column rows for Pechvogel, top to bottom. */
export const PECHVOGEL_STATUS = [
  'await_first_throw',
  'choose_target',
  'throw',
  'reroll_window',
  'reroll',
  'marker_choice',
  'game_over',
  'attention',
] as const;

const WHITE: Rgb = [255, 255, 255];
const RED: Rgb = [255, 0, 0];

const PV_TABLE = ['play', 'gameover'];
/**
 * Set-up (seats joining, options) draws on three play regions only: target, seat_active, status.
 * The firmware build gathers the LEDs of the play and game-over views (firmware/build/pechvogel-cells.ts),
 * so this view name is documentation only.
 */
const PV_SETUP = 'setup';
const PV_SEATS = ['play', 'entry'];
const PV_ALL = ['play', 'entry', 'gameover'];

const PECHVOGEL: GameLayout = {
  game: 'pechvogel',
  title: 'Pechvogel',
  provisional: false,
  views: [
    {
      name: 'setup',
      description: 'Before the game (set-up): seats join with their seat buttons and the pad sets the options. ' +
        'Row 0, right panel (`seat_active`): a steady white LED above every seat that joined; the start seat (the one chosen, else the first seat in) blinks slowly. ' +
        'Row 0, left panel (`target` cells x 0..2): one cyan LED per option switched on — x 0 = K1 virtual dice, x 1 = K2 option R-PV-06b (a reduce reroll cannot be frustrated), x 2 = K3 steal only if the middle lacks the value. ' +
        'Column 15 (`status`): the bottom LED (row 7) blinks amber slowly while set-up waits; it flashes red when a key is refused. Everything else is dark, until the table has been idle for `attract_ms` (2 min by default, `dicetray config`): then one yellow LED steps through the seven dice cells (row 1, x 0..6) every 300 ms until the next press, as it does over a paused game.',
    },
    { name: 'play', description: 'Left panel: the table (target, dice on the board, frustrations, markers, countdown). Right panel: seats and status. Idle for `attract_ms`: one yellow LED steps along the dice row every 300 ms where it is dark (dice still to throw), the game unchanged underneath, until the next press.' },
    { name: 'entry', description: 'While a throw is entered on the pad, the left panel shows the entry; the right panel stays as in play. With virtual dice it shows each roll the same way (all its dice entered): a first throw until its target is chosen, a later roll for 3 s (not one that ends the turn: the marker step\'s countdown stays in view).' },
    { name: 'gameover', description: 'Left panel keeps the final table; the seat bars show the final standings.' },
  ],
  regions: [
    {
      name: 'target', views: PV_TABLE.concat(PV_SETUP), cells: row(0, 0, 4),
      order: 'cells[i] = target value 3 + i',
      meaning: 'The target chosen this turn (3..7); while it is being chosen, the values the first throw rolled. In set-up: the options (view setup).',
      reading: 'Row 0, left panel: the one steady LED\'s position is the target (1st = 3 … 5th = 7). While the target is being chosen, every value the first throw rolled blinks slowly between amber and dim white (each a possible choice); dark = no first throw yet.',
      looks: ['solid', 'slow'], colour: [255, 180, 0],
      // Set-up: the three option LEDs, target cells +0, +1, +2 (pechvogel-render.ts drawSetup).
      cellsInView: { [PV_SETUP]: 3 },
    },
    {
      name: 'dice', views: PV_TABLE, cells: row(1, 0, 6),
      order: 'cells[i] = the i-th die slot from the left',
      meaning: 'The 7 dice: targets on the board fill from the left, ravens on the board fill from the right (magenta), dark = dice still to throw.',
      reading: 'Row 1: steady LEDs from the left = targets, slowly blinking LEDs from the right = ravens; the dark gap between = dice still in hand.',
      looks: ['solid', 'slow'], colour: [0, 255, 0],
    },
    {
      name: 'board_frustrations', views: PV_TABLE, cells: row(2, 0, 6),
      order: 'cells[i] = seat i + 1',
      meaning: 'Seats that put a frustration on the board this turn.',
      reading: 'Row 2: a lit LED in column i = seat i + 1 frustrated this turn (same column order as the seats on the right panel).',
      looks: ['solid'], colour: RED,
    },
    {
      name: 'middle', views: PV_TABLE, cells: bars(0, 4, 3, 5),
      order: 'cells[v * 3 + k] = the k-th marker (from the bottom) of value 3 + v',
      meaning: 'Score markers left in the middle: 3 of each value 3..7 at the start.',
      reading: 'Rows 3..5, columns 0..4: column = marker value (3..7), height from row 5 up = markers of that value left.',
      looks: ['solid'], colour: WHITE,
    },
    {
      name: 'box', views: PV_TABLE, cells: col(6, 3, 5).reverse(),
      order: 'cells[k] = k-th marker in the box from the bottom',
      meaning: 'Markers put back in the box (out of play). Less important, so small.',
      reading: 'Column 6, rows 3..5: 0..3 LEDs from the bottom = markers in the box; all three blink slowly when there are more than 3.',
      looks: ['solid', 'slow'], colour: [40, 40, 40],
    },
    {
      name: 'countdown', views: PV_TABLE, cells: col(7, 0, 7),
      order: 'cells[i] = row i from the top; n LEDs lit = cells[8-n..7]',
      meaning: 'Time left in the reroll window, or before the board makes the only possible marker choice (R-PV-22; BACK corrects the throw meanwhile).',
      reading: 'Column 7: a bar standing on the bottom row that shrinks from the top as the time runs out (one LED per eighth).',
      looks: ['solid'], colour: [255, 80, 0],
    },
    {
      name: 'entry_dice', views: ['entry'], cells: row(0, 0, 6),
      order: 'cells[i] = the i-th die to enter',
      meaning: 'Dice due in this throw (dim) and already entered (bright).',
      reading: 'Row 0: dim LEDs = dice still to enter, steady = entered; the number of lit LEDs is the number of dice thrown. While a confirmed throw is being corrected, the entered dice blink slowly. After a virtual roll: one steady LED per die rolled.',
      looks: ['dim', 'solid', 'slow'], colour: WHITE,
    },
    {
      name: 'entry_histogram', views: ['entry'], cells: bars(0, 5, 1, 7),
      order: 'cells[f * 7 + k] = the k-th entered die (from the bottom) of face f (0..5 = 3, 4, 5, 6, 7, raven)',
      meaning: 'Faces entered so far (after a virtual roll: the faces rolled), one column per pad key K1..K6.',
      reading: 'Rows 1..7, columns 0..5: column = face (3, 4, 5, 6, 7, raven, the same order as K1..K6), height from row 7 up = dice entered with that face (ravens magenta).',
      looks: ['solid'], colour: [0, 255, 0],
    },
    {
      name: 'entry_error', views: ['entry'], cells: col(7, 0, 7),
      order: 'cells[i] = row i',
      meaning: 'A refused entry (e.g. more dice than were thrown).',
      reading: 'Column 7: the whole column blinks fast for 1.5 s.',
      looks: ['fast'], colour: RED,
    },
    {
      name: 'seat_active', views: ['play', 'entry', PV_SETUP], cells: row(0, 8, 14),
      order: 'cells[i] = seat i + 1',
      meaning: 'Whose turn it is. In set-up: the seats that joined and the start seat.',
      reading: 'Row 0, right panel: the lit LED\'s column is the active seat. In set-up: steady = joined, slow blink = the start seat.',
      looks: ['solid', 'slow'], colour: WHITE,
    },
    {
      name: 'seat_vote', views: PV_SEATS, cells: row(1, 8, 14),
      order: 'cells[i] = seat i + 1',
      meaning: 'During a reroll window: who may frustrate and who has voted. In the marker step: the opponent chosen to steal from, or the one the board steals from by itself when that is the only choice.',
      reading: 'Row 1: dim = this seat may frustrate, steady = voted (in the marker step: steady = the seat being stolen from, a pad key then chooses the marker for the box; with the countdown bar running, the board steals from that seat by itself when the bar ends); fast orange blinking for 1.5 s = this seat\'s press was refused (the status column\'s bottom LED blinks red with it; the LEDs do not say why). The active player\'s own LED stays dark in a reroll window, whether or not they may reduce (a frustration in hand and no reduce yet this turn).',
      looks: ['dim', 'solid', 'fast'], colour: RED,
    },
    {
      name: 'seat_murphy', views: PV_ALL, cells: row(2, 8, 14),
      order: 'cells[i] = seat i + 1',
      meaning: 'Holder of Murphy (−7 instead of −3 per frustration at the end).',
      reading: 'Row 2: the one lit LED marks Murphy\'s holder; dark row = Murphy is beside the board.',
      looks: ['solid'], colour: [0, 0, 255],
    },
    {
      name: 'seat_frustrations', views: PV_SEATS, cells: bars(8, 14, 3, 7),
      order: 'cells[i * 5 + k] = the k-th frustration (from the bottom) of seat i + 1',
      meaning: 'Frustrations each seat holds.',
      reading: 'Rows 3..7 under each seat: bar height from row 7 up = frustrations (0..5); above 5 the top LED blinks slowly, the same for 6 or more.',
      looks: ['solid', 'slow'], colour: RED,
    },
    {
      name: 'final_standing', views: ['gameover'], cells: row(0, 8, 14),
      order: 'cells[i] = seat i + 1',
      meaning: 'At game over: the non-losers, the seats with the best score (the rulebook: everyone else loses).',
      reading: 'Row 0: slowly blinking LEDs above the best score (every one of them on a tie); dark above every other seat and the empty seats.',
      looks: ['slow'], colour: [255, 180, 0],
    },
    {
      name: 'final_rank', views: ['gameover'], cells: bars(8, 14, 3, 7),
      order: 'cells[i * 5 + k] = k-th LED (from the bottom) of seat i + 1',
      meaning: 'At game over: the ranking.',
      reading: 'Rows 3..7: bar height = rank, winner tallest (5), then 4, 3 …; ties get the same height.',
      looks: ['solid'], colour: [0, 255, 0],
    },
    {
      name: 'status', views: PV_ALL.concat(PV_SETUP), cells: col(15, 0, 7),
      order: 'cells[r] = phase PECHVOGEL_STATUS[r]',
      meaning: 'Game phase: 0 await first throw, 1 choose target, 2 throw, 3 reroll window, 4 reroll, 5 marker choice, 6 game over, 7 attention/error.',
      reading: 'Column 15: the one lit LED\'s row is the phase (top = waiting for the first throw … bottom = attention, which blinks fast). In set-up only the bottom LED blinks, amber and slowly.',
      looks: ['solid', 'slow', 'fast'], colour: [0, 255, 255],
    },
  ],
};

const SEVENTH_DWARF: GameLayout = {
  game: 'seventh-dwarf',
  title: 'The 7th Dwarf (provisional)',
  provisional: true,
  views: [
    { name: 'play', description: 'Columns 0..8: the 9-spot dice row. Columns 9..15: the lair, then one column per seat (7 seats).' },
  ],
  regions: [
    {
      name: 'legal', views: ['play'], cells: row(0, 0, 8),
      order: 'cells[s] = spot s (0 and 8 = evasion spots)',
      meaning: 'Spots where the die just thrown may go.',
      reading: 'Row 0 over the row: slowly blinking = legal spot for the pending die; all dark with the lair growing = forced into the lair.',
      looks: ['slow'], colour: WHITE,
    },
    {
      name: 'colour_match', views: ['play'], cells: row(1, 1, 7),
      order: 'cells[i] = dwarf spot i + 1',
      meaning: 'The die on this dwarf spot matches the spot\'s colour (colour points).',
      reading: 'Row 1: lit = colour point on that spot.',
      looks: ['solid'], colour: [0, 255, 0],
    },
    {
      name: 'spots', views: ['play'], cells: bars(0, 8, 2, 7),
      order: 'cells[s * 6 + k] = k-th LED (from the bottom) of spot s',
      meaning: 'The value of the die on each of the 9 spots.',
      reading: 'Rows 2..7: bar height from row 7 up = pips (1..6); columns 0 and 8 are the evasion spots.',
      looks: ['solid'], colour: [255, 160, 0],
    },
    {
      name: 'lair', views: ['play'], cells: row(0, 9, 15),
      order: 'cells[i] = i-th die in the lair from the left',
      meaning: 'Dice in the Dragon\'s Lair.',
      reading: 'Row 0, columns 9..15: number of lit LEDs = dice in the lair.',
      looks: ['solid'], colour: RED,
    },
    {
      name: 'seat_active', views: ['play'], cells: row(1, 9, 15),
      order: 'cells[i] = seat i + 1',
      meaning: 'Whose turn it is.',
      reading: 'Row 1, columns 9..15: the lit LED\'s column is the active seat.',
      looks: ['solid'], colour: WHITE,
    },
    {
      name: 'seat_bet', views: ['play'], cells: row(2, 9, 15),
      order: 'cells[i] = seat i + 1',
      meaning: 'Bets: awaited, placed (hidden), revealed at scoring.',
      reading: 'Row 2: dim = bet awaited, steady = bet placed (hidden); after scoring: steady = bet on success, slow blink = bet on failure.',
      looks: ['dim', 'solid', 'slow'], colour: [255, 100, 0],
    },
    {
      name: 'seat_score', views: ['play'], cells: bars(9, 15, 3, 7),
      order: 'cells[i * 5 + k] = k-th LED (from the bottom) of seat i + 1',
      meaning: 'Running score, one LED per 10 points.',
      reading: 'Rows 3..7: bar height = score / 10 rounded down; the top LED blinks slowly above 50.',
      looks: ['solid', 'slow'], colour: [255, 215, 0],
    },
  ],
};

const THATS_LIFE: GameLayout = {
  game: 'thats-life',
  title: 'That\'s Life! (provisional)',
  provisional: true,
  views: [
    { name: 'play', description: 'Left panel: the route and the roll. Right panel: one column per seat (6 seats) and the status column.' },
  ],
  regions: [
    {
      name: 'path', views: ['play'],
      cells: row(0, 0, 7).concat(row(1, 0, 7), row(2, 0, 7), row(3, 0, 7)),
      order: 'cells[i] = the i-th route card still in play (reading order: left→right, top→bottom)',
      meaning: 'The route: 32 cards at the start, fewer as cards are collected or leave play.',
      reading: 'Rows 0..3: dim = a card, steady = a card holding the active player\'s figure, slow blink = a card holding a guard.',
      looks: ['dim', 'solid', 'slow'], colour: [0, 255, 120],
    },
    {
      name: 'roll', views: ['play'], cells: row(5, 0, 5),
      order: 'cells[i] = pip i + 1',
      meaning: 'The value rolled this turn.',
      reading: 'Row 5: number of lit LEDs from the left = the roll.',
      looks: ['solid'], colour: [255, 160, 0],
    },
    {
      name: 'seat_active', views: ['play'], cells: row(0, 8, 13),
      order: 'cells[i] = seat i + 1',
      meaning: 'Whose turn it is.',
      reading: 'Row 0, right panel: the lit LED\'s column is the active seat.',
      looks: ['solid'], colour: WHITE,
    },
    {
      name: 'seat_home', views: ['play'], cells: row(1, 8, 13),
      order: 'cells[i] = seat i + 1',
      meaning: 'Figures at the finish.',
      reading: 'Row 1: slow blink = some figures home, steady = all home (the seat is skipped).',
      looks: ['slow', 'solid'], colour: [0, 200, 255],
    },
    {
      name: 'seat_rank', views: ['play'], cells: bars(8, 13, 3, 7),
      order: 'cells[i * 5 + k] = k-th LED (from the bottom) of seat i + 1',
      meaning: 'Current ranking by score.',
      reading: 'Rows 3..7: bar height = rank, leader tallest.',
      looks: ['solid'], colour: [255, 215, 0],
    },
    {
      name: 'status', views: ['play'], cells: col(15, 0, 7),
      order: 'cells[r] = phase row r',
      meaning: 'Phase: 0 await roll, 1 await move, 6 game over, 7 attention/error.',
      reading: 'Column 15: the lit LED\'s row is the phase; row 7 blinks fast for attention.',
      looks: ['solid', 'fast'], colour: [0, 80, 255],
    },
  ],
};

/** Self-test: which column each button lights (pad keys left, seats right, as on the game screens). */
export const SELFTEST_COLUMNS: Readonly<Record<string, number>> = {
  K1: 0, K2: 1, K3: 2, K4: 3, K5: 4, K6: 5, OK: 6, BACK: 7,
  SEAT1: 8, SEAT2: 9, SEAT3: 10, SEAT4: 11, SEAT5: 12, SEAT6: 13, SEAT7: 14,
};

/** Timing of the self-test, used by the firmware and quoted by the assembly steps. */
export const SELFTEST_TIMING = {
  /** OK and BACK held this long right after boot enter the self-test. */
  enterHoldMs: 500,
  /** OK and BACK held together this long (after being released once) leave it: load(). */
  exitHoldMs: 3000,
  /** OK held alone this long starts the LED sweep early. */
  sweepHoldMs: 2000,
  /** Each full-panel colour of the sweep. */
  sweepColourMs: 2000,
  /** The white-at-cap step (long enough to read a USB meter). */
  sweepWhiteMs: 4000,
  /**
   * Each LED of the chase: one LED per self-test redraw (the firmware redraws the self-test every
   * 125 ms, SELFTEST_TICK_MS in firmware/src/app.ts), so no LED is skipped.
   */
  chaseStepMs: 125,
  /** Beep per press (if the buzzer is fitted). */
  beepHz: 2000,
  beepMs: 50,
} as const;

function selftestButtonRegions(): Region[] {
  const out: Region[] = [];
  const names = Object.keys(SELFTEST_COLUMNS);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const x = SELFTEST_COLUMNS[name];
    out.push({
      name, views: ['buttons'], cells: col(x, 0, 6),
      order: 'cells[i] = row i',
      meaning: 'Lit while ' + name + ' is held; blinks fast if it reads pressed at entry (stuck or shorted).',
      reading: 'Column ' + x + ', rows 0..6: steady while the button is held.',
      looks: ['solid', 'fast'], colour: WHITE,
    });
  }
  return out;
}

function chainOrderCells(): Cell[] {
  const out: Cell[] = [];
  for (let i = 0; i < LED_COUNT; i++) out.push([0, 0]);
  for (let y = 0; y < GEOMETRY.height; y++) for (let x = 0; x < GEOMETRY.width; x++) out[ledIndex(x, y)] = [x, y];
  return out;
}

const SELFTEST: GameLayout = {
  game: 'selftest',
  title: 'Self-test',
  provisional: false,
  views: [
    { name: 'buttons', description: 'Each button lights its own column while held and leaves a mark in row 7 once tested.' },
    { name: 'sweep', description: 'Full-panel red, green, blue and white at the cap, then a chase through the data chain.' },
  ],
  regions: selftestButtonRegions().concat([
    {
      name: 'tested', views: ['buttons'], cells: row(7, 0, 14),
      order: 'cells[c] = the button whose column is c (SELFTEST_COLUMNS)',
      meaning: 'Buttons pressed and released at least once since entry.',
      reading: 'Row 7: a steady LED under every column whose button has worked; all 15 lit = every button passed.',
      looks: ['solid'], colour: [0, 255, 0],
    },
    {
      name: 'heartbeat', views: ['buttons'], cells: [[15, 0]],
      order: 'cells[0]',
      meaning: 'The self-test is running.',
      reading: 'Top right LED blinks slowly.',
      looks: ['slow'], colour: [0, 80, 255],
    },
    {
      name: 'all', views: ['sweep'], cells: chainOrderCells(),
      order: 'cells[i] = the LED with ledIndex i (data-chain order)',
      meaning: 'Every LED, for the colour sweep and the chase.',
      reading: 'Red, green, blue, white: every LED must show each; the chase shows the chain\'s real order (row by row = progressive, alternating rows = serpentine): set `wiring` to match.',
      looks: ['solid'], colour: WHITE,
    },
  ]),
};

export type GameId = 'pechvogel' | 'seventh-dwarf' | 'thats-life' | 'selftest';

export const LAYOUTS: Readonly<Record<GameId, GameLayout>> = {
  pechvogel: PECHVOGEL,
  'seventh-dwarf': SEVENTH_DWARF,
  'thats-life': THATS_LIFE,
  selftest: SELFTEST,
};

/** The region of a game by name; throws if there is none (a renderer typo should fail loudly). */
export function regionOf(game: GameId, name: string): Region {
  const regions = LAYOUTS[game].regions;
  for (let i = 0; i < regions.length; i++) if (regions[i].name === name) return regions[i];
  throw new Error('no region "' + name + '" in ' + game);
}

/** The exact self-test behaviour, as steps (used by LAYOUT.md and the assembly steps). */
export const SELFTEST_STEPS: readonly string[] = [
  `Enter: hold OK and BACK while plugging in USB; if both stay pressed for ${SELFTEST_TIMING.enterHoldMs} ms right after boot, the firmware starts the self-test instead of a game. The top-right LED (heartbeat) blinks slowly.`,
  'Buttons: every button, watched or polled, lights its own column (rows 0..6) white while held: K1..K6 = columns 0..5, OK = 6, BACK = 7, SEAT1..SEAT7 = columns 8..14. Exactly one column must light per button; two columns = crossed or shorted wires.',
  `Each press beeps ${SELFTEST_TIMING.beepMs} ms at ${SELFTEST_TIMING.beepHz} Hz if the buzzer is fitted. After release, the button's row-7 LED stays on (tested).`,
  'A button (other than OK and BACK, which are held to enter) that reads pressed on entry blinks its column fast: it is stuck or its wire touches GND.',
  `Sweep: when all 15 row-7 marks are lit, or when OK alone is held for ${SELFTEST_TIMING.sweepHoldMs} ms, all 128 LEDs show red, green and blue at the cap (${SELFTEST_TIMING.sweepColourMs} ms each), then white at the cap for ${SELFTEST_TIMING.sweepWhiteMs} ms. Every frame is held to the frame budget (POWER.md, the rules of limitFrame()), so the white step draws the full budget: the USB current must stay under the USB limit (see POWER.md for the expected reading).`,
  `Chase: one white LED at a time in data-chain order (chain positions 0..127, ${SELFTEST_TIMING.chaseStepMs} ms each, ${(LED_COUNT * SELFTEST_TIMING.chaseStepMs) / 1000} s in all). The chase lights chain position i directly, whatever GEOMETRY.panels[].wiring says, so it shows the panels\' real order: row by row, each left to right = \`progressive\`; rows alternating direction = \`serpentine\`. Set \`wiring\` to match; the button test afterwards confirms it (drawn through the mapping, each button\'s column must light as a straight column, top to bottom). ` +
    'If it runs normally up to some LED and every LED after it stays dark or shows garbage, look at that LED\'s DOUT joint and the next LED\'s DIN (or panel A DOUT → panel B DIN).',
  'After the chase the buttons view returns with the row-7 marks cleared, ready for another round.',
  `Exit: release OK and BACK, then hold both for ${SELFTEST_TIMING.exitHoldMs} ms (the firmware calls load() and starts normally), or unplug.`,
];
