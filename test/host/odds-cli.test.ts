import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'dt-odds-'));

describe('dicetray odds and simulate (classroom)', () => {
  it('odds: exact fractions and decimals from the first throw, from a state, for every state', async () => {
    const r = await cli(['odds']);
    expect(r.code).toBe(0);
    const text = r.out.join('\n');
    expect(text).toMatch(/a marker \(4\+ targets\)\s+0\.5822\s+2831321417\/4863141504/);
    const from = await cli(['odds', '--from', '3,2', '--json']);
    const j = JSON.parse(from.out[0]);
    expect(j.odds[0]).toMatchObject({ from: '3,2', marker: { exact: '11/20', p: 0.55 }, throws: { exact: '9/5' } });
    const csv = join(dir, 'odds.csv');
    const all = await cli(['odds', '--all', '--csv', csv]);
    expect(all.code).toBe(0);
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    // The first throw and the 9 states a turn can be in after it (at least one target on the board).
    expect(lines.length).toBe(1 + 1 + 9);
    expect(lines.some((l) => /^board,0,/.test(l))).toBe(false);
    expect(lines[0]).toMatch(/^from,targets,ravens,marker,frustration,both,marker_only,frustration_only,murphy,throws,points,marker_fraction/);
    // A fraction is written "11 / 20": as "11/20" a spreadsheet makes it a date (20 November).
    expect(lines.find((l) => l.startsWith('board,3,2,'))).toMatch(/^board,3,2,0\.55,.*,11 \/ 20,/);
    expect(lines[1]).toMatch(/^first throw,,,0\.58220008911\d*,.*,1\.74418\d*,2831321417 \/ 4863141504,/);
    // --decimal-comma: ';' between fields and decimals with a comma; --csv -: the table on standard output.
    const de = await cli(['odds', '--from', '3,2', '--csv', '-', '--decimal-comma']);
    expect(de.out.join('\n').split('\n')[1]).toMatch(/^board;3;2;0,55;.*;11 \/ 20;/);
  });

  it('odds: a state where the turn is over, an unknown policy and an unwritable CSV are refused with a hint', async () => {
    // Also options that used to be ignored or half-read: --all with --from, 7th Dwarf options for
    // Pechvogel, an empty --csv, a plot named .png (it would be an SVG), 1e3 or 0x10 turns, a
    // --policy from a board (the target is chosen there), one file for --csv and --svg (overwritten).
    const quiet = [['odds', '--all', '--from', '2,1'], ['odds', '--die', '3'], ['odds', '--row', '0,1,0,0,0,0,0,0,0'], ['odds', '--csv', ''], ['odds', '--csv', '-', '--json'], ['simulate', '--svg', join(dir, 'plot.png')], ['simulate', '--turns', '1e3'], ['simulate', '--turns', '0x10'], ['simulate', '--turns', ''], ['odds', '--decimal-comma'], ['simulate', '--decimal-comma'], ['odds', '--from', '2,1', '--policy', 'fewest'], ['odds', '--from', '2,1', '--frustrate', '--policy', 'points'], ['simulate', '--turns', '10', '--csv', join(dir, 'both.svg'), '--svg', join(dir, 'both.svg')]];
    for (const args of [['odds', '--from', '4,0'], ['odds', '--from', 'two'], ['odds', '--policy', 'best'], ['simulate', '--turns', '0'], ['simulate', '--seed', '-1'], ...quiet]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.join('\n')).toMatch(/hint: /);
    }
    // No turn has 0 targets on the board (the first throw places one); spaces and leading zeros are spelling.
    const zero = await cli(['odds', '--from', '0,0']);
    expect(zero.code).toBe(2);
    expect(zero.err.join('\n')).toMatch(/never has 0 targets[^]*hint: leave out --from/);
    const spelled = await Promise.all([cli(['odds', '--from', '2, 1', '--json']), cli(['odds', '--from', '02,01', '--json']), cli(['odds', '--from', '2,1', '--json'])]);
    expect(spelled.map((x) => x.code)).toEqual([0, 0, 0]);
    expect(spelled[0].out).toEqual(spelled[2].out);
    expect(spelled[1].out).toEqual(spelled[2].out);
    // Two models at once are refused as such (it said --frustrate goes with --from, --policy and --json).
    expect((await cli(['odds', '--reduce', '--frustrate'])).err[0]).toMatch(/two different models/);
    const r = await cli(['odds', '--csv', join(dir, 'no-such-dir', 'x.csv')]);
    expect(r.code).toBe(6);
  });

  it('simulate: the same seed plays the same turns; the table ends with the exact odds and z-scores; CSV and SVG', async () => {
    const csv = join(dir, 'sim.csv');
    const svg = join(dir, 'sim.svg');
    const a = await cli(['simulate', '--turns', '20000', '--seed', '3', '--json', '--csv', csv, '--svg', svg]);
    const b = await cli(['simulate', '--turns', '20000', '--seed', '3', '--json']);
    expect(a.code).toBe(0);
    const ja = JSON.parse(a.out[0]);
    expect(JSON.parse(b.out[0]).rows).toEqual(ja.rows);
    expect(ja.rows.map((r: { n: number }) => r.n)).toEqual([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000]);
    for (const k of ['marker', 'frustration', 'both', 'murphy']) expect(Math.abs(ja.z[k]), k).toBeLessThan(4.5);
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines.length).toBe(15);
    expect(lines[14]).toMatch(/^20000,/);
    // Points per turn beside throws, the running mean and the exact value (a teacher plots both).
    // (then how the file was made: classroom-recipe.test.ts)
    expect(lines[0]).toBe('turns,marker,frustration,both,murphy,throws,points,marker_exact,frustration_exact,both_exact,murphy_exact,throws_exact,points_exact,seed,version,command');
    const last = lines[14].split(',').map(Number);
    expect(last[6]).toBeCloseTo(ja.points, 4);
    expect(last[12]).toBeCloseTo(ja.exact.points, 4);
    const pic = readFileSync(svg, 'utf8');
    expect(pic).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(pic.match(/<path class="simulated" /g)!.length).toBe(4);
    // Each checkpoint marked once, the four series taking turns (their own shapes: by colour alone
    // a colour-blind student could not tell them apart; marks at the same point would cover each other).
    expect(pic.match(/ class="point" /g)!.length).toBe(ja.rows.length);
    // --csv - (the table on standard output) still draws the --svg asked for, in every game.
    for (const game of ['pechvogel', 'seventh_dwarf', 'thats_life']) {
      const both = join(dir, `stdout-${game}.svg`);
      const b = await cli(['simulate', game, '--turns', '20', '--csv', '-', '--svg', both]);
      expect(b.code, game).toBe(0);
      expect(readFileSync(both, 'utf8'), game).toMatch(/^<svg /);
    }
    // One turn: no z for the points (a mean's spread from one value means nothing; it printed Infinity).
    const oneSvg = join(dir, 'one.svg');
    const one = await cli(['simulate', '--turns', '1', '--svg', oneSvg, '--csv', join(dir, 'one.csv')]);
    expect(one.out.join('\n')).toMatch(/Pechvogel: 1 turn played/);
    expect(readFileSync(oneSvg, 'utf8')).toMatch(/Pechvogel: 1 simulated turn \(/);
    // One point per series makes no line: a mark each, so the plot shows the simulation at all.
    expect(readFileSync(oneSvg, 'utf8').match(/ class="point" /g)!.length).toBe(4);
    expect(one.out.join('\n')).toMatch(/written to .*one\.csv\nplot written to .*one\.svg$/);
    expect(one.out.join(' ')).toMatch(/no z yet/);
    expect(JSON.parse((await cli(['simulate', '--turns', '1', '--json'])).out[0]).z.points).toBe(null);
    // Nor for a share while n·p or n·(1 − p) is under 5 (one turn gave z = ±0.9 under the 95 % note),
    // nor for the throws per turn, a mean like the points; 'both' (p = 0.04) has none at 100 turns,
    // the marker has one.
    expect(one.out.join('\n')).toMatch(/z-score\s+–\s+–\s+–\s+–\s+–\n/);
    expect(Math.abs(ja.z.throws)).toBeLessThan(4.5);
    // The throws' z rests on their exact variance (a sample's own, skewed low over 30 turns, gave −3.38 here).
    expect(JSON.parse((await cli(['simulate', '--turns', '30', '--seed', '42', '--json'])).out[0]).z.throws).toBeCloseTo(-2.53, 2);
    const hundred = JSON.parse((await cli(['simulate', '--turns', '100', '--json'])).out[0]);
    expect(hundred.z.both).toBe(null);
    expect(typeof hundred.z.marker).toBe('number');
    const text = await cli(['simulate', '--turns', '1000']);
    expect(text.out.join('\n')).toMatch(/\n\s+exact\s+0\.5822\s+0\.4578/);
    // The '–' legend only where a '–' stands (it was always printed).
    expect(text.out.join('\n')).not.toMatch(/–/);
    expect(one.out.join('\n')).toMatch(/\(–: no z yet/);
  });

  it('The 7th Dwarf: the chance of all seven on the row by placing policy, and its simulation', async () => {
    const r = await cli(['odds', 'seventh_dwarf', '--json']);
    const j = JSON.parse(r.out[0]);
    expect(j.odds.map((o: { policy: string; exact: string }) => [o.policy, o.exact])).toEqual([['best', '13993/17496'], ['spread', '31349/46656'], ['leftmost', '263/46656']]);
    const one = await cli(['odds', 'seventh-dwarf', '--policy', 'spread']);
    expect(one.out.join('\n')).toMatch(/0\.6719\s+31349\/46656/);
    expect(one.out.join('\n')).not.toMatch(/best play/);
    for (const args of [['odds', 'seventh_dwarf', '--policy', 'most'], ['odds', 'seventh_dwarf', '--from', '1,1'], ['odds', 'seventh_dwarf', '--reduce'], ['simulate', 'seventh_dwarf', '--reduce'], ['odds', 'chess'], ['simulate', 'seventh_dwarf', '--policy', 'fewest']]) {
      expect((await cli(args)).code, args.join(' ')).toBe(2);
    }
    // A full row: the trouble is the row, not the die (a 6 is a die's value).
    const full = await cli(['odds', 'seventh_dwarf', '--row', '1,2,3,4,5,6,6,0,0', '--die', '6']);
    expect(full.code).toBe(2);
    expect(full.err[0]).toBe('dicetray: --die: this row is full, no die is left to place');
    const csv = join(dir, 'dw.csv');
    const s = await cli(['simulate', 'seventh_dwarf', '--turns', '5000', '--seed', '4', '--json', '--csv', csv]);
    const js = JSON.parse(s.out[0]);
    expect(js).toMatchObject({ ok: true, game: 'seventh_dwarf', policy: 'best', turns: 5000 });
    expect(Math.abs(js.z.success)).toBeLessThan(4.5);
    expect(readFileSync(csv, 'utf8').trim().split('\n').pop()).toMatch(/^5000,0\.\d+,0\.79978/);
  });

  it('odds --from T,R --frustrate: every throw from there, the chances kept, against the reroll', async () => {
    const r = await cli(['odds', '--from', '3,2', '--frustrate', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out[0]);
    // Two dice from 3,2: rerolled 11/20 both ways (worked by hand in test/shared/pechvogel-odds.test.ts).
    expect(j).toMatchObject({ from: '3,2', dice: 2, rerolled: { marker: { exact: '11/20' }, ravens: { exact: '11/20' } } });
    const by = Object.fromEntries(j.throws.map((w: { to: string }) => [w.to, w]));
    // A lone raven (2 × 1/6 × 4/6 = 2/9): no marker, 3+ ravens for sure; a lone target: the marker.
    expect(by['3,3']).toMatchObject({ chance: { exact: '2/9' }, rerollable: true, kept: { marker: { exact: '0' }, ravens: { exact: '1' } } });
    expect(by['4,2']).toMatchObject({ rerollable: true, kept: { marker: { exact: '1' }, ravens: { exact: '0' } } });
    // Empty, and greedy (two ravens: 4): not rerollable. The chances add up to 1.
    expect(by['3,2'].rerollable).toBe(false);
    expect(by['3,4'].rerollable).toBe(false);
    // The same table as CSV (it was refused): the lone raven's row, and an empty throw's blanks.
    const csv = (await cli(['odds', '--from', '3,2', '--frustrate', '--csv', '-'])).out.join('\n').split('\n');
    expect(csv[0]).toBe('targets,ravens,chance,chance_fraction,rerollable,marker_kept,ravens_kept,marker_rerolled,ravens_rerolled,frustrate_to_deny,version,command');
    const made = ',dicetray ' + JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')).version + ',"dicetray odds pechvogel --from 3,2 --frustrate"';
    expect(csv).toContain('3,3,0.2222222222222222,2 / 9,1,0,1,0.55,0.55,0' + made);
    expect(csv).toContain('3,2,0.4444444444444444,4 / 9,0,,,,,0' + made);
    expect((await cli(['odds', '--frustrate', '--csv', '-'])).code).toBe(2);
    expect(j.throws.reduce((n: number, w: { chance: { p: number } }) => n + w.chance.p, 0)).toBeCloseTo(1, 12);
    expect(j.lowersMarker).toEqual(['4,2', '4,3']);
    expect(j.raisesRavens).toEqual(['4,2']);
    const text = await cli(['odds', '--from', '2,1', '--frustrate']);
    expect(text.out.join('\n')).toMatch(/rerolled \(the same 4 dice from 2,1 again\): marker 0\.5247 \(10369\/19760\)/);
    expect(j).toMatchObject({ markerAgainstFrustrate: { exact: '13/40' }, frustrateAfter: ['4,2', '4,3'] });
    for (const args of [['odds', '--from', '2,1', '--frustrate', '--all'], ['odds', 'thats_life', '--frustrate'], ['simulate', '--reduce', '--frustrate'], ['simulate', 'seventh_dwarf', '--frustrate']]) expect((await cli(args)).code, args.join(' ')).toBe(2);
    const pts = JSON.parse((await cli(['odds', '--policy', 'points', '--json'])).out[0]);
    expect(pts.odds[0].points.p).toBeCloseTo(1.7782, 4);
    // The heading says how the target is chosen (it once read "the number shown by the points dice").
    const head = (await cli(['odds', '--policy', 'points'])).out;
    expect(head.slice(0, 2).join(' ')).toMatch(/the target is the number with the most points expected$/);
    // Headings are wrapped for an 80-column terminal or projector.
    for (const args of [['odds', '--reduce'], ['odds', '--frustrate'], ['odds', '--from', '2,1', '--frustrate'], ['odds', 'thats_life'], ['odds', 'seventh_dwarf', '--die', '6'], ['simulate', '--reduce', '--turns', '100']]) {
      for (const l of (await cli(args)).out) if (!/\d+\/\d{12,}/.test(l)) expect(l.length, `${args.join(' ')}: ${l}`).toBeLessThanOrEqual(79);
    }
    const simPts = JSON.parse((await cli(['simulate', '--policy', 'points', '--turns', '10000', '--seed', '4', '--json'])).out[0]);
    expect(simPts.exact.points).toBeCloseTo(1.7782, 4);
    expect(Math.abs(simPts.z.points)).toBeLessThan(4.5);
    const turn = JSON.parse((await cli(['odds', '--frustrate', '--json'])).out[0]);
    expect(turn.marker.exact).toBe('2831321417/4863141504');
    expect(turn.markerAgainstFrustrate.p).toBeCloseTo(0.4376, 4);
    const sim = JSON.parse((await cli(['simulate', '--frustrate', '--turns', '10000', '--seed', '5', '--json'])).out[0]);
    expect(sim).toMatchObject({ frustrate: true, turns: 10000 });
    expect(Math.abs(sim.z.marker)).toBeLessThan(4.5);
  });

  it('odds --reduce: the chance with one reduce in hand and when to use it; simulate --reduce agrees', async () => {
    const r = await cli(['odds', '--from', '3,2', '--reduce', '--json']);
    const j = JSON.parse(r.out[0]);
    expect(j.odds[0]).toMatchObject({ from: '3,2', markerWithReduce: { exact: '77/100' }, reduceAfter: ['3,3'] });
    // The CSV's columns in one style (the JSON keeps its keys).
    const head = (await cli(['odds', '--from', '3,2', '--reduce', '--csv', '-'])).out.join('\n').split('\n')[0];
    expect(head).toMatch(/,marker_only,frustration_only,.*,marker_with_reduce,marker_with_reduce_fraction,version,command$/);
    const text = await cli(['odds', '--reduce']);
    expect(text.out.join('\n')).toMatch(/a marker, one reduce in hand\s+0\.7158/);
    const s = await cli(['simulate', '--reduce', '--turns', '10000', '--seed', '8', '--json']);
    const js = JSON.parse(s.out[0]);
    expect(js).toMatchObject({ reduce: true, turns: 10000 });
    expect(Math.abs(js.z.marker)).toBeLessThan(4.5);
  });

  it('The 7th Dwarf from a row: the chance by policy and where a die may go (the end game worked by hand)', async () => {
    const r = await cli(['odds', 'seventh_dwarf', '--row', '0,1,2,3,4,0,6,0,0', '--die', '6', '--json']);
    const j = JSON.parse(r.out[0]);
    expect(j.odds.map((o: { exact: string }) => o.exact)).toEqual(['11/36', '11/36', '1/4']);
    expect(j.spots).toEqual([
      { spot: 5, exact: '1/3', p: 1 / 3, best: false, as_good: false },
      { spot: 7, exact: '2/3', p: 2 / 3, best: true, as_good: true },
      { spot: 8, exact: '2/3', p: 2 / 3, best: false, as_good: true },
    ]);
    // The CSV answers the same question: where the die may go (it listed the policies instead).
    const csv = await cli(['odds', 'seventh_dwarf', '--row', '0,1,2,3,4,0,6,0,0', '--die', '6', '--csv', '-']);
    expect(csv.out.join('\n').split('\n').map((l) => l.split(',').filter((_, i) => i !== 1).slice(0, 4).join(','))).toEqual(['spot,fraction,best,as_good', '5,1 / 3,0,0', '7,2 / 3,1,1', '8,2 / 3,0,1']);
    // The terminal gives each spot's fraction too, and marks the tie.
    const text = (await cli(['odds', 'seventh_dwarf', '--row', '0,1,2,3,4,0,6,0,0', '--die', '6'])).out.join('\n');
    expect(text).toMatch(/ 7  0\.6667   2\/3  ← best\n +8  0\.6667   2\/3  ← as good/);
    // With another policy the spots are still weighed with best play, and the heading says so.
    const spread = (await cli(['odds', 'seventh_dwarf', '--policy', 'spread', '--row', '0,1,2,3,4,0,6,0,0', '--die', '6'])).out.join(' ');
    expect(spread).toMatch(/a 6 may go to spots \(the chance of all 7 from there, the rest placed with\s+best play\):/);
    // Also when all three policies are listed (which one weighs the spots?); only --policy best goes without it.
    expect(text.replace(/\s+/g, ' ')).toMatch(/the rest placed with best play/);
    expect((await cli(['odds', 'seventh_dwarf', '--policy', 'best', '--row', '0,1,2,3,4,0,6,0,0', '--die', '6'])).out.join('\n')).not.toMatch(/the rest placed with/);
    expect(JSON.parse((await cli(['odds', 'seventh_dwarf', '--policy', 'spread', '--row', '0,1,2,3,4,0,6,0,0', '--die', '6', '--json'])).out[0]).spots_policy).toBe('best');
    const lair = await cli(['odds', 'seventh_dwarf', '--row', '0,1,2,3,4,0,6,0,0', '--die', '2']);
    expect(lair.out.join('\n')).toMatch(/a 2 fits nowhere: it goes to the Dragon's Lair/);
    for (const args of [['--row', '1,2,3'], ['--row', '0,5,0,3,0,6,0,0,0'], ['--row', '1,1,1,1,1,1,1,1,0'], ['--die', '7'], ['--row', '1,1,1,1,1,1,1,0,0', '--die', '3']]) {
      expect((await cli(['odds', 'seventh_dwarf', ...args])).code, args.join(' ')).toBe(2);
    }
    // A refused row says which rule it breaks (eight dice read "is no 7th Dwarf row" and nothing more).
    const why = async (row: string) => (await cli(['odds', 'seventh_dwarf', '--row', row])).err.join(' ');
    expect(await why('1,2,3')).toMatch(/\(3 values, not 9\)/);
    expect(await why('0,1,9,0,0,0,0,0,0')).toMatch(/\(a value other than 0\.\.6\)/);
    expect(await why('1,1,1,1,1,1,1,1,0')).toMatch(/\(8 dice, a game has 7\)/);
    expect(await why('0,5,0,3,0,6,0,0,0')).toMatch(/\(dice neither rising nor falling\)/);
    expect(await why('')).toMatch(/\(no values\)/);
    // Digits only: JavaScript's number forms (a hex 3, 3e0) are typos, not a 3.
    for (const row of ['0,0x3,0,0,0,0,0,0,0', '0,3e0,0,0,0,0,0,0,0', '0,1.0,0,0,0,0,0,0,0']) expect(await why(row), row).toMatch(/\(a value other than 0\.\.6\)/);
    for (const die of ['1e0', '0x6', '0b110', '+3', '3.0']) expect((await cli(['odds', 'seventh_dwarf', '--die', die])).code, die).toBe(2);
    // The simulation has no row to start from: said so, with where the question goes (it suggested --from).
    const sim = await cli(['simulate', 'seventh_dwarf', '--row', '0,1,0,0,0,0,0,0,0']);
    expect(sim.code).toBe(2);
    expect(sim.err.join('\n')).toMatch(/--row and --die are questions for the exact odds[\s\S]*dicetray odds seventh_dwarf --row/);
  });

  it("That's Life!: the stopping chances per card, and the engine's walks against them", async () => {
    const r = await cli(['odds', 'thats_life', '--json']);
    const j = JSON.parse(r.out[0]);
    expect(j.odds.length).toBe(32);
    expect(j.odds[5]).toMatchObject({ k: 6, card: '-6a', exact: '16807/46656' });
    expect(j.limit.exact).toBe('2/7');
    const s = await cli(['simulate', 'thats_life', '--turns', '5000', '--seed', '2', '--json']);
    const js = JSON.parse(s.out[0]);
    expect(js.cards.length).toBe(32);
    for (const c of js.cards) expect(Math.abs(c.z), c.card).toBeLessThan(4.5);
    for (const args of [['odds', 'thats_life', '--policy', 'best'], ['simulate', 'thats_life', '--reduce']]) expect((await cli(args)).code, args.join(' ')).toBe(2);
  });

  it('odds: the "fewest" target policy is its own model; a turn over (2 ravens past) is no --from; the reduce advice in text', async () => {
    const most = JSON.parse((await cli(['odds', '--json'])).out[0]);
    const fewest = JSON.parse((await cli(['odds', '--policy', 'fewest', '--json'])).out[0]);
    expect(fewest.policy).toBe('fewest');
    expect(fewest.odds[0].points.exact).not.toBe(most.odds[0].points.exact);
    expect((await cli(['odds', '--policy', 'fewest'])).out.slice(0, 2).join(' ')).toMatch(/the target is the number shown by the fewest dice, the highest on a tie/);
    for (const from of ['2,3', '1,3']) {
      const r = await cli(['odds', '--from', from]);
      expect(r.code, from).toBe(2);
      expect(r.err[0]).toMatch(/is no state a turn goes on from/);
    }
    const text = (await cli(['odds', '--from', '3,2', '--reduce'])).out.join('\n');
    expect(text).toMatch(/\n {2}reduce after a throw to \(targets,ravens\): 3,3\n/);
  });

  it('The 7th Dwarf: a falling row is a row too; That\'s Life! takes no --row or --die', async () => {
    const r = await cli(['odds', 'seventh_dwarf', '--row', '0,6,0,0,0,0,0,1,0', '--json']);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(JSON.parse(r.out[0]).row).toEqual([0, 6, 0, 0, 0, 0, 0, 1, 0]);
    for (const args of [['--row', '0,1,0,3,0,0,5,0,0'], ['--die', '3']]) expect((await cli(['odds', 'thats_life', ...args])).code, args.join(' ')).toBe(2);
  });

  it('simulate: no z for a mean under 30 turns; seed 0 is a seed; That\'s Life! takes no --policy and its CSV has each card\'s share', async () => {
    const ten = JSON.parse((await cli(['simulate', '--turns', '10', '--json'])).out[0]);
    expect(ten.z.points).toBe(null);
    expect(ten.z.throws).toBe(null);
    expect(typeof JSON.parse((await cli(['simulate', '--turns', '30', '--json'])).out[0]).z.points).toBe('number');
    const zero = await cli(['simulate', '--turns', '10', '--seed', '0', '--json']);
    expect(zero.code, zero.err.join('\n')).toBe(0);
    expect(JSON.parse(zero.out[0]).seed).toBe(0);
    expect((await cli(['simulate', 'thats_life', '--policy', 'best'])).code).toBe(2);
    const j = JSON.parse((await cli(['simulate', 'thats_life', '--turns', '300', '--seed', '2', '--json'])).out[0]);
    const csv = (await cli(['simulate', 'thats_life', '--turns', '300', '--seed', '2', '--csv', '-'])).out.join('\n').split('\n');
    expect(csv[0]).toBe('k,card,share,exact,z,seed,version,command');
    // k and share (the card column spells the card for a spreadsheet).
    expect(csv.slice(1).map((l) => l.split(',').filter((_, i) => i === 0 || i === 2).join(','))).toEqual(j.cards.map((c: { k: number; share: number }) => `${c.k},${c.share}`));
  });

  it('simulate: the text tables put the wide column two spaces off, the narrow one a space', async () => {
    const dw = (await cli(['simulate', 'seventh_dwarf', '--turns', '10'])).out;
    expect(dw).toContain('   turns  all 7 placed');
    expect(dw.find((l) => l.startsWith('   exact'))).toMatch(/^ {3}exact {2} {6}0\.7998$/);
    const red = (await cli(['simulate', '--reduce', '--turns', '10'])).out;
    expect(red).toContain('   turns   marker');
  });
});
