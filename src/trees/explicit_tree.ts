/**
 * Small hand-written game trees, such as the course's worked examples.
 *
 * @module
 */

import {
  type Move,
  type Position,
  type Value,
  VALUE_INFINITE,
} from "../position.ts";
import { describe } from "../validate.ts";
import { parseTree } from "./tree_text.ts";

/**
 * A tree written as nested arrays: a number is a leaf (MAX's view), an array
 * an inner node. A {@linkcode TreeNode} object says more about a node.
 */
export type NestedTree = number | readonly NestedTree[] | TreeNode;

/** A tree of numbers and arrays only, as the course writes its worked examples. */
export type ArrayTree = number | readonly ArrayTree[];

/** A node with more than a value: a static evaluation, a noisy move into it, or both. */
export interface TreeNode {
  /**
   * Its value from MAX's view: a leaf's exact value, or an inner node's static
   * evaluation, which a depth-limited search reads at its horizon. An integer
   * in ±999,999 (inside ±`VALUE_INFINITE`).
   */
  value?: number;
  /** Whether the move into this node is noisy (a capture): quiescence plays only these. Not on the root. */
  noisy?: boolean;
  /** Its children, a dense array; a node without any is a leaf and needs a `value`. No other keys are allowed. */
  children?: readonly NestedTree[];
}

/** The flattened tree that every clone of one {@linkcode ExplicitTree} shares. */
interface TreeArrays {
  /** Index of a node's first child; children are numbered contiguously. */
  firstChild: Int32Array;
  childCount: Int32Array;
  /** Values from MAX's view: a leaf's, or an inner node's static evaluation. */
  value: Int32Array;
  /** 1 where a node has a value (every leaf; inner nodes given one). */
  hasValue: Uint8Array;
  /** 1 where the move into a node is noisy. */
  noisy: Uint8Array;
  maxMoves: number;
  height: number;
}

/**
 * A game tree given explicitly as nested arrays. MAX moves at the root, the
 * sides alternate by level, and move `k` leads to the `k`-th child. Nodes
 * written as {@linkcode TreeNode} objects may carry a static evaluation and
 * mark the move into them as noisy, for depth-limited search and quiescence.
 *
 * @example The tree of lesson 000 (T000.1): value 3, leaves 9 and 8 never seen
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, ExplicitTree } from "../../mod.ts";
 * const tree = ExplicitTree.from([[3, 5], [2, 9], [1, 8]]);
 * const result = alphaBeta(tree);
 * assert.ok(result.value === 3);
 * assert.ok(tree.visitedLeaves.join() === "3,5,2,1");
 * ```
 */
export class ExplicitTree implements Position {
  readonly maxMoves: number;
  /** Values (MAX's view) that `evaluate()` returned, in order: the leaves a search reached. */
  readonly visitedLeaves: number[] = [];
  readonly #tree: TreeArrays;
  readonly #path: Int32Array;
  readonly #moves: Int32Array;
  #ply = 0;
  #node = 0;

  private constructor(tree: TreeArrays) {
    this.#tree = tree;
    this.maxMoves = tree.maxMoves;
    this.#path = new Int32Array(tree.height + 1);
    this.#moves = new Int32Array(tree.height + 1);
  }

  /**
   * Builds a tree from nested arrays: numbers are leaves from MAX's view.
   * The walk keeps its own stack and visits each written node once, so a
   * chain 100,000 plies deep builds in linear time (searching one that deep
   * is another matter: the searchers recurse once per ply). A subtree object
   * may appear in several places; it then counts once per place towards
   * {@linkcode MAX_EXPLICIT_NODES}.
   *
   * @param nested the tree. Values are integers in
   *   −(VALUE_INFINITE − 1)…VALUE_INFINITE − 1 (±999,999); arrays are dense
   *   (no holes) and non-empty; a `{ value, noisy, children }` node has no
   *   other keys, a boolean `noisy`, and a value when it has no children;
   *   no node contains itself; at most {@linkcode MAX_EXPLICIT_NODES} nodes
   * @returns the tree, positioned at its root
   * @throws {Error} naming the path of the bad node as `children[0][2]`
   *   (child 0 of the root, then its child 2) and the rule it breaks
   *
   * @example Quiescence sees the recapture beyond the horizon (T003.5)
   * ```ts
   * import assert from "node:assert/strict";
   * import { alphaBeta, ExplicitTree, quiescence } from "../../mod.ts";
   * const tree = ExplicitTree.from({ value: 0, children: [
   *   { value: 1, children: [1, 1] },                                   // a quiet move
   *   { value: 3, children: [{ value: -5, noisy: true }, 3] },         // grab a pawn
   * ] });
   * assert.equal(alphaBeta(tree, { depth: 1 }).move, 1);
   * assert.equal(quiescence(tree, { depth: 1 }).move, 0);
   * ```
   *
   * @example Holes and cycles are errors, not silent wrong trees
   * ```ts
   * import assert from "node:assert/strict";
   * import { ExplicitTree } from "../../mod.ts";
   * assert.throws(() => ExplicitTree.from([[1, 2], [3, , 5]] as never), /children\[1\]\[1\] is a hole/);
   * const cyclic: unknown[] = [1];
   * cyclic.push([2, cyclic]);
   * assert.throws(() => ExplicitTree.from(cyclic as never), /children\[1\]\[1\] contains itself/);
   * ```
   */
  static from(nested: NestedTree): ExplicitTree {
    const sizes = checkTree(nested);
    const total = sizes.get(nested as object) ?? 1;
    const firstChild = new Int32Array(total);
    const childCount = new Int32Array(total);
    const value = new Int32Array(total);
    const hasValue = new Uint8Array(total);
    const noisy = new Uint8Array(total);
    // Breadth-first, so node ids (and keys) number the tree level by level.
    const queue: NestedTree[] = new Array(total);
    queue[0] = nested;
    let tail = 1;
    let maxMoves = 0;
    let height = 0;
    let levelEnd = 1;
    for (let head = 0; head < total; head++) {
      if (head === levelEnd) {
        height++;
        levelEnd = tail;
      }
      const node = queue[head]!;
      let children: readonly NestedTree[] | undefined;
      if (typeof node === "number") {
        value[head] = node;
        hasValue[head] = 1;
      } else if (Array.isArray(node)) {
        children = node;
      } else {
        const parts = node as TreeNode;
        children = parts.children;
        if (parts.value !== undefined) {
          value[head] = parts.value;
          hasValue[head] = 1;
        }
        if (parts.noisy === true) noisy[head] = 1;
      }
      const count = children?.length ?? 0;
      firstChild[head] = count === 0 ? -1 : tail;
      childCount[head] = count;
      if (count > maxMoves) maxMoves = count;
      for (let k = 0; k < count; k++) queue[tail++] = children![k]!;
    }
    return new ExplicitTree({
      firstChild,
      childCount,
      value,
      hasValue,
      noisy,
      maxMoves: Math.max(maxMoves, 1),
      height,
    });
  }

  /**
   * Builds a tree from its text, `"[[3, 5], [2, 9], [1, 8]]"`: see
   * {@linkcode parseTree}, whose errors name the line and column of a typo.
   *
   * @param text the tree as nested brackets of whole numbers
   * @returns the tree, positioned at its root
   * @throws {Error} from {@linkcode parseTree} or {@linkcode ExplicitTree.from}
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { alphaBeta, ExplicitTree } from "../../mod.ts";
   * assert.equal(alphaBeta(ExplicitTree.parse("[[3, 5], [2, 9], [1, 8]]")).value, 3);
   * assert.throws(() => ExplicitTree.parse("[[3, 5], [2, 9] [1, 8]]"), /line 1, column 17/);
   * ```
   */
  static parse(text: string): ExplicitTree {
    return ExplicitTree.from(parseTree(text));
  }

  /** Number of nodes in the whole tree. */
  get size(): number {
    return this.#tree.childCount.length;
  }

  /** Id of the current node: 0 for the root, then breadth-first. */
  get node(): number {
    return this.#node;
  }

  /** Moves from the root to the current node. */
  get ply(): number {
    return this.#ply;
  }

  /** Clears {@linkcode ExplicitTree.visitedLeaves}. */
  resetTrace(): void {
    this.visitedLeaves.length = 0;
  }

  generateMoves(out: Int32Array): number {
    const count = this.#tree.childCount[this.#node]!;
    for (let k = 0; k < count; k++) out[k] = k;
    return count;
  }

  /** Writes the moves into children marked noisy, in natural order; returns how many. */
  generateNoisyMoves(out: Int32Array): number {
    const tree = this.#tree;
    const first = tree.firstChild[this.#node]!;
    const count = tree.childCount[this.#node]!;
    let noisy = 0;
    for (let k = 0; k < count; k++) {
      if (tree.noisy[first + k] === 1) out[noisy++] = k;
    }
    return noisy;
  }

  /**
   * Moves to child `move` of the current node.
   *
   * @throws {Error} when `move` is not an integer naming a child here;
   *   the position is unchanged
   */
  play(move: Move): void {
    const count = this.#tree.childCount[this.#node]!;
    // `(move | 0) === move` rejects fractions, NaN and non-numbers in one compare.
    if ((move | 0) !== move || move < 0 || move >= count) {
      throw new Error(
        `ExplicitTree.play: node ${this.#node} ${
          count === 0
            ? "is a leaf: no move to play"
            : `has ${count} children (moves 0…${count - 1})`
        }, got move ${describe(move)}`,
      );
    }
    this.#moves[this.#ply] = move;
    this.#path[this.#ply++] = this.#node;
    this.#node = this.#tree.firstChild[this.#node]! + move;
  }

  /**
   * Takes back `move`, which must be the last move played.
   *
   * @throws {Error} at the root, or when `move` is not the move that led
   *   here; the position is unchanged
   */
  undo(move: Move): void {
    if (this.#ply === 0) {
      throw new Error("ExplicitTree.undo() at the root: no move to take back");
    }
    if (this.#moves[this.#ply - 1] !== move) {
      throw new Error(
        `ExplicitTree.undo: the last move played was ${
          this.#moves[this.#ply - 1]
        }, got move ${describe(move)}`,
      );
    }
    const parent = this.#path[this.#ply - 1]!;
    this.#node = parent;
    this.#ply--;
  }

  isTerminal(): boolean {
    return this.#tree.childCount[this.#node] === 0;
  }

  /**
   * The node's value (a leaf's, or an inner node's static evaluation) from
   * the side to move's view, recorded in `visitedLeaves`.
   *
   * @throws {Error} on an inner node written without a `value`
   */
  evaluate(): Value {
    if (this.#tree.hasValue[this.#node] === 0) {
      throw new Error(
        `ExplicitTree node ${this.#node} is an inner node without a value: give it one as { value, children }`,
      );
    }
    const value = this.#tree.value[this.#node]!;
    this.visitedLeaves.push(value);
    return (this.#ply & 1) === 0 ? value : 0 - value;
  }

  turn(): 1 | -1 {
    return (this.#ply & 1) === 0 ? 1 : -1;
  }

  key(): number {
    return this.#node;
  }

  clone(): this {
    const copy = new ExplicitTree(this.#tree);
    copy.#path.set(this.#path);
    copy.#moves.set(this.#moves);
    copy.#ply = this.#ply;
    copy.#node = this.#node;
    return copy as this;
  }
}

/**
 * Most nodes {@linkcode ExplicitTree.from} builds: its flat arrays take 14
 * bytes a node, so about 59 MB at the limit.
 */
export const MAX_EXPLICIT_NODES = 2 ** 22;

/** Largest leaf or static value in absolute value: inside the searchers' open window. */
const MAX_TREE_VALUE = VALUE_INFINITE - 1;

const NODE_KEYS = ["value", "noisy", "children"] as const;

/**
 * The path of a node as `children[0][2]`, from the child indices on the
 * walk's stack; a very deep path shows its two ends.
 */
function pathOf(indices: ArrayLike<number>, length: number): string {
  if (length === 0) return "the root";
  const step = (d: number) => `[${indices[d]}]`;
  if (length <= 16) {
    let text = "children";
    for (let d = 0; d < length; d++) text += step(d);
    return text;
  }
  let text = "children";
  for (let d = 0; d < 6; d++) text += step(d);
  text += `[…${(length - 12).toLocaleString("en")} more levels…]`;
  for (let d = length - 6; d < length; d++) text += step(d);
  return text;
}

/**
 * The children of a written node, after checking the node itself; throws
 * on a bad value, key, noisy mark or missing children.
 */
function childrenOf(
  node: unknown,
  indices: Int32Array,
  depth: number,
): readonly unknown[] | null {
  const fail = (rule: string): never => {
    throw new Error(
      `ExplicitTree.from: node at ${pathOf(indices, depth)} ${rule}`,
    );
  };
  const checkValue = (value: unknown, what: string): void => {
    if (
      typeof value !== "number" || !Number.isInteger(value) ||
      Math.abs(value) > MAX_TREE_VALUE
    ) {
      fail(
        `has ${what} ${describe(value)}: values must be integers in ` +
          `${-MAX_TREE_VALUE}…${MAX_TREE_VALUE}`,
      );
    }
  };
  if (typeof node === "number") {
    checkValue(node, "value");
    return null;
  }
  if (Array.isArray(node)) {
    if (node.length === 0) {
      fail("is an empty array: an inner node needs children");
    }
    return node;
  }
  if (typeof node !== "object" || node === null) {
    fail(
      `is ${describe(node)}: expected a number, an array or ` +
        "{ value, noisy, children }",
    );
  }
  for (const key of Object.keys(node as object)) {
    if (!(NODE_KEYS as readonly string[]).includes(key)) {
      fail(
        `has unknown key ${JSON.stringify(key)}; known keys: ${
          NODE_KEYS.join(", ")
        }`,
      );
    }
  }
  const { value, noisy, children } = node as TreeNode;
  if (value !== undefined) checkValue(value, "value");
  if (noisy !== undefined && typeof noisy !== "boolean") {
    fail(`has noisy ${describe(noisy)}: expected true or false`);
  }
  if (noisy === true && depth === 0) {
    fail("is marked noisy: no move leads to the root");
  }
  if (children !== undefined && !Array.isArray(children)) {
    fail(`has children ${describe(children)}: expected an array`);
  }
  if (
    (children === undefined || children.length === 0) && value === undefined
  ) {
    fail("has no children and no value: a leaf needs a value");
  }
  return children ?? null;
}

/**
 * Checks a written tree depth-first with its own stack: every node once,
 * a cycle found when a node is its own ancestor. Returns the number of nodes
 * under each inner node (counted once per place it appears).
 */
function checkTree(root: NestedTree): Map<object, number> {
  const sizes = new Map<object, number>();
  // The walk's stack: the node, its children, the next child to visit, and
  // the index of the child taken from the parent (for error paths).
  const nodes: object[] = [];
  const lists: (readonly unknown[])[] = [];
  const next: number[] = [];
  let indices = new Int32Array(64);
  const open = new Set<object>();
  const enter = (node: unknown, depth: number): void => {
    const children = childrenOf(node, indices, depth);
    if (children === null) return;
    if (open.has(node as object)) {
      throw new Error(
        `ExplicitTree.from: node at ${
          pathOf(indices, depth)
        } contains itself: a tree cannot have a cycle`,
      );
    }
    open.add(node as object);
    nodes.push(node as object);
    lists.push(children);
    next.push(0);
  };
  enter(root, 0);
  while (nodes.length > 0) {
    const top = nodes.length - 1;
    const children = lists[top]!;
    const k = next[top]!;
    if (k === children.length) {
      let size = 1;
      for (const child of children) {
        size += typeof child === "number" ? 1 : sizes.get(child as object) ?? 1;
      }
      if (size > MAX_EXPLICIT_NODES) {
        throw new Error(
          `ExplicitTree.from: the tree under ${
            pathOf(indices, top)
          } has more than ${MAX_EXPLICIT_NODES.toLocaleString("en")} nodes ` +
            "(MAX_EXPLICIT_NODES; a subtree written in several places counts " +
            "once per place)",
        );
      }
      sizes.set(nodes[top]!, size);
      open.delete(nodes[top]!);
      nodes.pop();
      lists.pop();
      next.pop();
      continue;
    }
    next[top] = k + 1;
    if (top >= indices.length) {
      const grown = new Int32Array(indices.length * 2);
      grown.set(indices);
      indices = grown;
    }
    indices[top] = k;
    if (!(k in children)) {
      throw new Error(
        `ExplicitTree.from: node at ${
          pathOf(indices, top + 1)
        } is a hole in a sparse array: write every child`,
      );
    }
    const child = children[k];
    if (typeof child === "object" && child !== null && sizes.has(child)) {
      continue; // already checked where it appeared first
    }
    enter(child, top + 1);
  }
  return sizes;
}
