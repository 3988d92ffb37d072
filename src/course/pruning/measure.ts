/**
 * Lesson 001 (pruning, zh), recomputed: rows T001.1–T001.5 — the hand-worked
 * tree and its late cut, the chess arithmetic, growth with depth for each
 * move order, and the cost of searching every depth from 1.
 *
 * @module
 */

import { VALUE_INFINITE } from "../../position.ts";
import { alphaBeta, minimax } from "../../search/mod.ts";
import { ExplicitTree, UniformTree } from "../../trees/mod.ts";
import {
  type BranchingFit,
  type DeepeningOverhead,
  deepeningOverhead,
  depthGrowth,
  fitBranching,
  type GrowthPoint,
  minimalLeaves,
} from "./depth_growth.ts";
import { quantile } from "../distribution.ts";
import {
  SEARCHES,
  type SearchKind,
} from "../alpha_beta/ordering_experiment.ts";
import { claimRow, type CourseRow, exactRow, formatCount } from "../rows.ts";
import {
  NAMES_001,
  skippedLeaves,
  TREE_001,
  type WalkNode,
  type Walkthrough,
  walkthrough,
} from "../alpha_beta/walkthrough.ts";

/** One line of the chess arithmetic (T001.3). */
export interface ChessLine {
  what: string;
  formula: string;
  course: string;
  value: number;
  ours: string;
}

/** Leaves of each search on one b = 35 tree of depth 4, beside 35^4, 35^3, 35^2. */
export interface Chess35 {
  branching: number;
  depth: number;
  leaves: Record<SearchKind, number>;
}

/**
 * The count each search's leaves on the b = 35 tree are read against,
 * computed from its branching and depth: b^d for minimax (and as a ceiling
 * for worst-first), b^(3d/4) for random order, the minimal tree
 * b^⌈d/2⌉ + b^⌊d/2⌋ − 1 for best-first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { chess35Reference } from "./measure.ts";
 * const tree = { branching: 35, depth: 4 };
 * assert.equal(chess35Reference(tree, "minimax"), "35^4 = 1,500,625");
 * assert.equal(chess35Reference(tree, "as-is"), "35^3 = 42,875");
 * assert.equal(chess35Reference(tree, "best-first"), "35^2 + 35^2 − 1 = 2,449");
 * assert.equal(chess35Reference(tree, "worst-first"), "≤ 35^4");
 * ```
 */
export function chess35Reference(
  tree: { branching: number; depth: number },
  search: SearchKind,
): string {
  const { branching: b, depth: d } = tree;
  const power = (exponent: number) => `${b}^${exponent}`;
  switch (search) {
    case "minimax":
      return `${power(d)} = ${formatCount(b ** d)}`;
    case "as-is":
      return `${power(3 * d / 4)} = ${formatCount(b ** (3 * d / 4))}`;
    case "best-first":
      return `${power(Math.ceil(d / 2))} + ${power(Math.floor(d / 2))} − 1 = ${
        formatCount(minimalLeaves(b, d))
      }`;
    case "worst-first":
      return `≤ ${power(d)}`;
  }
}

/** Everything lesson 001's notebook and figures show. */
export interface Lesson001 {
  rows: CourseRow[];
  walk: Walkthrough;
  chess: ChessLine[];
  chess35: Chess35;
  growth: GrowthPoint[];
  fits: BranchingFit[];
  deepening: DeepeningOverhead[];
}

/**
 * A number with three significant digits in the course's notation, e.g.
 * `2.25e12`; numbers below 1000 as they are, to one decimal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scientific } from "./measure.ts";
 * assert.ok(scientific(35 ** 8) === "2.25e12" && scientific(Math.sqrt(35)) === "5.9");
 * ```
 */
export function scientific(value: number): string {
  if (value < 1000) return String(Math.round(value * 10) / 10);
  const [mantissa, exponent] = value.toExponential(2).split("e");
  return `${mantissa}e${Number(exponent)}`;
}

/**
 * The chess arithmetic of T001.3: b ≈ 35, depth 8.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { chessArithmetic } from "./measure.ts";
 * assert.ok(chessArithmetic().every((line) => line.ours === line.course));
 * ```
 */
export function chessArithmetic(): ChessLine[] {
  const lines: [string, string, string, number][] = [
    ["no pruning", "35^8", "2.25e12", 35 ** 8],
    ["random order", "35^6 = 35^(3·8/4)", "1.84e9", 35 ** 6],
    ["perfect order", "35^4 = 35^(8/2)", "1.50e6", 35 ** 4],
    ["effective branching, perfect order", "√35", "5.9", Math.sqrt(35)],
  ];
  return lines.map(([what, formula, course, value]) => ({
    what,
    formula,
    course,
    value,
    ours: scientific(value),
  }));
}

/** Depths of the iterative-deepening sums (T001.5): about 2^16 leaves each. */
export const DEEPENING_DEPTHS: readonly [number, number][] = [
  [2, 16],
  [3, 10],
  [4, 8],
  [6, 6],
  [35, 3],
];

/** A window end as the course writes it: ±∞ for the open ends. */
function windowEnd(value: number): string {
  if (value <= -VALUE_INFINITE) return "−∞";
  if (value >= VALUE_INFINITE) return "+∞";
  return value < 0 ? `−${0 - value}` : String(value);
}

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth"];

/**
 * T001.2's note, read from the trace: the window `node` was entered with,
 * the value it reached and the child at which it reached it.
 *
 * @param name the node's name in the course (`"D"`)
 * @param node the node of a {@linkcode walkthrough}
 * @returns one sentence for the row's note
 *
 * @example Lesson 001's node D, and another tree where D cuts sooner
 * ```ts
 * import assert from "node:assert/strict";
 * import { NAMES_001, TREE_001, walkthrough } from "../alpha_beta/walkthrough.ts";
 * import { lateCutNote } from "./measure.ts";
 * assert.equal(
 *   lateCutNote("D", walkthrough(TREE_001, NAMES_001).root.children[2]!),
 *   "D was entered with (α, β) = (3, +∞) and reached 2 ≤ α only at its third leaf",
 * );
 * const other = walkthrough([[5, 12, 8], [2, 4, 6], [14, 5, 2]]);
 * assert.match(lateCutNote("D", other.root.children[2]!), /\(5, \+∞\) .* second leaf$/);
 * ```
 */
export function lateCutNote(name: string, node: WalkNode): string {
  const searched = node.children.filter((child) => child.traced !== null);
  const last = searched.at(-1);
  const at = ORDINALS[searched.length - 1] ?? `${searched.length}th`;
  const traced = node.traced;
  if (traced === null || last === undefined) return `${name} was not searched`;
  return `${name} was entered with (α, β) = (${windowEnd(traced.alpha)}, ${
    windowEnd(traced.beta)
  }) and reached ${windowEnd(traced.value)} ${
    traced.isMax ? "≥ β" : "≤ α"
  } only at its ${at} ${last.leaf === undefined ? "child" : "leaf"}`;
}

/**
 * Recomputes lesson 001.
 *
 * @param options `maxLeaves` and `seeds` of the growth measurement (defaults
 *   of {@linkcode depthGrowth}); smaller values give a quick run
 * @example Every exact row agrees (a quick run)
 * ```ts
 * import assert from "node:assert/strict";
 * import { lesson001 } from "./measure.ts";
 * const data = lesson001({ maxLeaves: 4096, seeds: 3 });
 * assert.ok(data.rows.filter((r) => r.kind === "exact").every((r) => r.agrees));
 * ```
 */
export function lesson001(
  options: { maxLeaves?: number; seeds?: number } = {},
): Lesson001 {
  const walk = walkthrough(TREE_001, NAMES_001);
  const unpruned = ExplicitTree.from(TREE_001);
  const full = minimax(unpruned);
  const [, c, d] = walk.root.children;
  const skipped = skippedLeaves(walk.root);
  const saved = (node: typeof d) =>
    node!.children.filter((child) => child.traced === null).length;

  const growth = depthGrowth(options);
  const fits = fitBranching(growth);
  const chess = chessArithmetic();
  const deepening = DEEPENING_DEPTHS.flatMap(([b, depth]) =>
    (["minimax", "alpha-beta"] as const).map((search) =>
      deepeningOverhead(b, depth, search, 5)
    )
  );
  const tree35 = { branching: 35, depth: 4 };
  const chess35: Chess35 = {
    ...tree35,
    leaves: Object.fromEntries(SEARCHES.map((search) => {
      const runs = search === "as-is" || search === "worst-first" ? 5 : 1;
      const leaves = Array.from({ length: runs }, (_, seed) => {
        const order = search === "minimax" ? "as-is" : search;
        const tree = new UniformTree({ ...tree35, seed, order });
        return (search === "minimax" ? minimax(tree) : alphaBeta(tree)).stats
          .leaves;
      });
      return [search, quantile(leaves, 0.5)];
    })) as Record<SearchKind, number>,
  };

  const fitOf = (search: SearchKind) =>
    fits.filter((fit) => fit.search === search);
  const asIs = fitOf("as-is");
  const best = fitOf("best-first");
  const showFits = (list: BranchingFit[], reference: (b: number) => number) =>
    list.map((fit) =>
      `b=${fit.branching}: ${fit.fitted.toFixed(2)} (${
        reference(fit.branching).toFixed(2)
      })`
    ).join("; ");

  const minimaxDeepening = deepening.filter((o) => o.search === "minimax");
  const abDeepening = deepening.filter((o) => o.search === "alpha-beta");
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const deviation = (o: DeepeningOverhead) =>
    Math.abs(o.overhead - o.predicted) / o.predicted;
  // Checks compare what the row prints.
  const effective = (b: number) =>
    asIs.find((fit) => fit.branching === b)?.fitted;

  const rows: CourseRow[] = [
    exactRow(
      "T001.1",
      "tree (3,12,8), (2,4,6), (14,5,2): value; leaves without pruning vs alpha-beta; leaves alpha-beta sees",
      [3, 9, 7, "3,12,8,2,14,5,2"],
      [
        walk.value === full.value ? walk.value : NaN,
        unpruned.visitedLeaves.length,
        walk.visitedLeaves.length,
        walk.visitedLeaves.join(","),
      ],
      `skipped: leaves ${
        skipped.map((n) => n.leaf).join(" and ")
      } of node C, which returned ${
        c?.traced?.bound === "upper" ? "≤ " : ""
      }${c?.traced?.value}`,
    ),
    exactRow(
      "T001.2",
      "node D: cut at its last child, leaves saved",
      ["cut at its last child", 0],
      [
        d?.lateCut ? "cut at its last child" : "no late cut",
        saved(d),
      ],
      lateCutNote("D", d!),
    ),
    exactRow(
      "T001.3a",
      "chess, b≈35, depth 8: leaves with no pruning / random order / perfect order; √35",
      chess.map((line) => line.course),
      chess.map((line) => line.ours),
    ),
    claimRow({
      id: "T001.3b",
      what:
        "measured: perfect order's effective branching factor is √b (fitted, with √b in brackets)",
      course: "√b (√35 ≈ 5.9)",
      ours: showFits(best, Math.sqrt) +
        `; b=${chess35.branching}, d=${chess35.depth}: ${
          formatCount(chess35.leaves["best-first"])
        } leaves (${chess35.branching}^${chess35.depth / 2} = ${
          formatCount(chess35.branching ** (chess35.depth / 2))
        }; minimal tree ${
          formatCount(minimalLeaves(chess35.branching, chess35.depth))
        })`,
      test:
        "at each b, the fitted exponent log_b(fitted factor) of best-first is nearer 1/2 (√b) than 3/4 or 1: below 0.625",
      checks: best.map((fit) => ({
        what: `b=${fit.branching}`,
        value: fit.exponent,
        op: "<",
        bound: 0.625,
      })),
      note:
        "fitted: slope of ln(leaves) against depth; the minimal tree is 2·b^(d/2) − 1 at even depths, so leaves^(1/d) approaches √b from above",
    }),
    claimRow({
      id: "T001.4",
      what:
        "random order costs about b^(3d/4): fitted factor per b (b^(3/4) in brackets)",
      course: "b^(3d/4)",
      ours: showFits(asIs, (b) => b ** 0.75),
      test:
        "at each b, the fitted exponent log_b(fitted factor) of as-is (random) order is nearer 3/4 than 1/2 or 1: from 0.625 up to below 0.875",
      checks: asIs.flatMap((fit) => [
        {
          what: `b=${fit.branching}`,
          value: fit.exponent,
          op: "≥" as const,
          bound: 0.625,
        },
        {
          what: `b=${fit.branching}`,
          value: fit.exponent,
          op: "<" as const,
          bound: 0.875,
        },
      ]),
      note: `median of ${options.seeds ?? 5} seeds per point`,
    }),
    claimRow({
      id: "T001.5a",
      what:
        "iterative deepening with full-width searches: depths 1…d−1 add about 1/(b−1); b = 35 gives 3%",
      course: "1/(b−1); 3% at b = 35",
      ours: minimaxDeepening.map((o) =>
        `b=${o.branching}: ${pct(o.overhead)} (${pct(o.predicted)})`
      ).join("; "),
      test:
        "at each b, minimax's overhead (nodes at depths 1…d−1 over nodes at d) is within 5% of 1/(b−1): |overhead − 1/(b−1)| / (1/(b−1)) ≤ 0.05",
      checks: minimaxDeepening.map((o) => ({
        what: `b=${o.branching}`,
        value: deviation(o),
        op: "≤",
        bound: 0.05,
      })),
      note: "1/(b−1) in brackets",
    }),
    claimRow({
      id: "T001.5b",
      what:
        "iterative deepening with alpha-beta (random order): depths 1…d−1 add about 1/(b−1)?",
      course: "1/(b−1); 3% at b = 35",
      ours: abDeepening.map((o) =>
        `b=${o.branching}: ${pct(o.overhead)} (${pct(o.predicted)})`
      ).join("; "),
      test:
        "at each b, alpha-beta's overhead is within 25% of 1/(b−1): |overhead − 1/(b−1)| / (1/(b−1)) ≤ 0.25",
      checks: abDeepening.map((o) => ({
        what: `b=${o.branching}`,
        value: deviation(o),
        op: "≤",
        bound: 0.25,
      })),
      note:
        "alpha-beta's iterations grow by its effective factor, not by b, so the overhead is nearer 1/(b_eff − 1): " +
        abDeepening.filter((o) => effective(o.branching) !== undefined).map(
          (o) =>
            `b=${o.branching}: 1/(${
              effective(o.branching)!.toFixed(2)
            } − 1) = ${pct(1 / (effective(o.branching)! - 1))}`,
        ).join(", ") +
        " (odd and even depths alternate, so single depths wander); the course's estimate holds for full-width searches only",
    }),
  ];
  return { rows, walk, chess, chess35, growth, fits, deepening };
}
