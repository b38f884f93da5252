import { compare, frac, fractionText, toNumber, type Fraction } from '../../../shared/odds/fraction';
import { oddsFrom, turnOdds, type TargetPolicy, type TurnOdds } from '../../../shared/odds/pechvogel-odds';
import { legalFor, SeventhDwarfOdds, type DwPolicy } from '../../../shared/odds/seventh-dwarf-odds';
import { markerWithReduce, shouldReduce, turnMarkerWithReduce } from '../../../shared/odds/pechvogel-reduce';
import { frustrateStakes, markerAgainstFrustrate, shouldFrustrate, turnMarkerAgainstFrustrate } from '../../../shared/odds/pechvogel-frustrate';
import { throwOdds } from '../../../shared/odds/pechvogel-odds';
import { turnPoints } from '../../../shared/odds/pechvogel-target';
import { LANDING_LIMIT, landingOdds } from '../../../shared/odds/thats-life-odds';
import { standardPath } from '../../../shared/games/thats-life/cards';
import { EXIT, HostError } from '../errors';
import { boardText, checkFromPolicy, type ClassroomGame, DW_POLICIES, parseDwPolicy, parseFrom, parseGame, parsePolicy, policyText } from './classroom-options';
import { checkGameOptions } from './game-options';
import { cardCell, checkCsvTarget, exactCell, writeTable, type Cell } from '../csv-table';
import { minus, outRow, outWrapped, sayWritten, type Output } from '../output';
import { recipe, recipeJson } from '../recipe';

export interface OddsOptions {
  from?: string;
  policy?: string;
  all?: boolean;
  json?: boolean;
  csv?: string;
  /** CSV for a spreadsheet that writes decimals with a comma: ';' between fields, '0,5822'. */
  decimalComma?: boolean;
  /** Also the chance of a marker with one reduce in hand, and when to use it. */
  reduce?: boolean;
  /** Pechvogel, with --from: what frustrating stakes after each throw from there. */
  frustrate?: boolean;
  /** The 7th Dwarf: from this row (9 values, 0 = empty spot) … */
  row?: string;
  /** … and for a die of this value: every spot it fits and the chance from there. */
  die?: string;
}

const ROWS: [keyof TurnOdds, string][] = [
  ['marker', 'a marker (4+ targets)'],
  ['frustration', 'a frustration (3+ ravens)'],
  ['both', 'both in one turn'],
  ['markerOnly', 'marker only'],
  ['frustrationOnly', 'frustration only'],
  ['murphy', 'Murphy (5+ targets or 4+ ravens)'],
  ['throws', 'expected throws'],
];

/** What each game's odds take, for an option given to the wrong game (pechvogel's: where --row and --die go). */
const ODDS_USAGE: Record<ClassroomGame, string> = {
  pechvogel: 'dicetray odds seventh_dwarf --row 0,1,0,3,0,0,5,0,0 --die 4',
  seventh_dwarf: 'dicetray odds seventh_dwarf [--policy best|spread|leftmost] [--row …] [--die V]',
  thats_life: 'dicetray odds thats_life [--csv FILE] [--json]',
};

/** That's Life!: the chance that a figure walking alone stops on each card of the standard route. */
function thatsLifeOdds(opts: OddsOptions, io: Output): number {
  const route = standardPath();
  const p = landingOdds(route.length);
  const rows = route.map((card, i) => ({ k: i + 1, card, exact: fractionText(p[i]), p: toNumber(p[i]) }));
  const made = recipe(['odds', 'thats_life']);
  if (opts.csv && writeTable(opts.csv, [['k', 'card', 'p', 'fraction'] as Cell[]].concat(route.map((card, i) => [i + 1, cardCell(card), toNumber(p[i]), exactCell(p[i])])), opts.decimalComma, io, made)) return EXIT.ok;
  if (opts.json) {
    io.out(JSON.stringify({ ok: true, game: 'thats_life', question: 'a figure walking alone from the Start stops on the k-th card', limit: { exact: fractionText(LANDING_LIMIT), p: Number(LANDING_LIMIT.n) / Number(LANDING_LIMIT.d) }, odds: rows, ...recipeJson(made) }));
    return EXIT.ok;
  }
  outWrapped(io, "That's Life!: the chance that a figure walking alone from the Start stops on each card (standard route), exactly");
  outWrapped(io, 'p(k) = (p(k-1) + … + p(k-6)) / 6 with p(0) = 1: it tends to 2/7 ≈ 0.2857, one over the mean roll of 3.5');
  io.out('');
  // Column names, as simulate's table has: a bare "1 -1a 0.1667" was read as minus 1.
  io.out('   k card  chance   exact');
  for (const r of rows) outRow(io, `  ${String(r.k).padStart(2)} ${r.card.padEnd(4)} ${r.p.toFixed(4).padStart(7)}`, r.exact);
  sayWritten(opts, io);
  return EXIT.ok;
}

/** A row from `--row`: 9 values 0..6 (0 = empty) in order, at most 7 dice, already in order. */
function parseRow(s: string | undefined): number[] {
  if (s === undefined) return [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const parts = s.split(',');
  const v = parts.map((x) => Number(x.trim()));
  const filled = v.filter((x) => x > 0);
  const up = filled.every((x, i) => !i || filled[i - 1] <= x);
  const down = filled.every((x, i) => !i || filled[i - 1] >= x);
  // What is wrong, first of: the count, a value, the dice (7 a game), their order.
  const why =
    !s.trim() ? 'no values'
    : v.length !== 9 ? `${v.length} values, not 9`
    // Number('') is 0: "0,1,,3,…" was read as an empty spot, a typo answered as another row.
    : parts.some((x) => !x.trim()) ? 'a value left out'
    // Digits only: Number() also read 0x3, 3e0 and 0b11 as a 3.
    : parts.some((x) => !/^[0-6]$/.test(x.trim())) ? 'a value other than 0..6'
    : filled.length > 7 ? `${filled.length} dice, a game has 7`
    : !(up || down) ? 'dice neither rising nor falling'
    : '';
  if (why) throw new HostError(`--row ${JSON.stringify(s)} is no 7th Dwarf row (${why})`, EXIT.usage, 'nine values for spots 0..8, 0 = empty, 1..6 = a die, at most 7 dice, in rising or falling order, e.g. --row 0,1,0,3,0,0,5,0,0');
  return v;
}

/** The 7th Dwarf: the chance that all seven dice make it onto the row, by placing policy; --row/--die: from a row, where a die may go. */
function dwarfOdds(opts: OddsOptions, io: Output): number {
  const only = parseDwPolicy(opts.policy);
  const row = parseRow(opts.row);
  const left = 7 - row.filter((x) => x > 0).length;
  const die = opts.die === undefined ? 0 : Number(opts.die);
  if (opts.die !== undefined && !/^[1-6]$/.test(String(opts.die).trim())) {
    throw new HostError(`--die ${JSON.stringify(opts.die)}: a die shows 1..6`, EXIT.usage, 'e.g. --die 4');
  }
  if (opts.die !== undefined && !left) throw new HostError('--die: this row is full, no die is left to place', EXIT.usage, 'a row with fewer than seven dice, e.g. --row 0,1,0,3,0,0,5,0,0');
  // One solver per policy: best play's table (about a second to fill) serves --die too.
  const solvers: Partial<Record<DwPolicy, SeventhDwarfOdds>> = {};
  const solver = (k: DwPolicy) => solvers[k] || (solvers[k] = new SeventhDwarfOdds(k));
  const list = DW_POLICIES.filter(([k]) => !only || k === only).map(([k, text]) => {
    const o = solver(k);
    const f = frac(o.numerator(row), 6 ** left);
    return { policy: k, text, exact: fractionText(f), p: toNumber(f), states: o.states };
  });
  // Where the die may go, and the chance (best play) from each of those rows.
  const spots: { spot: number; exact: string; p: number; best: boolean; as_good: boolean }[] = [];
  if (die) {
    const o = solver('best');
    const legal = legalFor(row, die);
    const pick = legal.length ? o.choose(row, die, legal) : -1;
    for (const sp of legal) {
      const next = row.slice();
      next[sp] = die;
      const f = frac(o.numerator(next), 6 ** (left - 1));
      spots.push({ spot: sp, exact: fractionText(f), p: toNumber(f), best: sp === pick, as_good: false });
    }
    // Another spot with the same chance is as good for the bet (though an evasion spot scores less).
    const top = spots.find((x) => x.best);
    for (const x of spots) x.as_good = !!top && x.exact === top.exact;
  }
  // With --die the question is where it goes: the CSV lists its spots (it gave the policies and left
  // that answer out); a die that fits nowhere gives the header alone.
  const table: Cell[][] = die
    ? [['spot', 'p', 'fraction', 'best', 'as_good'] as Cell[]].concat(spots.map((x) => [x.spot, x.p, exactCell(x.exact), x.best ? 1 : 0, x.as_good ? 1 : 0]))
    : [['policy', 'p', 'fraction'] as Cell[]].concat(list.map((x) => [x.policy, x.p, exactCell(x.exact)]));
  const made = recipe(['odds', 'seventh_dwarf', only && `--policy ${only}`, opts.row !== undefined && `--row ${row.join(',')}`, !!die && `--die ${die}`]);
  if (opts.csv && writeTable(opts.csv, table, opts.decimalComma, io, made)) return EXIT.ok;
  if (opts.json) {
    // The spots' chances are best play's, whatever --policy says (spots_policy).
    io.out(JSON.stringify({ ok: true, game: 'seventh_dwarf', question: 'all 7 dice on the row', row, odds: list, die: die || null, spots: die ? spots : null, spots_policy: die ? 'best' : null, ...recipeJson(made) }));
    return EXIT.ok;
  }
  outWrapped(io, `The 7th Dwarf: the chance of placing all 7 dice on the row (the bets' question), exactly${opts.row ? `, from the row ${row.map((x) => x || '_').join(' ')}` : ''}`);
  io.out('');
  for (const x of list) outRow(io, `  ${x.text.padEnd(44)} ${x.p.toFixed(4).padStart(7)}`, x.exact);
  if (!only) outWrapped(io, `  (one alone: --policy ${DW_POLICIES.map(([k]) => k).join(', ')}, the rows above in order)`, '    ');
  // What the label cannot say in its column: the aims turn round on a falling row.
  if (list.some((x) => x.policy === 'spread') && (!only || row.some((x) => x > 0))) outWrapped(io, '  (spread: once the row falls, 1 aims far right and 6 far left)', '    ');
  if (die) {
    io.out('');
    if (!spots.length) outWrapped(io, `  a ${die} fits nowhere: it goes to the Dragon's Lair (the turn can no longer succeed)`, '    ');
    else {
      // The spots are numbered from 0 (RULES.md §4.1: 0 and 8 evade, 1..7 are the dwarfs'): under
      // the row, so "spot 5" is not read as the fifth place from the left.
      io.out(`  row   ${row.map((x) => x || '_').join(' ')}`);
      io.out(`  spot  ${row.map((_, i) => i).join(' ')}  (0 and 8: the evasion spots)`);
      // One spot a line: a list of nine on one line wrapped mid-entry on an 80-column screen.
      // The spots are always weighed with best play: said so when the policy above is another.
      outWrapped(io, `  a ${die} may go to spot${spots.length > 1 ? 's' : ''} (the chance of all 7 from there${only !== 'best' ? ', the rest placed with best play' : ''}):`, '    ');
      const w = Math.max(...spots.map((x) => x.exact.length));
      for (const x of spots) outRow(io, `    ${String(x.spot).padStart(2)}  ${x.p.toFixed(4)}`, `${x.exact.padEnd(w)}${x.best ? '  ← best' : x.as_good ? '  ← as good' : ''}`.trimEnd());
    }
  }
  sayWritten(opts, io);
  return EXIT.ok;
}

/** P(marker) with one reduce in hand, used when it raises that chance (pechvogel-reduce.ts). */
function withReduce(o: TurnOdds, policy: TargetPolicy): Fraction {
  return o.from === 'start' ? turnMarkerWithReduce(policy) : markerWithReduce(o.from.targets, o.from.ravens);
}

/** After a throw from (t, r): the boards on which reducing raises the chance of a marker. */
function reduceAfter(t: number, r: number): string[] {
  const out: string[] = [];
  for (let t2 = t; t2 <= 7; t2++) for (let r2 = r; t2 + r2 <= 7; r2++) if (shouldReduce(t, r, t2, r2)) out.push(`${t2},${r2}`);
  return out;
}

const label = (o: TurnOdds): string => (o.from === 'start' ? 'start' : `${o.from.targets},${o.from.ravens}`);

function jsonOf(o: TurnOdds, policy: TargetPolicy, reduce: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { from: label(o) };
  for (const [k] of ROWS) out[k] = { exact: fractionText(o[k] as Fraction), p: toNumber(o[k] as Fraction) };
  if (o.from === 'start') out.points = { exact: fractionText(turnPoints(policy)), p: toNumber(turnPoints(policy)) };
  if (reduce) {
    const f = withReduce(o, policy);
    out.markerWithReduce = { exact: fractionText(f), p: toNumber(f) };
    if (o.from !== 'start') out.reduceAfter = reduceAfter(o.from.targets, o.from.ravens);
  }
  const ends: Record<string, unknown> = {};
  for (const k of Object.keys(o.ends).sort()) ends[k] = { exact: fractionText(o.ends[k]), p: toNumber(o.ends[k]) };
  out.ends = ends;
  return out;
}

/**
 * `dicetray odds [GAME]`: for The 7th Dwarf the chance of all seven dice on the row by placing
 * policy; for Pechvogel the exact odds of a turn without rerolls (RULES.md §3.8), from the start
 * (first throw, target by --policy) or from a state on the board (--from T,R); --all: every state.
 * Fractions are exact; the decimals are rounded.
 */
export function odds(game: string | undefined, opts: OddsOptions, io: Output): number {
  const g = parseGame(game);
  checkCsvTarget(opts.csv, opts.json, opts.decimalComma);
  checkGameOptions(g, opts, ODDS_USAGE[g]);
  if (opts.all && opts.from !== undefined) throw new HostError('--all already lists every state: leave out --from, or --all', EXIT.usage, 'dicetray odds --all, or dicetray odds --from 2,1');
  if (g === 'pechvogel') checkFromPolicy(opts.from, opts.policy, 'odds');
  if (g === 'seventh_dwarf') return dwarfOdds(opts, io);
  if (g === 'thats_life') return thatsLifeOdds(opts, io);
  const policy = parsePolicy(opts.policy);
  if (opts.frustrate) return frustrateOdds(policy, opts, io);
  let list: TurnOdds[];
  // From a board the target is chosen already: no --policy there (refused).
  const made = recipe(['odds', 'pechvogel', opts.all && '--all', opts.from !== undefined ? `--from ${parseFrom(opts.from).join(',')}` : `--policy ${policy}`, opts.reduce && '--reduce']);
  if (opts.all) {
    // Every state a turn can be in after its first throw: the target is a number that throw
    // showed, so at least one target is on the board (--from still takes 0 targets, a what-if).
    list = [turnOdds(policy)];
    for (let t = 1; t <= 3; t++) for (let r = 0; r <= 2; r++) list.push(oddsFrom(t, r));
  } else if (opts.from !== undefined) {
    const [t, r] = parseFrom(opts.from);
    list = [oddsFrom(t, r)];
  } else list = [turnOdds(policy)];
  const reduce = !!opts.reduce;
  if (opts.csv) {
    // Points per turn only from the first throw (where the target is chosen): empty cells elsewhere.
    // The state as two number columns (a cell "2,1" is the number 2.1 to a German spreadsheet).
    // Column names in one style (snake_case, as the fractions' and the other tables'); JSON keeps its keys.
    const col = (k: string) => k.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
    const head: Cell[] = ['from', 'targets', 'ravens'].concat(ROWS.map(([k]) => col(k)), ['points'], ROWS.map(([k]) => col(k) + '_fraction'), ['points_fraction'], reduce ? ['marker_with_reduce', 'marker_with_reduce_fraction'] : []);
    const table: Cell[][] = [head];
    for (const o of list) {
      const pts = o.from === 'start' ? turnPoints(policy) : null;
      const extra: Cell[] = reduce ? [toNumber(withReduce(o, policy)), exactCell(withReduce(o, policy))] : [];
      const from: Cell[] = o.from === 'start' ? ['first throw', '', ''] : ['board', o.from.targets, o.from.ravens];
      table.push(from.concat(ROWS.map(([k]) => toNumber(o[k] as Fraction)), [pts ? toNumber(pts) : ''], ROWS.map(([k]) => exactCell(o[k] as Fraction)), [pts ? exactCell(pts) : ''], extra));
    }
    if (writeTable(opts.csv, table, opts.decimalComma, io, made)) return EXIT.ok;
  }
  if (opts.json) {
    io.out(JSON.stringify({ ok: true, game: 'pechvogel', policy, model: reduce ? 'no rerolls, and one reduce in hand (played for the marker)' : 'no rerolls', odds: list.map((o) => jsonOf(o, policy, reduce)), ...recipeJson(made) }));
    return EXIT.ok;
  }
  outWrapped(io, `Pechvogel: odds of a turn without rerolls${opts.from === undefined || opts.all ? `; first throw: the target is ${policyText(policy)}` : ''}${reduce ? '; the last line of each: with one reduce in hand' : ''}`);
  for (const o of list) {
    io.out('');
    io.out(o.from === 'start' ? 'From the first throw:' : `From ${boardText(o.from.targets, o.from.ravens)} on the board:`);
    for (const [k, text] of ROWS) {
      const f = o[k] as Fraction;
      outRow(io, `  ${text.padEnd(36)} ${toNumber(f).toFixed(4).padStart(7)}`, fractionText(f));
    }
    if (o.from === 'start') {
      const pts = turnPoints(policy);
      outRow(io, `  ${'points (marker value, −3 a frust.)'.padEnd(36)} ${minus(toNumber(pts).toFixed(4)).padStart(7)}`, minus(fractionText(pts)));
    }
    if (reduce) {
      const f = withReduce(o, policy);
      outRow(io, `  ${'a marker, one reduce in hand'.padEnd(36)} ${toNumber(f).toFixed(4).padStart(7)}`, fractionText(f));
      if (o.from !== 'start') outWrapped(io, `  reduce after a throw to (targets,ravens): ${reduceAfter(o.from.targets, o.from.ravens).join(' · ') || 'never'}`, '    ');
    }
  }
  io.out('');
  // "That one too" is about the first throw: said only where a list starts there.
  const fromStart = list.some((o) => o.from === 'start');
  outWrapped(io, `(expected throws: every throw of the turn, empty ones, which change nothing, too${fromStart ? '; from the first throw, that one too' : ''})`, ' ');
  if (reduce) outWrapped(io, '(one reduce in hand: the active player rerolls a throw exactly when that raises the chance of a marker; nobody frustrates)', ' ');
  sayWritten(opts, io);
  return EXIT.ok;
}

/**
 * `odds --frustrate`: the chance of a marker against an opponent who holds one frustration and
 * frustrates to deny it (pechvogel-frustrate.ts), from the first throw; with `--from T,R`, from
 * there, and after each throw from (T, R) what frustrating it stakes: the active player's chance of
 * a marker and of 3+ ravens with the throw kept, against the reroll (the same dice from T,R again).
 */
function frustrateOdds(policy: TargetPolicy, opts: OddsOptions, io: Output): number {
  if (opts.reduce) throw new HostError('--reduce and --frustrate are two different models', EXIT.usage, 'dicetray odds --reduce, or dicetray odds --frustrate');
  if (opts.all || (opts.csv && opts.from === undefined)) {
    throw new HostError('--frustrate goes with --from, --policy, --json, and --csv with --from', EXIT.usage, 'dicetray odds --from 2,1 --frustrate [--json | --csv FILE]');
  }
  const fr = (f: Fraction) => ({ exact: fractionText(f), p: toNumber(f) });
  const f4 = (f: Fraction) => toNumber(f).toFixed(4);
  const rule = 'an opponent holds one frustration and frustrates exactly when the reroll is less likely to give a marker; the active player holds none';
  if (opts.from === undefined) {
    const plain = turnOdds(policy).marker;
    const against = turnMarkerAgainstFrustrate(policy);
    if (opts.json) {
      io.out(JSON.stringify({ ok: true, game: 'pechvogel', policy, model: rule, from: 'start', marker: fr(plain), markerAgainstFrustrate: fr(against), ...recipeJson(recipe(['odds', 'pechvogel', `--policy ${policy}`, '--frustrate'])) }));
      return EXIT.ok;
    }
    outWrapped(io, `Pechvogel: the chance of a marker from the first throw (target: ${policyText(policy)})`);
    outRow(io, `  ${'nobody rerolls'.padEnd(40)} ${f4(plain).padStart(7)}`, fractionText(plain));
    outRow(io, `  ${'an opponent frustrates to deny it'.padEnd(40)} ${f4(against).padStart(7)}`, fractionText(against));
    io.out('');
    outWrapped(io, `(${rule}; --from T,R: when, from a state)`, ' ');
    return EXIT.ok;
  }
  const [t, r] = parseFrom(opts.from);
  const n = 7 - t - r;
  const rerolled = oddsFrom(t, r);
  const rows: { to: string; t2: number; r2: number; deny: boolean; chance: Fraction; keep: { marker: Fraction; ravens: Fraction } | null }[] = [];
  for (let a = 0; a <= n; a++)
    for (let b = 0; a + b <= n; b++) {
      const st = frustrateStakes(t, r, t + a, r + b);
      rows.push({ to: `${t + a},${r + b}`, t2: t + a, r2: r + b, deny: shouldFrustrate(t, r, t + a, r + b), chance: throwOdds(n, a, b), keep: st ? st.keep : null });
    }
  const against = markerAgainstFrustrate(t, r);
  const denyAfter = rows.filter((w) => w.deny).map((w) => w.to);
  // Where frustrating lowers the active player's chance of a marker, and where it raises that of 3+ ravens.
  const lowers = rows.filter((w) => w.keep && compare(rerolled.marker, w.keep.marker) < 0).map((w) => w.to);
  const raises = rows.filter((w) => w.keep && compare(rerolled.frustration, w.keep.ravens) > 0).map((w) => w.to);
  const made = recipe(['odds', 'pechvogel', `--from ${t},${r}`, '--frustrate']);
  if (opts.csv) {
    // One row per throw from T,R, as the terminal's table, with the reroll beside it (a spreadsheet
    // compares the columns); kept and rerolled are empty where the throw cannot be rerolled.
    const head: Cell[] = ['targets', 'ravens', 'chance', 'chance_fraction', 'rerollable', 'marker_kept', 'ravens_kept', 'marker_rerolled', 'ravens_rerolled', 'frustrate_to_deny'];
    const table: Cell[][] = [head];
    for (const w of rows) {
      const k = w.keep;
      table.push([w.t2, w.r2, toNumber(w.chance), exactCell(w.chance), k ? 1 : 0, k ? toNumber(k.marker) : '', k ? toNumber(k.ravens) : '', k ? toNumber(rerolled.marker) : '', k ? toNumber(rerolled.frustration) : '', w.deny ? 1 : 0]);
    }
    if (writeTable(opts.csv, table, opts.decimalComma, io, made)) return EXIT.ok;
  }
  if (opts.json) {
    io.out(
      JSON.stringify({
        ok: true,
        game: 'pechvogel',
        model: 'one frustration, no rerolls after it',
        from: `${t},${r}`,
        dice: n,
        rerolled: { marker: fr(rerolled.marker), ravens: fr(rerolled.frustration) },
        throws: rows.map((w) => ({ to: w.to, chance: fr(w.chance), rerollable: !!w.keep, kept: w.keep ? { marker: fr(w.keep.marker), ravens: fr(w.keep.ravens) } : null })),
        lowersMarker: lowers,
        raisesRavens: raises,
        markerAgainstFrustrate: fr(against),
        frustrateAfter: denyAfter,
        ...recipeJson(made),
      }),
    );
    return EXIT.ok;
  }
  outWrapped(io, `Pechvogel: what frustrating stakes after a throw of ${n} dice from ${boardText(t, r)} (no rerolls after it)`);
  outWrapped(io, `rerolled (the same ${n} dice from ${t},${r} again): marker ${f4(rerolled.marker)} (${fractionText(rerolled.marker)}) · 3+ ravens ${f4(rerolled.frustration)} (${fractionText(rerolled.frustration)})`, '  ');
  io.out('');
  io.out(`  ${'throw to'.padEnd(9)} ${'chance'.padStart(7)}   ${'marker kept'.padStart(11)}   ${'3+ ravens kept'.padStart(14)}`);
  for (const w of rows) io.out(`  ${w.to.padEnd(9)} ${f4(w.chance).padStart(7)}   ${w.keep ? f4(w.keep.marker).padStart(11) + '   ' + f4(w.keep.ravens).padStart(14) : '(cannot be rerolled: ' + (w.to === `${t},${r}` ? 'empty' : 'greedy') + ')'}`);
  io.out('');
  outWrapped(io, `frustrating lowers the chance of a marker after a throw to: ${lowers.join(' · ') || 'none'}`, '  ');
  outWrapped(io, `frustrating raises the chance of 3+ ravens (the frustraters then lose theirs) after: ${raises.join(' · ') || 'none'}`, '  ');
  outWrapped(io, '(otherwise each frustrater gets its frustration back and one more, from the active player while they have any)', ' ');
  io.out('');
  outWrapped(io, `a marker from ${t},${r}: ${f4(oddsFrom(t, r).marker)} if nobody rerolls, ${f4(against)} (${fractionText(against)}) against an opponent who frustrates to deny it, after a throw to: ${denyAfter.join(' · ') || 'never'} (the frustration kept for later otherwise)`);
  sayWritten(opts, io);
  return EXIT.ok;
}
