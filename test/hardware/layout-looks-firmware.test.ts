/**
 * LAYOUT.md tells a builder how each Pechvogel region blinks (led-layout.ts `looks`, timed by
 * BLINK); the firmware renderer draws it on its own (firmware/src/table/pechvogel-render.ts). Here
 * the renderer is sampled over time and the layout's look must predict what it shows, LED by LED.
 * The two blinking states checked: a seat with more than 5 frustrations, and a refused seat action.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { E_NATIVES } from '../../host/src/sim/espruino-e-natives';
import { bundleForEspruino } from '../../firmware/build/espruino-bundle.js';
import { buildData, buildDefines } from '../../firmware/build/build-firmware.js';
import { createEspruinoSandbox } from '../../host/src/sim/espruino-sandbox.js';
import { BLINK, GEOMETRY, regionOf, type Look } from '../../hardware/led-layout';
import type { PvState } from '../../shared/games/pechvogel/types';
import type { PvUi } from '../../firmware/src/table/pechvogel-table';
import { playRandomGame } from '../support/play';
import { newPvUi } from '../support/new-pv-ui';

/** A board time at the start of both blink periods (slow 1000 ms, fast 250 ms). */
const T0 = 1_700_000_000_000;
/** Sample times after T0: every 125 ms over 2 s, the half period of the fast blink. */
const TIMES = Array.from({ length: 16 }, (_, k) => k * 125);

/** On or off at `t` ms after the look started, as BLINK times it. */
function lookOn(look: Look, t: number): boolean {
  if (look === 'slow') return t % BLINK.slowPeriodMs < BLINK.slowPeriodMs / 2;
  if (look === 'fast') return t % BLINK.fastPeriodMs < BLINK.fastPeriodMs / 2;
  return look !== 'dim';
}

/** A four-player state in `phase` from a recorded random game, copied so it can be changed. */
function stateIn(phase: string): PvState {
  const s = playRandomGame(1001, 4).states.find((x) => x.phase === phase && x.players.length === 4);
  if (!s) throw new Error('no ' + phase + ' state in the game');
  return JSON.parse(JSON.stringify(s));
}

/** The frame letters the renderer draws for each case (a fresh bundle of the firmware's renderer). */
async function render(cases: { s: PvState; ui: PvUi; now: number }[]): Promise<string[]> {
  const all = cases.map((c) => ({ s: c.s, ui: c.ui, seats: [0, 1, 2, 3], now: c.now, attract: false }));
  const code = 'var CASES=' + JSON.stringify(all) + ';\n' +
    (await bundleForEspruino({ entry: 'test/fixtures/render-probe.ts', define: buildDefines(buildData('pico')) })).code;
  const sandbox = createEspruinoSandbox({ E: E_NATIVES });
  sandbox.run(code);
  return sandbox.output.map((line: string) => line.split(' ')[0]);
}

/** The look a region uses for a state, besides the plain ones ('solid', 'dim'). */
function blinkLookOf(region: string): Look {
  const looks = regionOf('pechvogel', region).looks.filter((l) => l !== 'solid' && l !== 'dim');
  expect(looks, region + ' has one blinking look').toHaveLength(1);
  return looks[0];
}

function cellAt(frame: string, region: string, i: number): string {
  const [x, y] = regionOf('pechvogel', region).cells[i];
  return frame[y * GEOMETRY.width + x];
}

describe('the layout\'s looks are what the firmware draws', () => {
  let overflow: string[] = [];
  let refused: string[] = [];
  beforeAll(async () => {
    const s = stateIn('await_throw');
    s.players[0].frustrations = 6;
    s.players[1].frustrations = 9;
    const w = stateIn('reroll_window');
    const cases = TIMES.map((t) => ({ s: JSON.parse(JSON.stringify(s)), ui: newPvUi('play'), now: T0 + t }));
    for (const t of TIMES) {
      const ui = newPvUi('play');
      ui.err = 'window_closed';
      ui.errSeat = 2;
      ui.errUntil = T0 + 1500;
      cases.push({ s: JSON.parse(JSON.stringify(w)), ui, now: T0 + t });
    }
    const frames = await render(cases);
    overflow = frames.slice(0, TIMES.length);
    refused = frames.slice(TIMES.length);
  }, 60_000);

  it('more than 5 frustrations: the top LED of the bar blinks as seat_frustrations says, whatever the number', () => {
    const look = blinkLookOf('seat_frustrations');
    for (const [seat, n] of [[0, 6], [1, 9]]) {
      const drawn = overflow.map((f) => cellAt(f, 'seat_frustrations', seat * 5 + 4) !== '.');
      expect(drawn, `seat ${seat + 1} with ${n} frustrations, look '${look}'`).toEqual(TIMES.map((t) => lookOn(look, t)));
      // The four LEDs under it stay lit.
      for (const f of overflow) for (let k = 0; k < 4; k++) expect(cellAt(f, 'seat_frustrations', seat * 5 + k)).toBe('R');
    }
  });

  it('a refused seat action: the seat\'s LED in row 1 blinks as seat_vote says, for 1.5 s', () => {
    const look = blinkLookOf('seat_vote');
    const during = TIMES.filter((t) => t < 1500);
    const drawn = during.map((t) => cellAt(refused[TIMES.indexOf(t)], 'seat_vote', 2) === 'O');
    expect(drawn, `look '${look}'`).toEqual(during.map((t) => lookOn(look, t)));
    // After the 1.5 s it is drawn as before the refusal.
    for (const t of TIMES.filter((x) => x >= 1500)) expect(cellAt(refused[TIMES.indexOf(t)], 'seat_vote', 2)).not.toBe('O');
    expect(regionOf('pechvogel', 'seat_vote').reading).toMatch(/1\.5 s/);
  });
});
