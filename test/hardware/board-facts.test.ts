import { LED_BUDGET_MAX_MA } from '../../hardware/power-figures';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, generateAll } from '../../hardware/generate';
import { BOARDS, resolveBoard } from '../../hardware/pinmap';
import { PARTS } from '../../hardware/docs';
import { LED_IDLE_MA, POWER, frameDriveMa } from '../../hardware/power';
import { cellsToFrame, pechvogelSampleCells } from '../../hardware/sample-frame';

/**
 * The header pins of each board as Espruino's board files list them (`board` / `board_breakout` in
 * boards/PICO_R1_3.py, ESPRUINOWIFI.py, ESPRUINOBOARD.py, MDBT42Q.py of espruino/Espruino; power
 * pins left out). The pin map may only use pins a builder can reach, and must say why it leaves
 * any of them out.
 */
const HEADER_PINS: Record<keyof typeof BOARDS, { rows: Record<string, string[]> }> = {
  pico: {
    rows: {
      top: ['B15', 'B14', 'B13', 'B10', 'B1', 'A7', 'A6', 'A5'],
      bottom: ['B3', 'B4', 'B5', 'B6', 'B7', 'A8'],
      // The 0.05" (1.27 mm) row at the end of the board.
      end: ['A4', 'A3', 'A2', 'A1', 'A0', 'A10', 'B9', 'B8'],
    },
  },
  wifi: {
    rows: {
      left: ['B15', 'B14', 'B13', 'B10', 'B1', 'A7', 'A6', 'A5', 'A4', 'A1', 'A0'],
      right: ['B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B9', 'B0'],
      left2: ['A10', 'A8'],
    },
  },
  original: {
    rows: {
      right: ['A15', 'A14', 'A13', 'A10', 'A9', 'A8', 'C11', 'C10', 'C9', 'C8', 'C7', 'C6', 'C5', 'C4', 'B15', 'B14', 'B13'],
      left: ['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B9', 'B12', 'C12', 'C15', 'C0', 'C1', 'C2', 'C3', 'A0', 'A1'],
      bottom: ['A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'B0', 'B1', 'B10', 'B11'],
    },
  },
  mdbt42q: {
    rows: {
      left: ['D25', 'D26', 'D27', 'D28', 'D29', 'D30', 'D31', 'D3', 'D4', 'D5', 'D11'],
      right: ['D22', 'D20', 'D19', 'D18', 'D17', 'D16', 'D15', 'D14'],
      bottom: ['D6', 'D8', 'D7'],
      top: ['D9', 'D10'],
    },
  },
};

const IDS = Object.keys(BOARDS) as Array<keyof typeof BOARDS>;
const files = generateAll();

describe('the pin map against the boards\' headers', () => {
  it.each(IDS)('%s: every usable pin is on a header, and every header pin is usable or reserved', (id) => {
    const header = Object.values(HEADER_PINS[id].rows).flat();
    const spec = BOARDS[id];
    for (const p of spec.gpio) expect(header, `${id}: ${p} is not on a header`).toContain(p);
    for (const p of header) {
      expect(spec.gpio.includes(p) || Object.prototype.hasOwnProperty.call(spec.reserved, p), `${id}: header pin ${p} is neither gpio nor reserved`).toBe(true);
    }
  });

  it('the Pico note names every assigned pin on the 0.05" row', () => {
    const b = resolveBoard('pico');
    const note = BOARDS.pico.notes.find((n) => n.includes('0.05"'));
    expect(note, 'a note about the 0.05" row').toBeDefined();
    const used = [...b.seat, ...b.pad, b.ledData, ...(b.buzzer ? [b.buzzer] : [])];
    for (const p of HEADER_PINS.pico.rows.end) if (used.includes(p)) expect(note).toContain(p);
  });
});

describe('documents a builder follows', () => {
  it('hardware/README.md quotes the sample frame figures of POWER.md', () => {
    const readme = readFileSync(join(REPO_ROOT, 'hardware/README.md'), 'utf8');
    const drive = frameDriveMa(cellsToFrame(pechvogelSampleCells()));
    const total = POWER.boardMa + LED_IDLE_MA + drive;
    expect(readme).toContain(`${drive.toFixed(1)} mA of drive (${total.toFixed(1)} mA total)`);
    expect(files['hardware/POWER.md']).toContain(`**${drive.toFixed(1)} mA** of drive, total ${total.toFixed(1)} mA`);
  });

  it('POWER.md says how far the host lets led_budget go and what that costs', () => {
    const max = POWER.usbLimitMa - POWER.boardMa - LED_IDLE_MA;
    // The firmware's own limit (it refuses and clamps above it) is the same figure.
    expect(LED_BUDGET_MAX_MA).toBe(max);
    expect(files['hardware/POWER.md']).toContain(`\`led_budget\` up to ${max} mA`);
    expect(files['hardware/POWER.md']).not.toMatch(/firmware calls\s+`limitFrame/);
  });

  it('R1 is drawn at panel A\'s DIN, as the text says, not at the board', () => {
    for (const id of IDS) {
      const svg = files[`hardware/wiring-${id}.svg`];
      const m = /<rect x="(\d+)"[^>]*\/>\n<text [^>]*>R1 330 Ω<\/text>/.exec(svg);
      expect(m, id).not.toBeNull();
      expect(Number(m![1]), id).toBeGreaterThan(640); // right of the GND rail, next to the panel
    }
  });

  it('a board fed from outside gets both supply wires: +5V and GND', () => {
    for (const id of IDS) {
      const b = resolveBoard(id);
      const svg = files[`hardware/wiring-${id}.svg`];
      if (b.powerPin.direction === 'in') {
        expect(svg, id).toContain('J2 USB 5 V');
        expect(svg, id).toContain('J2 GND');
      } else {
        expect(svg, id).not.toContain('J2 GND');
      }
    }
  });

  it('the level shifter comes with its decoupling capacitor and the wiring that makes it work', () => {
    const refs = PARTS.map((p) => p[0]);
    expect(refs).toContain('U2');
    expect(refs).toContain('C2');
    const u2 = PARTS.find((p) => p[0] === 'U2')!;
    expect(u2[4]).toMatch(/1OE\) → GND/);
    expect(u2[4]).toMatch(/1Y\) → R1/);
    expect(files['hardware/WIRING.md']).toMatch(/1OE\) → GND/);
  });

  it('every part the wiring text names is in parts.csv', () => {
    const refs = PARTS.map((p) => p[0]);
    // WIRING.md up to the first board: the boards' sections name pins such as C13, not parts.
    const text = files['hardware/WIRING.md'].split('\n## ')[0] + readFileSync(join(REPO_ROOT, 'hardware/README.md'), 'utf8');
    for (const ref of new Set(text.match(/(?<![-\w])(?:R|C|F|U|PCB)\d+(?:[-–]R?\d+)?\b/g))) {
      expect(refs, ref).toContain(ref.replace('–', '-'));
    }
  });

  it('the Pico\'s VBAT is told apart from its Bat pin, by both revisions\' printing', () => {
    expect(BOARDS.pico.powerPin.note).toMatch(/printed VCC \(1v3\) or Vout \(1v4\)/);
    expect(BOARDS.pico.powerPin.note).toMatch(/never Bat \(1v3\) \/ Vin \(1v4\)/);
    const readme = readFileSync(join(REPO_ROOT, 'hardware/README.md'), 'utf8');
    expect(readme).toMatch(/\*\*VCC\*\* \(1v3\) or \*\*Vout\*\* \(1v4\)/);
  });
});

describe('boards the firmware does not fit', () => {
  // The reference board's Storage is all but full (README "Measurements"), so any board with less
  // cannot hold the firmware: its notes must say so before someone buys one.
  it.each(IDS.filter((id) => BOARDS[id].storageBytes < BOARDS.pico.storageBytes))('%s says the firmware does not fit', (id) => {
    expect(BOARDS[id].notes.some((n) => n.includes('does not fit')), id).toBe(true);
    expect(files['hardware/WIRING.md']).toContain('--board ' + id + '` fails');
  });
});
