/**
 * A key in double quotes in an `expect state`/`ui` path reads its backslashes as the rest of a script
 * does (README: inside double quotes \" is a quote, \\ a backslash): a player named Ann\ by
 * new "Ann\\" could be named but not checked, players."Ann\\" looked for a key Ann\\.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { cli } from '../support/cli';
import { scratchDir } from '../support/host-harness';

describe('escapes in a quoted key of an expect path', () => {
  it('\\\\ and \\" in a quoted key name the player new named', async () => {
    const f = path.join(scratchDir('dt-script-path-escapes-'), 'keys.table');
    writeFileSync(
      f,
      [
        'new "Ann\\\\" "Bo \\"B\\"" "Dr. \\"C\\"" seed=1',
        // A dot and an escaped quote in one key: the dot is the name's, not a step of the path.
        'expect state players."Ann\\\\".markers=[] players."Bo \\"B\\"".frustrations=0 players."Dr. \\"C\\"".markers=[] active="Ann\\\\"',
        '',
      ].join('\n'),
    );
    const r = await cli(['script', f]);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toMatch(/keys\.table: 2 steps ok/);
  });

  it('a missing quoted key is named as it is written', async () => {
    const f = path.join(scratchDir('dt-script-path-escapes-'), 'missing.table');
    // Each name that needs quotes in a path has them in the message: a backslash, a dot, a quote.
    writeFileSync(f, 'new "Ann\\\\" "Dr.B" "Bo\\"B\\"" seed=1\nexpect state players."Cleo \\"C\\"".markers=[]\n');
    const r = await cli(['script', f]);
    expect(r.code).toBe(1);
    expect(r.err.join('\n')).toContain('players."Cleo \\"C\\"": no such key (players has "Ann\\\\", "Dr.B", "Bo\\"B\\"")');
  });
});
