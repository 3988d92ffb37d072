/**
 * The names a piece of JavaScript reads from outside itself, by its
 * scopes: what "Edit and run" must take from earlier cells. A name bound
 * inside (a parameter, a block's, a loop's or a catch clause's binding, a
 * function's `var`, a class's or a named function expression's own name)
 * is not one; every name was counted before, so a cell
 * `const show = (data) => data.length` took an earlier cell's
 * `const data = …` and ran that cell's work.
 *
 * Works on acorn's ESTree nodes (the cell's TypeScript already stripped).
 *
 * @module
 */

import type { Node } from "acorn";

/** An ESTree node, its fields read by name. */
export type AnyNode = Node & Record<string, unknown>;

/** A scope: the names bound in it, and the scope around it. */
interface Scope {
  names: Set<string>;
  parent: Scope | null;
}

/** The names a declaration pattern binds, added to `into`. */
export function patternNames(
  pattern: AnyNode | null | undefined,
  into: string[],
): void {
  if (!pattern) return;
  switch (pattern.type) {
    case "Identifier":
      into.push(pattern.name as string);
      break;
    case "ObjectPattern":
      for (const property of pattern.properties as AnyNode[]) {
        patternNames(
          (property.type === "RestElement"
            ? property.argument
            : property.value) as AnyNode,
          into,
        );
      }
      break;
    case "ArrayPattern":
      for (const element of pattern.elements as (AnyNode | null)[]) {
        patternNames(element, into);
      }
      break;
    case "RestElement":
      patternNames(pattern.argument as AnyNode, into);
      break;
    case "AssignmentPattern":
      patternNames(pattern.left as AnyNode, into);
      break;
  }
}

function isNode(value: unknown): value is AnyNode {
  return typeof value === "object" && value !== null &&
    typeof (value as { type?: unknown }).type === "string";
}

/** The child nodes of `node`, in source order. */
function children(node: AnyNode): AnyNode[] {
  const found: AnyNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc") continue;
    if (Array.isArray(value)) found.push(...value.filter(isNode));
    else if (isNode(value)) found.push(value);
  }
  return found;
}

function isFunction(node: AnyNode): boolean {
  return node.type === "FunctionDeclaration" ||
    node.type === "FunctionExpression" ||
    node.type === "ArrowFunctionExpression";
}

/** Adds the `var` names of `node` to `into`, not entering functions or classes. */
function hoistedVars(node: AnyNode, into: Set<string>): void {
  if (isFunction(node) || /^Class/.test(node.type)) return;
  if (node.type === "VariableDeclaration" && node.kind === "var") {
    const names: string[] = [];
    for (const declarator of node.declarations as AnyNode[]) {
      patternNames(declarator.id as AnyNode, names);
    }
    names.forEach((name) => into.add(name));
  }
  for (const child of children(node)) hoistedVars(child, into);
}

/**
 * A new scope inside `parent` binding what `statements` declare directly
 * (let, const, class, function, import) and, for a function's or the
 * program's own scope (`vars`), every `var` inside them.
 */
function scopeOf(
  parent: Scope | null,
  statements: readonly AnyNode[],
  vars: boolean,
): Scope {
  const scope: Scope = { names: new Set(), parent };
  for (const statement of statements) {
    const names: string[] = [];
    if (statement.type === "VariableDeclaration" && statement.kind !== "var") {
      for (const declarator of statement.declarations as AnyNode[]) {
        patternNames(declarator.id as AnyNode, names);
      }
    } else if (
      (statement.type === "FunctionDeclaration" ||
        statement.type === "ClassDeclaration") && statement.id
    ) {
      names.push((statement.id as AnyNode).name as string);
    } else if (statement.type === "ImportDeclaration") {
      for (const specifier of statement.specifiers as AnyNode[]) {
        names.push((specifier.local as AnyNode).name as string);
      }
    }
    names.forEach((name) => scope.names.add(name));
    if (vars) hoistedVars(statement, scope.names);
  }
  return scope;
}

function bound(scope: Scope | null, name: string): boolean {
  for (let at = scope; at !== null; at = at.parent) {
    if (at.names.has(name)) return true;
  }
  return false;
}

/**
 * The names that `statements`, taken as a program of their own, read and
 * do not bind: their own top-level declarations and imports are bound, and
 * so is whatever each function, block, loop, catch clause and class binds
 * inside. Property names, labels and `import.meta` are not names read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "acorn";
 * import { type AnyNode, freeNames } from "./_free_names.ts";
 * const body = (code: string) =>
 *   (parse(code, { ecmaVersion: "latest", sourceType: "module" }) as unknown as { body: AnyNode[] }).body;
 * assert.deepEqual([...freeNames(body("const show = (data) => data.length + total;"))], ["total"]);
 * assert.deepEqual([...freeNames(body("try { f(); } catch (e) { g(e.x); }"))], ["f", "g"]);
 * ```
 */
export function freeNames(statements: readonly AnyNode[]): Set<string> {
  const free = new Set<string>();
  const visitAll = (nodes: readonly AnyNode[], scope: Scope) => {
    for (const node of nodes) visit(node, scope);
  };
  const visitFunction = (node: AnyNode, scope: Scope) => {
    const own: Scope = { names: new Set(), parent: scope };
    if (node.type === "FunctionExpression" && node.id) {
      own.names.add((node.id as AnyNode).name as string);
    }
    if (node.type !== "ArrowFunctionExpression") own.names.add("arguments");
    const params = node.params as AnyNode[];
    const names: string[] = [];
    params.forEach((param) => patternNames(param, names));
    names.forEach((name) => own.names.add(name));
    const body = node.body as AnyNode;
    if (body.type === "BlockStatement") {
      const inner = scopeOf(own, body.body as AnyNode[], true);
      visitAll(params, inner);
      visitAll(body.body as AnyNode[], inner);
    } else {
      visitAll(params, own);
      visit(body, own);
    }
  };
  const visit = (node: AnyNode, scope: Scope): void => {
    switch (node.type) {
      case "Identifier":
        if (!bound(scope, node.name as string)) free.add(node.name as string);
        return;
      case "FunctionDeclaration":
      case "FunctionExpression":
      case "ArrowFunctionExpression":
        // A declaration's name is bound where it is declared.
        return visitFunction(node, scope);
      case "ClassDeclaration":
      case "ClassExpression": {
        const own: Scope = { names: new Set(), parent: scope };
        if (node.id) own.names.add((node.id as AnyNode).name as string);
        if (node.superClass) visit(node.superClass as AnyNode, own);
        return visit(node.body as AnyNode, own);
      }
      case "BlockStatement":
        return visitAll(
          node.body as AnyNode[],
          scopeOf(scope, node.body as AnyNode[], false),
        );
      case "StaticBlock":
        return visitAll(
          node.body as AnyNode[],
          scopeOf(scope, node.body as AnyNode[], true),
        );
      case "ForStatement":
      case "ForInStatement":
      case "ForOfStatement": {
        const head = (node.init ?? node.left) as AnyNode | null;
        return visitAll(
          children(node),
          scopeOf(scope, head ? [head] : [], false),
        );
      }
      case "CatchClause": {
        const names: string[] = [];
        patternNames(node.param as AnyNode | null, names);
        const own: Scope = { names: new Set(names), parent: scope };
        return visitAll(children(node), own);
      }
      case "SwitchStatement": {
        visit(node.discriminant as AnyNode, scope);
        const cases = node.cases as AnyNode[];
        const own = scopeOf(
          scope,
          cases.flatMap((c) => c.consequent as AnyNode[]),
          false,
        );
        return visitAll(cases, own);
      }
      case "MemberExpression":
        visit(node.object as AnyNode, scope);
        if (node.computed) visit(node.property as AnyNode, scope);
        return;
      case "Property":
      case "PropertyDefinition":
      case "MethodDefinition":
        if (node.computed) visit(node.key as AnyNode, scope);
        if (node.value) visit(node.value as AnyNode, scope);
        return;
      case "LabeledStatement":
        return visit(node.body as AnyNode, scope);
      case "BreakStatement":
      case "ContinueStatement":
      case "MetaProperty":
      case "ImportDeclaration":
        return;
      default:
        return visitAll(children(node), scope);
    }
  };
  visitAll(statements, scopeOf(null, statements, true));
  return free;
}
