/** Ctrl-C during a long `simulate`: the report of the turns played so far, exit code 130. */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CLI, scratchDir } from '../support/host-harness';
import { cli } from '../support/cli';

// Says on stderr when the command starts listening for SIGINT, so the test sends it while the turns
// are played, not while the sources load (when Node's default would end the process anyway).
const ANNOUNCE = 'data:text/javascript,process.on("newListener",(e)=>{if(e==="SIGINT")process.stderr.write("[listening]\\n")})';

describe('simulate, interrupted', () => {
  it('reports the turns played before a SIGINT (table, CSV, SVG) and exits with 130', async () => {
    const dir = scratchDir('dt-sigint-');
    const csv = path.join(dir, 'c.csv');
    const svg = path.join(dir, 'c.svg');
    const p = spawn(process.execPath, ['--import', ANNOUNCE, CLI, 'simulate', '--turns', '10000000', '--csv', csv, '--svg', svg], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    const exited = new Promise<{ code: number | null; signal: string | null }>((r) => p.on('exit', (code, signal) => r({ code, signal })));
    // Some turns in (or, with no listener ever, after 8 s: the run that does not listen fails below).
    await new Promise<void>((go) => {
      const late = setTimeout(go, 8000);
      p.stderr.on('data', (d) => {
        err += d;
        if (err.includes('[listening]')) {
          clearTimeout(late);
          setTimeout(go, 500);
        }
      });
    });
    const sent = Date.now();
    p.kill('SIGINT');
    const end = await exited;
    // Ten million turns take a minute: it stopped at the signal, not at the end.
    expect(Date.now() - sent).toBeLessThan(5000);
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
