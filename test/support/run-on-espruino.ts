import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Runs `code` with a Linux Espruino binary in file mode (`espruino file.js`) and returns what it
 * printed, without the start-up banner and the trailing prompt. Runs in a scratch directory because
 * Espruino keeps its Storage in `./espruino.flash`.
 */
export function runOnEspruino(binary: string, code: string, timeoutMs = 30_000): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'espruino-run-'));
  try {
    const file = path.join(dir, 'bundle.js');
    writeFileSync(file, code);
    const result = spawnSync(binary, [file], { cwd: dir, encoding: 'utf8', timeout: timeoutMs });
    if (result.error) throw result.error;
    return stripEspruinoBanner(result.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Drops the ASCII-art banner (it ends with the espruino.com/Donate line and a blank line) and the final `>` prompt. */
function stripEspruinoBanner(stdout: string): string[] {
  let lines = stdout.replace(/\r/g, '').split('\n');
  const donate = lines.findIndex((line) => line.includes('espruino.com/Donate'));
  if (donate >= 0) lines = lines.slice(lines[donate + 1] === '' ? donate + 2 : donate + 1);
  while (lines.length > 0 && (lines[lines.length - 1] === '' || lines[lines.length - 1] === '>')) lines.pop();
  return lines;
}
