import { analyzeScopes, type ScopeAnalysis } from './analyze-scopes.js';
import {
  ABSENT_ARRAY_ONLY_METHODS,
  ABSENT_GLOBALS,
  ABSENT_METHODS,
  ABSENT_STATICS,
  ARRAY_RETURNING_METHODS,
  ERROR_CLASSES,
  ITERATOR_METHODS,
  PRESENT_STATICS,
  UNREADABLE_PROTOTYPES,
} from './espruino-builtins.js';
import { findRegexProblems } from './find-regex-problems.js';
import { walkNodes, type JsNode } from './js-node.js';

/** A construct Espruino 2v29 cannot run, at a node of the checked program. */
export interface CompatProblem {
  node: JsNode;
  message: string;
}

const ON_ESPRUINO = 'on Espruino 2v29';

/** An instance to take methods from where `X.prototype.m` reads as undefined. */
const INSTANCE_OF: Record<string, string> = { Array: '[]', String: "''", Function: '(function(){})' };

/**
 * Finds what Espruino 2v29 cannot run in an ES2022 program (the esbuild bundle before lowering, so
 * classes, spread and destructuring are still visible). Built-in lookups are by name: types are erased.
 */
export function checkEspruinoCompat(program: JsNode): CompatProblem[] {
  const scopes = analyzeScopes(program);
  const defined = collectDefinedMembers(program);
  const problems: CompatProblem[] = [];
  const report = (node: JsNode, message: string): void => {
    problems.push({ node, message });
  };

  walkNodes(program, (node, ancestors) => {
    const parent = ancestors[ancestors.length - 1];
    switch (node.type) {
      case 'LabeledStatement':
        report(node, `label '${node.label.name}:' is not supported ${ON_ESPRUINO} (it reads the label as a variable)`);
        break;
      case 'SwitchStatement': {
        let seenDefault = false;
        for (const switchCase of node.cases) {
          if (!switchCase.test) seenDefault = true;
          else if (seenDefault) report(switchCase, `'case' after 'default' is unsupported ${ON_ESPRUINO}; move 'default' last`);
        }
        break;
      }
      case 'NewExpression':
        if (node.arguments.some((a: JsNode) => a.type === 'SpreadElement')) {
          report(node, `'new X(...args)' returns undefined ${ON_ESPRUINO} once lowered; use a factory function`);
        }
        checkRegExpConstructor(node, scopes, report);
        break;
      case 'CallExpression':
        checkRegExpConstructor(node, scopes, report);
        checkMethodCall(node, scopes, defined, report);
        break;
      case 'PropertyDefinition':
      case 'MethodDefinition':
        if (node.key.type === 'PrivateIdentifier') {
          report(node, `#private members need WeakMap, which does not exist ${ON_ESPRUINO}; use TypeScript 'private'`);
        }
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        if (node.generator) report(node, `generator functions are not supported ${ON_ESPRUINO} (no Symbol, no iterators)`);
        if (node.async) report(node, `async functions are not supported by the Espruino build; use callbacks`);
        break;
      case 'ForOfStatement':
        if (node.await) report(node, `'for await' is not supported by the Espruino build`);
        break;
      case 'Literal':
        if (node.bigint !== undefined) report(node, `BigInt does not exist ${ON_ESPRUINO}`);
        if (node.regex) {
          for (const p of findRegexProblems(node.regex.pattern, node.regex.flags)) report(node, `regex uses ${p}, unsupported ${ON_ESPRUINO}`);
        }
        break;
      case 'Identifier':
        checkIdentifier(node, parent, ancestors, scopes, report);
        break;
      case 'MemberExpression':
        checkStaticMember(node, parent, scopes, defined, report);
        break;
      case 'AssignmentExpression':
      case 'UpdateExpression': {
        const target = node.type === 'AssignmentExpression' ? node.left : node.argument;
        if (target.type === 'MemberExpression' && propertyName(target) === 'length' && target.object.type !== 'ThisExpression') {
          report(node, `assigning to '.length' throws ${ON_ESPRUINO} for arrays ("Assignment to a constant"); use splice`);
        }
        break;
      }
      case 'ClassDeclaration':
      case 'ClassExpression':
        checkClassExtends(node, scopes, report);
        break;
    }
  });
  return problems.sort((a, b) => a.node.start - b.node.start);
}

type Report = (node: JsNode, message: string) => void;

/** Non-computed or string-literal property name of a member expression or key. */
function propertyName(member: JsNode): string | undefined {
  const key = member.property ?? member.key;
  if (!key) return undefined;
  if (!member.computed && key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

function isGlobal(node: JsNode, scopes: ScopeAnalysis, name?: string): boolean {
  return node.type === 'Identifier' && (name === undefined || node.name === name) && scopes.isGlobalReference(node);
}

/** Member names the program defines itself: calls to them are the program's own methods. */
interface DefinedMembers {
  names: Set<string>;
  /** `Global.member` pairs the program assigns (polyfills such as `Math.imul = …`). */
  staticAssignments: Set<string>;
}

function collectDefinedMembers(program: JsNode): DefinedMembers {
  const names = new Set<string>();
  const staticAssignments = new Set<string>();
  walkNodes(program, (node) => {
    if (node.type === 'Property' || node.type === 'MethodDefinition' || node.type === 'PropertyDefinition') {
      const name = propertyName(node);
      if (name !== undefined) names.add(name);
    } else if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression') {
      const name = propertyName(node.left);
      if (name === undefined) return;
      names.add(name);
      if (node.left.object.type === 'Identifier') staticAssignments.add(`${node.left.object.name}.${name}`);
    }
  });
  return { names, staticAssignments };
}

function checkIdentifier(node: JsNode, parent: JsNode | undefined, ancestors: readonly JsNode[], scopes: ScopeAnalysis, report: Report): void {
  if (!scopes.isGlobalReference(node)) return;
  if (ABSENT_GLOBALS.has(node.name)) {
    // `typeof Map` is a feature test, which is fine.
    if (parent?.type === 'UnaryExpression' && parent.operator === 'typeof') return;
    report(node, `'${node.name}' does not exist ${ON_ESPRUINO}`);
  } else if (node.name === 'arguments') {
    for (let i = ancestors.length - 1; i >= 0; i--) {
      const type = ancestors[i].type;
      if (type === 'ArrowFunctionExpression') {
        report(node, `'arguments' inside an arrow function is not lexical ${ON_ESPRUINO}; use a rest parameter`);
        return;
      }
      if (type === 'FunctionExpression' || type === 'FunctionDeclaration') return;
    }
  }
}

/** True when `member` is only tested or assigned, as a polyfill does (`if (!Math.imul) Math.imul = …`). */
function isFeatureTestOrAssignment(member: JsNode, parent: JsNode | undefined): boolean {
  if (!parent) return false;
  if (parent.type === 'AssignmentExpression' && parent.left === member) return true;
  return parent.type === 'UnaryExpression' && (parent.operator === 'typeof' || parent.operator === '!');
}

function checkStaticMember(node: JsNode, parent: JsNode | undefined, scopes: ScopeAnalysis, defined: DefinedMembers, report: Report): void {
  const object = node.object;
  const name = propertyName(node);
  if (name === undefined) return;
  if (isGlobal(object, scopes, 'globalThis') && ABSENT_GLOBALS.has(name)) {
    report(node, `'${name}' does not exist ${ON_ESPRUINO}`);
    return;
  }
  if (!isGlobal(object, scopes) || isFeatureTestOrAssignment(node, parent)) return;
  const owner: string = object.name;
  if (defined.staticAssignments.has(`${owner}.${name}`)) return;
  const present = PRESENT_STATICS[owner];
  const absent = ABSENT_STATICS[owner];
  if ((present && !present.has(name)) || absent?.has(name)) {
    report(node, `'${owner}.${name}' does not exist ${ON_ESPRUINO}`);
  }
  // `Array.prototype.slice` reads as undefined there, although `[].slice` works.
  if (name === 'prototype' && UNREADABLE_PROTOTYPES.has(owner) && parent?.type === 'MemberExpression' && parent.object === node) {
    const method = propertyName(parent);
    if (method !== undefined && method !== 'constructor') {
      report(parent, `'${owner}.prototype.${method}' reads as undefined ${ON_ESPRUINO}; use an instance, e.g. ${INSTANCE_OF[owner]}.${method}`);
    }
  }
}

function checkMethodCall(node: JsNode, scopes: ScopeAnalysis, defined: DefinedMembers, report: Report): void {
  const callee = node.callee;
  if (callee.type !== 'MemberExpression') return;
  const name = propertyName(callee);
  if (name === undefined || defined.names.has(name)) return;
  const receiver = callee.object;
  if (Object.prototype.hasOwnProperty.call(ABSENT_METHODS, name)) {
    report(callee, `'.${name}()' (${ABSENT_METHODS[name]}) does not exist ${ON_ESPRUINO}`);
  } else if (ITERATOR_METHODS.has(name) && !isGlobal(receiver, scopes, 'Object')) {
    report(callee, `'.${name}()' iterators do not exist ${ON_ESPRUINO}; use Object.${name}(…) or an index loop`);
  } else if (ABSENT_ARRAY_ONLY_METHODS.has(name) && isEvidentlyArray(receiver, scopes)) {
    report(callee, `'Array.prototype.${name}' does not exist ${ON_ESPRUINO}`);
  }
}

/** Best effort without types: array literals, array-returning calls, and constants initialised with one. */
function isEvidentlyArray(node: JsNode, scopes: ScopeAnalysis): boolean {
  if (node.type === 'ArrayExpression') return true;
  if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression') {
    const name = propertyName(node.callee);
    if (name === undefined) return false;
    if (isGlobal(node.callee.object, scopes, 'Object')) return ['keys', 'values', 'entries', 'getOwnPropertyNames'].includes(name);
    return ARRAY_RETURNING_METHODS.has(name);
  }
  if (node.type === 'NewExpression') return isGlobal(node.callee, scopes, 'Array');
  if (node.type === 'Identifier') {
    const init = scopes.bindingOf(node)?.init;
    return init !== undefined && init !== node && isEvidentlyArray(init, scopes);
  }
  return false;
}

function checkRegExpConstructor(node: JsNode, scopes: ScopeAnalysis, report: Report): void {
  if (!isGlobal(node.callee, scopes, 'RegExp')) return;
  const [pattern, flags] = node.arguments;
  if (pattern?.type !== 'Literal' || typeof pattern.value !== 'string') return;
  const flagText = flags?.type === 'Literal' && typeof flags.value === 'string' ? flags.value : '';
  for (const p of findRegexProblems(pattern.value, flagText)) report(node, `regex uses ${p}, unsupported ${ON_ESPRUINO}`);
}

function checkClassExtends(node: JsNode, scopes: ScopeAnalysis, report: Report): void {
  const base = node.superClass;
  if (!base || base.type !== 'Identifier' || !scopes.isGlobalReference(base)) return;
  if (base.name === 'Array') {
    report(node, `'class … extends Array' does not work ${ON_ESPRUINO}; wrap an array instead`);
    return;
  }
  if (!ERROR_CLASSES.has(base.name)) return;
  const ctor = node.body.body.find((m: JsNode) => m.type === 'MethodDefinition' && m.kind === 'constructor');
  let restores = false;
  if (ctor) {
    walkNodes(ctor.value.body, (n) => {
      if (n.type !== 'CallExpression' || n.callee.type !== 'MemberExpression') return;
      if (isGlobal(n.callee.object, scopes, 'Object') && propertyName(n.callee) === 'setPrototypeOf' && n.arguments[0]?.type === 'ThisExpression') {
        restores = true;
      }
    });
  }
  if (!restores) {
    report(node, `a class extending ${base.name} needs 'Object.setPrototypeOf(this, X.prototype)' in its constructor, or its methods and instanceof break ${ON_ESPRUINO}`);
  }
}
