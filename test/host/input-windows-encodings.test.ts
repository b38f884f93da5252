/**
 * Input files as Windows writes them: "UTF-8 with BOM" reads as without it (conform, replay); UTF-16
 * (PowerShell 5's `>`) is refused saying so, not as garbage with NUL bytes in the message.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../support/cli';
import { playRandomGame } from '../support/play';

const dir = mkdtempSync(join(tmpdir(), 'dt-bom-'));
const withBom = (name: string, text: string) => {
  const f = join(dir, name);
  writeFileSync(f, '\ufeff' + text);
  return f;
};

describe('a byte-order mark before UTF-8 input', () => {
  it('conform reads the scenarios (it said "not JSON" with an invisible character)', async () => {
    const f = withBom('pechvogel.json', readFileSync(join(process.cwd(), '..', 'shared', 'scenarios', 'pechvogel.json'), 'utf8'));
    const r = await cli(['conform', f]);
    expect(r.err).toEqual([]);
    expect(r.out[r.out.length - 1]).toBe('22 passed, 0 failed');
    expect(r.code).toBe(0);
  });

  it('replay reads the log (it said the first line is no log header)', async () => {
    const g = playRandomGame(7, 2);
    const r = await cli(['replay', '--json', withBom('game.jsonl', g.log)]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out[0])).toMatchObject({ ok: true, applied: g.actions.length });
  });

  it('UTF-16 input is exit 6 with how to save it as UTF-8 (conform, replay, script)', async () => {
    const utf16 = (name: string, text: string) => {
      const f = join(dir, name);
      writeFileSync(f, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
      return f;
    };
    const c = await cli(['conform', utf16('u16.json', '{"schema":"tabletop-rules-scenarios/1","scenarios":[]}')]);
    expect(c.err[0]).toMatch(/^dicetray: cannot read scenarios from .*u16\.json: UTF-16 text, not UTF-8: save it as UTF-8/);
    expect(c.code).toBe(6);
    for (const args of [['replay', utf16('u16.jsonl', playRandomGame(7, 2).log)], ['script', utf16('u16.table', 'new Ann Ben\n')]]) {
      const r = await cli(args);
      expect(r.err).toEqual([`dicetray: cannot read ${args[1]}: it is UTF-16 text, not UTF-8`, 'hint: save it as UTF-8 (in PowerShell: ... | Out-File -Encoding utf8 FILE)']);
      expect(r.code).toBe(6);
    }
    expect(c.err.join('')).not.toMatch(/\u0000/);
  });
});
