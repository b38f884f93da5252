/**
 * Property names the firmware build shortens (esbuild mangleProps): members of the firmware's own
 * classes (App, the table, Frame, the self-test, ...), which nothing outside the board reads.
 * Espruino reads every character of the code it runs: −825 B of boot bundle, −0.1 KB in its
 * Storage modules, and fewer characters read on every button event.
 *
 * A fixed list, so the bundle depends on the firmware sources alone. mangleProps renames a name
 * everywhere, whatever object it is on, so a name must not be anything else: safeInternalProps()
 * (run by a test) finds the names that qualify, and the list must stay within them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const INTERNAL_PROPS = [
  'afterAction', 'autoAct', 'autoDue', 'autoStart', 'checkpointSoon', 'chordHeld', 'closeWindow', 'cpTimer', 'enterPlay',
  'eraseLines', 'feedback', 'grb24', 'holdTimer', 'lastInput', 'openWindow', 'otherCommand', 'pal', 'refuse', 'restartClocks',
  'rollNext', 'scaleFactor', 'seatButton', 'sendHello', 'setLimits', 'setupButton', 'staffTimer', 'staffUi', 'startFromSetup',
  'startSelfTest', 'startSweep', 'stopClocks', 'sweepAt', 'tickAt', 'tickId', 'windowFor',
];

/** Names of JavaScript and Espruino objects the firmware calls or reads (never renamed). */
const BUILT_IN = new Set(
  (
    'length prototype constructor call apply bind toString valueOf push pop shift unshift slice splice indexOf join concat ' +
    'forEach map filter sort fill set subarray buffer charAt charCodeAt substr substring split replace stringify parse ' +
    'write read on emit removeListener setConsole getConsole kickWatchdog enableWatchdog setPassword lockConsole ' +
    'mapInPlace getTime readJSON writeJSON erase list open compact getFree require state time data message name code'
  ).split(' '),
);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (f === 'node_modules' || f === 'dist' || f === 'out' || f.startsWith('.')) continue;
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.(ts|mts|mjs|js|html|json|table)$/.test(f)) out.push(p);
  }
  return out;
}

/**
 * Every word in the files under `dirs`: identifiers and words inside strings (a name may travel as
 * text), not in comments of script files (a comment saying the table would "refuse" something read
 * nothing of the board's, yet stopped the build shortening `refuse`).
 */
function wordsIn(root: string, dirs: string[]): Set<string> {
  const words = new Set<string>();
  const printer = ts.createPrinter({ removeComments: true });
  for (const d of dirs) {
    for (const f of sourceFiles(join(root, d))) {
      let text = readFileSync(f, 'utf8');
      if (/\.(ts|mts|mjs|js)$/.test(f)) text = printer.printFile(ts.createSourceFile(f, text, ts.ScriptTarget.ES2022, false));
      for (const w of text.match(/[A-Za-z_$][\w$]*/g) || []) words.add(w);
    }
  }
  return words;
}

/**
 * The firmware's class members (under `root`) that may be renamed: not a member of an interface,
 * type literal or object literal in the firmware (table UI, board config, messages: they travel as
 * JSON or come from the host by name), not a word anywhere in the engine, protocol, host, hardware
 * or test sources (state keys, commands, what tests and the benchmark reach into), not a name of
 * JavaScript or Espruino. Sorted.
 */
export function safeInternalProps(root: string): string[] {
  const members = new Set<string>();
  const shapes = new Set<string>();
  for (const f of sourceFiles(join(root, 'firmware', 'src'))) {
    if (!f.endsWith('.ts')) continue;
    const sf = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (n: ts.Node): void => {
      if (ts.isClassDeclaration(n) || ts.isClassExpression(n)) {
        for (const m of n.members) if (m.name && ts.isIdentifier(m.name)) members.add(m.name.text);
      }
      if (ts.isInterfaceDeclaration(n) || ts.isTypeLiteralNode(n)) {
        for (const m of n.members) if (m.name && ts.isIdentifier(m.name)) shapes.add(m.name.text);
      }
      // Object literals: their keys may be serialised (ui, config defaults, messages).
      if (ts.isObjectLiteralExpression(n)) {
        for (const p of n.properties) if (p.name && ts.isIdentifier(p.name)) shapes.add(p.name.text);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  const outside = wordsIn(root, ['shared', 'host', 'test', 'hardware']);
  const out: string[] = [];
  for (const m of members) {
    // Short names gain nothing; constructor and the like are the language's.
    if (m.length < 3 || shapes.has(m) || outside.has(m) || BUILT_IN.has(m)) continue;
    out.push(m);
  }
  return out.sort();
}
