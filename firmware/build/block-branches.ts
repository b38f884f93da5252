import * as acorn from 'acorn';
import type { JsNode } from './js-node.js';

/**
 * The minifier writes an `if` whose branches are expressions as one (`c&&(a,b)`, `c?(a,b):d`).
 * Espruino reads the untaken side either way, but it parses an untaken operand (≈ 125 x86
 * instructions a character) where it only counts brackets through an untaken `{}` block (a
 * third less); a taken side costs the same in both shapes. This pass writes such a statement as
 * `if(c){a,b}` / `if(c){a,b}else{d}` again where a side is at least MIN_SIDE characters long
 * (≈ 2–6 bytes each; shorter sides gain less than their bytes are worth). Only statements in a
 * statement list (no dangling `else`), not inside loops (a block costs its braces at every pass);
 * a comma-joined statement is split around the rewritten parts. Commit press −25 k, host action
 * −41 k, automatic marker −41 k for 62 bytes of boot bundle.
 */
const MIN_SIDE = 80;

export function blockBranches(code: string, minSide = MIN_SIDE): string {
  const program = acorn.parse(code, { ecmaVersion: 5 }) as unknown as JsNode;
  const edits: { start: number; end: number; text: string }[] = [];
  const text = (n: JsNode): string => code.slice(n.start, n.end);
  const long = (n: JsNode): boolean => n.end - n.start >= minSide;
  const parts = (e: JsNode): JsNode[] => (e.type === 'SequenceExpression' ? e.expressions : [e]);

  /** The if statement for expression `e` used as a statement, or null to keep it. */
  const asIf = (e: JsNode): string | null => {
    if (e.type === 'LogicalExpression' && e.operator === '&&' && long(e.right)) return `if(${text(e.left)}){${statements(parts(e.right))}}`;
    if (e.type === 'ConditionalExpression' && (long(e.consequent) || long(e.alternate))) return `if(${text(e.test)}){${statements(parts(e.consequent))}}else{${statements(parts(e.alternate))}}`;
    return null;
  };
  /** Expressions `list` (a comma sequence) as statements, their long branches as ifs. */
  const statements = (list: JsNode[]): string => {
    let out = '';
    let prevIf = false;
    for (const part of list) {
      const asStatement = asIf(part);
      if (out) out += prevIf ? '' : asStatement ? ';' : ',';
      // (An expression statement must not start with `{` or `function`.)
      out += asStatement ?? (/^(\{|function\b)/.test(text(part)) ? `(${text(part)})` : text(part));
      prevIf = asStatement !== null;
    }
    return out;
  };
  const endsInIf = (list: JsNode[]): boolean => asIf(list[list.length - 1]) !== null;
  const rewritesSome = (list: JsNode[]): boolean => list.some((p) => asIf(p) !== null);

  const visit = (node: JsNode, inList: boolean): void => {
    if (inList && node.type === 'ExpressionStatement' && rewritesSome(parts(node.expression))) {
      const t = statements(parts(node.expression));
      // (No empty statement after a closing brace: Espruino would read it too.)
      edits.push({ start: node.start, end: node.end, text: endsInIf(parts(node.expression)) ? t : t + ';' });
      return;
    }
    // `if(a,b,c)…`: a and b as statements before it.
    if (inList && node.type === 'IfStatement' && node.test.type === 'SequenceExpression' && rewritesSome(node.test.expressions.slice(0, -1))) {
      const list = node.test.expressions;
      const lead = statements(list.slice(0, -1));
      edits.push({ start: node.start, end: node.test.end, text: lead + (endsInIf(list.slice(0, -1)) ? '' : ';') + 'if(' + text(list[list.length - 1]) });
      visit(node.consequent, false);
      if (node.alternate) visit(node.alternate, false);
      return;
    }
    if (/^(For|ForIn|While|DoWhile)Statement$/.test(node.type)) return;
    const list = node.type === 'Program' || node.type === 'BlockStatement';
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (key === 'type' || !v || typeof v !== 'object') continue;
      for (const c of Array.isArray(v) ? v : [v]) if (c && typeof c.type === 'string') visit(c, list && key === 'body');
    }
  };
  visit(program, false);
  edits.sort((a, b) => b.start - a.start);
  let out = code;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
