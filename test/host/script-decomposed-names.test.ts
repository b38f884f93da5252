/**
 * A name typed or pasted with a decomposed umlaut (u + U+0308, as macOS file names and some
 * editors and PDFs give it) is the same name as Jürgen with one ü: the board takes it, and the
 * script's later steps find the player under either spelling.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseScript } from '../../host/src/script/parse-script';
import { scratchDir } from '../support/host-harness';
import { run } from './cli-run';

const NFD_JUERGEN = 'Ju\u0308rgen';
const NFD_KAETHE = 'Ka\u0308the';

describe('decomposed umlauts in player names', () => {
  it('reads them as the composed letters the board keeps', () => {
    const steps = parseScript(`new ${NFD_JUERGEN} "${NFD_KAETHE}" Strauß\n`);
    expect(steps[0]).toMatchObject({ op: 'new', names: ['J\u00fcrgen', 'K\u00e4the', 'Strau\u00df'] });
  });

  it('plays a script that spells a name both ways on the simulated board', async () => {
    const dir = scratchDir('dt-script-nfd-');
    const f = path.join(dir, 'nfd.table');
    writeFileSync(f, `new ${NFD_JUERGEN} Käthe\nexpect state players.Jürgen.frustrations=0 active=${NFD_JUERGEN}\n`);
    const r = await run(['script', f, '--board', 'sim'], dir);
    expect(r.err).toBe('');
    expect(r.out).toBe(`${f}: 2 steps ok\n`);
    expect(r.code).toBe(0);
  });
});
