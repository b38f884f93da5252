/**
 * Player names and the board's one byte a character: Latin-1 names (Jürgen) reach the simulated
 * board and come back whole; a character beyond Latin-1 (€, which arrived as ¬) and a file that
 * is not UTF-8 (its ü read as U+FFFD) are refused with the line, before any board is opened.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseScript } from '../../host/src/script/parse-script';
import { scratchDir } from '../support/host-harness';
import { run } from './cli-run';

const dir = scratchDir('dt-script-names-');
const script = (name: string, text: string | Buffer) => {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
};

describe('player names on the board', () => {
  it('a Latin-1 name survives the simulated board end to end', async () => {
    const f = script('juergen.table', 'new "Jürgen" Ben\nexpect state players.Jürgen.frustrations=0 active=Jürgen\n');
    const r = await run(['script', f, '--board', 'sim'], dir);
    expect(r.err).toBe('');
    expect(r.out).toBe(`${f}: 2 steps ok\n`);
    expect(r.code).toBe(0);
  });

  it('a name with a character beyond Latin-1 is refused, naming it', async () => {
    expect(() => parseScript('# x\nnew Jürgen€ Ben\n')).toThrow(/^line 2: the name Jürgen€ has € \(U\+20AC\): the board keeps one byte a character \(Latin-1: ü, é, ß are fine\)/);
    expect(() => parseScript('new Ann "Bo 🎲"\n')).toThrow(/^line 1: the name Bo 🎲 has 🎲 \(U\+1F3B2\)/);
    const given = 'given {"players":[{"name":"Zoë","markers":[],"frustrations":0},{"name":"Łukasz","markers":[],"frustrations":0}]}\n';
    expect(() => parseScript(given)).toThrow(/^line 1: the name Łukasz has Ł \(U\+0141\)/);
    const r = await run(['script', script('euro.table', 'new "Jürgen€" Ben\n')], dir);
    expect(r.code).toBe(6);
    expect(r.err).toMatch(/euro\.table:1: the name Jürgen€ has € \(U\+20AC\)/);
  });

  it('a file that is not UTF-8 is refused with the line', async () => {
    const f = script('latin1.table', Buffer.from('# Jürgen plays\nnew Jürgen Ben\n', 'latin1'));
    const r = await run(['script', f], dir);
    expect(r.code).toBe(6);
    expect(r.err).toMatch(new RegExp(`^dicetray: ${f.replace(/[.]/g, '\\.')}:1: not UTF-8: save the file as UTF-8\n`));
  });
});
