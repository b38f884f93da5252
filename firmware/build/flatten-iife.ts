import * as acorn from 'acorn';
import { childNodes, type JsNode } from './js-node.js';

// On Espruino every function created inside another function keeps a link to that function's
// scope (a "\xFFsco" child), and a closure keeps a list of scopes; a function created at the top
// level keeps none. A bundle is one IIFE, so each of its functions pays for the link: for the
// dicetray firmware (about 170 functions) unwrapping the IIFE saves about 300 JsVars of RAM
// (process.memory() after booting from .bootcde: 1920 → 1608).

/**
 * Turns `"use strict";(function(){BODY})();` into BODY at the top level. The IIFE's own names
 * become globals, so each is renamed to a `$` name that no identifier in the program uses:
 * Espruino has no globals starting with `$`, so none of its globals (E, print, pins like B3) is
 * shadowed, and no name of the program changes meaning. Throws when the code is not in that shape
 * or uses `this`, `arguments` or `return` at the IIFE's top level (they would mean something else).
 */
export function flattenIife(code: string): string {
  const program = acorn.parse(code, { ecmaVersion: 5 }) as unknown as JsNode;
  const statements: JsNode[] = program.body;
  let i = 0;
  while (i < statements.length && statements[i].directive !== undefined) i++;
  const call = statements[i]?.type === 'ExpressionStatement' ? statements[i].expression : null;
  const fn = call?.type === 'CallExpression' && call.arguments.length === 0 ? call.callee : null;
  if (i !== statements.length - 1 || !fn || fn.type !== 'FunctionExpression' || fn.id || fn.params.length > 0) {
    throw new Error('flattenIife: expected the bundle to be one `(function(){ … })()` after its directives');
  }
  checkTopLevel(fn.body);

  const top = functionScope(fn, null);
  const used = new Set<string>();
  collectNames(program, used);

  // First find every occurrence of the IIFE's names, then name them: the most used get the shortest names.
  const found: Array<{ start: number; end: number; name: string }> = [];
  const visitName = (id: JsNode, scope: Scope): void => {
    for (let s: Scope | null = scope; s; s = s.parent) {
      if (!s.names.has(id.name)) continue;
      if (s === top) found.push({ start: id.start, end: id.end, name: id.name });
      return;
    }
  };
  const walk = (node: JsNode, scope: Scope): void => {
    switch (node.type) {
      case 'Identifier':
        visitName(node, scope);
        return;
      case 'FunctionDeclaration': {
        // Its name belongs to the enclosing scope, its parameters and body to its own.
        visitName(node.id, scope);
        const inner = functionScope(node, scope);
        for (const p of node.params) walk(p, inner);
        walk(node.body, inner);
        return;
      }
      case 'FunctionExpression': {
        const inner = functionScope(node, scope);
        if (node.id) visitName(node.id, inner);
        for (const p of node.params) walk(p, inner);
        walk(node.body, inner);
        return;
      }
      case 'CatchClause': {
        const inner: Scope = { names: new Set([node.param.name]), parent: scope };
        walk(node.param, inner);
        walk(node.body, inner);
        return;
      }
      case 'MemberExpression':
        walk(node.object, scope);
        if (node.computed) walk(node.property, scope);
        return;
      case 'Property':
        if (node.computed) walk(node.key, scope);
        walk(node.value, scope);
        return;
      case 'LabeledStatement':
        walk(node.body, scope);
        return;
      case 'BreakStatement':
      case 'ContinueStatement':
        return;
      default:
        for (const child of childNodes(node)) walk(child, scope);
    }
  };
  walk(fn.body, top);

  const uses = new Map<string, number>();
  for (const f of found) uses.set(f.name, (uses.get(f.name) || 0) + 1);
  const fresh = new Map<string, string>();
  let next = 0;
  for (const name of [...top.names].sort((a, b) => (uses.get(b) || 0) - (uses.get(a) || 0))) {
    let candidate: string;
    do candidate = '$' + shortName(next++);
    while (used.has(candidate));
    fresh.set(name, candidate);
  }
  const edits = found.map((f) => ({ start: f.start, end: f.end, text: fresh.get(f.name)! }));
  edits.sort((a, b) => a.start - b.start);
  const bodyStart = fn.body.start + 1;
  const bodyEnd = fn.body.end - 1;
  let out = code.slice(0, statements[i].start);
  let pos = bodyStart;
  for (const e of edits) {
    out += code.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return out + code.slice(pos, bodyEnd);
}

interface Scope {
  names: Set<string>;
  parent: Scope | null;
}

/** A function's own names: parameters, `var`s and function declarations (not those of nested functions), its name if an expression. */
function functionScope(fn: JsNode, parent: Scope | null): Scope {
  const names = new Set<string>();
  for (const p of fn.params) names.add(p.name);
  if (fn.type === 'FunctionExpression' && fn.id) names.add(fn.id.name);
  const visit = (node: JsNode): void => {
    if (node.type === 'FunctionDeclaration') {
      names.add(node.id.name);
      return;
    }
    if (node.type === 'FunctionExpression') return;
    if (node.type === 'VariableDeclarator') names.add(node.id.name);
    for (const child of childNodes(node)) visit(child);
  };
  for (const child of childNodes(fn.body)) visit(child);
  return { names, parent };
}

/** Throws on top-level `this`, `arguments` or `return` in the IIFE body (not inside nested functions). */
function checkTopLevel(body: JsNode): void {
  const visit = (node: JsNode): void => {
    if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression') return;
    if (node.type === 'ThisExpression' || node.type === 'ReturnStatement' || (node.type === 'Identifier' && node.name === 'arguments')) {
      throw new Error(`flattenIife: the bundle's top level uses ${node.type === 'Identifier' ? 'arguments' : node.type === 'ThisExpression' ? 'this' : 'return'}`);
    }
    for (const child of childNodes(node)) visit(child);
  };
  for (const child of childNodes(body)) visit(child);
}

function collectNames(node: JsNode, into: Set<string>): void {
  if (node.type === 'Identifier') into.add(node.name);
  for (const child of childNodes(node)) collectNames(child, into);
}

/** 0 → a, 51 → Z, 52 → aa, … */
function shortName(n: number): string {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let s = '';
  do {
    s = chars[n % 52] + s;
    n = Math.floor(n / 52) - 1;
  } while (n >= 0);
  return s;
}
