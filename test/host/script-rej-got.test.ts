/**
 * A failed `expect rej` says what the board refused instead, the table's refusals too (they come in
 * its UI report, which expect rej takes): "got nothing" hid an enter_dice from the script's writer.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratchDir } from '../support/host-harness';
import { run } from './cli-run';

const dir = scratchDir('dt-script-rej-got-');

describe('expect rej, failed', () => {
  it("names the table's refusal that came instead", async () => {
    const f = path.join(dir, 'other.table');
    // OK with nothing entered: the table refuses with enter_dice, once however many reports show it.
    writeFileSync(f, 'new Ann Ben\npress OK\nexpect ui err=enter_dice\npress OK\nexpect rej target_not_rolled\n');
    const r = await run(['script', f], dir);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`dicetray: ${f}:5: no refusal target_not_rolled; got rej enter_dice (the table's)\n${f}: FAILED at step 5 of 5 (line 5)\n`);
  });

  it('still says nothing when nothing came', async () => {
    const f = path.join(dir, 'none.table');
    writeFileSync(f, 'new Ann Ben\nexpect rej window_open\n');
    const r = await run(['script', f], dir);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/none\.table:2: no refusal window_open; got nothing\n/);
  });
});
