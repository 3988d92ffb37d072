/**
 * Lesson 000's ordering experiment (T000.2–T000.5): on complete trees of
 * branching b and depth d, minimax against alpha-beta with the leaves as they
 * come, sorted best-first and sorted worst-first, over many seeds.
 *
 * @module
 */

import { alphaBeta, minimax } from "../../search/mod.ts";
import { type TreeOrder, UniformTree } from "../../trees/mod.ts";

/** The four rows of each of the course's tables. */
export const SEARCHES = [
  "minimax",
  "as-is",
  "best-first",
  "worst-first",
] as const;

/** `"minimax"`, or alpha-beta on a tree in the named order. */
export type SearchKind = typeof SEARCHES[number];

/** What one search spent. */
export interface Cost {
  nodes: number;
  leaves: number;
  steps: number;
}

/** One of the course's tables (T000.2, T000.3, T000.4), as printed. */
export interface CourseTree {
  /** The catalogue row of the table. */
  id: string;
  branching: number;
  depth: number;
  /** The tree's value, from the course's unpublished leaves. */
  value: number;
  /** Nodes, leaves and steps of each row. */
  costs: Record<SearchKind, Cost>;
}

/** Lesson 000's three tables, as the course prints them. */
export const COURSE_TREES: readonly CourseTree[] = [
  {
    id: "T000.2",
    branching: 3,
    depth: 6,
    value: 32,
    costs: {
      "minimax": { nodes: 1093, leaves: 729, steps: 10489 },
      "as-is": { nodes: 417, leaves: 233, steps: 5018 },
      "best-first": { nodes: 125, leaves: 53, steps: 1497 },
      "worst-first": { nodes: 939, leaves: 606, steps: 11432 },
    },
  },
  {
    id: "T000.3",
    branching: 2,
    depth: 10,
    value: 36,
    costs: {
      "minimax": { nodes: 2047, leaves: 1024, steps: 20964 },
      "as-is": { nodes: 730, leaves: 304, steps: 9202 },
      "best-first": { nodes: 208, leaves: 63, steps: 2586 },
      "worst-first": { nodes: 1705, leaves: 815, steps: 21530 },
    },
  },
  {
    id: "T000.4",
    branching: 4,
    depth: 6,
    value: 26,
    costs: {
      "minimax": { nodes: 5461, leaves: 4096, steps: 50630 },
      "as-is": { nodes: 1464, leaves: 946, steps: 17087 },
      "best-first": { nodes: 268, leaves: 127, steps: 3150 },
      "worst-first": { nodes: 4839, leaves: 3555, steps: 57383 },
    },
  },
];

/** The four searches on one seeded tree. */
export interface OrderingSample {
  seed: number;
  /** The tree's minimax value (MAX's view). */
  value: number;
  /** Whether alpha-beta in all three orders returned `value`. */
  valuesAgree: boolean;
  costs: Record<SearchKind, Cost>;
}

function costOf(stats: Cost): Cost {
  return { nodes: stats.nodes, leaves: stats.leaves, steps: stats.steps };
}

/**
 * Runs the four searches of the course's table on one seeded tree: minimax on
 * the tree as generated, alpha-beta on it as-is, best-first and worst-first
 * (the same leaves, permuted).
 *
 * @example The minimal tree on the course's b=3, d=6 tree (T000.2)
 * ```ts
 * import assert from "node:assert/strict";
 * import { orderingSample } from "./ordering_experiment.ts";
 * const sample = orderingSample(3, 6, 1);
 * assert.ok(sample.costs["best-first"].leaves === 53 && sample.valuesAgree);
 * ```
 */
export function orderingSample(
  branching: number,
  depth: number,
  seed: number,
): OrderingSample {
  const tree = (order: TreeOrder) =>
    new UniformTree({ branching, depth, seed, order });
  const full = minimax(tree("as-is"));
  const asIs = alphaBeta(tree("as-is"));
  const best = alphaBeta(tree("best-first"));
  const worst = alphaBeta(tree("worst-first"));
  return {
    seed,
    value: full.value,
    valuesAgree: [asIs, best, worst].every(({ value }) => value === full.value),
    costs: {
      "minimax": costOf(full.stats),
      "as-is": costOf(asIs.stats),
      "best-first": costOf(best.stats),
      "worst-first": costOf(worst.stats),
    },
  };
}

/**
 * {@linkcode orderingSample} on seeds `0 … seeds − 1`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { orderingExperiment } from "./ordering_experiment.ts";
 * const samples = orderingExperiment(2, 4, 10);
 * assert.ok(samples.length === 10 && samples.every((s) => s.valuesAgree));
 * ```
 */
export function orderingExperiment(
  branching: number,
  depth: number,
  seeds: number,
): OrderingSample[] {
  return Array.from(
    { length: seeds },
    (_, seed) => orderingSample(branching, depth, seed),
  );
}

/**
 * The first seed (from `from` on, at most `limit` tried) whose tree has the
 * given minimax value, or −1: a tree like the course's, found by search —
 * the course's own leaves are not published.
 *
 * @example The course's b=3, d=6 tree has value 32
 * ```ts
 * import assert from "node:assert/strict";
 * import { minimax, UniformTree } from "../../../mod.ts";
 * import { seedWithValue } from "./ordering_experiment.ts";
 * const seed = seedWithValue(3, 6, 32);
 * assert.ok(minimax(new UniformTree({ branching: 3, depth: 6, seed })).value === 32);
 * ```
 */
export function seedWithValue(
  branching: number,
  depth: number,
  value: number,
  from = 0,
  limit = 10_000,
): number {
  for (let seed = from; seed < from + limit; seed++) {
    const tree = new UniformTree({ branching, depth, seed });
    if (minimax(tree).value === value) return seed;
  }
  return -1;
}
