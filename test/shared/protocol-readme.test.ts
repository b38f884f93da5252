/**
 * The README's "Serial protocol" section is what a host program of someone else's is written
 * from: it names every command the board takes, every message it sends and every error code.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { COMMANDS, PROTOCOL_VERSION } from '../../shared/protocol/messages';
import { WIRE_KEYS } from '../../shared/protocol/wire-keys';
import { ROOT } from '../../firmware/build/paths';
import { DEFAULT_BOARD_CONFIG } from '../../firmware/src/config';
import { bootedSim } from '../support/game-driver';

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Serial protocol'), readme.indexOf('\n## ', readme.indexOf('## Serial protocol') + 3));
const source = (dir: string): string =>
  readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts'))
    .map((f) => readFileSync(path.join(f.parentPath, f.name), 'utf8'))
    .join('\n');

describe("the README's serial protocol", () => {
  it('is there', () => {
    expect(section.length).toBeGreaterThan(1000);
  });

  it("names its version and every key's short name on the wire", () => {
    expect(section).toContain(`protocol version ${PROTOCOL_VERSION})`);
    for (const k of Object.keys(WIRE_KEYS)) expect(section, k).toContain('`' + k + '` ' + WIRE_KEYS[k] + (k === 'scores' ? '.' : ','));
  });

  it('shows every command the board takes', () => {
    for (const c of COMMANDS) expect(section, c).toContain(`{"c":"${c}"`);
  });

  it('lists every message the board sends', () => {
    const types = [...source('shared/protocol').matchAll(/\{ t: '([a-z_]+)'/g)].map((m) => m[1]);
    expect(types.length).toBeGreaterThan(8);
    for (const t of new Set(types)) expect(section, t).toContain(`| \`${t}\` |`);
  });

  it("lists every error code of the board's err lines", () => {
    const text = source('firmware/src') + source('shared/protocol');
    // err('code') and onError('code') on the board, too_long's line, and checkCommand's returns.
    const check = readFileSync(path.join(ROOT, 'shared/protocol/board-codec.ts'), 'utf8');
    const codes = new Set([...text.matchAll(/(?:\berr|onError)\('([a-z_]+)'/g), ...text.matchAll(/t: 'err', s: s, code: '([a-z_]+)'/g), ...check.matchAll(/return '([a-z_]+)';/g)].map((m) => m[1]));
    for (const c of ['storage_full', 'bad_json', 'unknown_command', 'too_long', 'packet_timeout']) expect(codes).toContain(c);
    const errRow = section.split('\n').find((l) => l.startsWith('| `err` |')) || '';
    for (const c of codes) expect(errRow, c).toContain(`\`${c}\``);
  });

  // A new board setting with the host's side done passes every other test without this row.
  it('names every setting `cfg` takes', () => {
    const cfgRow = section.split('\n').find((l) => l.startsWith('| `{"c":"cfg"')) || '';
    for (const k of Object.keys(DEFAULT_BOARD_CONFIG)) expect(cfgRow, k).toContain('`' + k + '`');
  });

  it("names every field of the snapshot's ui", async () => {
    const { sim } = await bootedSim([{ c: 'new', p: ['Ann', 'Ben'] }]);
    const keys = Object.keys(sim.snapshot().ui);
    expect(keys.length).toBeGreaterThan(10);
    const snapRow = section.split('\n').find((l) => l.startsWith('| `snap` |')) || '';
    for (const k of keys) expect(snapRow, k).toContain(`\`${k}\``);
  });
});
