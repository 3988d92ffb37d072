/**
 * The course's hand-worked alpha-beta trees (T000.1, T000.8, T001.1, T001.2),
 * searched for real: every node of the written tree, with what the search's
 * trace says about it — the window it was entered with, the value (or bound)
 * it returned, whether it was cut, and which nodes were never visited.
 *
 * @module
 */

import { alphaBeta, minimax, TraceRecorder } from "../../search/mod.ts";
import type { TracedNode } from "../../search/mod.ts";
import { type ArrayTree, ExplicitTree } from "../../trees/mod.ts";

/** One node of a walkthrough: the written tree, annotated by the trace. */
export interface WalkNode {
  /** Moves from the root, e.g. `[1, 0]`; `[]` for the root. */
  path: number[];
  /** The course's name for the node, when it gives one (B, C, D). */
  name?: string;
  isMax: boolean;
  /** The leaf's value (MAX's view) as written; undefined for inner nodes. */
  leaf?: number;
  /** The node's true minimax value (MAX's view), whether searched or not. */
  minimax: number;
  /** What the search did here; null when it never visited the node. */
  traced: Omit<TracedNode, "children"> | null;
  /** Cut at its last child: the cut came too late to save anything (T001.2). */
  lateCut: boolean;
  children: WalkNode[];
}

/** A walkthrough: the annotated tree and the search's totals. */
export interface Walkthrough {
  root: WalkNode;
  value: number;
  /** Leaf values in the order the search evaluated them. */
  visitedLeaves: number[];
  /** Leaves as written, left to right. */
  allLeaves: number[];
}

function minimaxOf(node: ArrayTree, isMax: boolean): number {
  if (typeof node === "number") return node;
  const values = node.map((child) => minimaxOf(child, !isMax));
  return isMax ? Math.max(...values) : Math.min(...values);
}

function annotate(
  node: ArrayTree,
  traced: TracedNode | null,
  path: number[],
  isMax: boolean,
  names: Readonly<Record<string, string>>,
): WalkNode {
  const children = typeof node === "number"
    ? []
    : node.map((child, k) =>
      annotate(
        child,
        traced?.children.find((c) => c.move === k) ?? null,
        [...path, k],
        !isMax,
        names,
      )
    );
  const name = names[path.join(".")];
  const info = traced === null ? null : (({ children: _, ...rest }) => rest)(
    traced,
  );
  // A node that searched every child, each exactly, knows its value exactly
  // even when the value fell outside its window (node D of T001.2).
  if (
    info !== null && children.length > 0 &&
    children.every((child) => child.traced?.bound === "exact")
  ) {
    info.bound = "exact";
  }
  return {
    path,
    ...(name === undefined ? {} : { name }),
    isMax,
    ...(typeof node === "number" ? { leaf: node } : {}),
    minimax: minimaxOf(node, isMax),
    traced: info,
    lateCut: traced !== null && traced.cut &&
      traced.children.length === children.length,
    children,
  };
}

/**
 * Searches a written tree with alpha-beta and annotates every node with the
 * recorded trace.
 *
 * @param nested the tree as the course writes it (MAX at the root)
 * @param names the course's node names by path, e.g. `{ "1": "C" }`
 * @example Lesson 000's tree (T000.1): leaves 9 and 8 never visited
 * ```ts
 * import assert from "node:assert/strict";
 * import { walkthrough } from "./walkthrough.ts";
 * const walk = walkthrough([[3, 5], [2, 9], [1, 8]]);
 * assert.ok(walk.value === 3 && walk.visitedLeaves.join() === "3,5,2,1");
 * ```
 */
export function walkthrough(
  nested: ArrayTree,
  names: Readonly<Record<string, string>> = {},
): Walkthrough {
  const tree = ExplicitTree.from(nested);
  const trace = new TraceRecorder(tree.turn());
  const result = alphaBeta(tree, { trace });
  const allLeaves: number[] = [];
  const collect = (node: ArrayTree) =>
    typeof node === "number" ? allLeaves.push(node) : node.forEach(collect);
  collect(nested);
  return {
    root: annotate(nested, trace.root(), [], true, names),
    value: result.value,
    visitedLeaves: [...tree.visitedLeaves],
    allLeaves,
  };
}

/**
 * Every node of a walkthrough, depth-first, left to right.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { walkNodes, walkthrough } from "./walkthrough.ts";
 * assert.ok(walkNodes(walkthrough([[3, 5], [2, 9]]).root).length === 7);
 * ```
 */
export function walkNodes(root: WalkNode): WalkNode[] {
  return [root, ...root.children.flatMap(walkNodes)];
}

/**
 * The leaves the search never visited, left to right.
 *
 * @example Lesson 001's tree (T001.1): leaves 4 and 6 of node C
 * ```ts
 * import assert from "node:assert/strict";
 * import { skippedLeaves, walkthrough } from "./walkthrough.ts";
 * const skipped = skippedLeaves(walkthrough([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).root);
 * assert.ok(skipped.map((n) => n.leaf).join() === "4,6");
 * ```
 */
export function skippedLeaves(root: WalkNode): WalkNode[] {
  return walkNodes(root).filter((node) =>
    node.leaf !== undefined && node.traced === null
  );
}

/** Lesson 000's walkthrough tree (T000.1): three moves, replies (3,5), (2,9), (1,8). */
export const TREE_000: ArrayTree = [[3, 5], [2, 9], [1, 8]];

/**
 * Lesson 000's exercise (T000.8), made concrete: MAX already has 5 from its
 * first move; under the second the MIN node's first reply gives 2. The other
 * replies (1 and 9) are invented here to show that the 2 returned is only an
 * upper bound (the node's true value is 1).
 */
export const TREE_000_EXERCISE: ArrayTree = [[5, 7], [2, 1, 9]];

/** Lesson 001's hand-worked tree (T001.1): B, C, D with leaves (3,12,8), (2,4,6), (14,5,2). */
export const TREE_001: ArrayTree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]];

/** The course's names of lesson 001's nodes. */
export const NAMES_001: Readonly<Record<string, string>> = {
  "": "A",
  "0": "B",
  "1": "C",
  "2": "D",
};

/**
 * Checks a walkthrough against minimax on the same tree: same root value,
 * and every leaf minimax sees that alpha-beta skipped is among the skipped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { agreesWithMinimax, walkthrough } from "./walkthrough.ts";
 * assert.ok(agreesWithMinimax([[3, 5], [2, 9], [1, 8]], walkthrough([[3, 5], [2, 9], [1, 8]])));
 * ```
 */
export function agreesWithMinimax(
  nested: ArrayTree,
  walk: Walkthrough,
): boolean {
  const full = minimax(ExplicitTree.from(nested));
  return full.value === walk.value &&
    walk.visitedLeaves.length + skippedLeaves(walk.root).length ===
      walk.allLeaves.length;
}
