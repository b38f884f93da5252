import * as acorn from 'acorn';
import { childNodes, isNamePosition, walkNodes, type JsNode } from './js-node.js';
import { isRootSeed } from './seed-root.js';

// Espruino 2v29 hoists nothing and rejects some ES5 that every other engine accepts. This pass rewrites
// ES5 code (TypeScript's output, minified or not) so it means the same thing on Espruino as on Node.

/** Words Espruino's lexer reserves (src/jslex.c) that ES5 allows as names; esbuild's minifier picks `of`. */
const ESPRUINO_ONLY_KEYWORDS = new Set(['of', 'let', 'static']);

interface Edit {
  start: number;
  end: number;
  text: string | (() => string);
  /** Set on the removal of a node that is re-inserted elsewhere. */
  moved?: boolean;
  order: number;
}

/**
 * Rewrites ES5 code for Espruino 2v29: array holes become `void 0`; identifiers Espruino reserves
 * (`of`, `let`, `static`) are renamed; in every function (and at top level) all `var` names are declared
 * first and function declarations are moved to the top of their statement list, because Espruino
 * creates a `var` only when its statement runs and cannot call a function before its declaration has run.
 * Throws if the input is not ES5.
 */
export function fixUpForEspruino(code: string): string {
  const program = acorn.parse(code, { ecmaVersion: 5 }) as unknown as JsNode;
  const edits: Edit[] = [];
  const add = (start: number, end: number, text: Edit['text'], moved = false): void => {
    edits.push({ start, end, text, moved, order: edits.length });
  };

  // Keep unminified output readable; minified output stays on one line.
  const newline = code.split('\n', 4).length > 3 ? '\n' : '';
  const renames = planRenames(program);
  const nameOf = (id: JsNode): string => renames.get(id.name) ?? id.name;

  // Renders code[from, to) with the edits inside it applied; edits are sorted by then.
  const render = (from: number, to: number, inner: boolean): string => {
    let out = '';
    let pos = from;
    for (let i = firstEditAt(edits, from); i < edits.length && edits[i].start <= to; i++) {
      const edit = edits[i];
      if (edit.start < pos || edit.end > to) continue;
      // Insertions at the edges of a moved or re-emitted range belong to the code around it.
      if (inner && edit.start === edit.end && (edit.start === from || edit.start === to)) continue;
      if (edit.moved && edit.start === from && edit.end === to) continue;
      out += code.slice(pos, edit.start) + (typeof edit.text === 'string' ? edit.text : edit.text());
      pos = edit.end;
    }
    return out + code.slice(pos, to);
  };

  walkNodes(program, (node, ancestors) => {
    const parent = ancestors[ancestors.length - 1];
    if (node.type === 'Identifier' && renames.has(node.name) && isNamePosition(node, parent)) {
      add(node.start, node.end, renames.get(node.name)!);
    } else if (node.type === 'ArrayExpression') {
      fillHoles(code, node, add);
    } else if (node.type === 'VariableDeclaration') {
      rewriteVar(code, node, parent, add, render, nameOf);
    }
    if (node.type === 'Program' || node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression') {
      hoistScope(node, add, render, nameOf, newline);
    } else if (node.type === 'BlockStatement' && !isFunctionBody(node, parent)) {
      hoistStatements(node.body, node.start + 1, '', add, render, newline);
    } else if (node.type === 'SwitchCase' && node.consequent.length > 0) {
      hoistStatements(node.consequent, node.consequent[0].start, '', add, render, newline);
    }
  });

  // Insertions before replacements at the same offset, then in the order they were planned.
  edits.sort((a, b) => a.start - b.start || (a.end - a.start) - (b.end - b.start) || a.order - b.order);
  const out = render(0, code.length, false);
  verifyEspruinoShape(out);
  return out;
}

/** Index of the first edit starting at or after `offset` (binary search over the sorted edits). */
function firstEditAt(edits: Edit[], offset: number): number {
  let lo = 0;
  let hi = edits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edits[mid].start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type Add = (start: number, end: number, text: Edit['text'], moved?: boolean) => void;
type Render = (from: number, to: number, inner: boolean) => string;

function isFunctionBody(block: JsNode, parent: JsNode | undefined): boolean {
  return parent !== undefined && (parent.type === 'FunctionDeclaration' || parent.type === 'FunctionExpression') && parent.body === block;
}

function planRenames(program: JsNode): Map<string, string> {
  const used = new Set<string>();
  walkNodes(program, (node) => {
    if (node.type === 'Identifier') used.add(node.name);
  });
  const renames = new Map<string, string>();
  for (const word of ESPRUINO_ONLY_KEYWORDS) {
    if (!used.has(word)) continue;
    let candidate = `${word}$`;
    for (let n = 1; used.has(candidate); n++) candidate = `${word}$${n}`;
    used.add(candidate);
    renames.set(word, candidate);
  }
  return renames;
}

/**
 * Gives every array hole an explicit `void 0`. ESPRUINO.md §1.1 reports `[1,,2]` as a SyntaxError; the
 * 2v29 Linux build parsed it in our probe, but the rewrite is cheap and means the same everywhere.
 */
function fillHoles(code: string, array: JsNode, add: Add): void {
  const elements: Array<JsNode | null> = array.elements;
  let cursor = array.start + 1;
  elements.forEach((element, i) => {
    const last = i === elements.length - 1;
    if (element) {
      cursor = element.end;
      const comma = nextComma(code, cursor, array.end);
      if (comma >= 0) {
        if (last) add(comma, comma + 1, ''); // trailing comma
        cursor = comma + 1;
      }
      return;
    }
    const comma = nextComma(code, cursor, array.end);
    add(cursor, comma + 1, last ? 'void 0' : 'void 0,');
    cursor = comma + 1;
  });
}

/** The next `,` before `limit`; between array elements only whitespace, `)` and commas can occur. */
function nextComma(code: string, from: number, limit: number): number {
  const at = code.indexOf(',', from);
  return at >= 0 && at < limit ? at : -1;
}

/** `var a = 1, b;` becomes `a = 1;` (the name is declared at the top of the scope instead). */
function rewriteVar(code: string, decl: JsNode, parent: JsNode | undefined, add: Add, render: Render, nameOf: (id: JsNode) => string): void {
  const declarators: JsNode[] = decl.declarations;
  if (parent?.type === 'ForInStatement' && parent.left === decl) {
    add(decl.start, decl.end, nameOf(declarators[0].id));
    return;
  }
  const kept = declarators.filter((d) => d.init);
  if (kept.length === 0) {
    // A statement list does not need the empty statement, unless dropping it could join two lines by ASI.
    const inList = parent?.type === 'BlockStatement' || parent?.type === 'Program' || parent?.type === 'SwitchCase';
    const before = code.slice(0, decl.start).trimEnd();
    const safe = before === '' || ';{}:'.includes(before[before.length - 1]);
    add(decl.start, decl.end, parent?.type === 'ForStatement' || (inList && safe) ? '' : ';');
    return;
  }
  const last = declarators[declarators.length - 1];
  add(decl.start, last.end, () => kept.map((d) => render(d.start, d.end, true)).join(','));
}

/** Names declared by `var` directly in this function (not in nested functions), in order of appearance. */
function varNames(body: JsNode): JsNode[] {
  const ids: JsNode[] = [];
  const visit = (node: JsNode): void => {
    if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression') return;
    if (node.type === 'VariableDeclaration') for (const d of node.declarations) ids.push(d.id);
    for (const child of childNodes(node)) visit(child);
  };
  for (const child of childNodes(body)) visit(child);
  return ids;
}

function directiveCount(statements: JsNode[]): number {
  let n = 0;
  while (n < statements.length && statements[n].type === 'ExpressionStatement' && statements[n].directive !== undefined) n++;
  return n;
}

function hoistScope(fn: JsNode, add: Add, render: Render, nameOf: (id: JsNode) => string, newline: string): void {
  const body: JsNode = fn.type === 'Program' ? fn : fn.body;
  const statements: JsNode[] = body.body;
  const known = new Set<string>(['arguments']);
  for (const param of fn.params ?? []) known.add(param.name);
  for (const statement of statements) if (statement.type === 'FunctionDeclaration') known.add(statement.id.name);
  const names: string[] = [];
  for (const id of varNames(body)) {
    const name = nameOf(id);
    if (!known.has(id.name) && !names.includes(name)) names.push(name);
  }
  const directives = directiveCount(statements);
  const insertAt = directives > 0 ? statements[directives - 1].end : fn.type === 'Program' ? 0 : body.start + 1;
  const prefix = names.length > 0 ? `var ${names.join(',')};${newline}` : '';
  hoistStatements(statements.slice(directives), insertAt, prefix, add, render, newline);
}

/** Moves function declarations that follow other statements to `insertAt`, after `prefix`. */
function hoistStatements(statements: JsNode[], insertAt: number, prefix: string, add: Add, render: Render, newline: string): void {
  const firstOther = statements.findIndex((s) => s.type !== 'FunctionDeclaration');
  const late = firstOther < 0 ? [] : statements.slice(firstOther).filter((s) => s.type === 'FunctionDeclaration');
  if (prefix === '' && late.length === 0) return;
  for (const fn of late) add(fn.start, fn.end, '', true);
  add(insertAt, insertAt, () => prefix + late.map((fn) => render(fn.start, fn.end, true) + newline).join(''));
}

/**
 * Throws unless `code` is ES5 in the shape Espruino needs: no holes, no reserved names, vars declared
 * only at the top of their scope, no function declaration after other statements.
 */
export function verifyEspruinoShape(code: string): void {
  const program = acorn.parse(code, { ecmaVersion: 5 }) as unknown as JsNode;
  const fail = (node: JsNode, what: string): never => {
    throw new Error(`Espruino fix-up left ${what} at offset ${node.start}: ${code.slice(node.start, node.start + 60)}`);
  };
  const checkList = (statements: JsNode[], isScope: boolean, isProgram = false): void => {
    let i = directiveCount(statements);
    // seed-root.ts: bare built-in names before everything else (no code runs).
    if (isProgram && isRootSeed(statements[i])) i++;
    if (isScope && statements[i]?.type === 'VariableDeclaration') i++;
    let seenOther = false;
    for (; i < statements.length; i++) {
      const s = statements[i];
      if (s.type === 'VariableDeclaration') fail(s, 'a var declaration below the top of its scope');
      if (s.type === 'FunctionDeclaration' && seenOther) fail(s, 'a function declaration after other statements');
      if (s.type !== 'FunctionDeclaration') seenOther = true;
    }
  };
  walkNodes(program, (node, ancestors) => {
    const parent = ancestors[ancestors.length - 1];
    if (node.type === 'Identifier' && ESPRUINO_ONLY_KEYWORDS.has(node.name) && isNamePosition(node, parent)) fail(node, `the name '${node.name}'`);
    if (node.type === 'ArrayExpression' && node.elements.includes(null)) fail(node, 'an array hole');
    if (node.type === 'VariableDeclaration' && node.declarations.some((d: JsNode) => d.init)) fail(node, 'an initialised var');
    if (node.type === 'Program') checkList(node.body, true, true);
    else if (node.type === 'BlockStatement') checkList(node.body, isFunctionBody(node, parent));
    else if (node.type === 'SwitchCase') checkList(node.consequent, false);
    else if ((node.type === 'ForStatement' && node.init?.type === 'VariableDeclaration') || (node.type === 'ForInStatement' && node.left.type === 'VariableDeclaration')) {
      fail(node, 'a var in a for header');
    }
  });
}
