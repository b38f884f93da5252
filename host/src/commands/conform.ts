import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isScenarioFile, runScenarioFile, SCENARIO_SCHEMA, type ScenarioResult } from '../../../shared/conformance/run-scenarios';
import { errorObject, EXIT } from '../errors';
import { inputText, UTF16_HINT, type Output } from '../output';

export interface ConformOptions {
  json?: boolean;
  verbose?: boolean;
}

const HINT = `pass ${SCENARIO_SCHEMA} JSON files (like ../shared/scenarios/pechvogel.json)`;

/** A file's scenarios, or why the file cannot be used at all. */
function load(file: string): { doc: unknown } | { error: string } {
  let text: string;
  try {
    // '-': the scenarios come on standard input (a generator piped in).
    const t = inputText(readFileSync(file === '-' ? 0 : file));
    if (t === null) return { error: `UTF-16 text, not UTF-8: ${UTF16_HINT}` };
    text = t;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { error: code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder with no .json files in it, so nothing was checked' : (e as Error).message };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { error: `not JSON (${(e as Error).message})` };
  }
  if (!isScenarioFile(doc)) return { error: `not a ${SCENARIO_SCHEMA} file (needs "schema" and a "scenarios" list)` };
  // Checks nothing, as an empty folder does: not a pass (a generator that wrote nothing, a file cut short).
  if ((doc as { scenarios: unknown[] }).scenarios.length === 0) return { error: 'no scenarios in it (its "scenarios" list is empty), so nothing was checked' };
  return { doc };
}

/** The files to read: a folder stands for every .json file in it and its subfolders, in name order. */
function expand(files: string[]): string[] {
  const out: string[] = [];
  // `above`: the real paths of the folders being walked. A link back up the tree (loop/up -> ..)
  // read every file again at each level, until the path grew too long for the system.
  const walk = (dir: string, above: string[]): void => {
    let names: string[];
    try {
      const real = realpathSync(dir);
      if (above.indexOf(real) >= 0) return;
      above = above.concat(real);
      names = readdirSync(dir).sort();
    } catch {
      return void out.push(dir); // unreadable: load() says why
    }
    for (const name of names) {
      const f = join(dir, name);
      let sub = false;
      try {
        sub = statSync(f).isDirectory();
      } catch {
        // A broken link or a file gone meanwhile: load() says so (it crashed the whole run).
      }
      if (sub) walk(f, above);
      else if (name.endsWith('.json')) out.push(f);
    }
  };
  for (const f of files) {
    let dir = false;
    try {
      dir = f !== '-' && statSync(f).isDirectory();
    } catch {
      // Missing: load() says so.
    }
    if (dir) {
      const before = out.length;
      walk(f, []);
      // An empty folder is reported like a missing file, not passed over in silence.
      if (out.length === before) out.push(f);
    } else out.push(f);
  }
  return out;
}

/**
 * `dicetray conform FILE|FOLDER|-…`: one line per scenario, then `N passed, M failed, K skipped`. Every
 * file is reported; exit 6 if any file cannot be read, is not a scenario file or has no scenarios
 * (an empty folder too), else 1 if any scenario failed (a malformed scenario or an unknown game
 * fails), else 0.
 */
export function conform(files: string[], opts: ConformOptions, io: Output): number {
  const all: (ScenarioResult & { file: string })[] = [];
  const unreadable: { file: string; message: string }[] = [];
  // A file named twice (a.json a.json, or inside a folder named too) is read once.
  const paths = expand(files).filter((f, i, a) => f === '-' || a.indexOf(f) === i);
  for (const file of paths) {
    const r = load(file);
    if ('error' in r) unreadable.push({ file, message: r.error });
    else for (const s of runScenarioFile(r.doc, file)) all.push(Object.assign({ file }, s));
  }
  // The same id twice in a file: results that cannot be told apart (a copied scenario not renamed).
  // Across files the file names tell them apart (generated files often number theirs alike).
  const seen = new Set<string>();
  for (const r of all) {
    const k = r.file + '\n' + r.id;
    if (seen.has(k)) (r.warnings = r.warnings || []).push(`id ${JSON.stringify(r.id)} is used by an earlier scenario in this file`);
    seen.add(k);
  }
  const passed = all.filter((r) => r.status === 'passed').length;
  const failed = all.filter((r) => r.status === 'failed').length;
  const skipped = all.filter((r) => r.status === 'skipped').length;
  const code = unreadable.length ? EXIT.input : failed > 0 ? EXIT.failed : EXIT.ok;
  const named = (f: string) => (f === '-' ? 'standard input' : f);
  for (const u of unreadable) {
    io.err(`dicetray: cannot read scenarios from ${named(u.file)}: ${u.message}`);
    io.err(`hint: ${HINT}`);
  }
  if (opts.json) {
    const o: Record<string, unknown> = { ok: code === EXIT.ok, passed, failed, skipped, results: all };
    if (unreadable.length) {
      o.unreadable = unreadable;
      const u = unreadable[0];
      o.error = errorObject(`cannot read scenarios from ${named(u.file)}: ${u.message}`, EXIT.input, HINT);
    }
    io.out(JSON.stringify(o));
  } else {
    // Several files: each one's results under its name (the same id in two files could not be placed).
    const several = new Set(all.map((r) => r.file)).size > 1;
    let file = '';
    for (const r of all) {
      if (several && r.file !== file) io.out(`${named((file = r.file))}:`);
      const mark = r.status === 'passed' ? 'ok  ' : r.status === 'failed' ? 'FAIL' : 'skip';
      io.out(`${mark} ${r.id} ${r.title}`.trimEnd());
      if (r.status === 'failed' || (opts.verbose && r.status === 'skipped')) for (const p of r.problems) io.out(`       ${p}`);
      for (const w of r.warnings || []) io.out(`       warning: ${w}`);
    }
    io.out(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : '') + (unreadable.length ? `; ${unreadable.length} file${unreadable.length > 1 ? 's' : ''} unreadable` : ''));
  }
  return code;
}
