import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, generateAll } from '../../hardware/generate';
import { BOARDS, resolveBoard } from '../../hardware/pinmap';
import { PARTS } from '../../hardware/docs';
import { POWER } from '../../hardware/power';

const REGENERATE = 'out of date: run npx tsx hardware/generate.ts';
const files = generateAll();

describe('generated hardware docs', () => {
  it('generation is deterministic', () => {
    expect(generateAll()).toEqual(files);
  });

  it.each(Object.keys(files))('%s matches the checked-in file', (path) => {
    const abs = join(REPO_ROOT, path);
    expect(existsSync(abs), `${path} is missing: run npx tsx hardware/generate.ts`).toBe(true);
    expect(readFileSync(abs, 'utf8'), `${path} is ${REGENERATE}`).toBe(files[path]);
  });

  it.each(Object.keys(BOARDS))('wiring-%s.svg shows every assigned pin and the parts', (id) => {
    const svg = files[`hardware/wiring-${id}.svg`];
    const b = resolveBoard(id);
    for (const pin of [...b.seat, ...b.pad, b.ledData, b.powerPin.pin]) {
      expect(svg, `${id}: pin ${pin}`).toMatch(new RegExp(`>${pin}( ·[^<]*)?<`));
    }
    if (b.buzzer) expect(svg).toContain(`>${b.buzzer} · `);
    for (const name of b.polled) expect(svg).toContain(`${name} (polled)`);
    for (const part of ['R1 330 Ω', 'C1 1000 µF', 'BZ1', 'GND rail', 'DIN']) expect(svg).toContain(part);
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
    for (const r of ['U1', 'LED1-LED2', 'R1', 'C1', 'SW1-SW7', 'SW8-SW15', 'BZ1', 'U2']) expect(refs).toContain(r);
    const switches = PARTS.filter((p) => p[0].startsWith('SW')).reduce((n, p) => n + p[2], 0);
    expect(switches).toBe(15);
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
