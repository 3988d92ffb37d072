/**
 * Small hand-written game trees, such as the course's worked examples.
 *
 * @module
 */

import type { Move, Position, Value } from "../position.ts";

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
   * evaluation, which a depth-limited search reads at its horizon.
   */
  value?: number;
  /** Whether the move into this node is noisy (a capture): quiescence plays only these. */
  noisy?: boolean;
  /** Its children; a node without any is a leaf and needs a `value`. */
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
  #ply = 0;
  #node = 0;

  private constructor(tree: TreeArrays) {
    this.#tree = tree;
    this.maxMoves = tree.maxMoves;
    this.#path = new Int32Array(tree.height + 1);
  }

  /**
   * Builds a tree from nested arrays: numbers are leaves from MAX's view.
   *
   * @param nested the tree; values must be integers, inner nodes need children
   * @returns the tree, positioned at its root
   * @throws {Error} naming the path of a value that is not an integer, of a
   *   node without children or value, or of a noisy mark on the root
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
   */
  static from(nested: NestedTree): ExplicitTree {
    const firstChild: number[] = [];
    const childCount: number[] = [];
    const value: number[] = [];
    const hasValue: number[] = [];
    const noisy: number[] = [];
    const queue: { node: NestedTree; path: number[] }[] = [{
      node: nested,
      path: [],
    }];
    let maxMoves = 0;
    let height = 0;
    for (let head = 0; head < queue.length; head++) {
      const { node, path } = queue[head]!;
      height = Math.max(height, path.length);
      const where = path.length === 0
        ? "the root"
        : `path [${path.join(", ")}]`;
      const parts = partsOf(node, where);
      const children = parts.children ?? [];
      if (
        parts.value !== undefined &&
        (!Number.isSafeInteger(parts.value) ||
          Math.abs(parts.value) >= 1_000_000)
      ) {
        throw new Error(
          `ExplicitTree value at ${where} is ${parts.value}: expected an integer below 1000000 in absolute value`,
        );
      }
      if (children.length === 0 && parts.value === undefined) {
        throw new Error(
          `ExplicitTree node at ${where} has no children and no value: a leaf needs a value`,
        );
      }
      if (parts.noisy && path.length === 0) {
        throw new Error(
          "ExplicitTree root is marked noisy: no move leads to the root",
        );
      }
      firstChild.push(children.length === 0 ? -1 : queue.length);
      childCount.push(children.length);
      value.push(parts.value ?? 0);
      hasValue.push(parts.value === undefined ? 0 : 1);
      noisy.push(parts.noisy ? 1 : 0);
      maxMoves = Math.max(maxMoves, children.length);
      children.forEach((child, k) =>
        queue.push({ node: child, path: [...path, k] })
      );
    }
    return new ExplicitTree({
      firstChild: Int32Array.from(firstChild),
      childCount: Int32Array.from(childCount),
      value: Int32Array.from(value),
      hasValue: Uint8Array.from(hasValue),
      noisy: Uint8Array.from(noisy),
      maxMoves: Math.max(maxMoves, 1),
      height,
    });
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

  play(move: Move): void {
    const count = this.#tree.childCount[this.#node]!;
    if (!(move >= 0 && move < count)) {
      throw new Error(
        `ExplicitTree node ${this.#node} has ${count} children: cannot play move ${move}`,
      );
    }
    this.#path[this.#ply++] = this.#node;
    this.#node = this.#tree.firstChild[this.#node]! + move;
  }

  undo(_move: Move): void {
    if (this.#ply === 0) {
      throw new Error("ExplicitTree.undo() at the root: no move to take back");
    }
    this.#node = this.#path[--this.#ply]!;
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
    copy.#ply = this.#ply;
    copy.#node = this.#node;
    return copy as this;
  }
}

/** A node's value, noisy mark and children, whichever way it was written. */
function partsOf(node: NestedTree, where: string): TreeNode {
  if (typeof node === "number") return { value: node };
  if (Array.isArray(node)) {
    if (node.length === 0) {
      throw new Error(
        `ExplicitTree node at ${where} is an empty array: an inner node needs children`,
      );
    }
    return { children: node };
  }
  if (typeof node === "object" && node !== null) {
    const { value, noisy, children } = node as TreeNode;
    if (value !== undefined && typeof value !== "number") {
      throw new Error(
        `ExplicitTree value at ${where} is ${String(value)}: expected a number`,
      );
    }
    if (children !== undefined && !Array.isArray(children)) {
      throw new Error(
        `ExplicitTree children at ${where} are ${
          String(children)
        }: expected an array`,
      );
    }
    return { value, noisy: noisy === true, children };
  }
  throw new Error(
    `ExplicitTree node at ${where} is ${
      String(node)
    }: expected a number, an array or { value, children }`,
  );
}
