import * as acorn from 'acorn';
import * as esbuild from 'esbuild';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { analyzeScopes } from './analyze-scopes.js';
import { checkEspruinoCompat } from './check-espruino-compat.js';
import { chainSourceLocators, createSourceLocator, type SourceLocator } from './create-source-locator.js';
import { EspruinoBuildError, formatIssue, type BuildIssue } from './espruino-build-error.js';
import { ESPRUINO_HELPERS, TYPESCRIPT_HELPER_NAMES } from './espruino-helpers.js';
import { makeFolder } from './make-folder.js';
import { fixUpForEspruino, verifyEspruinoShape } from './fix-up-for-espruino.js';
import { flattenIife } from './flatten-iife.js';
import { prototypeLiterals } from './prototype-literals.js';
import { blockBranches } from './block-branches.js';
import { seedRoot } from './seed-root.js';
import { walkNodes, type JsNode } from './js-node.js';

export { EspruinoBuildError, type BuildIssue } from './espruino-build-error.js';

// The pipeline of docs/ESPRUINO.md §2.3. esbuild alone cannot target Espruino (it refuses to lower
// destructuring/classes to ES5, and its ES2015+ output does not parse there), so TypeScript does the
// ES5 lowering and a fix-up pass makes up for Espruino not hoisting anything.

export interface EspruinoBundleOptions {
  /** Entry module (TypeScript or JavaScript). */
  entry: string;
  /** Minify with esbuild (default true). The fix-up runs either way. */
  minify?: boolean;
  /** esbuild `define`, e.g. `{ FW_VERSION: '"1.2.0"' }`. */
  define?: Record<string, string>;
  /** Name of a global that receives the entry's exports (esbuild `globalName`). */
  globalName?: string;
  /**
   * Run the bundle's body at the top level instead of inside its IIFE (flatten-iife.ts): about
   * two JsVars less per function on the board; the bundle's names become `$` globals.
   */
  flat?: boolean;
  /**
   * Property names to shorten when minifying (internal-props.ts), with the renaming so far: bundles
   * that share objects (the boot bundle and its Storage modules) pass the same cache, which each
   * build extends in place.
   */
  mangle?: { props: string[]; cache: Record<string, string | false> };
}

export interface EspruinoBundle {
  /** ES5 code that runs on Espruino 2v29 as it runs on Node. */
  code: string;
  /** UTF-8 size of `code` (all ASCII, so also its length). */
  bytes: number;
  /** The Espruino-safe helpers that were added, e.g. `__extends`. */
  helpers: string[];
  /** esbuild warnings, as `file:line:column: text`. */
  warnings: string[];
}

/** Bundles `entry` into one ES5 script for Espruino 2v29; throws EspruinoBuildError on unsupported code. */
export async function bundleForEspruino(opts: EspruinoBundleOptions): Promise<EspruinoBundle> {
  const cwd = process.cwd();
  const bundled = await bundleEs2022(opts, cwd);
  const locate = createSourceLocator(bundled.map, cwd, cwd);

  // Check the readable ES2022 bundle: only code that made it into the bundle, with positions that map back.
  const program = parse(bundled.code, 'latest');
  const problems = checkEspruinoCompat(program);
  if (problems.length > 0) throw new EspruinoBuildError(problems.map((p) => issueAt(p.node, p.message, locate)));

  const es5 = lowerToEs5(bundled.code, locate);
  const withHelpers = addHelpers(es5.code, chainSourceLocators(es5.map, locate));
  let code = prototypeLiterals(withHelpers.code);
  if (opts.minify !== false) {
    const mg = opts.mangle;
    const m = mg && mg.props.length ? { mangleProps: new RegExp('^(' + mg.props.join('|') + ')$'), mangleCache: mg.cache } : {};
    const r = await esbuild.transform(code, { minify: true, target: 'es5', charset: 'ascii', legalComments: 'none', ...m });
    code = r.code;
    if (mg && r.mangleCache) Object.assign(mg.cache, r.mangleCache);
    // The boot bundle runs on every button event: its long untaken branches as blocks (block-branches.ts).
    if (opts.flat) code = blockBranches(code);
  }
  try {
    parse(code, 5);
  } catch (e) {
    throw new Error(`Espruino build produced code that is not ES5: ${(e as Error).message}`);
  }
  code = fixUpForEspruino(code);
  if (opts.flat) {
    if (opts.globalName) throw new Error('bundleForEspruino: flat and globalName do not go together');
    code = seedRoot(flattenIife(code));
    verifyEspruinoShape(code);
  }
  return { code, bytes: Buffer.byteLength(code), helpers: withHelpers.helpers, warnings: bundled.warnings };
}

/** Builds `entry` into `outfile` (creating its folder) and returns the bundle's stats. */
export async function buildFile(
  entry: string,
  outfile: string,
  opts: Omit<EspruinoBundleOptions, 'entry'> = {},
): Promise<{ outfile: string; bytes: number; helpers: string[]; warnings: string[] }> {
  const bundle = await bundleForEspruino({ ...opts, entry });
  makeFolder(path.dirname(path.resolve(outfile)));
  await writeFile(outfile, bundle.code);
  return { outfile, bytes: bundle.bytes, helpers: bundle.helpers, warnings: bundle.warnings };
}

function parse(code: string, ecmaVersion: 5 | 'latest'): JsNode {
  return acorn.parse(code, { ecmaVersion, sourceType: 'script', locations: true }) as unknown as JsNode;
}

function issueAt(node: JsNode, message: string, locate: SourceLocator): BuildIssue {
  const start = node.loc!.start;
  return { ...locate(start.line, start.column), message };
}

/** Step 1: one ES2022 IIFE with types stripped and const enums inlined, plus its source map. */
async function bundleEs2022(opts: EspruinoBundleOptions, cwd: string): Promise<{ code: string; map: string; warnings: string[] }> {
  let result: esbuild.BuildResult<{ write: false }>;
  try {
    result = await esbuild.build({
      entryPoints: [path.resolve(opts.entry)],
      absWorkingDir: cwd,
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      target: 'es2022',
      charset: 'ascii',
      supported: { bigint: false },
      treeShaking: true,
      legalComments: 'none',
      sourcemap: 'external',
      sourcesContent: false,
      // Only names the map's `sources`; nothing is written.
      outfile: path.join(cwd, 'espruino-bundle.js'),
      define: opts.define,
      globalName: opts.globalName,
      logLevel: 'silent',
    });
  } catch (e) {
    const errors = (e as esbuild.BuildFailure).errors;
    if (!errors) throw e;
    throw new EspruinoBuildError(errors.map(messageToIssue));
  }
  const code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'))!.text;
  return { code, map, warnings: result.warnings.map((w) => formatIssue(messageToIssue(w))) };
}

function messageToIssue(message: esbuild.Message): BuildIssue {
  const loc = message.location;
  return { file: loc?.file ?? '<bundle>', line: loc?.line ?? 0, column: loc?.column ?? 0, message: message.text };
}

/** Step 2: TypeScript lowers the ES2022 bundle to ES5 (classes, destructuring, spread, let-loop closures). */
function lowerToEs5(code: string, locate: SourceLocator): { code: string; map: string } {
  const out = ts.transpileModule(code, {
    fileName: 'espruino-bundle.js',
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES5,
      module: ts.ModuleKind.CommonJS,
      moduleDetection: ts.ModuleDetectionKind.Legacy,
      noEmitHelpers: true,
      importHelpers: false,
      removeComments: true,
      useDefineForClassFields: false,
      downlevelIteration: false,
      sourceMap: true,
    },
  });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    throw new EspruinoBuildError(
      errors.map((d) => {
        const pos = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : { line: 0, character: 0 };
        return { ...locate(pos.line + 1, pos.character), message: ts.flattenDiagnosticMessageText(d.messageText, '\n') };
      }),
    );
  }
  return { code: out.outputText.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n'), map: out.sourceMapText! };
}

const HELPER_HINTS: Record<string, string> = {
  __awaiter: 'async/await',
  __generator: 'generators or async/await',
  __classPrivateFieldGet: '#private members',
  __classPrivateFieldSet: '#private members',
  __classPrivateFieldIn: '#private members',
  __decorate: 'decorators',
  __esDecorate: 'decorators',
  __runInitializers: 'decorators',
  __addDisposableResource: "'using' declarations",
  __disposeResources: "'using' declarations",
  __values: 'iteration protocols',
  __read: 'iteration protocols',
};

/** Step 3: adds the Espruino-safe helpers TypeScript referenced; any other helper is a build error. */
function addHelpers(code: string, locate: SourceLocator): { code: string; helpers: string[] } {
  const program = parse(code, 'latest');
  const scopes = analyzeScopes(program);
  const used = new Set<string>();
  const issues: BuildIssue[] = [];
  walkNodes(program, (node) => {
    if (node.type !== 'Identifier' || !TYPESCRIPT_HELPER_NAMES.has(node.name) || !scopes.isGlobalReference(node)) return;
    if (ESPRUINO_HELPERS[node.name]) used.add(node.name);
    else {
      const hint = HELPER_HINTS[node.name] ? ` (used for ${HELPER_HINTS[node.name]})` : '';
      issues.push(issueAt(node, `TypeScript emitted helper ${node.name}${hint}, which has no Espruino version`, locate));
    }
  });
  if (issues.length > 0) throw new EspruinoBuildError(issues);
  const helpers = [...used].sort();
  if (helpers.length === 0) return { code, helpers };
  const text = helpers.map((h) => ESPRUINO_HELPERS[h]).join('\n') + '\n';
  const at = helperInsertionPoint(program);
  return { code: code.slice(0, at) + text + code.slice(at), helpers };
}

/** Inside the bundle's IIFE when there is one (so the minifier may rename them), else at the top. */
function helperInsertionPoint(program: JsNode): number {
  const statements: JsNode[] = program.body;
  const last = statements[statements.length - 1];
  const call = last?.type === 'ExpressionStatement' ? last.expression : last?.type === 'VariableDeclaration' ? last.declarations[0]?.init : undefined;
  const body: JsNode | undefined = call?.type === 'CallExpression' && call.callee.type === 'FunctionExpression' ? call.callee.body : undefined;
  return body ? afterDirectives(body.body, body.start + 1) : afterDirectives(statements, 0);
}

function afterDirectives(statements: JsNode[], start: number): number {
  let at = start;
  for (const s of statements) {
    if (s.type !== 'ExpressionStatement' || s.directive === undefined) break;
    at = s.end;
  }
  return at;
}
