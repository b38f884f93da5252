/**
 * `npm run bench`: the performance figures against their budgets, one line each, then the JSON
 * (also written to test/out/bench.json).
 *
 *  1. Engine throughput in Node (random full Pechvogel games).
 *  2. Engine size: the bundled engine core (step + set-up) and the step function alone; budget 8 KB.
 *  3. Firmware bundle size (budget 32 KB) and the Storage left on a Pico.
 *  4. RAM on the real interpreter ($ESPRUINO_BIN), bundle booted from .bootcde: 5-player games for
 *     500 turns; peak and growth (turn 100 → 500); budget ≤ 1,500 variables and no growth.
 *  5. Instructions per event on the optimised interpreter under callgrind (difference of N and 2N
 *     identical events, docs ESPRUINO.md §7); budget 2.5 M per button event. Node CPU time per event
 *     on the simulated board as a proxy (always reported; the only figure without an interpreter).
 *  6. Mirror latency (test/bench/mirror-latency.ts, when present).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildEngineBundle, buildFirmware } from '../../firmware/build/build-firmware';
import { ROOT } from '../../firmware/build/paths';
import { bundleForEspruino } from '../../firmware/build/espruino-bundle';
import { checkFirmwareFits } from '../../hardware/pinmap';
import { JOURNAL_STORAGE_BYTES } from '../../firmware/src/journal';
import { SimBoard } from '../../host/src/sim/sim-board';
import { installFiles } from '../../host/src/sim/install-files';
import { step } from '../../shared/engine/step';
import type { Action } from '../../shared/engine/types';
import { onlyMarkerAction } from '../../shared/games/pechvogel/rules';
import type { PvState } from '../../shared/games/pechvogel/types';
import type { BoardMsg, HostCmd } from '../../shared/protocol/messages';
import { EspruinoProcess, STAFF_LOAD, writeStorage } from '../support/espruino-process';
import { nextMove, PvMirror, SimTarget } from '../support/game-driver';
import { playRandomGame } from '../support/play';
import { mulberry32 } from '../support/random';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(ROOT, 'test', 'out', 'bench.json');
const ESPRUINO_BIN = process.env.ESPRUINO_BIN;
/** The optimised (-Os RELEASE=1) interpreter for instruction counts: $ESPRUINO_OS_BIN, else next to $ESPRUINO_BIN. */
const ESPRUINO_OS_BIN =
  process.env.ESPRUINO_OS_BIN ||
  [ESPRUINO_BIN && path.join(path.dirname(ESPRUINO_BIN), 'espruino-Os')].find((f): f is string => !!f && existsSync(f));

const KB = 1024;
const ENGINE_BUDGET = 8 * KB;
const BUNDLE_BUDGET = 32 * KB;
const VARS_BUDGET = 1500;
const INSTR_BUDGET = 2_500_000;
/** ESPRUINO.md §7: Pico cycles ≈ 1.44 × x86 instructions of espruino-Os, at 84 MHz (±50 %). */
const PICO_CYCLES_PER_INSTR = 1.44;
const PICO_HZ = 84e6;

type Status = 'PASS' | 'OVER' | 'INFO' | 'SKIP';
interface Figure {
  id: string;
  label: string;
  value: number | null;
  unit: string;
  budget?: string;
  status: Status;
  note?: string;
}

const figures: Figure[] = [];
const extra: Record<string, unknown> = {};

const fmt = (v: number) => (Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : String(Math.round(v * 100) / 100));

function figure(f: Figure): void {
  figures.push(f);
  const value = f.value === null ? '—' : `${fmt(f.value)} ${f.unit}`;
  const budget = f.budget ? `budget ${f.budget}` : 'no budget';
  console.log(`${f.status.padEnd(4)}  ${f.label.padEnd(58)} ${value.padStart(18)}   ${budget}${f.note ? `   (${f.note})` : ''}`);
}

function within(v: number, max: number): Status {
  return v <= max ? 'PASS' : 'OVER';
}

// ───────────────────────── 1. engine throughput ─────────────────────────

function benchThroughput(): void {
  // Recorded random games (2–5 players, entered dice), then only step() is timed on replay.
  const games: { start: PvState; actions: Action[] }[] = [];
  for (let i = 0; i < 40; i++) {
    const g = playRandomGame(1000 + i, 2 + (i % 4));
    games.push({ start: g.states[0], actions: g.actions });
  }
  let steps = 0;
  let played = 0;
  const t0 = process.hrtime.bigint();
  let dt = 0;
  while (dt < 2) {
    for (const g of games) {
      let s = g.start;
      for (const a of g.actions) {
        const r = step(s, a);
        if (!r.ok) throw new Error('replay refused ' + JSON.stringify(a));
        s = r.state;
      }
      steps += g.actions.length;
      played++;
    }
    dt = Number(process.hrtime.bigint() - t0) / 1e9;
  }
  figure({ id: 'engine_steps_per_s', label: '1. engine step() in Node, random games replayed', value: steps / dt, unit: 'steps/s', status: 'INFO' });
  figure({ id: 'engine_games_per_s', label: '1. engine: whole random games per second (step only)', value: played / dt, unit: 'games/s', status: 'INFO', note: `${fmt(steps / played)} actions/game` });
  // The same, generating the games: legalActions + random choice + step + log line with state hash.
  let gen = 0;
  let genSteps = 0;
  const t1 = process.hrtime.bigint();
  let dt1 = 0;
  while (dt1 < 2) {
    const g = playRandomGame(5000 + gen, 2 + (gen % 4));
    genSteps += g.actions.length;
    gen++;
    dt1 = Number(process.hrtime.bigint() - t1) / 1e9;
  }
  figure({ id: 'random_games_per_s', label: '1. random games played (legalActions + step + log/hash)', value: gen / dt1, unit: 'games/s', status: 'INFO', note: `${fmt(genSteps / dt1)} steps/s` });
}

// ───────────────────────── 2./3. sizes ─────────────────────────

async function benchSizes(): Promise<{ code: string; files: Record<string, string>; manifest: { pins: Record<string, string> } }> {
  const core = await buildEngineBundle('engine-core-entry');
  figure({ id: 'engine_core_bytes', label: '2. engine core minified (step + set-up)', value: core.length, unit: 'B', budget: '≤ 8,192 B', status: within(core.length, ENGINE_BUDGET) });
  const stepOnly = await bundleForEspruino({ entry: path.join(HERE, 'step-only-entry.ts') });
  figure({ id: 'engine_step_bytes', label: '2. engine step function alone, minified', value: stepOnly.bytes, unit: 'B', budget: '≤ 8,192 B', status: within(stepOnly.bytes, ENGINE_BUDGET) });

  // A fresh build into a scratch folder (firmware/dist stays as it is).
  const dir = mkdtempSync(path.join(tmpdir(), 'dicetray-bench-fw-'));
  try {
    const file = path.join(dir, 'dicetray.js');
    const fw = await buildFirmware({ out: file });
    const code = readFileSync(file, 'latin1');
    const manifest = JSON.parse(readFileSync(path.join(dir, 'dicetray.json'), 'utf8'));
    const files: Record<string, string> = {};
    for (const [name, f] of Object.entries((manifest.files || {}) as Record<string, string>)) files[name] = readFileSync(path.join(dir, f), 'latin1');
    const extraBytes = Object.values(files).reduce((n, c) => n + c.length, 0);
    figure({ id: 'firmware_bundle_bytes', label: '3. firmware bundle (.bootcde), minified', value: fw.bytes, unit: 'B', budget: '≤ 32,768 B', status: within(fw.bytes, BUNDLE_BUDGET), note: `hash ${fw.hash}` });
    if (extraBytes) figure({ id: 'firmware_extra_files_bytes', label: '3. other Storage files of the firmware (' + Object.keys(files).join(', ') + ')', value: extraBytes, unit: 'B', status: 'INFO' });
    // What build-firmware checks: bundle + extra files + 8 KB journal + file headers and padding within the Pico's Storage.
    const fit = checkFirmwareFits('pico', { bundleBytes: fw.bytes + extraBytes, files: [fw.bytes].concat(Object.values(files).map((c) => c.length)), journalBytes: JOURNAL_STORAGE_BYTES, variables: VARS_BUDGET });
    figure({ id: 'pico_storage_free_bytes', label: `3. Storage left on a Pico (48 KB; after ${JOURNAL_STORAGE_BYTES} B for the journal)`, value: fit.storageFreeBytes, unit: 'B', budget: '≥ 0 B', status: fit.storageFreeBytes >= 0 ? 'PASS' : 'OVER' });
    return { code, files, manifest };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ───────────────────────── 4. RAM on the real interpreter ─────────────────────────

/** The table's R-PV-22 auto-move, so a batch of commands can be planned ahead of the board. */
function afterBoard(s: PvState): PvState {
  if (s.phase !== 'await_marker_choice') return s;
  const a = onlyMarkerAction(s);
  if (!a) return s;
  const r = step(s, a);
  return r.ok ? r.state : s;
}

async function benchRam(bin: string, code: string, files: Record<string, string>, turnsWanted = 500): Promise<void> {
  const t0 = Date.now();
  // Interactive interpreter in a directory whose Storage holds .bootcde: it boots the bundle from
  // "flash" like a board at power-up (function bodies stay in Storage, ESPRUINO.md §2.4).
  const p = await EspruinoProcess.start({ bin, storage: { ...files, '.bootcde': code } }, undefined, 60_000);
  try {
    const mem = async () => {
      // usage without a GC first (what is allocated right now), then after one (what is live).
      const m = await p.probe('print("MEM",process.memory(false).usage,process.memory().usage,process.memory(false).total)', /MEM (\d+) (\d+) (\d+)/);
      return { raw: Number(m[1]), live: Number(m[2]), total: Number(m[3]) };
    };
    const boot = await mem();
    await p.request({ c: 'cfg', k: 'window_ms', v: 3_600_000 });
    await p.request({ c: 'cfg', k: 'attract_ms', v: 0 });
    await p.request({ c: 'cfg', k: 'marker_ms', v: 0 });
    const rand = mulberry32(500);
    const samples: { turn: number; raw: number; live: number; total: number }[] = [];
    /** Live usage right after each `new`: the same logical point in every game, for the growth figure. */
    const starts: { turn: number; game: number; live: number }[] = [];
    let turns = 0;
    let games = 0;
    let commands = 0;
    let refused = 0;
    let nextSample = 0;
    const players = ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve'];
    while (turns < turnsWanted) {
      const mirror = new PvMirror();
      games++;
      const r = await p.request({ c: 'new', p: players, seed: games });
      commands++;
      if (!r.msgs.some((m) => m.t === 'new')) throw new Error('new game refused: ' + JSON.stringify(r.msgs));
      mirror.newGame(players, games);
      starts.push({ turn: turns, game: games, live: (await mem()).live });
      // Staff open the menu in every game (a staff press loads the maintenance module).
      await p.probe(STAFF_LOAD, /LOADED function/);
      while (mirror.state!.phase !== 'game_over' && turns < turnsWanted) {
        // Plan up to 16 moves ahead (the mirror predicts the board, R-PV-22 auto-moves included),
        // send them at once, then follow what the board really did; a wrong prediction would only
        // cost a refused command. One move in six goes by the table's buttons (or virtual roll),
        // the rest as engine actions: the run is bound by the Linux build reading code from its
        // flash file (~30 ms a command), and 500 turns are ~3,300 actions.
        // The automatic marker step is an event of its own after the command that ended the turn:
        // the batch ends there, and its act line comes after the last reply.
        const cmds: HostCmd[] = [];
        let s = mirror.state!;
        let autoN = 0;
        for (let k = 0; k < 16 && s.phase !== 'game_over'; k++) {
          const mv = nextMove(s, rand, rand(6) === 0);
          cmds.push(...mv.cmds);
          const res = step(s, mv.action);
          if (!res.ok) break;
          s = afterBoard(res.state);
          if (s !== res.state) {
            autoN = s.n;
            break;
          }
        }
        const k0 = p.replies.length;
        const m0 = p.msgs.length;
        for (const c of cmds) p.send(c);
        commands += cmds.length;
        await p.nextReply(k0 + cmds.length - 1, m0, 60_000);
        let end = p.replies[k0 + cmds.length - 1].at;
        if (autoN) {
          const at = end;
          const found = () => p.msgs.findIndex((m, i) => i >= at && m.t === 'act' && m.n === autoN);
          await p.until(() => found() >= 0, 60_000, 'the automatic marker step');
          end = found() + 1;
        }
        const msgs: BoardMsg[] = p.msgs.slice(m0, end);
        for (const m of msgs) {
          if (m.t === 'rej' || (m.t === 'ui' && m.err)) refused++;
          if (m.t === 'act' && m.fx && m.fx.indexOf('turn_end') >= 0) turns++;
        }
        mirror.follow(msgs);
        if (turns >= nextSample) {
          const m = await mem();
          samples.push({ turn: turns, ...m });
          nextSample = Math.floor(turns / 10) * 10 + 10;
        }
      }
    }
    const end = await mem();
    samples.push({ turn: turns, ...end });
    const at = (t: number) => samples.find((x) => x.turn >= t) || samples[samples.length - 1];
    const peakLive = Math.max(...samples.map((x) => x.live), ...starts.map((x) => x.live));
    const peakRaw = Math.max(...samples.map((x) => x.raw));
    const maxTotal = Math.max(...samples.map((x) => x.total));
    // Growth at the same logical point: the first game start after turn 100 against the last one.
    const from = starts.find((x) => x.turn >= 100) || starts[0];
    const to = starts[starts.length - 1];
    const growth = to.live - from.live;
    const pointDiff = at(turnsWanted).live - at(100).live;
    const flags = (await p.probe('print("FLAGS",JSON.stringify(E.getErrorFlags()))', /FLAGS (.*)/))[1];
    extra.ram = { bin, boot, samples, starts, games, commands, refused, turns, peakRaw, maxTotal, pointDiff100to500: pointDiff, errorFlags: flags, seconds: (Date.now() - t0) / 1000, jsvarBytesLinux: 27 };
    figure({ id: 'ram_boot_vars', label: '4. RAM after boot from .bootcde (after GC)', value: boot.live, unit: 'vars', status: 'INFO', note: `Pico ≈ ${fmt((boot.live * 13) / KB)} KB at 13 B/var` });
    figure({ id: 'ram_peak_vars', label: `4. RAM peak, ${turns} turns in ${games} 5-player games (after GC)`, value: peakLive, unit: 'vars', budget: '≤ 1,500 vars', status: within(peakLive, VARS_BUDGET), note: `before GC ${peakRaw} of ${maxTotal}; sampled between commands; Pico ≈ ${fmt((peakLive * 13) / KB)} KB` });
    figure({ id: 'ram_growth_vars', label: `4. RAM growth, game start at turn ${from.turn} → turn ${to.turn}`, value: growth, unit: 'vars', budget: '≤ 0 vars', status: growth <= 0 ? 'PASS' : 'OVER', note: `turn ${at(100).turn} → ${at(turnsWanted).turn} mid-game ${pointDiff >= 0 ? '+' : ''}${pointDiff}; E.getErrorFlags() ${flags}; ${commands} commands, ${refused} refused` });
  } finally {
    await p.stop();
  }
}

// ───────────────────────── 5. instructions per event ─────────────────────────

const FACES = [3, 4, 5, 6, 7, 3, 4];
const btn = (b: string, k = 'press'): HostCmd => ({ c: 'btn', b, k: k as 'press' });
const SETUP: HostCmd[] = [
  { c: 'cfg', k: 'window_ms', v: 3_600_000 },
  { c: 'cfg', k: 'attract_ms', v: 0 },
  // The automatic marker step (R-PV-22) right after the event that ended the turn, where the
  // harness runs it as the unit (the same work as after the table's 3 s for a correction).
  { c: 'cfg', k: 'marker_ms', v: 0 },
  { c: 'new', p: ['Ann', 'Ben', 'Cleo'] },
  { c: 'act', a: { do: 'throw', faces: FACES } },
];

/** Two throws of a turn entered by buttons; the next OK ends the turn with a single marker option. */
const TURN_END: HostCmd[] = [...SETUP.slice(0, 4), ...['K1', 'K2', 'K3', 'K4', 'K5', 'K1', 'K2', 'OK', 'K1', 'K1', 'K1', 'K6', 'K2', 'K3'].map((b) => btn(b))];

interface Scenario {
  id: string;
  what: string;
  setup: HostCmd[];
  /** One unit, repeated N and 2N times; it leaves the board as it found it (bar n and the journal). */
  unit: HostCmd[];
  /** Events per unit (button presses or host commands). */
  events: number;
  n: number;
  /** Output lines a unit must print at least once (checked). */
  expect: RegExp;
  /**
   * Instead of `unit` commands: one run of the app's blink tick per unit (timers do not run in the
   * harness). 'flip' redraws as at a blink phase flip (the frame changes: render, frame text, leds
   * line); 'idle' is a tick with nothing to redraw (watchdog, time check, next tick).
   */
  tick?: 'flip' | 'idle';
  /** One event that cannot repeat (a turn end): counted as the set-up plus it minus the set-up alone. */
  once?: boolean;
  /**
   * The unit is what the last set-up command left to run right after its event (0 ms timers, as
   * the automatic marker step): they are held back during the set-up and run as the unit.
   */
  deferred?: boolean;
  /**
   * Run as a board with an LED chain (asChainBoard): every changed frame also goes through
   * Frame.update (chain order, palette, current budget) as for neopixel.write.
   */
  chain?: boolean;
}

/**
 * Each unit returns the table to where it started, so N and 2N units are N identical extra units:
 *  - cycle: BACK (correct the last throw), 7 pad keys, OK = one engine step ('correct') by buttons;
 *  - undo:  the same entry dropped instead: BACK, 7 pad keys, BACK held (clear), BACK (stop correcting);
 *  - backs: BACK, BACK held, BACK (the three empty-entry presses alone);
 *  - entry: in correcting mode, a pad key and BACK (push and pop the entry): presses without a step;
 *  - act:   the host's `correct` action: engine step, journal line, frame, act line;
 *  - leds:  `{c:'leds'}`: render, frame text and the leds line only;
 *  - hello: `{c:'hello'}`: the protocol floor (packet handler, hello line, unchanged refresh).
 *  - tick:  the blink tick at a phase flip (redraw, changed frame, leds line), in correcting mode;
 *  - idle:  a tick with nothing to redraw.
 */
const SCENARIOS: Scenario[] = [
  { id: 'cycle', what: 'button cycle BACK + 7 keys + OK (1 engine step)', setup: SETUP, unit: [btn('BK'), ...FACES.map((f) => btn('K' + (f - 2))), btn('OK')], events: 9, n: 2, expect: /"do":"correct"/ },
  { id: 'undo', what: 'BACK + 7 keys + BACK held + BACK (no step)', setup: SETUP, unit: [btn('BK'), ...FACES.map((f) => btn('K' + (f - 2))), btn('BK', 'long'), btn('BK')], events: 10, n: 2, expect: /"t":"btn","b":"BK","k":"long"/ },
  { id: 'backs', what: 'BACK + BACK held + BACK (no step)', setup: SETUP, unit: [btn('BK'), btn('BK', 'long'), btn('BK')], events: 3, n: 4, expect: /"t":"btn","b":"BK","k":"long"/ },
  { id: 'entry', what: 'entry key + BACK in correcting mode (no step)', setup: [...SETUP, btn('BK')], unit: [btn('K1'), btn('BK')], events: 2, n: 5, expect: /"t":"btn","b":"K1"/ },
  { id: 'commit', what: 'OK press committing an entered throw (`correct`)', setup: [...SETUP, btn('BK'), ...FACES.map((f) => btn('K' + (f - 2)))], unit: [btn('OK')], events: 1, n: 1, expect: /"do":"correct"/, once: true },
  { id: 'act', what: 'host action `correct` (engine step)', setup: SETUP, unit: [{ c: 'act', a: { do: 'correct', faces: FACES } }], events: 1, n: 8, expect: /"do":"correct"/ },
  { id: 'leds', what: 'host `leds` (render + frame line)', setup: SETUP, unit: [{ c: 'leds' }], events: 1, n: 8, expect: /"t":"leds"/ },
  { id: 'hello', what: 'host `hello` (protocol floor)', setup: SETUP, unit: [{ c: 'hello' }], events: 1, n: 8, expect: /"t":"hello"/ },
  // The heaviest events of a turn: the OK that ends it (throw → no window → marker phase), then the
  // table's automatic marker step (R-PV-22), an event of its own right after: the only marker is
  // taken → turn end, next player. Each: one engine step, one journal line, one act line, a frame.
  { id: 'turnEnd', what: 'OK press that ends a turn (throw → marker phase)', setup: TURN_END, unit: [btn('OK')], events: 1, n: 1, expect: /"a":\{"do":"throw"/, once: true },
  { id: 'autoMarker', what: 'automatic marker event after it (take_marker → turn end)', setup: [...TURN_END, btn('OK')], unit: [], events: 1, n: 1, expect: /"do":"take_marker"/, once: true, deferred: true },
  // With the default marker_ms the board first decides the only marker action and starts the wait
  // (countdown bar, ui line) in an event right after the press; the take comes marker_ms later
  // (the event above without the deciding).
  { id: 'markerWait', what: 'the wait for it starting right after the press (default marker_ms)', setup: [...TURN_END, { c: 'cfg', k: 'marker_ms', v: 3000 }, btn('OK')], unit: [], events: 1, n: 1, expect: /"dl":[1-9]/, once: true, deferred: true },
  { id: 'tick', what: 'blink tick at a phase flip (redraw + leds line)', setup: [...SETUP, btn('BK')], unit: [], events: 1, n: 8, expect: /"t":"leds"/, tick: 'flip' },
  { id: 'idle', what: 'blink tick with nothing to redraw', setup: [...SETUP, btn('BK')], unit: [], events: 1, n: 8, expect: /"t":"btn","b":"BK"/, tick: 'idle' },
];

/** Scenario `id` on a board with an LED chain (what a Pico does), as `id + suffix`, after set-up commands `first`. */
function withLeds(id: string, suffix = 'Chain', first: HostCmd[] = []): Scenario {
  const sc = SCENARIOS.find((x) => x.id === id)!;
  return { ...sc, id: id + suffix, what: sc.what + ', board with LEDs', setup: [...first, ...sc.setup], chain: true };
}
// The heaviest events and the press average there, and the turn end with a mirror asking for frames.
SCENARIOS.push(withLeds('cycle'), withLeds('commit'), withLeds('turnEnd'), withLeds('autoMarker'), withLeds('markerWait'), withLeds('turnEnd', 'ChainLink', [{ c: 'leds', on: true }]));

/**
 * The bundle plus a driver that calls the firmware's E.on('packet') handler directly with the
 * parsed command, as Espruino does for an EVENT packet (JSON.parse stands in for the C parser).
 * File mode: the code is read from RAM strings. A Pico runs .bootcde from memory-mapped flash
 * (native strings, read directly); the Linux build has no memory-mapped flash, so .bootcde code
 * there is a flash string read through its flash file, which costs about 30 % more instructions
 * (measured: entry key 2.40 M vs 1.84 M, host action 6.0 M vs 4.7 M) and says nothing about a Pico.
 * Direct calls keep the blink timer from running in between (under valgrind real time crawls and
 * the 250 ms tick would add a varying number of frames); at the end every timer is cleared and the
 * interpreter exits.
 */
function harness(code: string, sc: Scenario, units: number): string {
  const text = (cs: HostCmd[]) => JSON.stringify(cs.map((c) => JSON.stringify(c)));
  // Ticks: the app object is caught at its first App#refresh during the set-up, and the method put back (the boot
  // bundle is flat, so its App class is a global with tick/refresh/command on its prototype). A
  // flip is forced by making the tick due and the frame new to the LEDs and the link, which is what
  // a blink phase flip does (the board clock cannot be moved on the Linux build: setTime is a no-op).
  const tick = sc.tick
    ? `var A,k,app;for(k in global){A=global[k];if(typeof A==="function"&&A.prototype&&A.prototype.tick&&A.prototype.refresh&&A.prototype.command)break;A=null;}
if(!A)throw new Error("bench: no App class among the globals");
var rf=A.prototype.refresh;A.prototype.refresh=function(){app=this;A.prototype.refresh=rf;return rf.call(this);};`
    : '';
  // A flip also moves the frozen clock half a second (the slow blink's other phase; ~20 k of its count).
  const unit = sc.tick === 'flip' ? 'T=10000.6-T;delete global.getTime;global.getTime=Number.bind(null,T);app.wake=0;app.frame.shown="";app.lastFrame="";app.tick();' : sc.tick === 'idle' ? 'app.wake=Infinity;app.tick();' : sc.deferred ? 'var q=Q;Q=[];for(j=0;j<q.length;j++)q[j]();' : 'for(j=0;j<U.length;j++)send(U[j]);';
  // Deferred: 0 ms timeouts are queued instead of scheduled (a positive id, as Espruino's).
  const hold = sc.deferred ? 'var Q=[],ST=setTimeout;global.setTimeout=function(f,ms){if(!ms){Q.push(f);return 1e6;}return ST(f,ms);};' : '';
  // A frozen board clock: under valgrind real time crawls, and an event that lands on a blink phase
  // flip also redraws for it (~0.1 M, the tick's work). getTime is a bound native returning 5000.3 s:
  // set before the bundle boots, then set again so it sits at the end of the global scope, where
  // the lookup walks past every global as it does for the built-in (≈ 1.4 k less per call than the
  // real getTime, which also reads the system clock; a few calls an event).
  return `global.getTime=Number.bind(null,5000.3);${code}
;(function(){var h=E["#onpacket"],T=5000.3;if(typeof h!=="function")h=h[0];
function send(t){h(JSON.parse(t));}
delete global.getTime;global.getTime=Number.bind(null,T);
${tick}${hold}
var S=${text(sc.setup)},U=${text(sc.unit)},i,j;
for(i=0;i<S.length;i++){${sc.deferred ? 'Q=[];' : ''}send(S[i]);}
for(i=0;i<${units};i++){${unit}}
clearTimeout();clearInterval();})();
`;
}

/**
 * The bundle as a board with an LED chain runs it, on the Linux interpreter: board name PICO_R1_3,
 * so Frame.update puts every changed frame in chain order, through the palette and the current
 * budget (the GRB bytes neopixel.write sends), and no button pins (the Linux build has none: a pin
 * such as B15 throws). neopixel is a native module the Linux build lacks: its write, one native
 * call, is the only part of the event not counted.
 */
function asChainBoard(code: string): string {
  const out = code
    .replace('String(process.env.BOARD)', '"PICO_R1_3"')
    .replace(/"inputs":\{[^}]*\}/, '"inputs":{}')
    .replace(/"watched":\[[^\]]*\]/, '"watched":[]')
    .replace(/"polled":\[[^\]]*\]/, '"polled":[]');
  if (out.indexOf('"PICO_R1_3"') < 0 || out.indexOf('"inputs":{}') < 0 || out.indexOf('"watched":[]') < 0 || out.indexOf('"polled":[]') < 0) {
    throw new Error('bench: cannot make the bundle a board with LEDs (its board name or pin map text changed)');
  }
  return out;
}

function run(cmd: string, args: string[], cwd: string, timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // stdin: a pipe that stays open and silent. With /dev/null, the Linux build's input thread
    // reads EOF over and over and feeds junk to the console for as long as the run lasts, which
    // made callgrind counts depend on wall time (up to 0.3 M between identical runs).
    const child = spawn(cmd, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('latin1')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('latin1')));
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(t);
      child.stdin.destroy();
      resolve({ code, stdout, stderr });
    });
  });
}

async function callgrind(bin: string, code: string, files: Record<string, string>, sc: Scenario, units: number): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dicetray-cg-'));
  try {
    // Same Storage as a flashed board (extra files), fresh for every run.
    if (Object.keys(files).length) writeStorage(bin, dir, files);
    writeFileSync(path.join(dir, 'h.js'), harness(sc.chain ? asChainBoard(code) : code, sc, units));
    // Counted only inside the script's evaluation (the bundle's boot and the harness, where every
    // event runs): not the interpreter's start-up and exit, nor its stdin thread, whose share
    // varied from run to run. The count is the profile's summary (main thread, collected part).
    const out = path.join(dir, 'cg.out');
    const r = await run('valgrind', ['--tool=callgrind', '--toggle-collect=jspEvaluate', '--callgrind-out-file=' + out, bin, 'h.js'], dir, 240_000);
    const m = existsSync(out) ? /^summary: (\d+)/m.exec(readFileSync(out, 'latin1')) : null;
    if (!m) throw new Error(`callgrind gave no count (exit ${r.code}): ${r.stderr.slice(-400)}`);
    const count = (re: RegExp) => (r.stdout.match(new RegExp(re.source, 'g')) || []).length;
    if (count(sc.expect) < (sc.tick === 'idle' ? 1 : units)) throw new Error(`${sc.id}: expected ${units} × ${sc.expect} in the output, got ${count(sc.expect)}: ${r.stdout.slice(-400)}`);
    if (/"t":"rej"|Uncaught/.test(r.stdout)) throw new Error(`${sc.id}: refused or failed: ${r.stdout.slice(-600)}`);
    return Number(m[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function inParallel<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await jobs[i]();
      }
    }),
  );
  return out;
}

async function benchInstructions(bin: string, code: string, files: Record<string, string>): Promise<void> {
  const t0 = Date.now();
  // With the clock frozen (harness) a count repeats exactly; the smallest of RUNS runs guards
  // against anything else the machine does.
  const RUNS = 2;
  const jobs: (() => Promise<number>)[] = [];
  for (const sc of SCENARIOS) for (const units of sc.once ? [0, 1] : [sc.n, 2 * sc.n]) for (let k = 0; k < RUNS; k++) jobs.push(() => callgrind(bin, code, files, sc, units));
  const runs = await inParallel(jobs, Math.max(2, Math.min(8, cpus().length - 1)));
  const least = (j: number) => Math.min(...runs.slice(j * RUNS, j * RUNS + RUNS));
  const per: Record<string, { perUnit: number; perEvent: number; irN: number; ir2N: number; n: number }> = {};
  SCENARIOS.forEach((sc, i) => {
    const irN = least(2 * i);
    const ir2N = least(2 * i + 1);
    const perUnit = sc.once ? ir2N - irN : (ir2N - irN) / sc.n;
    per[sc.id] = { perUnit, perEvent: perUnit / sc.events, irN, ir2N, n: sc.n };
  });
  const pico = (ir: number) => `Pico ≈ ${fmt((ir * PICO_CYCLES_PER_INSTR * 1000) / PICO_HZ)} ms`;
  // The OK press that commits the step, measured alone (`commit`), and as before estimated from the
  // repeatable cycles: cycle − undo = OK − (BACK held + BACK), those two taken as 2/3 of `backs`.
  const commit = per.commit.perEvent;
  const estimate = per.cycle.perUnit - per.undo.perUnit + (2 / 3) * per.backs.perUnit;
  extra.instructions = { bin, per, commitPressEstimate: estimate, seconds: (Date.now() - t0) / 1000 };
  const budget = '≤ 2,500,000';
  figure({ id: 'instr_button_press_avg', label: '5. instr per button press, avg of BACK+7 keys+OK cycle', value: per.cycle.perEvent, unit: 'instr', budget, status: within(per.cycle.perEvent, INSTR_BUDGET), note: pico(per.cycle.perEvent) });
  figure({ id: 'instr_commit_press', label: '5. instr: OK press → engine step → frame → lines (Linux build)', value: commit, unit: 'instr', budget, status: within(commit, INSTR_BUDGET), note: `once, set-up subtracted; ${pico(commit)}; from the cycles ≈ ${fmt(estimate)}` });
  figure({ id: 'instr_entry_press', label: '5. instr per entry key press (no engine step)', value: per.entry.perEvent, unit: 'instr', budget, status: within(per.entry.perEvent, INSTR_BUDGET), note: pico(per.entry.perEvent) });
  figure({ id: 'instr_host_action', label: '5. instr per host action event (act → step → frame → line)', value: per.act.perEvent, unit: 'instr', budget, status: within(per.act.perEvent, INSTR_BUDGET), note: pico(per.act.perEvent) });
  figure({ id: 'instr_turn_end_press', label: '5. instr: OK press that ends a turn (throw → marker phase; Linux build)', value: per.turnEnd.perEvent, unit: 'instr', budget, status: within(per.turnEnd.perEvent, INSTR_BUDGET), note: `once, set-up subtracted; ${pico(per.turnEnd.perEvent)}` });
  figure({ id: 'instr_marker_wait', label: '5. instr: the wait for it starting (default marker_ms; Linux build)', value: per.markerWait.perEvent, unit: 'instr', budget, status: within(per.markerWait.perEvent, INSTR_BUDGET), note: `once, right after the press: decides the only marker action, countdown bar, ui line; ${pico(per.markerWait.perEvent)}` });
  figure({ id: 'instr_auto_marker', label: '5. instr: automatic marker event after it (turn end; Linux build)', value: per.autoMarker.perEvent, unit: 'instr', budget, status: within(per.autoMarker.perEvent, INSTR_BUDGET), note: `once, R-PV-22, right after the press; ${pico(per.autoMarker.perEvent)}` });
  // A board with LEDs does more per event than the Linux build: Frame.update (chain order, palette,
  // current budget) for every changed frame, and the frame line too when a mirror asks for it.
  const chainNote = (id: string, linux: string) => `once; ${pico(per[id].perEvent)}; Linux path ${fmt(per[linux].perEvent)}; neopixel.write (native) not counted`;
  figure({ id: 'instr_button_press_avg_leds', label: '5. instr per button press, avg of the cycle, board with LEDs', value: per.cycleChain.perEvent, unit: 'instr', budget, status: within(per.cycleChain.perEvent, INSTR_BUDGET), note: `${pico(per.cycleChain.perEvent)}; Linux path ${fmt(per.cycle.perEvent)}` });
  figure({ id: 'instr_commit_press_leds', label: '5. instr: commit OK press, board with LEDs', value: per.commitChain.perEvent, unit: 'instr', budget, status: within(per.commitChain.perEvent, INSTR_BUDGET), note: chainNote('commitChain', 'commit') });
  figure({ id: 'instr_turn_end_press_leds', label: '5. instr: turn-ending OK press, board with LEDs', value: per.turnEndChain.perEvent, unit: 'instr', budget, status: within(per.turnEndChain.perEvent, INSTR_BUDGET), note: chainNote('turnEndChain', 'turnEnd') });
  figure({ id: 'instr_marker_wait_leds', label: '5. instr: the wait for it starting (default marker_ms), board with LEDs', value: per.markerWaitChain.perEvent, unit: 'instr', budget, status: within(per.markerWaitChain.perEvent, INSTR_BUDGET), note: chainNote('markerWaitChain', 'markerWait') });
  figure({ id: 'instr_auto_marker_leds', label: '5. instr: automatic marker event, board with LEDs', value: per.autoMarkerChain.perEvent, unit: 'instr', budget, status: within(per.autoMarkerChain.perEvent, INSTR_BUDGET), note: chainNote('autoMarkerChain', 'autoMarker') });
  figure({ id: 'instr_turn_end_press_leds_mirror', label: '5. instr: turn-ending OK press, board with LEDs and a mirror', value: per.turnEndChainLink.perEvent, unit: 'instr', budget, status: within(per.turnEndChainLink.perEvent, INSTR_BUDGET), note: chainNote('turnEndChainLink', 'turnEnd') });
  figure({ id: 'instr_leds', label: '5. instr per render + frame line (`leds`)', value: per.leds.perEvent, unit: 'instr', status: 'INFO', note: pico(per.leds.perEvent) });
  figure({ id: 'instr_hello', label: '5. instr per `hello` (protocol floor)', value: per.hello.perEvent, unit: 'instr', status: 'INFO', note: pico(per.hello.perEvent) });
  figure({ id: 'instr_tick_flip', label: '5. instr per blink tick that redraws (phase flip)', value: per.tick.perEvent, unit: 'instr', status: 'INFO', note: pico(per.tick.perEvent) });
  figure({ id: 'instr_tick_idle', label: '5. instr per tick with nothing to redraw', value: per.idle.perEvent, unit: 'instr', status: 'INFO', note: pico(per.idle.perEvent) });
  // The app redraws only when the picture changes: at most 2 flips a second while something blinks
  // slowly (8 while an error blinks fast, for 1.5 s), else one idle tick a second for the watchdog.
  const cpu = (ir: number, perSecond: number) => (ir * perSecond * PICO_CYCLES_PER_INSTR * 100) / PICO_HZ;
  figure({ id: 'pico_tick_cpu_pct', label: '5. Pico CPU for blinking alone (2 redraws/s, slow blink)', value: cpu(per.tick.perEvent, 2), unit: '%', status: 'INFO', note: `nothing blinking: ${fmt(cpu(per.idle.perEvent, 1))} %; error blinking fast: ${fmt(cpu(per.tick.perEvent, 8))} %; estimate ±50 %` });
}

/** Node CPU time per event on the simulated board (LINUX, fake clock): a proxy, not a budget figure. */
function benchSimProxy(code: string, files: Record<string, string>, pins: Record<string, string>): void {
  const sc = SCENARIOS[0];
  const board = new SimBoard({ bundle: code, pins, clock: 'fake', boardName: 'LINUX', storageFile: null });
  installFiles(board.storage, files);
  const t = new SimTarget(board);
  board.boot();
  for (const c of sc.setup) t.requestSync(c);
  const units = 400;
  for (let i = 0; i < 20; i++) for (const c of sc.unit) t.requestSync(c); // warm-up
  const c0 = process.cpuUsage();
  for (let i = 0; i < units; i++) for (const c of sc.unit) t.requestSync(c);
  const c1 = process.cpuUsage(c0);
  const us = (c1.user + c1.system) / (units * sc.events);
  figure({ id: 'sim_cpu_us_per_press', label: '5. proxy: Node CPU per button press, simulated board', value: us, unit: 'µs', status: 'INFO', note: 'same cycle; Node JIT, not Espruino' });
}

// ───────────────────────── main ─────────────────────────

/** `npm run bench -- --only ram,instr`: only those parts (engine, sizes, ram, instr, sim, flash, journal, odds, latency); sizes always run. */
const ONLY = (() => {
  const i = process.argv.indexOf('--only');
  const v = i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  return v ? v.split(',') : null;
})();
const part = (name: string) => !ONLY || ONLY.includes(name);

async function main(): Promise<void> {
  const started = Date.now();
  console.log('dicetray bench — status, figure, value, budget\n');
  if (part('engine')) benchThroughput();
  const fw = await benchSizes();

  if (!part('ram')) console.log('SKIP  4. RAM (--only)');
  else if (ESPRUINO_BIN) await benchRam(ESPRUINO_BIN, fw.code, fw.files);
  else figure({ id: 'ram_peak_vars', label: '4. RAM on the Espruino interpreter', value: null, unit: 'vars', budget: '≤ 1,500 vars', status: 'SKIP', note: 'set ESPRUINO_BIN to measure' });

  const haveValgrind = (await run('valgrind', ['--version'], ROOT, 10_000).catch(() => ({ code: 1 }))).code === 0;
  const instrBin = ESPRUINO_OS_BIN || ESPRUINO_BIN;
  if (!part('instr')) console.log('SKIP  5. instructions (--only)');
  else if (instrBin && haveValgrind) {
    if (!ESPRUINO_OS_BIN) console.log('note: no optimised interpreter (ESPRUINO_OS_BIN); counting on $ESPRUINO_BIN, an -O0 build needs about 2.1× the instructions');
    await benchInstructions(instrBin, fw.code, fw.files);
  } else figure({ id: 'instr_button_press_avg', label: '5. instructions per button event', value: null, unit: 'instr', budget: '≤ 2,500,000', status: 'SKIP', note: !haveValgrind ? 'no valgrind' : 'no interpreter: set ESPRUINO_OS_BIN or ESPRUINO_BIN' });
  if (part('sim')) benchSimProxy(fw.code, fw.files, fw.manifest.pins);

  if (part('flash')) {
    // 7. Flash wear of the journal on the simulated board (same bundle, same journal code).
    const { benchFlashWear } = await import('./flash-wear');
    const w = await benchFlashWear();
    extra.flashWear = w;
    figure({ id: 'flash_bytes_per_turn', label: '7. flash written per turn (journal + checkpoints)', value: w.flash_bytes_per_turn as number, unit: 'B', status: 'INFO', note: `a Pico's Storage (model: 4 KB StorageFile chunks) compacts every ${w.pico_turns_per_compaction} turns → ≈ ${fmt(w.pico_flash_life_turns as number)} turns at 10k erase cycles${w.pico_storage_full ? `, ${w.pico_storage_full} files that did not fit` : ''}; bytes alone would give ≈ ${fmt(w.flash_life_turns as number)} (${fmt(w.journal_space_bytes as number)} B of Storage for the journal)` });
  }

  if (part('journal')) {
    // 7b. The journal's room at its worst moment (runs of corrections, 5 and 7 seats, longest names).
    const { benchJournalRoom } = await import('./journal-room');
    const { JOURNAL_STORAGE_BYTES } = await import('../../firmware/src/journal');
    for (const r of await benchJournalRoom(40)) {
      figure({ id: `journal_peak_${r.seats}`, label: `7b. journal's room at its worst moment, ${r.seats} seats, 16-character names`, value: r.journalPeak, unit: 'B', budget: `≤ ${JOURNAL_STORAGE_BYTES} (JOURNAL_STORAGE_BYTES)`, status: r.journalPeak <= JOURNAL_STORAGE_BYTES && !r.gamesFull ? 'PASS' : 'OVER', note: `${r.games} random games with runs of 80 corrections; ${r.spare} B of Storage free then; ${r.gamesFull} games refused an action for want of room` });
    }
  } else console.log('SKIP  7b. journal room (--only)');

  if (part('odds')) {
    const { benchOddsTiming } = await import('./odds-timing');
    for (const o of benchOddsTiming()) figure({ id: o.id, label: o.label, value: Math.round(o.ms), unit: 'ms', status: 'INFO', note: o.note });
  } else console.log('SKIP  8. classroom odds (--only)');

  const latency = path.join(HERE, 'mirror-latency.ts');
  if (!part('latency')) console.log('SKIP  6. mirror latency (--only)');
  else if (existsSync(latency)) {
    try {
      const mod = await import(pathToFileURL(latency).href);
      const r = await mod.benchMirrorLatency();
      extra.mirrorLatency = r;
      console.log(`INFO  6. mirror latency: ${JSON.stringify(r)}`);
    } catch (e) {
      extra.mirrorLatency = { error: String(e) };
      console.log(`SKIP  6. mirror latency failed: ${(e as Error).message}`);
    }
  } else console.log('SKIP  6. mirror latency (test/bench/mirror-latency.ts not there)');

  const result = { date: new Date().toISOString(), seconds: (Date.now() - started) / 1000, espruinoBin: ESPRUINO_BIN || null, espruinoOsBin: ESPRUINO_OS_BIN || null, figures, ...extra };
  // A partial run (--only) does not replace the full figures.
  const out = ONLY ? OUT.replace(/\.json$/, '-only.json') : OUT;
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  console.log('\n' + JSON.stringify(result, null, 2));
  console.log(`\nwritten to ${path.relative(ROOT, out)} in ${fmt(result.seconds)} s`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
