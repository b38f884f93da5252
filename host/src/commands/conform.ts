import { readFileSync } from 'node:fs';
import { isScenarioFile, runScenarioFile, SCENARIO_SCHEMA, type ScenarioResult } from '../../../shared/conformance/run-scenarios';
import { EXIT } from '../errors';
import type { Output } from '../output';

export interface ConformOptions {
  json?: boolean;
  verbose?: boolean;
}

const HINT = `pass ${SCENARIO_SCHEMA} JSON files (like ../shared/scenarios/pechvogel.json)`;

/** A file's scenarios, or why the file cannot be used at all. */
function load(file: string): { doc: unknown } | { error: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { error: code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { error: `not JSON (${(e as Error).message})` };
  }
  if (!isScenarioFile(doc)) return { error: `not a ${SCENARIO_SCHEMA} file (needs "schema" and a "scenarios" list)` };
  return { doc };
}

/**
 * `dicetray conform FILE…`: one line per scenario, then `N passed, M failed, K skipped`. Every
 * file is reported; exit 6 if any file cannot be read or is not a scenario file, else 1 if any
 * scenario failed (a malformed scenario or an unknown game fails), else 0.
 */
export function conform(files: string[], opts: ConformOptions, io: Output): number {
  const all: (ScenarioResult & { file: string })[] = [];
  const unreadable: { file: string; message: string }[] = [];
  for (const file of files) {
    const r = load(file);
    if ('error' in r) unreadable.push({ file, message: r.error });
    else for (const s of runScenarioFile(r.doc, file)) all.push(Object.assign({ file }, s));
  }
  const passed = all.filter((r) => r.status === 'passed').length;
  const failed = all.filter((r) => r.status === 'failed').length;
  const skipped = all.filter((r) => r.status === 'skipped').length;
  const code = unreadable.length ? EXIT.input : failed > 0 ? EXIT.failed : EXIT.ok;
  for (const u of unreadable) {
    io.err(`dicetray: cannot read scenarios from ${u.file}: ${u.message}`);
    io.err(`hint: ${HINT}`);
  }
  if (opts.json) {
    const o: Record<string, unknown> = { ok: code === EXIT.ok, passed, failed, skipped, results: all };
    if (unreadable.length) {
      o.unreadable = unreadable;
      const u = unreadable[0];
      o.error = { code: 'input', message: `cannot read scenarios from ${u.file}: ${u.message}`, hint: HINT, exit: EXIT.input };
    }
    io.out(JSON.stringify(o));
  } else {
    for (const r of all) {
      const mark = r.status === 'passed' ? 'ok  ' : r.status === 'failed' ? 'FAIL' : 'skip';
      io.out(`${mark} ${r.id} ${r.title}`.trimEnd());
      if (r.status === 'failed' || (opts.verbose && r.status === 'skipped')) for (const p of r.problems) io.out(`       ${p}`);
    }
    io.out(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : '') + (unreadable.length ? `; ${unreadable.length} file${unreadable.length > 1 ? 's' : ''} unreadable` : ''));
  }
  return code;
}
