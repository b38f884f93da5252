import { resolve } from 'node:path';
import { toNumber } from '../../../shared/odds/fraction';
import { oddsFrom, turnOdds, type TargetPolicy, type TurnEnd } from '../../../shared/odds/pechvogel-odds';
import { markerWithReduce, turnMarkerWithReduce } from '../../../shared/odds/pechvogel-reduce';
import { markerAgainstFrustrate, turnMarkerAgainstFrustrate } from '../../../shared/odds/pechvogel-frustrate';
import { turnPoints } from '../../../shared/odds/pechvogel-target';
import { pechvogelTurns } from '../../../shared/odds/pechvogel-simulate';
import { convergenceSvg, type Series } from '../../../shared/odds/convergence-svg';
import { errorObject, EXIT, HostError } from '../errors';
import { cardCell, checkCsvTarget, writeTable, type Cell } from '../csv-table';
import { checkOutputFolder, minus, outWrapped, sayWritten, writeOutputFile, type Output } from '../output';
import { boardText, checkFromPolicy, type ClassroomGame, parseDwPolicy, parseFrom, parseGame, parsePolicy, policyText } from './classroom-options';
import { checkGameOptions } from './game-options';
import { SeventhDwarfOdds } from '../../../shared/odds/seventh-dwarf-odds';
import { dwarfTurns } from '../../../shared/odds/seventh-dwarf-simulate';
import { LANDING_LIMIT, landingOdds } from '../../../shared/odds/thats-life-odds';
import { cardChanceSvg } from '../../../shared/odds/card-chance-svg';
import { stackSvgs } from '../../../shared/odds/stack-svgs';
import { walkFigures } from '../../../shared/odds/thats-life-simulate';
import { standardPath } from '../../../shared/games/thats-life/cards';
import { withCaption } from '../../../shared/odds/caption-svg';
import { OKABE_ITO } from '../../../shared/odds/okabe-ito';
import { recipe, recipeJson, recipeText, type Recipe } from '../recipe';

/** "1 simulated turn", "100,000 simulated turns" (plot titles). */
function turnsText(n: number): string {
  return `${n.toLocaleString('en')} simulated turn${n === 1 ? '' : 's'}`;
}

export interface SimulateOptions {
  turns?: string;
  seed?: string;
  policy?: string;
  csv?: string;
  /** CSV for a spreadsheet that writes decimals with a comma (csv-table.ts). */
  decimalComma?: boolean;
  svg?: string;
  json?: boolean;
  /** The active player holds one frustration and reduces when that raises the chance of a marker. */
  reduce?: boolean;
  /** An opponent holds one frustration and frustrates when that lowers the chance of a marker. */
  frustrate?: boolean;
  /** Pechvogel: every turn starts from this board, "targets,ravens" (as `odds --from`). */
  from?: string;
  /** odds' options, refused here with where they belong. */
  row?: string;
  die?: string;
}

const KINDS = ['marker', 'frustration', 'both', 'murphy'] as const;
/** The z legend; its second line only where a '–' stands in for a z. `trials`: turns, or That's Life!'s figures. */
function zNote(zs: (number | null)[], trials = 'turns'): string[] {
  const note = ['  (z: off by this many standard errors; |z| < 2 in about 95 % of runs)', `  (–: no z yet, too few ${trials} for the normal approximation)`];
  return zs.some((z) => z === null) ? note : note.slice(0, 1);
}
type Kind = (typeof KINDS)[number];
/** Means (points, throws per turn): their z uses the sample's spread, which needs some turns to mean anything. */
const MIN_TURNS_FOR_Z = 30;

/**
 * How many standard errors a share is off its exact chance p after n trials, or null while the
 * normal approximation behind "|z| < 2 in 95 %" does not hold yet (the textbook rule: n·p and
 * n·(1 − p) both at least 5; one turn gave z = ±0.9 that meant nothing).
 */
function shareZ(share: number, p: number, n: number): number | null {
  return n * p >= 5 && n * (1 - p) >= 5 ? (share - p) / Math.sqrt((p * (1 - p)) / n) : null;
}

/**
 * How many standard errors a mean is off its exact value, from the sample variance, or null
 * under MIN_TURNS_FOR_Z turns (a spread from one value means nothing; it printed Infinity).
 */
function meanZ(mean: number, exact: number, variance: number, n: number): number | null {
  return n >= MIN_TURNS_FOR_Z && variance > 0 ? (mean - exact) / Math.sqrt(variance / n) : null;
}

/** A z for a table: two decimals, or '–' while there is none. */
const zText = (z: number | null): string => (z === null ? '–' : minus(z.toFixed(2)));

/** Where the running frequencies are written down: 1, 2, 5 × 10^k and the last turn. */
function checkpoints(n: number): number[] {
  const out: number[] = [];
  for (let p = 1; p <= n; p *= 10) for (const m of [1, 2, 5]) if (m * p <= n) out.push(m * p);
  if (out[out.length - 1] !== n) out.push(n);
  return out;
}

function intOption(v: string | undefined, name: string, dflt: number, min: number, max: number): number {
  if (v === undefined) return dflt;
  // Digits only: Number() would also take 1e3, 0x10 and '' (0).
  const n = /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw new HostError(`--${name} ${JSON.stringify(v)} is not a whole number from ${min} to ${max}`, EXIT.usage, `e.g. --${name} ${dflt}`);
  return n;
}

/** The plot goes to an .svg file: a teacher who names it plot.png would get an SVG under that name. */
function checkSvgTarget(file: string | undefined, csv: string | undefined): void {
  if (file !== undefined && !/\.svg$/i.test(file.trim())) {
    throw new HostError(`--svg ${JSON.stringify(file)}: the plot is an SVG picture, its file name ends in .svg`, EXIT.usage, 'e.g. --svg plot.svg (a browser or LibreOffice shows it; a browser can save it as PNG)');
  }
  // One file for both: the plot overwrote the table, and both were reported written.
  if (file !== undefined && csv !== undefined && csv !== '-' && resolve(file) === resolve(csv)) {
    throw new HostError(`--csv and --svg both name ${JSON.stringify(file)}: the plot would overwrite the table`, EXIT.usage, 'e.g. --csv conv.csv --svg conv.svg');
  }
  // Its folder now, before the turns are played (and before the CSV is written).
  if (file !== undefined) checkOutputFolder(file);
}

const plural = (n: number, one: string, many = one + 's') => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * A long run (10 million turns: about a minute in Pechvogel, several in the other games) says how far it is, on a terminal only: a line
 * on standard error rewritten every 100,000 turns, cleared at the end.
 */
function progress(total: number, what: string): { step: (i: number) => void; done: () => void } {
  const show = total >= 1_000_000 && !!process.stderr.isTTY;
  return {
    step: (i) => {
      if (show && (i + 1) % 100_000 === 0) process.stderr.write(`\r${(i + 1).toLocaleString('en')} of ${total.toLocaleString('en')} ${what}…`);
    },
    done: () => {
      if (show) process.stderr.write('\r\x1b[K');
    },
  };
}

/** Trials between two looks at the clock: a few milliseconds' worth (40 in The 7th Dwarf). */
const SLICE = 1000;
/**
 * Milliseconds between two turns of the event loop, where a Ctrl-C is heard: soon enough to answer
 * at once, seldom enough to cost nothing measurable (one after every slice cost ~2 % of the CPU).
 */
const YIELD_MS = 25;

/**
 * Plays up to `total` trials (`play`) and calls `mark(n)` after the n-th at each checkpoint. The
 * event loop runs between slices of trials, so a Ctrl-C (SIGINT) is heard during a long run: it
 * stops the run, `mark` gets the last trial played, and the report covers those (said on standard
 * error, so a `--csv -` table stays clean). Only the first Ctrl-C is caught: a second one ends the
 * process at once, as usual. Returns the number of trials played.
 */
async function playTrials(total: number, one: string, io: Output, play: () => void, mark: (n: number) => void): Promise<number> {
  const marks = checkpoints(total);
  const bar = progress(total, one + 's');
  let stop = false;
  const onSigint = () => (stop = true);
  process.once('SIGINT', onSigint);
  let i = 0;
  let k = 0;
  let lap = performance.now();
  while (i < total && !stop) {
    for (const end = Math.min(total, i + SLICE); i < end; i++) {
      bar.step(i);
      play();
      if (i + 1 === marks[k]) mark(marks[k++]);
    }
    if (i < total && performance.now() - lap >= YIELD_MS) {
      await new Promise((r) => setImmediate(r));
      lap = performance.now();
    }
  }
  process.off('SIGINT', onSigint);
  bar.done();
  if (i < total) {
    if (marks[k - 1] !== i) mark(i);
    io.err(`dicetray: interrupted after ${plural(i, one)} of ${total.toLocaleString('en')}: the report covers those`);
  }
  return i;
}

/** Where the turns started, for JSON: "start" (the first throw) or the board, "targets,ravens". */
const fromJson = (from: TurnEnd | null): string => (from ? `${from.targets},${from.ravens}` : 'start');

/**
 * The command that plays these turns again (recipe.ts): the game, its settings, the turns played
 * (an interrupted run's too: the same seed plays the same turns, and its file has the same rows)
 * and the seed.
 */
const simRecipe = (game: string, settings: (string | false)[], played: number, seed: number): Recipe => recipe(['simulate', game, ...settings, `--turns ${played}`, `--seed ${seed}`], seed);

/** The plot as written: 16:9, scaled to the window or slide; the caption says how it was made. */
const plotFile = (draw: (width: number, height: number) => string, made: Recipe): string => withCaption(draw, recipeText(made));

/** Exit code of a run: 130 (as for any Ctrl-C) when it was interrupted, though it reported. */
const runExit = (played: number, asked: number): number => (played < asked ? EXIT.interrupted : EXIT.ok);

/**
 * The end of an interrupted run's JSON (exit 130): `ok` is false as the exit code says, and the
 * `error` every failure has, after the report of the turns played (the keys before it stay).
 */
const interruptedJson = (code: number, played: number, asked: number, unit: string): { error?: ReturnType<typeof errorObject> } =>
  code ? { error: errorObject(`interrupted after ${played.toLocaleString('en')} of ${asked.toLocaleString('en')} ${unit}: the result covers those`, code, 'run again without Ctrl-C for them all (the same --seed plays the same turns)') } : {};

/** What each game's simulation takes, for an option given to the wrong game. */
const SIMULATE_USAGE: Record<ClassroomGame, string> = {
  pechvogel: 'dicetray simulate [--policy most|fewest|points] [--from T,R] [--reduce] [--frustrate]',
  seventh_dwarf: 'dicetray simulate seventh_dwarf [--policy best|spread|leftmost]',
  thats_life: 'dicetray simulate thats_life [--turns N] [--seed S] [--csv FILE] [--svg FILE]',
};

/**
 * `dicetray simulate`: plays Pechvogel turns with the real engine and its seeded dice and shows
 * the frequencies converging to the exact odds (`dicetray odds`): a table at 10, 100, 1000 …
 * turns with the standard error, CSV of every checkpoint, an SVG plot.
 */
export async function simulate(game: string | undefined, opts: SimulateOptions, io: Output): Promise<number> {
  if (opts.row !== undefined || opts.die !== undefined) throw new HostError('--row and --die are questions for the exact odds, not the simulation', EXIT.usage, 'dicetray odds seventh_dwarf --row 0,1,0,3,0,0,5,0,0 --die 4');
  const turns = intOption(opts.turns, 'turns', 10000, 1, 10_000_000);
  const seed = intOption(opts.seed, 'seed', 1, 0, 2 ** 31 - 1);
  checkCsvTarget(opts.csv, opts.json, opts.decimalComma);
  checkSvgTarget(opts.svg, opts.csv);
  const g = parseGame(game);
  checkGameOptions(g, opts, SIMULATE_USAGE[g]);
  if (g === 'thats_life') return simulateWalksCmd(turns, seed, opts, io);
  if (g === 'seventh_dwarf') return simulateDwarf(turns, seed, opts, io);
  checkFromPolicy(opts.from, opts.policy, 'simulate');
  const policy = parsePolicy(opts.policy);
  const board = opts.from === undefined ? null : parseFrom(opts.from);
  const from: TurnEnd | null = board && { targets: board[0], ravens: board[1] };
  // Where the turns start, for headings and plot titles.
  const start = from ? `from ${boardText(from.targets, from.ravens)} on the board` : `target: ${policyText(policy)}`;
  if (opts.reduce && opts.frustrate) throw new HostError('--reduce and --frustrate are two different models', EXIT.usage, 'dicetray simulate --reduce, or dicetray simulate --frustrate');
  if (opts.reduce || opts.frustrate) return simulateRerolls(opts.reduce ? 'reduce' : 'frustrate', turns, seed, policy, from, start, opts, io);
  const exact = from ? oddsFrom(from.targets, from.ravens) : turnOdds(policy);
  const p: Record<Kind, number> = { marker: toNumber(exact.marker), frustration: toNumber(exact.frustration), both: toNumber(exact.both), murphy: toNumber(exact.murphy) };
  const count: Record<Kind, number> = { marker: 0, frustration: 0, both: 0, murphy: 0 };
  let throws = 0;
  // Points per turn: their mean converges to turnPoints (a mean, so its z uses the sample variance).
  // From a board there is none to converge to: the marker's value is the target's, which the board leaves open (as in `odds`).
  const pointsExact = from ? null : toNumber(turnPoints(policy));
  let pts = 0;
  let pts2 = 0;
  const rows: { n: number; f: Record<Kind, number>; throws: number; points: number | null }[] = [];
  const next = pechvogelTurns(seed, policy, 'none', from);
  const played = await playTrials(
    turns,
    'turn',
    io,
    () => {
      const t = next();
      pts += t.points;
      pts2 += t.points * t.points;
      if (t.marker) count.marker++;
      if (t.frustration) count.frustration++;
      if (t.marker && t.frustration) count.both++;
      if (t.murphy) count.murphy++;
      throws += t.throws;
    },
    (n) => {
      const f = {} as Record<Kind, number>;
      for (const k of KINDS) f[k] = count[k] / n;
      rows.push({ n, f, throws: throws / n, points: pointsExact === null ? null : pts / n });
    },
  );
  const last = rows[rows.length - 1];
  // How far the final frequency is from the exact value, in standard errors of a binomial share.
  const z = (k: Kind) => shareZ(last.f[k], p[k], last.n);
  const mean = pts / played;
  const zPoints = pointsExact === null ? null : meanZ(mean, pointsExact, pts2 / played - mean * mean, played);
  // Throws per turn are a mean too, with an exact variance (their count is skewed: a few dozen turns'
  // own variance came out low, z −3.4 where the exact one gives −2.5).
  const zThrows = meanZ(throws / played, toNumber(exact.throws), toNumber(exact.throws2) - toNumber(exact.throws) ** 2, played);
  // `_exact` is the exact value as a decimal; the running mean of points sits beside throws (empty from a board).
  const table: Cell[][] = [(['turns'] as Cell[]).concat(KINDS, ['throws', 'points'], KINDS.map((k) => k + '_exact'), ['throws_exact', 'points_exact'])];
  for (const r of rows) table.push(([r.n] as Cell[]).concat(KINDS.map((k) => r.f[k]), [r.throws, r.points ?? ''], KINDS.map((k) => p[k]), [toNumber(exact.throws), pointsExact ?? '']));
  // With --csv - the table alone goes to standard output, but an --svg asked for is still drawn.
  const made = simRecipe('pechvogel', [from ? `--from ${from.targets},${from.ravens}` : `--policy ${policy}`], played, seed);
  const csvOnStdout = !!opts.csv && writeTable(opts.csv, table, opts.decimalComma, io, made);
  if (opts.svg) {
    const series: Series[] = KINDS.map((k) => ({ name: k === 'murphy' ? 'Murphy' : k, exact: p[k], points: rows.map((r) => [r.n, r.f[k]] as [number, number]) }));
    writeOutputFile(opts.svg, plotFile((width, height) => convergenceSvg(`Pechvogel: ${turnsText(played)} (seed ${seed}, ${start}) against the exact odds`, series, { width, height }), made));
  }
  const code = runExit(played, turns);
  if (csvOnStdout) return code;
  if (opts.json) {
    io.out(JSON.stringify({ ok: !code, game: 'pechvogel', policy, from: fromJson(from), seed, turns: played, ...(code ? { interrupted: true } : {}), exact: Object.assign({ throws: toNumber(exact.throws), points: pointsExact }, p), points: pointsExact === null ? null : mean, rows, z: { marker: z('marker'), frustration: z('frustration'), both: z('both'), murphy: z('murphy'), throws: zThrows, points: zPoints }, ...recipeJson(made), ...interruptedJson(code, played, turns, 'turns') }));
    return code;
  }
  outWrapped(io, `Pechvogel: ${plural(played, 'turn')} played by the engine with its own dice (seed ${seed}), no rerolls, ${start}`);
  io.out('');
  io.out('   turns   marker  frustr.     both   Murphy   throws');
  const fmt = (x: number) => x.toFixed(4).padStart(8);
  for (const r of rows) if (/^10*$/.test(String(r.n)) || r === last) io.out(`${String(r.n).padStart(8)} ${fmt(r.f.marker)} ${fmt(r.f.frustration)} ${fmt(r.f.both)} ${fmt(r.f.murphy)} ${fmt(r.throws)}`);
  io.out(`   exact ${fmt(p.marker)} ${fmt(p.frustration)} ${fmt(p.both)} ${fmt(p.murphy)} ${fmt(toNumber(exact.throws))}`);
  io.out(`  z-score ${KINDS.map((k) => zText(z(k)).padStart(8)).join(' ')} ${zText(zThrows).padStart(8)}`);
  for (const l of zNote(KINDS.map((k) => z(k)).concat([zThrows]))) outWrapped(io, l, '   ');
  if (pointsExact !== null) {
    io.out('');
    outWrapped(io, `points per turn (marker value, −3 a frustration): ${minus(mean.toFixed(4))}, exact ${minus(pointsExact.toFixed(4))}, ${zPoints === null ? `no z yet (a mean's z wants ${MIN_TURNS_FOR_Z} turns or more)` : `z ${zText(zPoints)}`}`);
  }
  sayWritten(opts, io);
  return code;
}

/**
 * One share converging to an exact chance (7th Dwarf success, Pechvogel marker with a reroll in
 * play): plays trials with `next`, which tells whether each was a hit, and prints, writes and plots
 * the running share at the checkpoints. `key` names it in CSV and JSON; `column` and `width` in the
 * table; `svgTitle` and `heading` get the number of turns played.
 */
async function shareReport(
  r: { turns: number; p: number; key: string; column: string; width: number; svgTitle: (n: number) => string; svgName: string; heading: (n: number) => string; json: Record<string, unknown>; made: (n: number) => Recipe },
  next: () => boolean,
  opts: SimulateOptions,
  io: Output,
): Promise<number> {
  const { turns, p, key } = r;
  const rows: { n: number; share: number }[] = [];
  let k = 0;
  const played = await playTrials(
    turns,
    'turn',
    io,
    () => {
      if (next()) k++;
    },
    (n) => rows.push({ n, share: k / n }),
  );
  const last = rows[rows.length - 1];
  const z = shareZ(last.share, p, last.n);
  const made = r.made(played);
  const csvOnStdout = !!opts.csv && writeTable(opts.csv, [['turns', key, key + '_exact'] as Cell[]].concat(rows.map((x) => [x.n, x.share, p])), opts.decimalComma, io, made);
  if (opts.svg) writeOutputFile(opts.svg, plotFile((width, height) => convergenceSvg(r.svgTitle(played), [{ name: r.svgName, exact: p, points: rows.map((x) => [x.n, x.share] as [number, number]) }], { width, height }), made));
  const code = runExit(played, turns);
  if (csvOnStdout) return code;
  if (opts.json) {
    io.out(JSON.stringify({ ok: !code, ...r.json, turns: played, ...(code ? { interrupted: true } : {}), exact: { [key]: p }, rows: rows.map((x) => ({ n: x.n, [key]: x.share })), z: { [key]: z }, ...recipeJson(made), ...interruptedJson(code, played, turns, 'turns') }));
    return code;
  }
  // The wide column gets two spaces before it, the narrow one a single space (as the tables always had).
  const sep = r.width > 8 ? '  ' : ' ';
  const w = r.width;
  outWrapped(io, r.heading(played));
  io.out('');
  io.out(`   turns${sep}${r.column.padStart(w)}`);
  for (const x of rows) if (/^10*$/.test(String(x.n)) || x === last) io.out(`${String(x.n).padStart(8)}${sep}${x.share.toFixed(4).padStart(w)}`);
  io.out(`   exact${sep}${p.toFixed(4).padStart(w)}`);
  io.out(`  z-score${sep}${zText(z).padStart(w)}`);
  for (const l of zNote([z])) outWrapped(io, l, '   ');
  sayWritten(opts, io);
  return code;
}

/** The 7th Dwarf: the share of turns with all seven dice on the row, against the exact chance. */
function simulateDwarf(turns: number, seed: number, opts: SimulateOptions, io: Output): Promise<number> {
  const policy = parseDwPolicy(opts.policy) || 'best';
  const odds = new SeventhDwarfOdds(policy);
  return shareReport(
    {
      turns,
      p: odds.chance(),
      key: 'success',
      column: 'all 7 placed',
      width: 12,
      svgTitle: (n) => `The 7th Dwarf: ${turnsText(n)} (seed ${seed}, placing: ${policy}), all 7 dice on the row`,
      svgName: 'all 7 placed',
      heading: (n) => `The 7th Dwarf: ${plural(n, 'turn')} played by the engine with its own dice (seed ${seed}), placing: ${policy}`,
      json: { game: 'seventh_dwarf', policy, seed },
      made: (n) => simRecipe('seventh_dwarf', [`--policy ${policy}`], n, seed),
    },
    dwarfTurns(seed, policy, odds),
    opts,
    io,
  );
}

/**
 * Pechvogel with one reroll in play, a reduce in the active player's hand or a frustration in an
 * opponent's: the share of turns with a marker against the exact chance, from the first throw or
 * from a board (`from`, said in `start`).
 */
function simulateRerolls(mode: 'reduce' | 'frustrate', turns: number, seed: number, policy: TargetPolicy, from: TurnEnd | null, start: string, opts: SimulateOptions, io: Output): Promise<number> {
  const rule = mode === 'reduce' ? 'one reduce in hand (used when it raises the chance of a marker)' : "an opponent's frustration (used when it lowers the chance of a marker)";
  const next = pechvogelTurns(seed, policy, mode, from);
  const exact = mode === 'reduce' ? (from ? markerWithReduce(from.targets, from.ravens) : turnMarkerWithReduce(policy)) : from ? markerAgainstFrustrate(from.targets, from.ravens) : turnMarkerAgainstFrustrate(policy);
  return shareReport(
    {
      turns,
      p: toNumber(exact),
      key: 'marker',
      column: 'marker',
      width: 8,
      svgTitle: (n) => `Pechvogel: ${turnsText(n)} with ${mode === 'reduce' ? 'one reduce in hand' : "an opponent's frustration"} (seed ${seed}, ${start})`,
      svgName: 'marker',
      heading: (n) => `Pechvogel: ${plural(n, 'turn')} played by the engine with its own dice (seed ${seed}), ${rule}, ${start}`,
      json: { game: 'pechvogel', policy, from: fromJson(from), [mode]: true, seed },
      made: (n) => simRecipe('pechvogel', [from ? `--from ${from.targets},${from.ravens}` : `--policy ${policy}`, `--${mode}`], n, seed),
    },
    () => next().marker,
    opts,
    io,
  );
}

/** That's Life!: figures walking alone (one per trial), how often each card was stopped on, against the exact chance. */
async function simulateWalksCmd(asked: number, seed: number, opts: SimulateOptions, io: Output): Promise<number> {
  const route = standardPath();
  const p = landingOdds(route.length).map(toNumber);
  const hits = new Array(route.length + 1).fill(0);
  // Running shares of three cards for the plot: the first, the likeliest (6th) and the 12th.
  const watch = [1, 6, 12];
  const rows: { n: number; f: number[] }[] = [];
  const next = walkFigures(seed);
  const walks = await playTrials(
    asked,
    'figure',
    io,
    () => {
      for (const k of next()) hits[k]++;
    },
    (n) => rows.push({ n, f: watch.map((k) => hits[k] / n) }),
  );
  const z = route.map((_, i) => shareZ(hits[i + 1] / walks, p[i], walks));
  const table: Cell[][] = [['k', 'card', 'share', 'exact', 'z']];
  route.forEach((c, i) => table.push([i + 1, cardCell(c), hits[i + 1] / walks, p[i], z[i] === null ? '' : (z[i] as number)]));
  const made = simRecipe('thats_life', [], walks, seed);
  const csvOnStdout = !!opts.csv && writeTable(opts.csv, table, opts.decimalComma, io, made);
  if (opts.svg) {
    // Every card's share against its exact chance and the limit (the lesson), then three cards' running shares.
    // One 16:9 picture, the lesson taking two thirds of its height (a 32-card axis wants the whole
    // width): at 0.56, under its title, card numbers, two rows of names and its key, its plot was
    // 28 % of the screen, the 0.05 steps of chance 2 % apart. The running shares below have no
    // title of their own (their axis and labels say what they are): 18 % of the screen.
    writeOutputFile(
      opts.svg,
      plotFile((width, height) => {
        const upper = Math.round(height * 0.66);
        const cards = cardChanceSvg(`That's Life!: ${walks.toLocaleString('en')} figures walking alone from the Start (seed ${seed}): where they stop`, route.map((c, i) => ({ card: c, exact: p[i], share: hits[i + 1] / walks })), toNumber(LANDING_LIMIT), '2/7 = 1 / 3.5, the mean roll', width, upper);
        // Green, purple and black: the card plot above has blue for exact and vermillion for simulated.
        const running = convergenceSvg('', watch.map((k) => ({ name: `card ${k} (${route[k - 1]})`, exact: p[k - 1], points: rows.map((r) => [r.n, r.f[watch.indexOf(k)]] as [number, number]) })), { xLabel: 'figures', yLabel: 'running share', width, height: height - upper, colours: [OKABE_ITO.green, OKABE_ITO.purple, OKABE_ITO.black] });
        return stackSvgs([cards, running], width, [upper, height - upper]);
      }, made),
    );
  }
  const code = runExit(walks, asked);
  if (csvOnStdout) return code;
  if (opts.json) {
    // `turns`: the figures walked, under the name the other games' JSON (and --turns) give the trials
    // played; `walks`, the same number, stays for readers written against it.
    io.out(JSON.stringify({ ok: !code, game: 'thats_life', seed, turns: walks, walks, ...(code ? { interrupted: true } : {}), cards: route.map((c, i) => ({ k: i + 1, card: c, share: hits[i + 1] / walks, exact: p[i], z: z[i] })), ...recipeJson(made), ...interruptedJson(code, walks, asked, 'figures') }));
    return code;
  }
  outWrapped(io, `That's Life!: ${plural(walks, 'figure')} walking alone from the Start, played by the engine with its own dice (seed ${seed})`);
  io.out('');
  io.out('   k card  stopped   exact        z');
  route.forEach((c, i) => io.out(`  ${String(i + 1).padStart(2)} ${c.padEnd(4)} ${(hits[i + 1] / walks).toFixed(4).padStart(8)} ${p[i].toFixed(4).padStart(7)} ${zText(z[i]).padStart(8)}`));
  const zs = z.filter((x): x is number => x !== null);
  io.out('');
  // The z column, as the other games' tables, says what it is: a pupil reads the z before the summary.
  for (const l of zNote(z, 'figures')) outWrapped(io, l, '   ');
  if (zs.length) outWrapped(io, `  largest |z| ${Math.max(...zs.map(Math.abs)).toFixed(2)} over ${zs.length} cards (with 32 cards, |z| up to about 3 is to be expected)`, '    ');
  sayWritten(opts, io);
  return code;
}
