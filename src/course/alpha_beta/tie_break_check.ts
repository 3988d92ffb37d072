/**
 * Does the sort's tie-break explain the disagreement of T000.2's worst-first
 * row? Leaf values 1…99 repeat, so a worst-first sort must break ties some
 * way, and the course does not say which. This rebuilds the same seeded trees
 * with the ties of every node kept in as-is order, reversed, or shuffled,
 * and with no ties at all, and asks where the course's figure falls each time.
 *
 * @module
 */

import { Random } from "../../random.ts";
import { alphaBeta } from "../../search/mod.ts";
import { type ArrayTree, ExplicitTree, UniformTree } from "../../trees/mod.ts";
import {
  type Distribution,
  distribution,
  percentileOf,
} from "../distribution.ts";

/** How equal children are ordered; `"no ties"` perturbs the leaves so none are equal. */
export const TIE_BREAKS = ["as-is", "reversed", "random", "no ties"] as const;

/** One of {@linkcode TIE_BREAKS}. */
export type TieBreak = typeof TIE_BREAKS[number];

/** Worst-first alpha-beta nodes under one tie-break, beside the course's figure. */
export interface TieBreakRow {
  tieBreak: TieBreak;
  nodes: Distribution;
  /** Where the course's figure falls among our trees (0–100). */
  coursePercentile: number;
}

/**
 * The tree with `leaves` (left to right) whose children are sorted worst
 * first by exact minimax value, ties broken as `tieBreak` says.
 *
 * @example Ties kept in as-is order give the library's worst-first tree
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, ExplicitTree, Random, UniformTree } from "../../../mod.ts";
 * import { worstFirstTree } from "./tie_break_check.ts";
 * const leaves = Array.from(new UniformTree({ branching: 3, depth: 4, seed: 5 }).leafValues());
 * const built = ExplicitTree.from(worstFirstTree(leaves, 3, 4, "as-is", new Random(5)));
 * const library = new UniformTree({ branching: 3, depth: 4, seed: 5, order: "worst-first" });
 * assert.equal(alphaBeta(built).stats.nodes, alphaBeta(library).stats.nodes);
 * ```
 */
export function worstFirstTree(
  leaves: readonly number[],
  branching: number,
  depth: number,
  tieBreak: TieBreak,
  random: Random,
): ArrayTree {
  const values = tieBreak === "no ties"
    // Room for 10,000 distinct values between two of the original ones keeps their order.
    ? leaves.map((value) => value * 10_000 + random.int(0, 9_999))
    : leaves;
  const build = (
    level: number,
    index: number,
  ): { tree: ArrayTree; value: number } => {
    if (level === depth) return { tree: values[index]!, value: values[index]! };
    const isMax = level % 2 === 0;
    const children = Array.from({ length: branching }, (_, k) => ({
      ...build(level + 1, index * branching + k),
      k,
      draw: random.next(),
    }));
    children.sort((a, b) =>
      (isMax ? a.value - b.value : b.value - a.value) ||
      (tieBreak === "reversed"
        ? b.k - a.k
        : tieBreak === "random"
        ? a.draw - b.draw
        : a.k - b.k)
    );
    const best = children.at(-1)!.value;
    return { tree: children.map((child) => child.tree), value: best };
  };
  return build(0, 0).tree;
}

/**
 * Worst-first alpha-beta nodes on seeds 0…seeds−1 under every tie-break.
 *
 * @param courseNodes the course's figure, placed among ours
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { worstFirstTieBreaks } from "./tie_break_check.ts";
 * const rows = worstFirstTieBreaks(2, 4, 20, 10);
 * assert.equal(rows.length, 4);
 * ```
 */
export function worstFirstTieBreaks(
  branching: number,
  depth: number,
  courseNodes: number,
  seeds = 500,
): TieBreakRow[] {
  return TIE_BREAKS.map((tieBreak) => {
    const nodes: number[] = [];
    for (let seed = 0; seed < seeds; seed++) {
      const leaves = Array.from(
        new UniformTree({ branching, depth, seed }).leafValues(),
      );
      const tree = worstFirstTree(
        leaves,
        branching,
        depth,
        tieBreak,
        new Random(seed),
      );
      nodes.push(alphaBeta(ExplicitTree.from(tree)).stats.nodes);
    }
    return {
      tieBreak,
      nodes: distribution(nodes),
      coursePercentile: percentileOf(nodes, courseNodes),
    };
  });
}
