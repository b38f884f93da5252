/** An ESTree node as acorn produces it; loosely typed because the checks look at many node shapes. */
export interface JsNode {
  type: string;
  start: number;
  end: number;
  loc?: { start: { line: number; column: number }; end: { line: number; column: number } };
  [key: string]: any;
}

const SKIPPED_KEYS = new Set(['type', 'start', 'end', 'loc', 'range', 'raw', 'regex', 'value']);

/** True for values that are ESTree nodes. */
function isNode(value: unknown): value is JsNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** The child nodes of `node`, in source order. */
export function childNodes(node: JsNode): JsNode[] {
  const children: JsNode[] = [];
  const seen = new Set<JsNode>();
  for (const key of Object.keys(node)) {
    if (SKIPPED_KEYS.has(key) && !(key === 'value' && isNode(node[key]))) continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item) && !seen.has(item)) seen.add(item), children.push(item);
    } else if (isNode(value) && !seen.has(value)) {
      // A shorthand property can hold one node as both key and value.
      seen.add(value);
      children.push(value);
    }
  }
  return children.sort((a, b) => a.start - b.start);
}

/** Visits every node depth-first, parents before children, with the chain of ancestors (nearest last). */
export function walkNodes(root: JsNode, visit: (node: JsNode, ancestors: readonly JsNode[]) => void): void {
  const ancestors: JsNode[] = [];
  const step = (node: JsNode): void => {
    visit(node, ancestors);
    ancestors.push(node);
    for (const child of childNodes(node)) step(child);
    ancestors.pop();
  };
  step(root);
}

/** True for identifiers that name a variable (not a property name or a label). */
export function isNamePosition(id: JsNode, parent: JsNode | undefined): boolean {
  if (!parent) return true;
  if (parent.type === 'MemberExpression' && parent.property === id && !parent.computed) return false;
  if (parent.type === 'Property' && parent.key === id) return false;
  return !(parent.type === 'LabeledStatement' || parent.type === 'BreakStatement' || parent.type === 'ContinueStatement');
}
