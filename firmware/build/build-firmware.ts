/**
 * `npm run build`: the firmware bundle for one board. Resolves the pin map (a conflict is a
 * build error naming it), compiles the LED layout into index data, bundles with the Espruino
 * pipeline, stamps the bundle hash and checks the board's Storage budget.
 */
import { WIRE_KEYS } from '../../shared/protocol/wire-keys';
import { writeFileSync } from 'node:fs';
import { makeFolder } from './make-folder';
import { dirname, join } from 'node:path';
import { bundleForEspruino } from './espruino-bundle';
import type { Manifest } from './manifest';
import { resolveBoard, checkFirmwareFits, INPUT_TIMING } from '../../hardware/pinmap';
import { JOURNAL_STORAGE_BYTES } from '../src/journal';
import type { BoardPins } from '../src/board.espruino';
import { GEOMETRY, ledIndex } from '../../hardware/led-layout';
import { pechvogelCells } from './pechvogel-cells';
import { INTERNAL_PROPS } from './internal-props';
import { fnv1a } from '../../shared/engine/hash';
import { DEFAULT_BOARD, DIST, packageVersion, ROOT } from './paths';

const HASH_PLACEHOLDER = '@bundle@';

/** Pin-map input names → the firmware's button ids. */
function buttonId(input: string): string {
  if (input.indexOf('SEAT') === 0) return 'S' + input.slice(4);
  if (input === 'BACK') return 'BK';
  return input;
}

/** One char per LED position: the firmware reads them with charCodeAt once, into a Uint8Array. */
function chars(codes: number[]): string {
  return String.fromCharCode.apply(null, codes);
}

export function buildData(boardId: string) {
  const b = resolveBoard(boardId);
  const inputs: Record<string, string> = {};
  for (const k of Object.keys(b.inputs)) inputs[buttonId(k)] = (b.inputs as Record<string, string>)[k];
  // The Pechvogel regions as the renderer draws them (pechvogel-cells.ts).
  const pv = pechvogelCells();
  // Row-major position (x fastest) of each LED in chain order: the LEDs get the frame text's letters in that order.
  const rowOf: number[] = [];
  for (let y = 0; y < GEOMETRY.height; y++) for (let x = 0; x < GEOMETRY.width; x++) rowOf[ledIndex(x, y)] = y * GEOMETRY.width + x;
  // The shape the firmware parses out of __DT_BUILD__.pins (board.espruino.ts).
  const pins: BoardPins = {
    inputs,
    watched: b.watched.map(buttonId),
    polled: b.polled.map(buttonId),
    ledData: b.ledData,
    buzzer: b.buzzer,
    debounceMs: INPUT_TIMING.debounceMs,
    pollMs: INPUT_TIMING.pollIntervalMs,
  };
  return {
    fw: packageVersion(),
    board: b.id,
    pins,
    width: GEOMETRY.width,
    height: GEOMETRY.height,
    rowOf: chars(rowOf),
    logical: pv.size,
    offSlot: pv.size / 8,
    patterns: pv.patterns,
    gather: pv.table,
    gatherEntry: pv.entry,
    sweep: pv.sweep,
    at: pv.at,
    slot: pv.slot,
  };
}

/**
 * The build data as esbuild defines, one per value (`__DT_BUILD__.fw`, `CELL_AT.dice`, `SLOT_AT.dice`, ...), so
 * each is a literal where it is used: the board keeps only what the code still references after
 * boot (the pins), not the whole build object.
 */
export function buildDefines(data: ReturnType<typeof buildData>): Record<string, string> {
  const define: Record<string, string> = {};
  for (const k of ['fw', 'board', 'width', 'height', 'rowOf', 'logical', 'offSlot', 'patterns', 'gather', 'gatherEntry', 'sweep'] as const) define['__DT_BUILD__.' + k] = JSON.stringify(data[k]);
  // esbuild hoists an object define into a variable that lives for good: the pin map goes in as
  // JSON text (parsed where the board needs it, at boot), the LED and buzzer pins as strings.
  define['__DT_BUILD__.pins'] = JSON.stringify(JSON.stringify(data.pins));
  define['__DT_BUILD__.ledData'] = JSON.stringify(data.pins.ledData);
  define['__DT_BUILD__.buzzer'] = JSON.stringify(data.pins.buzzer);
  for (const name of Object.keys(data.at)) define['CELL_AT.' + name] = String(data.at[name]);
  for (const name of Object.keys(data.slot)) define['SLOT_AT.' + name] = String(data.slot[name]);
  return define;
}

export interface FirmwareBuild {
  file: string;
  bytes: number;
  hash: string;
  fw: string;
  board: string;
  storageFree: number;
}

export async function buildFirmware(opts: { board?: string; out?: string; minify?: boolean } = {}): Promise<FirmwareBuild> {
  const data = buildData(opts.board || DEFAULT_BOARD);
  // The firmware's own member names, shortened alike in the boot bundle and its Storage modules.
  // The state's key names too, pinned to the protocol's wire names (wire-keys.ts).
  const mangle = { props: INTERNAL_PROPS.concat(Object.keys(WIRE_KEYS)), cache: Object.assign({}, WIRE_KEYS) as Record<string, string | false> };
  const bundle = await bundleForEspruino({
    entry: join(ROOT, 'firmware', 'src', 'main.ts'),
    minify: opts.minify !== false,
    // No IIFE around the boot bundle: about 300 JsVars of RAM less (flatten-iife.ts).
    flat: true,
    define: { ...buildDefines(data), __DT_BUNDLE_HASH__: JSON.stringify(HASH_PLACEHOLDER) },
    mangle,
  });
  // A define that did not match (a typo, a new field) would be a ReferenceError on the board.
  for (const name of ['__DT_BUILD__', 'CELL_AT', 'SLOT_AT']) if (bundle.code.indexOf(name) >= 0) throw new Error(name + ' left in the bundle: define every field the firmware reads (buildDefines)');
  if (bundle.code.indexOf(HASH_PLACEHOLDER) < 0) throw new Error('bundle hash placeholder vanished from the bundle');
  const file = opts.out || join(DIST, 'dicetray.js');
  // The maintenance module (self-test, staff menu) and the rarely used module (boot, new games,
  // the host's set-up commands) go to Storage as files of their own, loaded when needed. Each
  // starts with the hash as a statement of its own, which the boot code checks before it runs
  // one (load-module.ts): a flash cut short leaves modules from another build.
  const stamp = JSON.stringify(HASH_PLACEHOLDER) + ';';
  const maint = stamp + (await bundleForEspruino({ entry: join(ROOT, 'firmware', 'src', 'maintenance', 'maintenance-entry.ts'), minify: opts.minify !== false, define: buildDefines(data), mangle })).code;
  const rare = stamp + (await bundleForEspruino({ entry: join(ROOT, 'firmware', 'src', 'rare', 'rare-entry.ts'), minify: opts.minify !== false, define: buildDefines(data), mangle })).code;
  // The hash covers all three files with the placeholder in place (in that order, each followed by
  // a newline), so anyone can recompute it from them, and the hello's bundle hash names the modules too.
  const full = fnv1a(bundle.code + '\n' + maint + '\n' + rare + '\n').slice(0, HASH_PLACEHOLDER.length);
  const code = bundle.code.split(HASH_PLACEHOLDER).join(full);
  const files = { maint: maint.split(HASH_PLACEHOLDER).join(full), rare: rare.split(HASH_PLACEHOLDER).join(full) };
  // Checked before anything is written: a build that does not fit left its files in dist, and the
  // simulator then ran them.
  const fit = checkFirmwareFits(data.board, { bundleBytes: code.length + files.maint.length + files.rare.length, files: [code.length, files.maint.length, files.rare.length], journalBytes: JOURNAL_STORAGE_BYTES, variables: 1500 });
  makeFolder(dirname(file));
  writeFileSync(file, code);
  writeFileSync(join(dirname(file), 'maintenance.js'), files.maint);
  writeFileSync(join(dirname(file), 'rare.js'), files.rare);
  const manifest: Manifest = {
    fw: data.fw,
    board: data.board,
    hash: full,
    bytes: code.length,
    pins: data.pins.inputs,
    files: { 'dt.maint': 'maintenance.js', 'dt.rare': 'rare.js' },
    maintenanceBytes: files.maint.length,
    rareBytes: files.rare.length,
  };
  writeFileSync(file.replace(/\.js$/, '.json'), JSON.stringify(manifest, null, 2) + '\n');
  return { file, bytes: code.length, hash: manifest.hash, fw: data.fw, board: data.board, storageFree: fit.storageFreeBytes };
}

export async function buildEngineBundle(entry: 'engine-entry' | 'engine-core-entry', minify = true): Promise<string> {
  const b = await bundleForEspruino({ entry: join(ROOT, 'firmware', 'src', entry + '.ts'), minify });
  return b.code;
}
