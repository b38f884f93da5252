import { describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, generateAll, staleFiles } from '../../hardware/generate';
import { BOARDS, resolveBoard, type BoardId } from '../../hardware/pinmap';
import { PARTS } from '../../hardware/docs';
import { POWER } from '../../hardware/power';

const REGENERATE = 'out of date: run npx tsx hardware/generate.ts';
const files = generateAll();

describe('generated hardware docs', () => {
  it('generation is deterministic', () => {
    expect(generateAll()).toEqual(files);
  });

  it('every generated file matches the checked-in one (what `generate.ts --check` reports)', () => {
    for (const path of Object.keys(files)) expect(existsSync(join(REPO_ROOT, path)), `${path} is missing: run npx tsx hardware/generate.ts`).toBe(true);
    expect(staleFiles(files), REGENERATE).toEqual([]);
  });

  it('staleFiles names a file that differs, and only that one', () => {
    const changed = { ...files, 'hardware/POWER.md': files['hardware/POWER.md'] + 'x' };
    expect(staleFiles(changed)).toEqual(['hardware/POWER.md']);
  });

  it('`generate.ts --check` exits 1 naming a stale or missing file, and 0 when all are current (on a copy of hardware/)', () => {
    // A copy: the checked-in files stay as they are for the other tests running meanwhile.
    const root = mkdtempSync(join(tmpdir(), 'dt-generate-'));
    try {
      cpSync(join(REPO_ROOT, 'hardware'), join(root, 'hardware'), { recursive: true });
      cpSync(join(REPO_ROOT, 'shared', 'text'), join(root, 'shared', 'text'), { recursive: true });
      const check = () => spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [join(root, 'hardware', 'generate.ts'), '--check'], { encoding: 'utf8' });
      const clean = check();
      expect(clean.status, clean.stderr).toBe(0);
      expect(clean.stdout).toMatch(/hardware docs up to date/);
      appendFileSync(join(root, 'hardware', 'POWER.md'), 'edited by hand\n');
      rmSync(join(root, 'hardware', 'parts.csv'));
      const stale = check();
      expect(stale.stderr).toContain('out of date: hardware/POWER.md\n');
      expect(stale.stderr).toContain('out of date: hardware/parts.csv\n');
      expect(stale.stderr).not.toContain('WIRING.md');
      expect(stale.status).toBe(1);
      // --check writes nothing.
      expect(existsSync(join(root, 'hardware', 'parts.csv'))).toBe(false);
      // Without --check it writes every file again: the copy is current after it.
      const write = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [join(root, 'hardware', 'generate.ts')], { encoding: 'utf8' });
      expect(write.status, write.stderr).toBe(0);
      expect(write.stdout).toContain('wrote hardware/parts.csv\n');
      for (const path of ['hardware/POWER.md', 'hardware/parts.csv']) expect(readFileSync(join(root, path), 'utf8'), path).toBe(files[path]);
      expect(check().status).toBe(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.each(Object.keys(BOARDS))('wiring-%s.svg shows every assigned pin and the parts', (id) => {
    const svg = files[`hardware/wiring-${id}.svg`];
    const b = resolveBoard(id);
    for (const pin of [...b.seat, ...b.pad, b.ledData, b.powerPin.pin]) {
      expect(svg, `${id}: pin ${pin}`).toMatch(new RegExp(`>${pin}( ·[^<]*)?<`));
    }
    if (b.buzzer) expect(svg).toContain(`>${b.buzzer} · `);
    for (const name of b.polled) expect(svg).toContain(`${name} (polled)`);
    for (const part of ['R1 330 Ω', 'C1 220 µF', 'BZ1', 'GND rail', 'DIN']) expect(svg).toContain(part);
  });

  it.each(Object.keys(BOARDS))('wiring-%s.svg draws U2 between the pin and R1, R2 to GND, and F1 where the board needs it', (id) => {
    const svg = files[`hardware/wiring-${id}.svg`];
    expect(svg).toContain('>U2 74AHCT125<');
    expect(svg).toContain('>R2 22 kΩ<');
    // Left to right along the data line: U2's box comes before R1's.
    const x = (label: string): number => Number((svg.match(new RegExp(`<text x="([0-9.]+)"[^>]*>${label}<`)) ?? ['', 'NaN'])[1]);
    expect(x('U2 74AHCT125')).toBeLessThan(x('R1 330 Ω'));
    const spec = BOARDS[id as BoardId];
    if (spec.f1) expect(svg, id).toMatch(/\bF1\b/);
    else expect(svg, id).not.toMatch(/\bF1\b/);
  });

  it('WIRING.md has one "Part pin | Board pin | Note" table per supported board and explains the Puck.js', () => {
    const md = files['hardware/WIRING.md'];
    expect(md.split('| Part pin | Board pin | Note |').length - 1).toBe(Object.keys(BOARDS).length);
    for (const id of Object.keys(BOARDS)) expect(md).toContain(`(wiring-${id}.svg)`);
    expect(md).toMatch(/resolveBoard\("puck"\)` throws:\n\n> puck: /);
  });

  it('parts.csv has the agreed columns and the parts the wiring uses', () => {
    const lines = files['hardware/parts.csv'].trimEnd().split('\n');
    expect(lines[0]).toBe('reference,part,quantity,example part number,note');
    expect(lines).toHaveLength(PARTS.length + 1);
    const refs = PARTS.map((p) => p[0]);
    for (const r of ['U1', 'DS1-DS2', 'R1', 'R2', 'C1', 'SW1-SW7', 'SW8-SW15', 'BZ1', 'U2', 'XU2', 'C2', 'PCB1']) expect(refs).toContain(r);
    // The panels are DS (the boards' own LEDs are LED1/LED2).
    expect(refs.filter((r) => /^LED/.test(r))).toEqual([]);
    const switches = PARTS.filter((p) => p[0].startsWith('SW')).reduce((n, p) => n + Number(p[2]), 0);
    expect(switches).toBe(15);
    // A quantity is a count, or a length with its unit (the wires).
    for (const p of PARTS) expect(String(p[2]), p[0]).toMatch(/^\d+( m)?$/);
    for (const p of PARTS.filter((q) => q[0].startsWith('W'))) expect(p[2], p[0]).toMatch(/^\d+ m$/);
  });

  it('the board rendering draws 128 LED packages', () => {
    const svg = files['hardware/led-board-pechvogel.svg'];
    expect(svg.match(/<rect [^>]*fill="#c9c6bc"/g)).toHaveLength(128);
    expect(svg).toContain('<animate');
  });

  it('hardware/README.md links every generated file and quotes the current power numbers', () => {
    const readme = readFileSync(join(REPO_ROOT, 'hardware/README.md'), 'utf8');
    for (const path of Object.keys(files)) expect(readme, path).toContain(path.replace('hardware/', ''));
    expect(readme).toContain(`${POWER.brightnessCap}/255`);
    expect(readme).toContain(`${POWER.ledBudgetMa} mA`);
  });
});
