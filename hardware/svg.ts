/**
 * SVG drawings generated from the pin map and the LED layout: one wiring diagram per board and
 * a photo-like rendering of the LED board. Output is deterministic (the checked-in files are
 * compared byte for byte by test/hardware).
 */
import { BLINK, GEOMETRY, type Look, type Rgb } from './led-layout';
import { INPUT_NAMES, INPUT_TIMING, type BoardSpec, type InputName, type ResolvedBoard } from './pinmap';
import type { LitCell } from './sample-frame';
import { escapeXml } from '../shared/text/escape-xml';
import { wrap } from '../shared/text/wrap';

/** How U2 goes in; the same words in WIRING.md, parts.csv and the wiring diagrams. */
export const LEVEL_SHIFTER_WIRING = 'U2 74AHCT125 wiring: board LED-data pin → U2 pin 2 (1A), with R2 22 kΩ from pin 2 to GND; U2 pin 3 (1Y) → R1 330 Ω → panel A DIN; ' +
  'pin 1 (1OE) → GND (else the output stays off); pin 14 (VCC) → +5V with a 100 nF capacitor (C2) to pin 7 (GND); ' +
  'unused inputs 2A, 3A, 4A (pins 5, 9, 12) → GND and their enables (pins 4, 10, 13) → +5V. R1 stays at the DIN end, after U2.';

/** Why R2 is there; the same words in WIRING.md, parts.csv and the wiring diagrams. */
export const PULL_DOWN_WHY = 'R2 holds the data line low while the board\'s pin floats (power-up, reset, flashing: STM32 pins are inputs until the first neopixel.write), ' +
  'so noise cannot latch random bright colours into 128 LEDs and overload USB.';

/**
 * The level shifter's supply range, and what to do where +5V sags. On the Pico, +5V is USB less the
 * Schottky and a 500 mA polyfuse: F1's MF-R050 alone is 0.41-0.77 Ω (Bourns data), 0.2-0.3 V at 430 mA.
 */
export const LEVEL_SHIFTER_SUPPLY = 'The 74AHCT125 is specified for VCC 4.5-5.5 V; on the Pico, +5V is USB less the Schottky diode (0.3 V or more) ' +
  'and a 500 mA polyfuse (an MF-R050 alone drops 0.2-0.3 V at 430 mA), so at the worst-case load it can fall below 4.5 V. ' +
  'U2 swings to the same rail the LEDs measure VIH against, so it keeps working in practice, but outside its specification: ' +
  'if the self-test\'s white sweep flickers or shows wrong colours, the SN74LV1T125 (one gate, specified from 1.6 V, SOT-23-5 on an adapter) is the in-spec alternative.';

function n(v: number): string {
  return String(Math.round(v * 100) / 100);
}

/** What the board's data sheet calls the pin's function that we rely on. */
export function pinFunction(spec: BoardSpec, role: 'led' | 'buzzer', pin: string): string {
  if (role === 'led') return spec.neopixelPins === 'any' ? 'any pin (I2S driver)' : spec.neopixelPins[pin];
  return spec.pwmPins === 'any' ? 'PWM on any pin' : 'PWM ' + spec.pwmPins[pin];
}

/** Switch number (SW1..SW15) of an input: seats first, then the pad. */
export function switchRef(name: InputName): string {
  return 'SW' + ((INPUT_NAMES as readonly string[]).indexOf(name) + 1);
}

interface WRow {
  y: number;
  pin: string;
  label: string;
}

/** A schematic-style wiring diagram: board pins on the left, parts on the right, one GND rail. */
export function wiringSvg(spec: BoardSpec, board: ResolvedBoard): string {
  const top = 150;
  const rowH = 26;
  const inputs = (Object.keys(board.inputs) as InputName[]);
  const rows: WRow[] = [];
  rows.push({ y: top, pin: board.ledData, label: board.ledData + ' · ' + pinFunction(spec, 'led', board.ledData) });
  rows.push({ y: top + rowH, pin: board.powerPin.pin, label: board.powerPin.pin + (board.powerPin.direction === 'out' ? ' · 5 V out' : ' · 5 V in') });
  rows.push({ y: top + 2 * rowH, pin: 'GND', label: 'GND' });
  inputs.forEach((name, i) => rows.push({ y: top + (3 + i) * rowH, pin: board.inputs[name], label: board.inputs[name] }));
  const buzzerY = top + (3 + inputs.length) * rowH;
  if (board.buzzer !== null) {
    rows.push({ y: buzzerY, pin: board.buzzer, label: board.buzzer + ' · ' + pinFunction(spec, 'buzzer', board.buzzer) });
  }
  const lastY = rows[rows.length - 1].y;
  // Boards fed from outside get a GND wire under the board, and its label, before the notes.
  const notesY = lastY + (board.powerPin.direction === 'in' ? 74 : 50);
  const width = 1100;
  const notes = [
    `Buttons: momentary switch to GND, internal pull-up (pinMode "input_pullup"), debounce ${INPUT_TIMING.debounceMs} ms; ` +
      `watched with setWatch, or polled every ${INPUT_TIMING.pollIntervalMs} ms when marked (polled).`,
    'R1 330 Ω sits at panel A\'s DIN; C1 220 µF (≥ 6.3 V) across +5V/GND at panel A\'s input; +5V/GND wires ≥ 0.5 mm² (20 AWG); panel B takes +5V/GND from panel A.',
    'Data level: 3.3 V data is at or below the WS2812B\'s VIH (0.7 × VDD), so U2 (74AHCT125) is fitted on every board: board pin → U2 1A (pin 2), U2 1Y (pin 3) → R1 → DIN; ' +
      'U2 1OE (pin 1) to GND, VCC (pin 14) to +5V with C2 100 nF; unused inputs to GND (WIRING.md). ' + LEVEL_SHIFTER_SUPPLY,
    'R2 22 kΩ from U2 1A (pin 2) to GND: ' + PULL_DOWN_WHY,
    `Power: ${board.powerPin.pin}: ${board.powerPin.note}.` + (spec.f1 ? ` F1 (500 mA PTC${spec.f1.when ? ', ' + spec.f1.when : ''}): ${spec.f1.where}.` : ''),
    `Firmware caps every channel at ${board.power.brightnessCap}/255 and scales frames to ${board.power.ledBudgetMa} mA of LED drive (defaults of the board settings; POWER.md).`,
    board.spare.length ? 'Spare pins: ' + board.spare.join(', ') + '.' : 'No spare pins.',
  ];
  const noteLines: Array<{ text: string; x: number }> = [];
  // Long notes wrap; their follow-on lines are indented.
  for (const t of notes) wrap(t, 160, 156).forEach((l, i) => noteLines.push({ text: l, x: i ? 36 : 20 }));
  const height = notesY + noteLines.length * 18 + 20;
  const boardX0 = 150;
  const boardX1 = 380;
  const pinX = boardX1 + 16;
  const railX = 640;
  const capX = 680;
  const mx0 = 720;
  const mx1 = 1080;
  const o: string[] = [];
  o.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`);
  o.push(`<title>${escapeXml('dicetray wiring: ' + board.name)}</title>`);
  o.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  o.push(`<text x="20" y="30" font-size="18" font-weight="bold">${escapeXml('dicetray wiring — ' + board.name + ' (' + board.mcu + ')')}</text>`);
  o.push(`<text x="20" y="50" fill="#555">${escapeXml('Generated from hardware/pinmap.ts by hardware/generate.ts. Crossing wires without a dot are not connected.')}</text>`);

  // USB supply
  const usbY = top + rowH;
  o.push(`<rect x="20" y="${usbY - 22}" width="96" height="44" rx="6" fill="#eef3ff" stroke="#335"/>`);
  o.push(`<text x="68" y="${usbY - 4}" text-anchor="middle" font-weight="bold">USB 5 V</text>`);
  o.push(`<text x="68" y="${usbY + 12}" text-anchor="middle" font-size="11">${escapeXml('≤ ' + board.power.usbLimitMa + ' mA')}</text>`);
  if (board.powerPin.direction === 'out') {
    // The board has its own USB connector and passes 5 V on to the panels.
    o.push(`<line x1="116" y1="${usbY}" x2="${boardX0}" y2="${usbY}" stroke="#c00" stroke-width="2"/>`);
    o.push(`<text x="68" y="${usbY + 36}" text-anchor="middle" font-size="10" fill="#555">${escapeXml(spec.usbIn[0])}</text>`);
    o.push(`<text x="68" y="${usbY + 48}" text-anchor="middle" font-size="10" fill="#555">${escapeXml(spec.usbIn[1])}</text>`);
  } else {
    // No USB on the board: the supply feeds the +5V wire, which reaches both the board and the panels.
    const over = top - 72;
    const jx = boardX1 + 90;
    o.push(`<path d="M 68 ${usbY - 22} L 68 ${over} L ${jx} ${over} L ${jx} ${usbY}" fill="none" stroke="#c00" stroke-width="2"/>`);
    o.push(`<circle cx="${jx}" cy="${usbY}" r="3" fill="#c00"/>`);
    o.push(`<text x="${jx + 6}" y="${over - 4}" fill="#c00" font-size="11">J2 USB 5 V → F1 500 mA → +5V wire (board Vin and panels)</text>`);
    // …and its GND joins the common GND (the GND rail's bottom end), below the board.
    const under = lastY + 36;
    o.push(`<path d="M 68 ${usbY + 22} L 68 ${under} L ${railX} ${under} L ${railX} ${lastY}" fill="none" stroke="#000" stroke-width="2"/>`);
    o.push(`<circle cx="${railX}" cy="${lastY}" r="3"/>`);
    o.push(`<text x="76" y="${under + 14}" font-size="11">J2 GND → GND rail (board GND and panels)</text>`);
  }

  // Board
  o.push(`<rect x="${boardX0}" y="${top - 46}" width="${boardX1 - boardX0}" height="${lastY - top + 70}" rx="8" fill="#1f5f3f" stroke="#0d2f1f" stroke-width="2"/>`);
  o.push(`<text x="${(boardX0 + boardX1) / 2}" y="${top - 26}" text-anchor="middle" fill="#fff" font-weight="bold">${escapeXml(board.name)}</text>`);
  o.push(`<text x="${(boardX0 + boardX1) / 2}" y="${top - 12}" text-anchor="middle" fill="#cfe" font-size="10">${escapeXml(board.mcu + ' · ' + board.variables + ' vars · ' + Math.round(board.storageBytes / 1024) + ' KB Storage')}</text>`);
  for (const r of rows) {
    o.push(`<text x="${boardX1 - 8}" y="${r.y + 4}" text-anchor="end" fill="#fff">${escapeXml(r.label)}</text>`);
    o.push(`<rect x="${boardX1 - 2}" y="${r.y - 5}" width="10" height="10" fill="#d4af37" stroke="#8a6d1f"/>`);
    o.push(`<line x1="${boardX1 + 8}" y1="${r.y}" x2="${pinX}" y2="${r.y}" stroke="#000" stroke-width="1.5"/>`);
  }

  // LED data: board pin → U2 (R2 pulls its input low) → R1 → DIN
  const dY = rows[0].y;
  const vY = rows[1].y;
  const gY = rows[2].y;
  const r2X = 520;
  const u2X0 = 545;
  const u2X1 = 625;
  o.push(`<line x1="${pinX}" y1="${dY}" x2="${u2X0}" y2="${dY}" stroke="#06c" stroke-width="2"/>`);
  o.push(`<line x1="${u2X1}" y1="${dY}" x2="655" y2="${dY}" stroke="#06c" stroke-width="2"/>`);
  // R2 from U2's input to GND (crossing +5V without a dot).
  o.push(`<circle cx="${r2X}" cy="${dY}" r="3" fill="#06c"/>`);
  o.push(`<line x1="${r2X}" y1="${dY}" x2="${r2X}" y2="${dY + 4}" stroke="#000" stroke-width="1.5"/>`);
  o.push(`<rect x="${r2X - 5}" y="${dY + 4}" width="10" height="16" fill="#fff" stroke="#000"/>`);
  o.push(`<line x1="${r2X}" y1="${dY + 20}" x2="${r2X}" y2="${gY}" stroke="#000" stroke-width="1.5"/>`);
  o.push(`<circle cx="${r2X}" cy="${gY}" r="3"/>`);
  o.push(`<text x="${r2X + 6}" y="${vY + 16}" font-size="10">R2 22 kΩ</text>`);
  // U2: 1A (pin 2) in, 1Y (pin 3) out; VCC (pin 14) to +5V, GND (pin 7) and 1OE (pin 1) to GND.
  o.push(`<rect x="${u2X0}" y="${dY - 14}" width="${u2X1 - u2X0}" height="28" fill="#fff" stroke="#000" stroke-width="1.5"/>`);
  o.push(`<text x="${(u2X0 + u2X1) / 2}" y="${dY - 1}" text-anchor="middle" font-size="10" font-weight="bold">U2 74AHCT125</text>`);
  o.push(`<text x="${(u2X0 + u2X1) / 2}" y="${dY + 10}" text-anchor="middle" font-size="8">2 (1A) → 3 (1Y)</text>`);
  o.push(`<line x1="${u2X0 + 20}" y1="${dY + 14}" x2="${u2X0 + 20}" y2="${vY}" stroke="#c00" stroke-width="1.5"/>`);
  o.push(`<circle cx="${u2X0 + 20}" cy="${vY}" r="3" fill="#c00"/>`);
  o.push(`<line x1="${u2X1 - 20}" y1="${dY + 14}" x2="${u2X1 - 20}" y2="${gY}" stroke="#000" stroke-width="1.5"/>`);
  o.push(`<circle cx="${u2X1 - 20}" cy="${gY}" r="3"/>`);
  o.push(`<text x="${u2X0}" y="${dY - 28}" font-size="9" fill="#555">C2 100 nF: pin 14 to 7</text>`);
  o.push(`<text x="${u2X0}" y="${dY - 18}" font-size="9" fill="#555">1OE (pin 1) → GND</text>`);
  // R1 is drawn where it goes: at panel A's DIN, not at the board.
  o.push(`<rect x="655" y="${dY - 7}" width="50" height="14" fill="#fff" stroke="#000"/>`);
  o.push(`<text x="680" y="${dY - 11}" text-anchor="middle">R1 330 Ω</text>`);
  o.push(`<line x1="705" y1="${dY}" x2="${mx0}" y2="${dY}" stroke="#06c" stroke-width="2"/>`);
  o.push(`<text x="${pinX + 6}" y="${dY - 6}" fill="#06c">LED data</text>`);
  // +5 V and GND to the panels, C1 across them
  o.push(`<line x1="${pinX}" y1="${vY}" x2="${mx0}" y2="${vY}" stroke="#c00" stroke-width="2"/>`);
  o.push(`<text x="${pinX + 6}" y="${vY - 6}" fill="#c00">+5 V</text>`);
  if (spec.f1 && board.powerPin.direction === 'out') {
    // F1 in the board → panel A +5V wire, at the board end (dashed where only some revisions need it).
    const dash = spec.f1.when ? ' stroke-dasharray="3 2"' : '';
    o.push(`<rect x="440" y="${vY - 5}" width="30" height="10" rx="2" fill="#fff" stroke="#000"${dash}/>`);
    o.push(`<line x1="440" y1="${vY}" x2="470" y2="${vY}" stroke="#000" stroke-width="1"/>`);
    o.push(`<text x="436" y="${vY - 8}" font-size="10">${escapeXml(spec.f1.when ? 'F1 (' + spec.f1.when + ')' : 'F1 500 mA')}</text>`);
  }
  o.push(`<line x1="${pinX}" y1="${gY}" x2="${mx0}" y2="${gY}" stroke="#000" stroke-width="2"/>`);
  o.push(`<text x="${pinX + 6}" y="${gY - 6}">GND</text>`);
  o.push(`<line x1="${capX}" y1="${vY}" x2="${capX}" y2="${vY + 9}" stroke="#000" stroke-width="1.5"/>`);
  o.push(`<line x1="${capX - 8}" y1="${vY + 9}" x2="${capX + 8}" y2="${vY + 9}" stroke="#000" stroke-width="2"/>`);
  o.push(`<path d="M ${capX - 8} ${vY + 17} Q ${capX} ${vY + 13} ${capX + 8} ${vY + 17}" fill="none" stroke="#000" stroke-width="2"/>`);
  o.push(`<line x1="${capX}" y1="${vY + 15}" x2="${capX}" y2="${gY}" stroke="#000" stroke-width="1.5"/>`);
  o.push(`<text x="${capX - 12}" y="${vY + 15}" text-anchor="end" font-size="11">C1 220 µF</text>`);
  o.push(`<text x="${capX + 10}" y="${vY + 10}" font-size="11" font-weight="bold">+</text>`);
  o.push(`<circle cx="${capX}" cy="${vY}" r="3"/><circle cx="${capX}" cy="${gY}" r="3"/>`);

  // LED matrix block
  const mTop = dY - 30;
  const pitch = 17;
  const gridY = gY + 40;
  const mBottom = gridY + 8 * pitch + 40;
  o.push(`<rect x="${mx0}" y="${mTop}" width="${mx1 - mx0}" height="${mBottom - mTop}" rx="6" fill="#222" stroke="#000"/>`);
  o.push(`<text x="${(mx0 + mx1) / 2}" y="${mTop + 16}" text-anchor="middle" fill="#fff" font-weight="bold">LED board: 2 × 8×8 WS2812B, 128 LEDs, GRB</text>`);
  o.push(`<text x="${mx0 + 8}" y="${dY + 4}" fill="#9cf">DIN</text>`);
  o.push(`<text x="${mx0 + 8}" y="${vY + 4}" fill="#f99">+5V</text>`);
  o.push(`<text x="${mx0 + 8}" y="${gY + 4}" fill="#ccc">GND</text>`);
  for (let p = 0; p < GEOMETRY.panels.length; p++) {
    const panel = GEOMETRY.panels[p];
    const px = mx0 + 24 + p * (8 * pitch + 40);
    o.push(`<rect x="${px - 4}" y="${gridY - 10}" width="${8 * pitch + 8}" height="${8 * pitch + 8}" fill="#111" stroke="#555"/>`);
    for (let y = 0; y < panel.height; y++) {
      for (let x = 0; x < panel.width; x++) {
        o.push(`<circle cx="${px + x * pitch + 4}" cy="${gridY + y * pitch - 2}" r="4" fill="#ddd"/>`);
      }
    }
    o.push(`<text x="${px + 4 * pitch}" y="${gridY + 8 * pitch + 12}" text-anchor="middle" fill="#fff" font-size="11">${escapeXml('Panel ' + panel.name + ' · columns ' + panel.x0 + '–' + (panel.x0 + panel.width - 1))}</text>`);
    o.push(`<text x="${px + 4 * pitch}" y="${gridY + 8 * pitch + 26}" text-anchor="middle" fill="#aaa" font-size="10">${escapeXml(panel.wiring + ' rows, DIN top-left')}</text>`);
  }
  const ax = mx0 + 24 + 8 * pitch + 2;
  o.push(`<path d="M ${mx0 + 36} ${dY} L ${mx0 + 50} ${dY} L ${mx0 + 50} ${gridY - 16} L ${mx0 + 28} ${gridY - 16} L ${mx0 + 28} ${gridY - 8}" fill="none" stroke="#6cf" stroke-width="1.5"/>`);
  o.push(`<path d="M ${ax} ${gridY + 7 * pitch - 2} L ${ax + 20} ${gridY + 7 * pitch - 2} L ${ax + 20} ${gridY - 16} L ${ax + 42} ${gridY - 16} L ${ax + 42} ${gridY - 8}" fill="none" stroke="#6cf" stroke-width="1.5"/>`);
  o.push(`<text x="${ax + 20}" y="${gridY - 20}" text-anchor="middle" fill="#6cf" font-size="10">A DOUT → B DIN</text>`);

  // GND rail and the buttons
  o.push(`<line x1="${railX}" y1="${gY}" x2="${railX}" y2="${lastY}" stroke="#000" stroke-width="2"/>`);
  o.push(`<circle cx="${railX}" cy="${gY}" r="3"/>`);
  o.push(`<text x="${railX + 6}" y="${lastY + 16}" font-size="11">GND rail</text>`);
  const polled: Record<string, boolean> = {};
  board.polled.forEach((p) => { polled[p] = true; });
  inputs.forEach((name, i) => {
    const y = rows[3 + i].y;
    o.push(`<line x1="${pinX}" y1="${y}" x2="520" y2="${y}" stroke="#000" stroke-width="1.5"/>`);
    o.push(`<circle cx="522" cy="${y}" r="2.5" fill="#fff" stroke="#000"/>`);
    o.push(`<line x1="524" y1="${y - 1}" x2="566" y2="${y - 12}" stroke="#000" stroke-width="1.5"/>`);
    o.push(`<circle cx="568" cy="${y}" r="2.5" fill="#fff" stroke="#000"/>`);
    o.push(`<line x1="570" y1="${y}" x2="${railX}" y2="${y}" stroke="#000" stroke-width="1.5"/>`);
    o.push(`<circle cx="${railX}" cy="${y}" r="3"/>`);
    const tag = switchRef(name) + ' ' + name + (polled[name] ? ' (polled)' : '');
    o.push(`<text x="${pinX + 6}" y="${y - 5}" font-size="11"${polled[name] ? ' fill="#a50"' : ''}>${escapeXml(tag)}</text>`);
  });
  if (board.buzzer !== null) {
    const y = buzzerY;
    o.push(`<line x1="${pinX}" y1="${y}" x2="526" y2="${y}" stroke="#000" stroke-width="1.5" stroke-dasharray="5 3"/>`);
    o.push(`<circle cx="545" cy="${y}" r="19" fill="#fff" stroke="#000" stroke-dasharray="5 3"/>`);
    o.push(`<text x="545" y="${y + 4}" text-anchor="middle" font-size="11">BZ1</text>`);
    o.push(`<line x1="564" y1="${y}" x2="${railX}" y2="${y}" stroke="#000" stroke-width="1.5" stroke-dasharray="5 3"/>`);
    o.push(`<circle cx="${railX}" cy="${y}" r="3"/>`);
    o.push(`<text x="${pinX + 6}" y="${y - 5}" font-size="11">piezo (optional)</text>`);
  }

  // Notes
  noteLines.forEach((t, i) => {
    o.push(`<text x="${t.x}" y="${notesY + i * 18}" font-size="12">${escapeXml(t.text)}</text>`);
  });
  o.push('</svg>');
  return o.join('\n') + '\n';
}

function hex(c: Rgb): string {
  return c.map((v) => (v < 16 ? '0' : '') + v.toString(16)).join('');
}

/** SMIL animation that reproduces a look (blink pattern) in browsers and image viewers. */
function animation(look: Look): string {
  if (look === 'slow' || look === 'fast') {
    const dur = (look === 'slow' ? BLINK.slowPeriodMs : BLINK.fastPeriodMs) / 1000;
    return `<animate attributeName="opacity" values="1;0.06" dur="${dur}s" calcMode="discrete" repeatCount="indefinite"/>`;
  }
  return '';
}

/**
 * Photo-like picture of the LED board: dark PCB, white 5050 packages, lit LEDs glowing in their
 * colour; blinking LEDs blink (SMIL), dim ones are drawn faint.
 */
export function ledBoardSvg(cells: readonly LitCell[], caption: string): string {
  const pitch = 38;
  const margin = 34;
  const gap = 14;
  const w = margin * 2 + GEOMETRY.width * pitch + gap;
  const boardH = margin * 2 + GEOMETRY.height * pitch;
  const lines = wrap(caption, 105);
  const h = boardH + 18 + lines.length * 17;
  const cx = (x: number): number => margin + x * pitch + pitch / 2 + (x >= 8 ? gap : 0);
  const cy = (y: number): number => margin + y * pitch + pitch / 2;
  const colours: Record<string, Rgb> = {};
  cells.forEach((c) => { colours[hex(c.colour)] = c.colour; });
  const o: string[] = [];
  o.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="Helvetica, Arial, sans-serif">`);
  o.push('<title>dicetray LED board: Pechvogel sample state</title>');
  o.push('<defs>');
  o.push('<linearGradient id="pcb" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d2124"/><stop offset="1" stop-color="#0b0d0f"/></linearGradient>');
  o.push('<radialGradient id="lens-off" cx="0.45" cy="0.4" r="0.6"><stop offset="0" stop-color="#dedbd0"/><stop offset="1" stop-color="#8f8b80"/></radialGradient>');
  o.push('<filter id="blur" x="-1" y="-1" width="3" height="3"><feGaussianBlur stdDeviation="5"/></filter>');
  Object.keys(colours).sort().forEach((k) => {
    o.push(`<radialGradient id="lit-${k}" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff"/><stop offset="0.45" stop-color="#${k}"/><stop offset="1" stop-color="#${k}" stop-opacity="0.85"/></radialGradient>`);
  });
  o.push('</defs>');
  o.push(`<rect width="${w}" height="${h}" fill="#f2f2f2"/>`);
  o.push(`<rect x="4" y="4" width="${w - 8}" height="${boardH - 8}" rx="10" fill="url(#pcb)"/>`);
  for (let p = 0; p < GEOMETRY.panels.length; p++) {
    const panel = GEOMETRY.panels[p];
    const x0 = cx(panel.x0) - pitch / 2 + 3;
    o.push(`<rect x="${x0}" y="${margin - 6}" width="${panel.width * pitch - 6}" height="${panel.height * pitch + 12}" rx="4" fill="none" stroke="#2c3236" stroke-width="1.5"/>`);
    o.push(`<text x="${cx(panel.x0) - pitch / 2 + 4}" y="${boardH - 12}" fill="#8a9096" font-size="11">${escapeXml('PANEL ' + panel.name + ' · ' + (panel.x0 === 0 ? 'TABLE' : 'SEATS · STATUS'))}</text>`);
  }
  for (let x = 0; x < GEOMETRY.width; x++) {
    o.push(`<text x="${cx(x)}" y="${margin - 12}" text-anchor="middle" fill="#6c7278" font-size="9">${x}</text>`);
  }
  // Unlit packages everywhere, lit ones drawn over them.
  for (let y = 0; y < GEOMETRY.height; y++) {
    for (let x = 0; x < GEOMETRY.width; x++) {
      const s = pitch * 0.56;
      o.push(`<rect x="${n(cx(x) - s / 2)}" y="${n(cy(y) - s / 2)}" width="${n(s)}" height="${n(s)}" rx="2" fill="#c9c6bc" stroke="#6d6a60" stroke-width="0.8"/><circle cx="${cx(x)}" cy="${cy(y)}" r="${n(s * 0.38)}" fill="url(#lens-off)"/>`);
    }
  }
  const ordered = cells.slice().sort((a, b) => a.y - b.y || a.x - b.x);
  for (const c of ordered) {
    const k = hex(c.colour);
    const faint = c.look === 'dim' ? ' opacity="0.38"' : '';
    o.push(`<g${faint}>`);
    o.push(`<g>${animation(c.look)}`);
    o.push(`<circle cx="${cx(c.x)}" cy="${cy(c.y)}" r="${n(pitch * 0.55)}" fill="#${k}" opacity="0.7" filter="url(#blur)"/>`);
    o.push(`<circle cx="${cx(c.x)}" cy="${cy(c.y)}" r="${n(pitch * 0.22)}" fill="url(#lit-${k})"/>`);
    o.push('</g></g>');
  }
  lines.forEach((line, i) => {
    o.push(`<text x="${w / 2}" y="${boardH + 14 + i * 17}" text-anchor="middle" font-size="12" fill="#333">${escapeXml(line)}</text>`);
  });
  o.push('</svg>');
  return o.join('\n') + '\n';
}
