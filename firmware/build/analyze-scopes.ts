import { childNodes, type JsNode } from './js-node.js';

/** A name declared somewhere in the program. */
export interface Binding {
  name: string;
  kind: 'var' | 'let' | 'const' | 'function' | 'class' | 'param' | 'catch';
  /** The initialiser when the binding is declared as a plain `name = init`. */
  init?: JsNode;
}

/** Which identifiers resolve to a declaration in the program, and which are globals. */
export interface ScopeAnalysis {
  /** The binding an identifier in expression position resolves to; undefined for globals. */
  bindingOf(identifier: JsNode): Binding | undefined;
  /** True when `identifier` is an expression-position reference that no declaration in the program covers. */
  isGlobalReference(identifier: JsNode): boolean;
}

class Scope {
  readonly names = new Map<string, Binding>();
  constructor(
    readonly parent: Scope | null,
    readonly isFunction: boolean,
  ) {}

  functionScope(): Scope {
    let scope: Scope = this;
    while (!scope.isFunction && scope.parent) scope = scope.parent;
    return scope;
  }

  lookup(name: string): Binding | undefined {
    for (let scope: Scope | null = this; scope; scope = scope.parent) {
      const binding = scope.names.get(name);
      if (binding) return binding;
    }
    return undefined;
  }
}

/**
 * Resolves the identifiers of an ESTree program (ES5 up to ES2022, script semantics) to their declarations.
 * Built for lint checks: it follows var/let/const/function/class/param/catch scoping, not every Annex B rule.
 */
export function analyzeScopes(program: JsNode): ScopeAnalysis {
  const references: Array<{ node: JsNode; scope: Scope }> = [];

  const declare = (scope: Scope, id: JsNode, kind: Binding['kind'], init?: JsNode): void => {
    scope.names.set(id.name, { name: id.name, kind, init });
  };

  // Binding patterns: identifiers are declarations, defaults and computed keys are expressions.
  const declarePattern = (pattern: JsNode, target: Scope, evalScope: Scope, kind: Binding['kind'], init?: JsNode): void => {
    switch (pattern.type) {
      case 'Identifier':
        declare(target, pattern, kind, init);
        return;
      case 'ObjectPattern':
        for (const prop of pattern.properties) {
          if (prop.type === 'RestElement') declarePattern(prop.argument, target, evalScope, kind);
          else {
            if (prop.computed) visit(prop.key, evalScope);
            declarePattern(prop.value, target, evalScope, kind);
          }
        }
        return;
      case 'ArrayPattern':
        for (const element of pattern.elements) if (element) declarePattern(element, target, evalScope, kind);
        return;
      case 'AssignmentPattern':
        declarePattern(pattern.left, target, evalScope, kind);
        visit(pattern.right, evalScope);
        return;
      case 'RestElement':
        declarePattern(pattern.argument, target, evalScope, kind);
        return;
      default:
        visit(pattern, evalScope);
    }
  };

  // Assignment targets: identifiers are references (writes).
  const visitTarget = (target: JsNode, scope: Scope): void => {
    switch (target.type) {
      case 'ObjectPattern':
        for (const prop of target.properties) {
          if (prop.type === 'RestElement') visitTarget(prop.argument, scope);
          else {
            if (prop.computed) visit(prop.key, scope);
            visitTarget(prop.value, scope);
          }
        }
        return;
      case 'ArrayPattern':
        for (const element of target.elements) if (element) visitTarget(element, scope);
        return;
      case 'AssignmentPattern':
        visitTarget(target.left, scope);
        visit(target.right, scope);
        return;
      case 'RestElement':
        visitTarget(target.argument, scope);
        return;
      default:
        visit(target, scope);
    }
  };

  const visitFunction = (fn: JsNode, outer: Scope): void => {
    const scope = new Scope(outer, true);
    if (fn.type === 'FunctionExpression' && fn.id) declare(scope, fn.id, 'function');
    for (const param of fn.params) declarePattern(param, scope, scope, 'param');
    if (fn.body.type === 'BlockStatement') for (const statement of fn.body.body) visit(statement, scope);
    else visit(fn.body, scope);
  };

  const visitClass = (cls: JsNode, outer: Scope): void => {
    const scope = new Scope(outer, false);
    if (cls.id) declare(scope, cls.id, 'class');
    if (cls.superClass) visit(cls.superClass, scope);
    for (const member of cls.body.body) {
      if (member.type === 'StaticBlock') {
        const blockScope = new Scope(scope, true);
        for (const statement of member.body) visit(statement, blockScope);
        continue;
      }
      if (member.computed) visit(member.key, scope);
      if (member.value) visit(member.value, scope);
    }
  };

  const visit = (node: JsNode, scope: Scope): void => {
    switch (node.type) {
      case 'Program': {
        for (const statement of node.body) visit(statement, scope);
        return;
      }
      case 'Identifier':
        references.push({ node, scope });
        return;
      case 'FunctionDeclaration':
        declare(scope, node.id, 'function');
        visitFunction(node, scope);
        return;
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        visitFunction(node, scope);
        return;
      case 'ClassDeclaration':
        declare(scope, node.id, 'class');
        visitClass(node, scope);
        return;
      case 'ClassExpression':
        visitClass(node, scope);
        return;
      case 'VariableDeclaration': {
        const target = node.kind === 'var' ? scope.functionScope() : scope;
        for (const declarator of node.declarations) {
          const simpleInit = declarator.id.type === 'Identifier' ? (declarator.init ?? undefined) : undefined;
          declarePattern(declarator.id, target, scope, node.kind, simpleInit);
          if (declarator.init) visit(declarator.init, scope);
        }
        return;
      }
      case 'BlockStatement':
      case 'StaticBlock': {
        const inner = new Scope(scope, false);
        for (const statement of node.body) visit(statement, inner);
        return;
      }
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement': {
        const inner = new Scope(scope, false);
        if (node.type !== 'ForStatement' && node.left.type !== 'VariableDeclaration') visitTarget(node.left, inner);
        for (const child of childNodes(node)) {
          if (child !== node.left || child.type === 'VariableDeclaration') visit(child, inner);
        }
        return;
      }
      case 'SwitchStatement': {
        visit(node.discriminant, scope);
        const inner = new Scope(scope, false);
        for (const switchCase of node.cases) visit(switchCase, inner);
        return;
      }
      case 'CatchClause': {
        const inner = new Scope(scope, false);
        if (node.param) declarePattern(node.param, inner, inner, 'catch');
        visit(node.body, inner);
        return;
      }
      case 'AssignmentExpression':
        visitTarget(node.left, scope);
        visit(node.right, scope);
        return;
      case 'MemberExpression':
        visit(node.object, scope);
        if (node.computed) visit(node.property, scope);
        return;
      case 'Property':
      case 'PropertyDefinition':
      case 'MethodDefinition':
        if (node.computed) visit(node.key, scope);
        if (node.value) visit(node.value, scope);
        return;
      case 'LabeledStatement':
        visit(node.body, scope);
        return;
      case 'BreakStatement':
      case 'ContinueStatement':
      case 'MetaProperty':
      case 'PrivateIdentifier':
        return;
      default:
        for (const child of childNodes(node)) visit(child, scope);
    }
  };

  visit(program, new Scope(null, true));

  const resolved = new Map<JsNode, Binding | undefined>();
  for (const { node, scope } of references) resolved.set(node, scope.lookup(node.name));

  return {
    bindingOf: (identifier) => resolved.get(identifier),
    isGlobalReference: (identifier) => resolved.has(identifier) && resolved.get(identifier) === undefined,
  };
}
