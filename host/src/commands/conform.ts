import { readFileSync } from 'node:fs';
import { runScenarioFile, type ScenarioResult } from '../../../shared/conformance/run-scenarios';
import { EXIT, HostError } from '../errors';
import type { Output } from '../output';

export interface ConformOptions {
  json?: boolean;
  verbose?: boolean;
}

/** `dicetray conform FILE…`: one line per scenario, then `N passed, M failed, K skipped`. */
export function conform(files: string[], opts: ConformOptions, io: Output): number {
  const all: (ScenarioResult & { file: string })[] = [];
  for (const file of files) {
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new HostError(`cannot read scenarios from ${file}: ${(e as Error).message}`, EXIT.input, 'pass a tabletop-rules-scenarios/1 JSON file');
    }
    for (const r of runScenarioFile(doc, file)) all.push(Object.assign({ file }, r));
  }
  const passed = all.filter((r) => r.status === 'passed').length;
  const failed = all.filter((r) => r.status === 'failed').length;
  const skipped = all.filter((r) => r.status === 'skipped').length;
  if (opts.json) {
    io.out(JSON.stringify({ passed, failed, skipped, results: all }));
  } else {
    for (const r of all) {
      const mark = r.status === 'passed' ? 'ok  ' : r.status === 'failed' ? 'FAIL' : 'skip';
      io.out(`${mark} ${r.id} ${r.title}`.trimEnd());
      if (r.status === 'failed' || (opts.verbose && r.status === 'skipped')) for (const p of r.problems) io.out(`       ${p}`);
    }
    io.out(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
  }
  return failed > 0 ? EXIT.failed : EXIT.ok;
}
