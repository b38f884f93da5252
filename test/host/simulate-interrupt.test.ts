/** Ctrl-C during a long `simulate`: the report of the turns played so far, exit code 130. */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { scratchDir } from '../support/host-harness';
import { interruptedRun } from '../support/interrupted-simulate';
import { cli } from '../support/cli';

describe('simulate, interrupted', () => {
  it('reports the turns played before a SIGINT (table, CSV, SVG) and exits with 130', async () => {
    const dir = scratchDir('dt-sigint-');
    const csv = path.join(dir, 'c.csv');
    const svg = path.join(dir, 'c.svg');
    const r = await interruptedRun(['simulate', '--turns', '10000000', '--csv', csv, '--svg', svg]);
    const { out, err } = r;
    const end = { code: r.code, signal: r.signal };
    // Ten million turns take a minute: it stopped at the signal, not at the end.
    expect(r.tookMs).toBeLessThan(5000);
    expect(end, err).toEqual({ code: 130, signal: null });
    const n = Number(/interrupted after ([\d,]+) turns of 10,000,000/.exec(err)![1].replace(/,/g, ''));
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(10_000_000);
    expect(out).toContain(`Pechvogel: ${n.toLocaleString('en')} turns played`);
    expect(out).toMatch(new RegExp(`\\n\\s+${n} +0\\.\\d{4} `));
    expect(out).toMatch(/z-score/);
    // The CSV ends with the last turn played; the plot is drawn.
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[lines.length - 1]).toMatch(new RegExp(`^${n},`));
    // Its recipe names the turns played: run again, that command writes the same table.
    expect(lines[lines.length - 1]).toMatch(new RegExp(`,dicetray simulate pechvogel --policy most --turns ${n} --seed 1$`));
    const again = await cli(['simulate', '--policy', 'most', '--turns', String(n), '--seed', '1', '--csv', '-']);
    expect(again.out.join('\n').split('\n')).toEqual(lines);
    expect(existsSync(svg)).toBe(true);
    expect(readFileSync(svg, 'utf8')).toContain(`${n.toLocaleString('en')} simulated turns`);
  });
});
