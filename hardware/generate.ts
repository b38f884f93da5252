/**
 * Writes the generated hardware docs. Run: npx tsx hardware/generate.ts
 * `npx tsx hardware/generate.ts --check` writes nothing: it lists the files that are out of date
 * and exits with status 1 if there are any. test/hardware runs the same check (staleFiles).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { layoutMd, partsCsv, powerMd, wiringMd } from './docs';
import { BOARDS, validateBoard } from './pinmap';
import { PECHVOGEL_SAMPLE_CAPTION, pechvogelSampleCells } from './sample-frame';
import { ledBoardSvg, wiringSvg } from './svg';

/** Every generated file: repository-relative path → content. Pure: no clock, no file access. */
export function generateAll(): Record<string, string> {
  const out: Record<string, string> = {};
  out['hardware/WIRING.md'] = wiringMd();
  for (const id of Object.keys(BOARDS) as Array<keyof typeof BOARDS>) {
    out[`hardware/wiring-${id}.svg`] = wiringSvg(BOARDS[id], validateBoard(BOARDS[id]));
  }
  out['hardware/parts.csv'] = partsCsv();
  out['hardware/LAYOUT.md'] = layoutMd();
  out['hardware/POWER.md'] = powerMd();
  out['hardware/led-board-pechvogel.svg'] = ledBoardSvg(pechvogelSampleCells(), PECHVOGEL_SAMPLE_CAPTION);
  return out;
}

/** Repository root (this file lives in hardware/). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Generated files that are missing or differ from what generateAll() gives, repository-relative. */
export function staleFiles(files: Record<string, string> = generateAll()): string[] {
  return Object.keys(files).filter((path) => {
    const abs = join(REPO_ROOT, path);
    return !existsSync(abs) || readFileSync(abs, 'utf8') !== files[path];
  });
}

function main(argv: readonly string[]): void {
  const files = generateAll();
  if (argv.includes('--check')) {
    const stale = staleFiles(files);
    for (const path of stale) console.error('out of date: ' + path);
    if (stale.length) {
      console.error('run npx tsx hardware/generate.ts');
      process.exitCode = 1;
    } else console.log('hardware docs up to date (' + Object.keys(files).length + ' files)');
    return;
  }
  for (const path of Object.keys(files)) {
    const abs = join(REPO_ROOT, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, files[path]);
    console.log('wrote ' + path);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
