/** Negative numbers on the terminal with the minus sign, as the labels beside them; CSV and JSON in ASCII. */
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli';

// A hyphen used as a minus: before a digit, not inside a word or a range such as "1–3".
const HYPHEN_MINUS = /(^|[\s(,:])-\d/m;

describe('the minus sign in odds and simulate', () => {
  it('odds --policy fewest: the points per turn, decimal and fraction, with the minus sign', async () => {
    const text = (await cli(['odds', '--policy', 'fewest'])).out.join('\n');
    expect(text).toMatch(/points \(marker value, −3 a frust\.\)\s+−0\.2237\s+−4350647161\/19452566016/);
    expect(text).not.toMatch(HYPHEN_MINUS);
  });

  it('simulate: the points line and negative z-scores with the minus sign', async () => {
    const text = (await cli(['simulate', '--policy', 'fewest', '--turns', '20000', '--seed', '1'])).out.join('\n');
    expect(text).toMatch(/points per turn \(marker value, −3 a frustration\): −0\.\d{4}, exact −0\.2237, z\s+−?\d/);
    expect(text).not.toMatch(HYPHEN_MINUS);
    // Seed 42, 30 turns: the throws' z is −2.53 (odds-cli.test.ts).
    const z = (await cli(['simulate', '--turns', '30', '--seed', '42'])).out.join('\n');
    expect(z).toMatch(/z-score .*−2\.53/);
    expect(z).not.toMatch(HYPHEN_MINUS);
  });

  it('CSV and JSON keep the ASCII minus that spreadsheets and parsers read', async () => {
    const csv = (await cli(['odds', '--policy', 'fewest', '--csv', '-'])).out.join('\n');
    // (then how the file was made: classroom-recipe.test.ts)
    expect(csv).toMatch(/,-0\.2236\d*,.*,-4350647161 \/ 19452566016,dicetray /m);
    expect(csv).not.toMatch(/−/);
    const sim = (await cli(['simulate', '--policy', 'fewest', '--turns', '1000', '--csv', '-'])).out.join('\n');
    expect(sim).toMatch(/,-0\.2236\d*,1,dicetray /m);
    expect(sim).not.toMatch(/−/);
    const j = JSON.parse((await cli(['odds', '--policy', 'fewest', '--json'])).out[0]);
    expect(j.odds[0].points).toEqual({ exact: '-4350647161/19452566016', p: expect.closeTo(-0.2237, 4) });
  });
});
