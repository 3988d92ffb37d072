/**
 * Small hand-written game trees, such as the course's worked examples.
 *
 * @module
 */

import type { Move, Position, Value } from "../position.ts";

/** A tree written as nested arrays: a number is a leaf (MAX's view), an array an inner node. */
export type NestedTree = number | readonly NestedTree[];

/** The flattened tree that every clone of one {@linkcode ExplicitTree} shares. */
interface TreeArrays {
  /** Index of a node's first child; children are numbered contiguously. */
  firstChild: Int32Array;
  childCount: Int32Array;
  /** Leaf values from MAX's view (0 for inner nodes). */
  leafValue: Int32Array;
  maxMoves: number;
  height: number;
}

/**
 * A game tree given explicitly as nested arrays. MAX moves at the root, the
 * sides alternate by level, and move `k` leads to the `k`-th child.
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
  /** Leaf values (MAX's view) that `evaluate()` was called on, in order. */
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
   * @param nested the tree; leaves must be integers, inner nodes non-empty arrays
   * @returns the tree, positioned at its root
   * @throws {Error} naming the path of a leaf that is not an integer or of an empty node
   */
  static from(nested: NestedTree): ExplicitTree {
    const firstChild: number[] = [];
    const childCount: number[] = [];
    const leafValue: number[] = [];
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
      if (typeof node === "number") {
        if (!Number.isSafeInteger(node) || Math.abs(node) >= 1_000_000) {
          throw new Error(
            `ExplicitTree leaf at ${where} is ${node}: expected an integer below 1000000 in absolute value`,
          );
        }
        firstChild.push(-1);
        childCount.push(0);
        leafValue.push(node);
        continue;
      }
      if (!Array.isArray(node)) {
        throw new Error(
          `ExplicitTree node at ${where} is ${
            String(node)
          }: expected a number or an array`,
        );
      }
      if (node.length === 0) {
        throw new Error(
          `ExplicitTree node at ${where} is an empty array: an inner node needs children`,
        );
      }
      firstChild.push(queue.length);
      childCount.push(node.length);
      leafValue.push(0);
      maxMoves = Math.max(maxMoves, node.length);
      node.forEach((child, k) =>
        queue.push({ node: child, path: [...path, k] })
      );
    }
    return new ExplicitTree({
      firstChild: Int32Array.from(firstChild),
      childCount: Int32Array.from(childCount),
      leafValue: Int32Array.from(leafValue),
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
   * The leaf's value from the side to move's view, recorded in `visitedLeaves`.
   *
   * @throws {Error} on an inner node: explicit trees have no static evaluation
   */
  evaluate(): Value {
    if (this.#tree.childCount[this.#node] !== 0) {
      throw new Error(
        `ExplicitTree node ${this.#node} is not a leaf: explicit trees have no static evaluation`,
      );
    }
    const value = this.#tree.leafValue[this.#node]!;
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
