/**
 * The positions an exercise is checked on: seeded random trees of growing
 * size (fast-check arbitraries, so that a failure shrinks to the smallest
 * tree that still fails) and small tic-tac-toe positions, each turned into a
 * fresh {@linkcode Position} per call and into the code that rebuilds it.
 *
 * @module
 */

import fc from "fast-check";
import type { Position } from "../position.ts";
import { ExplicitTree, type NestedTree } from "../trees/explicit_tree.ts";
import { TicTacToe } from "../games/tic_tac_toe.ts";
import type { Phase } from "./exercise.ts";

/**
 * A tree as the checks draw it: every node has a value (a leaf's, or an
 * inner node's static evaluation, which a search reads at its depth limit),
 * from MAX's view; `noisy` marks a capture-like move into the node.
 */
export interface CaseTree {
  value: number;
  noisy: boolean;
  children: CaseTree[];
}

/** Leaf and static values: small, so that ties and narrow windows are common. */
export const CASE_VALUES = { min: -9, max: 9 } as const;

/** The size of the trees of one phase of the checks. */
export interface TreeSize {
  /** Most children of a node. */
  branching: number;
  /** Most plies from the root to a leaf. */
  depth: number;
}

/** Options of {@linkcode caseTrees}. */
export interface CaseTreeOptions {
  /** Every leaf at exactly `depth` (iterative deepening needs the horizon reached on every line). */
  uniformDepth?: boolean;
  /** Mark some moves noisy (for quiescence). */
  noisy?: boolean;
}

/**
 * Random trees up to `size`: at most `branching` children a node, at most
 * `depth` plies (exactly `depth` on every line with `uniformDepth`). They
 * shrink towards fewer nodes, values towards 0, and noisy marks away.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { caseTrees, treeHeight } from "./cases.ts";
 * const [tree] = fc.sample(caseTrees({ branching: 3, depth: 4 }), { seed: 1, numRuns: 1 });
 * assert.ok(treeHeight(tree!) <= 4 && tree!.children.length <= 3);
 * ```
 */
export function caseTrees(
  size: TreeSize,
  options: CaseTreeOptions = {},
): fc.Arbitrary<CaseTree> {
  const value = fc.integer(CASE_VALUES);
  // About a third of the moves noisy, when asked; shrinks to quiet.
  const noisy = options.noisy
    ? fc.integer({ min: 0, max: 2 }).map((k) => k === 2)
    : fc.constant(false);
  const leaf = fc.record({ value, noisy }).map((node): CaseTree => ({
    ...node,
    children: [],
  }));
  const levels: fc.Arbitrary<CaseTree>[] = new Array(size.depth + 1);
  levels[size.depth] = leaf;
  for (let d = size.depth - 1; d >= 0; d--) {
    const inner = fc.record({
      value,
      noisy,
      children: fc.array(levels[d + 1]!, {
        minLength: 1,
        maxLength: size.branching,
      }),
    });
    // The root is never a leaf; below it a node is a leaf a quarter of the
    // time (leaf first: shrinking prefers it).
    levels[d] = d === 0 || options.uniformDepth
      ? inner
      : fc.oneof({ arbitrary: leaf, weight: 1 }, {
        arbitrary: inner,
        weight: 3,
      });
  }
  // No move leads to the root: it is never noisy.
  return levels[0]!.map((root) => ({ ...root, noisy: false }));
}

/** A phase's tree size and how many trees it tries. */
export interface TreePhaseSize extends TreeSize {
  /** How many trees to try. */
  runs: number;
}

/**
 * The phases of an exercise checked on trees: one a size, in the order
 * given (growing), each naming its size as the report shows it.
 *
 * @param sizes the sizes and how many trees each tries
 * @param cases the cases of one size
 * @returns the phases
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { caseTrees, treePhases } from "./cases.ts";
 * const phases = treePhases([{ branching: 2, depth: 3, runs: 10 }], (size) => caseTrees(size));
 * assert.deepEqual(
 *   phases.map(({ what, upTo, runs }) => ({ what, upTo, runs })),
 *   [{ what: "trees", upTo: "b = 2, d = 3", runs: 10 }],
 * );
 * ```
 */
export function treePhases<Case>(
  sizes: readonly TreePhaseSize[],
  cases: (size: TreeSize) => fc.Arbitrary<Case>,
): Phase<Case>[] {
  return sizes.map(({ branching, depth, runs }) => ({
    what: "trees",
    upTo: `b = ${branching}, d = ${depth}`,
    runs,
    cases: cases({ branching, depth }),
  }));
}

/** Plies from the root to the deepest leaf. */
export function treeHeight(tree: CaseTree): number {
  let height = 0;
  for (const child of tree.children) {
    height = Math.max(height, 1 + treeHeight(child));
  }
  return height;
}

/** Nodes in the tree. */
export function treeSize(tree: CaseTree): number {
  return tree.children.reduce((sum, child) => sum + treeSize(child), 1);
}

/** The tree as {@linkcode ExplicitTree.from} reads it. */
export function nestedTree(tree: CaseTree): NestedTree {
  if (tree.children.length === 0) {
    return tree.noisy ? { value: tree.value, noisy: true } : tree.value;
  }
  return {
    value: tree.value,
    ...(tree.noisy ? { noisy: true } : {}),
    children: tree.children.map(nestedTree),
  };
}

/** A fresh position at the root of the tree. */
export function treePosition(tree: CaseTree): ExplicitTree {
  return ExplicitTree.from(nestedTree(tree));
}

/**
 * The code that builds the tree, for the student to paste: nested arrays
 * when inner values and noisy marks play no part (`[[3, 5], [2, 9]]`),
 * `{ value, noisy, children }` nodes where they do.
 *
 * @param tree the tree
 * @param full whether to write inner values and noisy marks
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { treeLiteral } from "./cases.ts";
 * const leaf = (value: number) => ({ value, noisy: false, children: [] });
 * const tree = { value: 1, noisy: false, children: [leaf(3), leaf(-2)] };
 * assert.equal(treeLiteral(tree, false), "[3, -2]");
 * assert.equal(treeLiteral(tree, true), "{ value: 1, children: [3, -2] }");
 * ```
 */
export function treeLiteral(tree: CaseTree, full: boolean): string {
  if (tree.children.length === 0) {
    return full && tree.noisy
      ? `{ value: ${tree.value}, noisy: true }`
      : String(tree.value);
  }
  const children = `[${
    tree.children.map((child) => treeLiteral(child, full)).join(", ")
  }]`;
  if (!full) return children;
  return `{ value: ${tree.value}, ${
    tree.noisy ? "noisy: true, " : ""
  }children: ${children} }`;
}

/** A tic-tac-toe position of a check: the board reached by legal play. */
export interface BoardCase {
  /** The board as {@linkcode TicTacToe.parse} reads it (`"X.O.O...X"`). */
  cells: string;
}

/**
 * Tic-tac-toe positions with `minEmpty`…`maxEmpty` empty cells (fewer when
 * the game ended on the way), reached by legal play from the empty board.
 * They shrink towards fewer empty cells: smaller trees.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { boardCases } from "./cases.ts";
 * const boards = fc.sample(boardCases(2, 4), { seed: 1, numRuns: 20 });
 * assert.ok(boards.every((b) => (b.cells.match(/\./g) ?? []).length <= 4));
 * ```
 */
export function boardCases(
  minEmpty: number,
  maxEmpty: number,
): fc.Arbitrary<BoardCase> {
  return fc.tuple(
    fc.integer({ min: minEmpty, max: maxEmpty }),
    fc.array(fc.nat(), { minLength: 9, maxLength: 9 }),
  ).map(([empty, choices]) => {
    const position = TicTacToe.empty();
    const moves = new Int32Array(9);
    for (const choice of choices.slice(0, 9 - empty)) {
      if (position.isTerminal()) break;
      const count = position.generateMoves(moves);
      position.play(moves[choice % count]!);
    }
    return { cells: position.toString() };
  });
}

/** A fresh position of the board. */
export function boardPosition(board: BoardCase): TicTacToe {
  return TicTacToe.parse(board.cells);
}

/** The board in three lines, for the terminal and the page. */
export function boardText(board: BoardCase): string {
  const c = board.cells;
  return [c.slice(0, 3), c.slice(3, 6), c.slice(6, 9)].join("\n");
}

/** A position of a search check: a tree or a board. */
export type CasePosition =
  | { kind: "tree"; tree: CaseTree }
  | { kind: "board"; board: BoardCase };

/** A fresh position for one call. */
export function freshPosition(at: CasePosition): Position {
  return at.kind === "tree" ? treePosition(at.tree) : boardPosition(at.board);
}
