/**
 * hardware/README.md is written by hand, unlike WIRING.md: its "Reference wiring (Espruino Pico)"
 * table and the assembly step's pad order are what a builder solders from, so they must name the
 * pins of resolveBoard('pico') (generate.ts --check does not see this file).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../hardware/generate';
import { BOARDS, resolveBoard } from '../../hardware/pinmap';

const readme = readFileSync(join(REPO_ROOT, 'hardware/README.md'), 'utf8');
const pico = resolveBoard('pico');

/** The cells of the README's Pico wiring table, by its first column. */
function wiringTable(): Record<string, string> {
  const section = readme.split('## Reference wiring (Espruino Pico)')[1];
  expect(section, 'README section "Reference wiring (Espruino Pico)"').toBeDefined();
  const rows: Record<string, string> = {};
  for (const line of section.split('\n## ')[0].split('\n')) {
    const m = /^\| ([^|]+) \| (.+) \|$/.exec(line);
    if (m) rows[m[1].trim()] = m[2].trim();
  }
  return rows;
}

/** Pin names in a cell, in order (A0..B15 style). */
function pinsIn(text: string): string[] {
  return text.match(/\b[A-H]\d{1,2}\b/g) ?? [];
}

describe('hardware/README.md names the Pico\'s pins as pinmap.ts has them', () => {
  const rows = wiringTable();
  const row = (start: string): string => {
    const key = Object.keys(rows).find((k) => k.startsWith(start));
    expect(key, `a row "${start}…" in the README's Pico wiring table`).toBeDefined();
    return rows[key!];
  };

  it('LED data, seats, pad (with the polled ones), buzzer and spare pins', () => {
    expect(pinsIn(row('LED data'))[0]).toBe(pico.ledData);
    expect(pinsIn(row('SEAT1..SEAT7'))).toEqual(pico.seat);
    const pad = row('K1..K6, OK, BACK');
    expect(pinsIn(pad)).toEqual(pico.pad);
    for (const name of pico.polled) expect(pad).toContain(`${name} is polled`);
    expect(pinsIn(row('Buzzer'))[0]).toBe(pico.buzzer);
    expect(row('Buzzer')).toContain((BOARDS.pico.pwmPins as Record<string, string>)[pico.buzzer!]);
    expect(pinsIn(row('Spare'))).toEqual(pico.spare);
  });

  it('the assembly step gives the 0.05" row in the order of the pin map\'s note', () => {
    const note = BOARDS.pico.notes.find((n) => n.includes('0.05"'))!;
    const order = /in this order along it: ([^.]+)\./.exec(note);
    expect(order, 'the pin map note gives the order').not.toBeNull();
    // "A4 A3 … = K1 K2 …": each pin with the input the pin map gives it.
    const [pins, names] = order![1].split(' = ').map((s) => s.trim().split(/\s+/));
    pins.forEach((p, i) => expect(pico.inputs[names[i] as keyof typeof pico.inputs], names[i]).toBe(p));
    const step = /in this order: ([^;]+);/.exec(readme.replace(/\s+/g, ' '));
    expect(step?.[1], 'the assembly step\'s "in this order: …;"').toBe(order![1]);
  });
});
