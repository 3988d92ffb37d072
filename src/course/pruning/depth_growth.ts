/**
 * How the leaves a search visits grow with depth (T000.6, T001.3, T001.4),
 * the effective branching factor fitted to them, and what searching every
 * depth from 1 up costs on top of the last one (T001.5).
 *
 * @module
 */

import { alphaBeta, minimax } from "../../search/mod.ts";
import { UniformTree } from "../../trees/mod.ts";
import { quantile } from "../distribution.ts";
import { checkInteger, checkOptions, describe } from "../../validate.ts";
import {
  SEARCHES,
  type SearchKind,
} from "../alpha_beta/ordering_experiment.ts";

/** One measured point: a search on trees of one branching and depth. */
export interface GrowthPoint {
  branching: number;
  depth: number;
  search: SearchKind;
  /** Leaves visited: the median over the seeds (one seed for minimax and best-first, whose counts do not depend on it). */
  leaves: number;
}

/** Options of {@linkcode depthGrowth}. */
export interface GrowthOptions {
  /** Branching factors to measure (default 2, 3, 4, 6). */
  branchings?: readonly number[];
  /** Every depth with b^d up to this many leaves is measured (default 2^20). */
  maxLeaves?: number;
  /** Seeds per point for the as-is and worst-first orders (default 5). */
  seeds?: number;
}

const memo = new Map<string, GrowthPoint[]>();

/**
 * Leaves visited by minimax and by alpha-beta in the three orders, for every
 * branching and every depth from 1 while b^d stays within `maxLeaves`. The
 * result is kept in memory for the process (two lessons show it).
 *
 * @example Best-first leaves follow the minimal-tree formula
 * ```ts
 * import assert from "node:assert/strict";
 * import { depthGrowth, minimalLeaves } from "./depth_growth.ts";
 * const points = depthGrowth({ branchings: [3], maxLeaves: 729, seeds: 3 });
 * const best = points.filter((p) => p.search === "best-first");
 * assert.ok(best.every((p) => p.leaves === minimalLeaves(3, p.depth)));
 * ```
 */
export function depthGrowth(options: GrowthOptions = {}): GrowthPoint[] {
  const where = "depthGrowth";
  checkOptions(where, options, ["branchings", "maxLeaves", "seeds"]);
  const branchings = options.branchings ?? [2, 3, 4, 6];
  if (!Array.isArray(branchings) || branchings.length === 0) {
    throw new Error(
      `${where}: branchings must be a list of branching factors, got ${
        describe(branchings)
      }`,
    );
  }
  branchings.forEach((b, i) =>
    checkInteger(where, `branchings[${i}]`, b, 2, 64)
  );
  const maxLeaves = checkInteger(
    where,
    "maxLeaves",
    options.maxLeaves ?? 2 ** 20,
    2,
    2 ** 30,
  );
  const seeds = checkInteger(where, "seeds", options.seeds ?? 5, 1, 1000);
  const key = JSON.stringify([branchings, maxLeaves, seeds]);
  const known = memo.get(key);
  if (known) return known;
  const points: GrowthPoint[] = [];
  for (const branching of branchings) {
    for (let depth = 1; branching ** depth <= maxLeaves; depth++) {
      for (const search of SEARCHES) {
        const runs = search === "minimax" || search === "best-first"
          ? 1
          : seeds;
        const leaves: number[] = [];
        for (let seed = 0; seed < runs; seed++) {
          const order = search === "minimax" ? "as-is" : search;
          const tree = new UniformTree({ branching, depth, seed, order });
          const result = search === "minimax" ? minimax(tree) : alphaBeta(tree);
          leaves.push(result.stats.leaves);
        }
        points.push({
          branching,
          depth,
          search,
          leaves: quantile(leaves, 0.5),
        });
      }
      if (branching === 1) break;
    }
  }
  memo.set(key, points);
  return points;
}

/**
 * Leaves of the minimal tree (T000.6): b^⌈d/2⌉ + b^⌊d/2⌋ − 1.
 *
 * @example The course's three trees: 53, 63, 127
 * ```ts
 * import assert from "node:assert/strict";
 * import { minimalLeaves } from "./depth_growth.ts";
 * assert.ok([minimalLeaves(3, 6), minimalLeaves(2, 10), minimalLeaves(4, 6)].join() === "53,63,127");
 * ```
 */
export function minimalLeaves(branching: number, depth: number): number {
  return branching ** Math.ceil(depth / 2) +
    branching ** Math.floor(depth / 2) - 1;
}

/** The three reference curves of the growth chart. */
export const CURVES = ["b^d", "b^(3d/4)", "minimal tree"] as const;

/** One point of a reference curve. */
export interface CurvePoint {
  branching: number;
  depth: number;
  curve: typeof CURVES[number];
  leaves: number;
}

/**
 * b^d, b^(3d/4) and b^⌈d/2⌉ + b^⌊d/2⌋ − 1 at each depth of `depths`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { theoryCurves } from "./depth_growth.ts";
 * const at8 = theoryCurves(2, [8]).map((p) => p.leaves);
 * assert.ok(at8.join() === "256,64,31");
 * ```
 */
export function theoryCurves(
  branching: number,
  depths: readonly number[],
): CurvePoint[] {
  return depths.flatMap((depth) => [
    { branching, depth, curve: "b^d" as const, leaves: branching ** depth },
    {
      branching,
      depth,
      curve: "b^(3d/4)" as const,
      leaves: branching ** (3 * depth / 4),
    },
    {
      branching,
      depth,
      curve: "minimal tree" as const,
      leaves: minimalLeaves(branching, depth),
    },
  ]);
}

/** The effective branching factor of one search at one b. */
export interface BranchingFit {
  branching: number;
  search: SearchKind;
  /** e^slope of the least-squares line through (d, ln leaves), d ≥ 2. */
  fitted: number;
  /** log_b of `fitted`: 1 for b^d, 0.75 for b^(3d/4), 0.5 for √b. */
  exponent: number;
  /** leaves^(1/d) at the deepest depth measured. */
  rootAtDeepest: number;
  deepest: number;
}

/**
 * Fits an effective branching factor to each (branching, search) series:
 * the growth per ply of the leaves, as the slope of ln(leaves) against depth
 * (depths ≥ 2, so the constant in front does not bias it), beside the plain
 * leaves^(1/d) at the deepest depth.
 *
 * @example Minimax's factor is b itself
 * ```ts
 * import assert from "node:assert/strict";
 * import { depthGrowth, fitBranching } from "./depth_growth.ts";
 * const fits = fitBranching(depthGrowth({ branchings: [3], maxLeaves: 729, seeds: 1 }));
 * const mm = fits.find((fit) => fit.search === "minimax")!;
 * assert.ok(Math.abs(mm.fitted - 3) < 1e-9 && Math.abs(mm.exponent - 1) < 1e-9);
 * ```
 */
export function fitBranching(points: readonly GrowthPoint[]): BranchingFit[] {
  const fits: BranchingFit[] = [];
  const branchings = [...new Set(points.map((p) => p.branching))];
  for (const branching of branchings) {
    for (const search of SEARCHES) {
      const series = points.filter((p) =>
        p.branching === branching && p.search === search
      );
      if (series.length === 0) continue;
      const used = series.filter((p) => p.depth >= 2);
      const xs = used.map((p) => p.depth);
      const ys = used.map((p) => Math.log(p.leaves));
      const n = used.length;
      const mx = xs.reduce((s, x) => s + x, 0) / n;
      const my = ys.reduce((s, y) => s + y, 0) / n;
      let sxy = 0, sxx = 0;
      for (let i = 0; i < n; i++) {
        sxy += (xs[i]! - mx) * (ys[i]! - my);
        sxx += (xs[i]! - mx) ** 2;
      }
      const slope = n >= 2 ? sxy / sxx : NaN;
      const deepest = series.reduce((a, b) => a.depth >= b.depth ? a : b);
      fits.push({
        branching,
        search,
        fitted: Math.exp(slope),
        exponent: slope / Math.log(branching),
        rootAtDeepest: deepest.leaves ** (1 / deepest.depth),
        deepest: deepest.depth,
      });
    }
  }
  return fits;
}

/** What searching every depth 1…d costs beside the search at d alone (T001.5). */
export interface DeepeningOverhead {
  branching: number;
  /** The last depth. */
  depth: number;
  search: "minimax" | "alpha-beta";
  /** Nodes of the searches at depths 1 … d − 1, summed. */
  shallowNodes: number;
  /** Nodes of the search at depth d. */
  lastNodes: number;
  /** shallowNodes / lastNodes: the extra share paid for the earlier iterations. */
  overhead: number;
  /** The course's estimate 1/(b − 1). */
  predicted: number;
}

/**
 * Sums full searches at depths 1 … d − 1 and compares them with the search
 * at d, on a seeded as-is tree of depth d (shallower searches stop at the
 * inner nodes' static evaluations). Minimax, or alpha-beta in the tree's
 * order with the median over `seeds` trees. Only the sums: the real
 * iterative deepening, which reorders moves between iterations, is lesson
 * 003's.
 *
 * @example Minimax on b = 3: the earlier depths add about 1/(b − 1) = 50%
 * ```ts
 * import assert from "node:assert/strict";
 * import { deepeningOverhead } from "./depth_growth.ts";
 * const o = deepeningOverhead(3, 8, "minimax");
 * assert.ok(Math.abs(o.overhead - 0.5) < 0.01 && o.predicted === 0.5);
 * ```
 */
export function deepeningOverhead(
  branching: number,
  depth: number,
  search: "minimax" | "alpha-beta",
  seeds = 1,
): DeepeningOverhead {
  const overheads: { shallow: number; last: number }[] = [];
  for (let seed = 0; seed < (search === "minimax" ? 1 : seeds); seed++) {
    const tree = new UniformTree({ branching, depth, seed });
    let shallow = 0;
    let last = 0;
    for (let limit = 1; limit <= depth; limit++) {
      const result = search === "minimax"
        ? minimax(tree, { depth: limit })
        : alphaBeta(tree, { depth: limit });
      if (limit < depth) shallow += result.stats.nodes;
      else last = result.stats.nodes;
    }
    overheads.push({ shallow, last });
  }
  overheads.sort((a, b) => a.shallow / a.last - b.shallow / b.last);
  const middle = overheads[Math.floor(overheads.length / 2)]!;
  return {
    branching,
    depth,
    search,
    shallowNodes: middle.shallow,
    lastNodes: middle.last,
    overhead: middle.shallow / middle.last,
    predicted: 1 / (branching - 1),
  };
}
