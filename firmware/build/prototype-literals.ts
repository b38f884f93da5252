import * as acorn from 'acorn';
import { walkNodes, type JsNode } from './js-node.js';

/**
 * TypeScript lowers a class's methods to one assignment each, `X.prototype.m = function…;`, and
 * the minified bundle repeats `X.prototype.` for every method (≈ 12 bytes each). This pass writes
 * a class's methods as one object literal instead, `X.prototype = {m: function…, …};`, where that
 * means the same: the class is TypeScript's plain shape (only function declarations before its
 * methods, so no `__extends` or accessor set the prototype up first) and has two methods or more.
 * The literal has no `constructor` property: the firmware never reads it.
 */
export function prototypeLiterals(code: string): string {
  const program = acorn.parse(code, { ecmaVersion: 5 }) as unknown as JsNode;
  const edits: { start: number; end: number; text: string }[] = [];
  walkNodes(program, (node) => {
    const list: JsNode[] | undefined = node.type === 'Program' || node.type === 'BlockStatement' ? node.body : undefined;
    if (!list) return;
    let i = 0;
    while (i < list.length && list[i].type === 'FunctionDeclaration') i++;
    const cls = methodOf(list[i]);
    if (!cls || !list.slice(0, i).some((s) => s.id.name === cls.owner)) return;
    const run: { name: string; fn: JsNode }[] = [];
    for (let j = i; j < list.length; j++) {
      const m = methodOf(list[j]);
      if (!m || m.owner !== cls.owner) break;
      run.push(m);
    }
    const names = new Set(run.map((m) => m.name));
    if (run.length < 2 || names.size < run.length || names.has('__proto__')) return;
    const text = `${cls.owner}.prototype = {${run.map((m) => `${m.name}: ${code.slice(m.fn.start, m.fn.end)}`).join(', ')}};`;
    edits.push({ start: list[i].start, end: list[i + run.length - 1].end, text });
  });
  // A class inside another's method is already in the outer literal's text, unchanged.
  const outer = edits.filter((e) => !edits.some((o) => o !== e && o.start <= e.start && e.end <= o.end));
  outer.sort((a, b) => b.start - a.start);
  let out = code;
  for (const e of outer) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** `X.prototype.name = function…;` → its class, method name and function; otherwise null. */
function methodOf(stmt: JsNode | undefined): { owner: string; name: string; fn: JsNode } | null {
  const a = stmt && stmt.type === 'ExpressionStatement' ? stmt.expression : null;
  if (!a || a.type !== 'AssignmentExpression' || a.operator !== '=' || a.right.type !== 'FunctionExpression') return null;
  const m = a.left;
  if (m.type !== 'MemberExpression' || m.computed || m.property.type !== 'Identifier') return null;
  const p = m.object;
  if (p.type !== 'MemberExpression' || p.computed || p.property.name !== 'prototype' || p.object.type !== 'Identifier') return null;
  return { owner: p.object.name, name: m.property.name, fn: a.right };
}
